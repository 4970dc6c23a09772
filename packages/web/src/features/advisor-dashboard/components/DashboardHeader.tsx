/** The dashboard's heading: greeting, realtime chip and 'Mi perfil' with the dialog it opens. */
import type { Advisor } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import type { RealtimeStatus } from '../hooks/use-advisor-socket';
import { RealtimeIndicator } from './DashboardParts';
import { ProfileDialog } from './ProfileDialog';

export type DashboardHeaderProps = {
  advisor: Advisor | null;
  realtime: RealtimeStatus;
};

export function DashboardHeader({ advisor, realtime }: DashboardHeaderProps) {
  const { t } = useTranslation('advisor');
  const [profileOpen, setProfileOpen] = useState(false);
  const name = advisor?.name.trim() || t('dashboard.nameFallback');
  return (
    <>
      <header className="advisor-dashboard__header">
        <div>
          <h2 className="advisor-dashboard__title">{t('dashboard.title')}</h2>
          <p className="advisor-dashboard__name">{t('dashboard.greeting', { name })}</p>
          <p className="advisor-dashboard__subtitle">{t('dashboard.waiting')}</p>
        </div>
        <div className="advisor-dashboard__header-actions">
          <RealtimeIndicator status={realtime} />
          {advisor && (
            <Button variant="secondary" size="sm" onClick={() => setProfileOpen(true)}>
              {t('profile.open')}
            </Button>
          )}
        </div>
      </header>
      {profileOpen && advisor && (
        <ProfileDialog advisor={advisor} onClose={() => setProfileOpen(false)} />
      )}
    </>
  );
}
