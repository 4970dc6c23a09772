/**
 * Admin reports (docs/product.md#admin-reports): summary cards, advisor performance, six-month
 * trends, detailed analysis, the service level, the bookings and the consultations' funnel to
 * revenue, with charts. Every figure comes
 * computed from the server.
 */
import { REPORT_MONTHS } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, CardsSkeleton, PageHeader, Skeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { useFunnel } from './api/funnel';
import { useReports } from './api/reports';
import { AdvisorPerformance } from './components/AdvisorPerformance';
import { AppointmentFigures } from './components/AppointmentFigures';
import { DetailedAnalysis } from './components/DetailedAnalysis';
import { FunnelSection } from './components/FunnelSection';
import { MonthlyTrends } from './components/MonthlyTrends';
import { SummaryCards } from './components/SummaryCards';
import './admin-reports.css';

/** Admin toasts last 3 s (docs/product.md#toasts). */
export const REPORTS_TOAST_MS = 3000;

export function AdminReportsPage() {
  const { t } = useTranslation(['reports', 'common']);
  const reports = useReports(REPORT_MONTHS);
  const report = reports.data;
  const funnel = useFunnel(REPORT_MONTHS);

  async function handleRefresh() {
    const [result] = await Promise.all([reports.refetch(), funnel.refetch()]);
    if (result.isError)
      toast.error('', t('messages.refreshFailed'), { duration: REPORTS_TOAST_MS });
    else toast.success('', t('messages.refreshed'), { duration: REPORTS_TOAST_MS });
  }

  return (
    <section className="admin-reports">
      <PageHeader
        title={t('nav.reports', { ns: 'common' })}
        subtitle={t('period', { count: REPORT_MONTHS })}
        actions={
          <Button
            variant="secondary"
            loading={reports.isFetching}
            onClick={() => void handleRefresh()}
          >
            {reports.isFetching ? t('actions.refreshing') : t('actions.refresh')}
          </Button>
        }
      />

      {reports.isError && (
        <div className="reports-banner" role="alert">
          <strong>{t('messages.loadFailed')}</strong>
          <span>{errorMessage(reports.error)}</span>
          <Button
            size="sm"
            variant="secondary"
            loading={reports.isFetching}
            onClick={() => void reports.refetch()}
          >
            {t('actions.retry', { ns: 'common' })}
          </Button>
        </div>
      )}

      {!report ? (
        reports.isPending && (
          <div className="reports-loading">
            <CardsSkeleton
              count={4}
              className="reports-cards"
              cardClassName="reports-stat"
              label={t('loading')}
            />
            <Skeleton height="18rem" shape="block" />
          </div>
        )
      ) : (
        <>
          <SummaryCards report={report} />
          <AdvisorPerformance advisors={report.advisors} />
          <MonthlyTrends months={report.months} />
          <DetailedAnalysis detail={report.detail} />
          <AppointmentFigures appointments={report.appointments} />
          {funnel.data && <FunnelSection funnel={funnel.data} months={REPORT_MONTHS} />}
        </>
      )}
    </section>
  );
}
