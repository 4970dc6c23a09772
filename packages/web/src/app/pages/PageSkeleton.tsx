/**
 * Whole-page loading state (first load, before the session and the page's code are here): the shape
 * of a page — a header bar, a title and blocks of content — so nothing jumps when it arrives. No
 * text, so it can render before any translation is loaded; under /admin it has the sidebar too.
 */
export function PageSkeleton() {
  const admin = typeof window !== 'undefined' && window.location.pathname.startsWith('/admin');
  return (
    <div className={`page-skeleton${admin ? ' page-skeleton--admin' : ''}`} aria-busy="true">
      {admin && <span className="page-skeleton__sidebar skeleton" aria-hidden="true" />}
      <div className="page-skeleton__main" aria-hidden="true">
        <span className="page-skeleton__header skeleton" />
        <span className="page-skeleton__title skeleton" />
        <span className="page-skeleton__block skeleton" />
        <span className="page-skeleton__block skeleton" />
      </div>
    </div>
  );
}
