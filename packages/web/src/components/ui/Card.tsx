import type { HTMLAttributes, ReactNode } from 'react';

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 2 | 3;
};

export function Card({ title, actions, level = 2, className, children, ...rest }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {(title || actions) && (
        <header className="card__header">
          {title && <Heading className="card__title">{title}</Heading>}
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      <div className="card__body">{children}</div>
    </section>
  );
}
