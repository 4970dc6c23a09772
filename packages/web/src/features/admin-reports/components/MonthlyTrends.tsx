import type { MonthReportRow } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui';
import { MonthlyChart } from './lazy-charts';
import { formatDuration } from '@/lib/format';
import {
  formatCount,
  formatMonth,
  formatPercent,
  formatRating,
  formatSeconds,
} from '../utils/report-format';
import { TableRegion } from './TableRegion';

/** Six Lima months, oldest first; empty when none of them has a call or a booking. */
export function MonthlyTrends({ months }: { months: MonthReportRow[] }) {
  const { t } = useTranslation('reports');
  const empty = months.every(
    (m) => m.calls === 0 && m.appointmentsBooked === 0 && m.appointmentsCancelled === 0,
  );
  return (
    <Card title={t('months.title')} aria-label={t('months.title')} className="reports-section">
      {empty ? (
        <p className="reports-empty">{t('months.empty')}</p>
      ) : (
        <>
          <MonthlyChart months={months} />
          <TableRegion label={t('months.table')}>
            <table className="reports-table">
              <thead>
                <tr>
                  <th scope="col">{t('months.columns.month')}</th>
                  <th scope="col">{t('months.columns.calls')}</th>
                  <th scope="col">{t('months.columns.completedCalls')}</th>
                  <th scope="col">{t('months.columns.satisfaction')}</th>
                  <th scope="col">{t('months.columns.duration')}</th>
                  <th scope="col">{t('months.columns.timeToAnswer')}</th>
                  <th scope="col">{t('months.columns.answerRate')}</th>
                  <th scope="col">{t('months.columns.missedCalls')}</th>
                  <th scope="col">{t('months.columns.abandonedCalls')}</th>
                  <th scope="col">{t('months.columns.appointmentsBooked')}</th>
                  <th scope="col">{t('months.columns.appointmentsAttended')}</th>
                  <th scope="col">{t('months.columns.appointmentsNoShow')}</th>
                  <th scope="col">{t('months.columns.appointmentsCancelled')}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{formatMonth(m.month)}</th>
                    <td>{formatCount(m.calls)}</td>
                    <td>{formatCount(m.completedCalls)}</td>
                    <td>
                      {m.satisfaction === null || m.satisfaction === 0
                        ? t('notAvailable')
                        : `${formatRating(m.satisfaction)} ★`}
                    </td>
                    <td>{formatDuration(m.duration, { days: true })}</td>
                    <td>{formatSeconds(m.averageTimeToAnswer)}</td>
                    <td>{formatPercent(m.answerRate)}</td>
                    <td>{formatCount(m.missedCalls)}</td>
                    <td>{formatCount(m.abandonedCalls)}</td>
                    <td>{formatCount(m.appointmentsBooked)}</td>
                    <td>{formatCount(m.appointmentsAttended)}</td>
                    <td>{formatCount(m.appointmentsNoShow)}</td>
                    <td>{formatCount(m.appointmentsCancelled)}</td>
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
