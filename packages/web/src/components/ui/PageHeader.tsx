import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons (or badges) at the right of the title; they wrap below it on narrow screens. */
  actions?: ReactNode;
  /** Lets the page's `<section>` be labelled by the title. */
  titleId?: string;
};

/** The title row every admin page opens with. */
export function PageHeader({ title, subtitle, actions, titleId }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h2 id={titleId} className="page-header__title">
          {title}
        </h2>
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
