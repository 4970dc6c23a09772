import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui';

// One chunk (recharts and both charts), fetched the first time a chart renders.
const loadCharts = () => import('./ReportCharts');
const MonthlyChartLazy = lazy(() => loadCharts().then((m) => ({ default: m.MonthlyChart })));
const AdvisorsChartLazy = lazy(() => loadCharts().then((m) => ({ default: m.AdvisorsChart })));

function ChartFallback() {
  const { t } = useTranslation('reports');
  return (
    <div className="reports-chart reports-chart--loading">
      <Spinner label={t('charts.loading')} />
    </div>
  );
}

type MonthlyProps = ComponentProps<typeof MonthlyChartLazy>;
type AdvisorsProps = ComponentProps<typeof AdvisorsChartLazy>;

export function MonthlyChart(props: MonthlyProps) {
  return (
    <Suspense fallback={<ChartFallback />}>
      <MonthlyChartLazy {...props} />
    </Suspense>
  );
}

export function AdvisorsChart(props: AdvisorsProps) {
  return (
    <Suspense fallback={<ChartFallback />}>
      <AdvisorsChartLazy {...props} />
    </Suspense>
  );
}
