/**
 * The two charts of the reports page. recharts is large, so this module is loaded on its own
 * (React.lazy, see lazy-charts.ts): the figures show first and no other page ever downloads it.
 */
import type { AdvisorReportRow, MonthReportRow } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMonth } from '../utils/report-format';

// SVG presentation attributes cannot read CSS variables: the palette of tokens.css, spelled out.
const colors = {
  calls: '#8c3b4f',
  completed: '#2f7d5b',
  missed: '#b3261e',
  abandoned: '#a86400',
  booked: '#5b4a8c',
  attended: '#1f6f8b',
  grid: '#e8ddd6',
};

const MIN_ADVISOR_CHART_HEIGHT = 220;
const ADVISOR_ROW_HEIGHT = 36;

export function MonthlyChart({ months }: { months: MonthReportRow[] }) {
  const { t } = useTranslation('reports');
  const monthly = months.map((m) => ({ ...m, label: formatMonth(m.month) }));
  return (
    <figure className="reports-chart" aria-label={t('charts.monthly')}>
      <figcaption className="reports-chart__caption">
        <strong>{t('charts.monthly')}</strong>
        <span>{t('charts.monthlyDescription')}</span>
      </figcaption>
      <ResponsiveContainer width="100%" height={300}>
        <ComposedChart data={monthly} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="calls" name={t('charts.series.calls')} fill={colors.calls} />
          <Bar
            dataKey="completedCalls"
            name={t('charts.series.completedCalls')}
            fill={colors.completed}
          />
          <Line
            type="monotone"
            dataKey="missedCalls"
            name={t('charts.series.missedCalls')}
            stroke={colors.missed}
            strokeWidth={2}
          />
          <Line
            type="monotone"
            dataKey="abandonedCalls"
            name={t('charts.series.abandonedCalls')}
            stroke={colors.abandoned}
            strokeWidth={2}
          />
          <Line
            type="monotone"
            dataKey="appointmentsBooked"
            name={t('charts.series.appointmentsBooked')}
            stroke={colors.booked}
            strokeWidth={2}
            strokeDasharray="6 3"
          />
          <Line
            type="monotone"
            dataKey="appointmentsAttended"
            name={t('charts.series.appointmentsAttended')}
            stroke={colors.attended}
            strokeWidth={2}
            strokeDasharray="6 3"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function AdvisorsChart({ advisors }: { advisors: AdvisorReportRow[] }) {
  const { t } = useTranslation('reports');
  const withCalls = advisors.filter((a) => a.calls > 0);
  return (
    <figure className="reports-chart" aria-label={t('charts.advisors')}>
      <figcaption className="reports-chart__caption">
        <strong>{t('charts.advisors')}</strong>
        <span>{t('charts.advisorsDescription')}</span>
      </figcaption>
      <ResponsiveContainer
        width="100%"
        height={Math.max(MIN_ADVISOR_CHART_HEIGHT, withCalls.length * ADVISOR_ROW_HEIGHT)}
      >
        <BarChart
          data={withCalls}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        >
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={150} interval={0} />
          <Tooltip />
          <Legend />
          <Bar dataKey="calls" name={t('charts.series.calls')} fill={colors.calls} />
          <Bar
            dataKey="completedCalls"
            name={t('charts.series.completedCalls')}
            fill={colors.completed}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
