import type { ReactNode } from 'react';

/** One label and value of the call details (a `<dt>`/`<dd>` pair inside a `<dl>`). */
export function DetailsRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ac-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
