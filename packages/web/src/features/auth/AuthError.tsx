import type { ReactNode } from 'react';

/** The sign-in pages' refusal, read out when it appears; nothing while there is none. */
export function AuthError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="auth-card__error" role="alert">
      {children}
    </div>
  );
}
