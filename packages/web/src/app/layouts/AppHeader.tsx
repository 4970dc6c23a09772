import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui';
import { LanguageToggle } from '@/components/language-toggle';
import { ADVISOR_LOGIN_PATH } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { logout } from '@/lib/session';
import { useRouteHandle } from '../route-handle';

export type AppHeaderProps = {
  /** Shown when the advisor has no name ('Admin' in the admin area, 'Asesor' in the advisor's). */
  nameFallback: string;
  /** Mobile menu button (admin sidebar); omitted in the advisor area. */
  menu?: { open: boolean; onToggle: () => void; controls: string };
};

/**
 * The staff header (docs/product.md#header-and-layouts): page title, ES/EN toggle, user
 * name + initial, 'Cerrar sesión'.
 */
export function AppHeader({ nameFallback, menu }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { advisor, isAdmin } = useAuth();
  const handle = useRouteHandle();
  const [leaving, setLeaving] = useState(false);

  const name = advisor?.name.trim() || nameFallback;
  const initial = name.charAt(0).toUpperCase();

  const handleLogout = async () => {
    setLeaving(true);
    await logout();
    await navigate(ADVISOR_LOGIN_PATH, { replace: true });
  };

  return (
    <header className="app-header">
      {menu && (
        <button
          type="button"
          className="app-header__menu"
          aria-expanded={menu.open}
          aria-controls={menu.controls}
          aria-label={menu.open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={menu.onToggle}
        >
          <span aria-hidden="true" className="app-header__menu-icon" />
        </button>
      )}
      <h1 className="app-header__title">{handle?.titleKey ? t(handle.titleKey) : t('appName')}</h1>
      <div className="app-header__tools">
        <LanguageToggle />
        <div className="app-header__user">
          <span className="app-header__avatar" aria-hidden="true">
            {initial}
          </span>
          <span className="app-header__user-text">
            <span className="app-header__name">{name}</span>
            <span className="app-header__role">
              {isAdmin ? t('header.adminRole') : t('header.advisorRole')}
            </span>
          </span>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void handleLogout()}
          disabled={leaving}
        >
          {t('header.logout')}
        </Button>
      </div>
    </header>
  );
}
