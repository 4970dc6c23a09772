import { advisorPresence, type Advisor, type AdvisorPresence } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, Card, type BadgeTone } from '@/components/ui';
import { formatRating } from '../utils/dashboard';

export const ADD_ADVISOR_PATH = '/admin/advisors?new=1';

const presenceTone: Record<AdvisorPresence, BadgeTone> = {
  available: 'success',
  busy: 'warning',
  away: 'neutral',
  offline: 'neutral',
};

/** The advisors with most calls; 'Ver más' and add-advisor lead to the advisors page. */
export function TopAdvisors({ advisors }: { advisors: Advisor[] | undefined }) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Card
      title={t('top.title')}
      aria-label={t('top.title')}
      className="dash-panel"
      actions={
        <>
          <Link className="btn btn--ghost btn--sm" to={ADD_ADVISOR_PATH}>
            {t('top.add')}
          </Link>
          <Link className="btn btn--ghost btn--sm" to="/admin/advisors">
            {t('top.more')}
          </Link>
        </>
      }
    >
      {advisors && advisors.length === 0 && <p className="dash-empty">{t('top.empty')}</p>}
      {advisors && advisors.length > 0 && (
        <ol className="dash-list">
          {advisors.map((advisor) => {
            const rating = formatRating(advisor.stats.averageRating);
            return (
              <li key={advisor.advisorId} className="dash-list__item">
                <span className="dash-avatar" aria-hidden="true">
                  {advisor.name.charAt(0).toUpperCase()}
                </span>
                <div className="dash-list__main">
                  <span className="dash-list__title">
                    {advisor.name}
                    {advisor.profile.isAdmin && (
                      <Badge tone="primary" className="dash-inline-badge">
                        {t('top.admin')}
                      </Badge>
                    )}
                  </span>
                  <span className="dash-list__meta">
                    {t('top.calls', { count: advisor.stats.totalCalls })}
                    {rating && ` · ${t('top.rating', { rating })}`}
                  </span>
                </div>
                {/* One state: 'Disponible' only when she can be rung (available and connected). */}
                <Badge tone={presenceTone[advisorPresence(advisor)]} dot>
                  {t(`top.presence.${advisorPresence(advisor)}`)}
                </Badge>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
