import type { AdvisorReportRow, AdvisorStatus } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Badge, Card, type BadgeTone } from '@/components/ui';
import { formatDuration } from '@/lib/format';
import { formatCount, formatPercent, formatRating, formatSeconds } from '../utils/report-format';
import { AdvisorsChart } from './lazy-charts';
import { TableRegion } from './TableRegion';

/** Status colours: green available, yellow busy, grey offline. */
const statusTone: Record<AdvisorStatus, BadgeTone> = {
  available: 'success',
  busy: 'warning',
  offline: 'neutral',
};

export function AdvisorPerformance({ advisors }: { advisors: AdvisorReportRow[] }) {
  const { t } = useTranslation('reports');
  return (
    <Card title={t('advisors.title')} aria-label={t('advisors.title')} className="reports-section">
      {advisors.length === 0 ? (
        <p className="reports-empty">{t('advisors.empty')}</p>
      ) : (
        <>
          {advisors.some((a) => a.calls > 0) && <AdvisorsChart advisors={advisors} />}
          <TableRegion label={t('advisors.table')}>
            <table className="reports-table">
              <thead>
                <tr>
                  <th scope="col">{t('advisors.columns.advisor')}</th>
                  <th scope="col">{t('advisors.columns.calls')}</th>
                  <th scope="col">{t('advisors.columns.rating')}</th>
                  <th scope="col">{t('advisors.columns.averageDuration')}</th>
                  <th scope="col">{t('advisors.columns.timeToAnswer')}</th>
                  <th scope="col">{t('advisors.columns.answerRate')}</th>
                  <th scope="col">{t('advisors.columns.missedOffers')}</th>
                  <th scope="col">{t('advisors.columns.appointmentsAttended')}</th>
                  <th scope="col">{t('advisors.columns.appointmentsNoShow')}</th>
                  <th scope="col">{t('advisors.columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {advisors.map((a) => (
                  <tr key={a.advisorId}>
                    <th scope="row">
                      <span className="reports-advisor">
                        <span className="reports-advisor__name">{a.name}</span>
                        {a.isAdmin && <Badge tone="primary">{t('advisors.admin')}</Badge>}
                      </span>
                      <span className="reports-advisor__email">{a.email}</span>
                    </th>
                    <td>{formatCount(a.calls)}</td>
                    <td>{a.rating > 0 ? `${formatRating(a.rating)} ★` : t('notAvailable')}</td>
                    <td>{formatDuration(a.averageDuration)}</td>
                    <td>{formatSeconds(a.averageTimeToAnswer)}</td>
                    <td>{formatPercent(a.answerRate)}</td>
                    <td>{formatCount(a.missedOffers)}</td>
                    <td>{formatCount(a.appointmentsAttended)}</td>
                    <td>{formatCount(a.appointmentsNoShow)}</td>
                    <td>
                      <Badge tone={statusTone[a.status]} dot>
                        {t(`advisors.status.${a.status}`)}
                      </Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
    </Card>
  );
}
