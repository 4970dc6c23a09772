import {
  advisorPresence,
  advisorStatusSchema,
  type Advisor,
  type AdvisorPresence,
  type AdvisorStatus,
} from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Badge, Button, type BadgeTone } from '@/components/ui';

const presenceTone: Record<AdvisorPresence, BadgeTone> = {
  available: 'success',
  busy: 'warning',
  away: 'neutral',
  offline: 'neutral',
};

export type AdvisorsTableProps = {
  advisors: Advisor[];
  currentAdvisorId: string | null;
  /** Advisors whose status change is on its way (their select is disabled meanwhile). */
  pendingStatusIds: ReadonlySet<string>;
  onStatusChange: (advisor: Advisor, status: AdvisorStatus) => void;
  onEdit: (advisor: Advisor) => void;
  onDelete: (advisor: Advisor) => void;
  /** Suspends her (offline until lifted) or lifts it. */
  onSuspend: (advisor: Advisor, suspended: boolean) => void;
};

/** One row per advisor; the status is changed by a select in the row. */
/** The columns with a visible header, in order (keys under `table.`), then the actions. */
export const ADVISOR_COLUMNS = [
  'advisor',
  'specialties',
  'status',
  'calls',
  'rating',
  'role',
] as const;

export function AdvisorsTable({
  advisors,
  currentAdvisorId,
  pendingStatusIds,
  onStatusChange,
  onEdit,
  onDelete,
  onSuspend,
}: AdvisorsTableProps) {
  const { t } = useTranslation('admin-advisors');
  return (
    <div className="adv-table-wrap">
      <table className="adv-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            {ADVISOR_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`table.${column}`)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {advisors.map((advisor) => {
            const isSelf = advisor.advisorId === currentAdvisorId;
            const { stats, profile } = advisor;
            return (
              <tr key={advisor.advisorId}>
                <th scope="row" className="adv-table__person">
                  <div className="adv-table__person-inner">
                    <span className="adv-avatar" aria-hidden="true">
                      {advisor.name.charAt(0).toUpperCase()}
                    </span>
                    <span className="adv-table__who">
                      <span className="adv-table__name">
                        {advisor.name}
                        {isSelf && <Badge tone="info">{t('table.you')}</Badge>}
                      </span>
                      <span className="adv-table__muted">{advisor.email}</span>
                      {profile.title && <span className="adv-table__muted">{profile.title}</span>}
                    </span>
                  </div>
                </th>
                <td>
                  {profile.expertise.length > 0 ? (
                    <span className="adv-tags">
                      {profile.expertise.map((item) => (
                        <span key={item} className="adv-tag">
                          {item}
                        </span>
                      ))}
                    </span>
                  ) : (
                    <span className="adv-table__muted">{t('table.noSpecialties')}</span>
                  )}
                </td>
                <td>
                  <div className="adv-status">
                    {/* One state (connected or not, included); her chosen status is the select. */}
                    <Badge tone={presenceTone[advisorPresence(advisor)]} dot>
                      {t(`presence.${advisorPresence(advisor)}`)}
                    </Badge>
                    <select
                      className={`select adv-status__select adv-status__select--${advisor.status}`}
                      aria-label={t('table.statusOf', { name: advisor.name })}
                      value={advisor.status}
                      disabled={pendingStatusIds.has(advisor.advisorId) || advisor.suspended}
                      onChange={(e) =>
                        onStatusChange(advisor, advisorStatusSchema.parse(e.target.value))
                      }
                    >
                      {advisorStatusSchema.options.map((status) => (
                        <option key={status} value={status}>
                          {t(`status.${status}`)}
                        </option>
                      ))}
                    </select>
                    {advisor.suspended && <Badge tone="warning">{t('table.suspended')}</Badge>}
                  </div>
                </td>
                <td>{stats.totalCalls}</td>
                <td>
                  {stats.averageRating > 0 ? stats.averageRating.toFixed(1) : t('table.noRating')}
                </td>
                <td>
                  {profile.isAdmin ? (
                    <Badge tone="primary">{t('table.admin')}</Badge>
                  ) : (
                    <span className="adv-table__muted">{t('table.advisorRole')}</span>
                  )}
                </td>
                <td>
                  <div className="adv-actions">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('table.editOf', { name: advisor.name })}
                      onClick={() => onEdit(advisor)}
                    >
                      {t('table.edit')}
                    </Button>
                    {!isSelf && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t(advisor.suspended ? 'table.unsuspendOf' : 'table.suspendOf', {
                          name: advisor.name,
                        })}
                        onClick={() => onSuspend(advisor, !advisor.suspended)}
                      >
                        {t(advisor.suspended ? 'table.unsuspend' : 'table.suspend')}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      className="adv-actions__delete"
                      aria-label={t('table.deleteOf', { name: advisor.name })}
                      title={isSelf ? t('table.cannotDeleteSelf') : undefined}
                      disabled={isSelf}
                      onClick={() => onDelete(advisor)}
                    >
                      {t('table.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
