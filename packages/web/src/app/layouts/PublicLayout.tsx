import { Outlet } from 'react-router';

/** Public pages (landing, login, not found) bring their own header and `<main>` landmark. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <Outlet />
    </div>
  );
}
