/** Whole-page loading state. No text, so it can render before any translation is loaded. */
export function PageSpinner() {
  return (
    <div className="page-loading" aria-busy="true">
      <span className="spinner spinner--lg" aria-hidden="true" />
    </div>
  );
}
