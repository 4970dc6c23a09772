import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { FirstAdminNameStep, needsFirstAdminName } from '@/features/auth';
import { useAuth } from '@/lib/auth-store';
import { useAdminLiveQueries } from '@/lib/live-queries';
import { AppHeader } from './AppHeader';
import './layouts.css';

type NavItem = { to: string; labelKey: string; icon: ReactNode };

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** The admin pages (docs/product.md#admin-area), bookings included. */
export const adminNavItems: readonly NavItem[] = [
  {
    to: '/admin/dashboard',
    labelKey: 'nav.dashboard',
    icon: icon('M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-3H4zM14 4v3h6V4z'),
  },
  {
    to: '/admin/advisors',
    labelKey: 'nav.advisors',
    icon: icon(
      'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM20 19v-1a3 3 0 0 0-2-2.8M4 19v-1a3 3 0 0 1 2-2.8',
    ),
  },
  { to: '/admin/calls', labelKey: 'nav.calls', icon: icon('M15 10l5-3v10l-5-3M4 7h11v10H4z') },
  {
    // The admin namespace's (loaded with this layout), not common's like the others.
    to: '/admin/appointments',
    labelKey: 'admin:nav.appointments',
    icon: icon('M7 3v3M17 3v3M4 8h16M5 5h14v15H5zM9 13l2 2 4-4'),
  },
  {
    to: '/admin/reports',
    labelKey: 'nav.reports',
    icon: icon('M4 20V10M10 20V4M16 20v-7M22 20H2'),
  },
  {
    // The admin namespace's, as 'Citas'.
    to: '/admin/webhooks',
    labelKey: 'admin:nav.webhooks',
    icon: icon(
      'M10 14a4 4 0 0 1 0-5.7l2.8-2.8a4 4 0 0 1 5.7 5.7l-1.4 1.4M14 10a4 4 0 0 1 0 5.7l-2.8 2.8a4 4 0 0 1-5.7-5.7l1.4-1.4',
    ),
  },
  {
    to: '/admin/settings',
    labelKey: 'nav.settings',
    icon: icon(
      'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
    ),
  },
];

/** The salon's own content for the landing, a group of its own under 'Salón'. */
export const adminSalonNavItems: readonly NavItem[] = [
  {
    to: '/admin/salon',
    labelKey: 'admin:nav.mySalon',
    icon: icon('M3 10l9-6 9 6M5 10v10h14V10M10 20v-6h4v6'),
  },
  {
    to: '/admin/services',
    labelKey: 'admin:nav.services',
    icon: icon(
      'M6 3l12 12M6 15l12-12M4 17a2 2 0 1 0 4 0 2 2 0 0 0-4 0M16 17a2 2 0 1 0 4 0 2 2 0 0 0-4 0',
    ),
  },
  {
    to: '/admin/opinions',
    labelKey: 'admin:nav.opinions',
    icon: icon('M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z'),
  },
  {
    to: '/admin/gallery',
    labelKey: 'admin:nav.gallery',
    icon: icon('M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01'),
  },
];

const SIDEBAR_ID = 'admin-sidebar';
const SALON_GROUP_ID = 'admin-nav-salon';

/** Admin area: sidebar with the admin pages + header; pages render in the main region. */
function AdminLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const { advisor } = useAuth();
  useAdminLiveQueries();

  // On mobile the sidebar is a drawer: following a link closes it.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [menuOpen]);

  return (
    <div className={`staff-layout staff-layout--admin${menuOpen ? ' is-menu-open' : ''}`}>
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <aside id={SIDEBAR_ID} className="admin-sidebar">
        <div className="admin-sidebar__brand">
          <span className="brand-mark" aria-hidden="true">
            ✦
          </span>
          <span className="admin-sidebar__brand-text">{t('appName')}</span>
        </div>
        <nav aria-label={t('nav.adminLabel')}>
          <ul className="admin-nav">
            {adminNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="admin-nav__link">
                  {item.icon}
                  <span>{t(item.labelKey)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <p id={SALON_GROUP_ID} className="admin-nav__group">
            {t('admin:nav.salon')}
          </p>
          <ul className="admin-nav" aria-labelledby={SALON_GROUP_ID}>
            {adminSalonNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="admin-nav__link">
                  {item.icon}
                  <span>{t(item.labelKey)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      {menuOpen && (
        <div
          className="admin-sidebar__scrim"
          aria-hidden="true"
          onClick={() => setMenuOpen(false)}
        />
      )}
      <div className="staff-layout__main">
        <AppHeader
          nameFallback={t('header.adminFallback')}
          menu={{
            open: menuOpen,
            onToggle: () => setMenuOpen((open) => !open),
            controls: SIDEBAR_ID,
          }}
        />
        <main id="main-content" className="staff-layout__content" tabIndex={-1}>
          {advisor && needsFirstAdminName(advisor) ? (
            <FirstAdminNameStep advisor={advisor} />
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </div>
  );
}

export default AdminLayout;
