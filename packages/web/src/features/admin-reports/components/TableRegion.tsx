import type { ReactNode } from 'react';

/**
 * A report table that scrolls sideways on narrow screens: a named region that takes focus, so the
 * keyboard can scroll it too (axe asks that scrolling regions be reachable by keyboard).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="reports-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
