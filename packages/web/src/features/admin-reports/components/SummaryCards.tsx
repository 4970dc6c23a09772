import type { ReportData } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format';
import { formatCount, formatGrowth, formatPercent, formatRating } from '../utils/report-format';

type StatProps = { label: string; value: string; detail: string; tone?: 'up' | 'down' | 'neutral' };

export function Stat({ label, value, detail, tone = 'neutral' }: StatProps) {
  return (
    <div className="reports-stat">
      <p className="reports-stat__label">{label}</p>
      <p className="reports-stat__value">{value}</p>
      <p className={`reports-stat__detail reports-stat__detail--${tone}`}>{detail}</p>
    </div>
  );
}

/**
 * The summary cards: total calls with growth, average time with completion, satisfaction, advisors.
 */
export function SummaryCards({ report }: { report: ReportData }) {
  const { t } = useTranslation('reports');
  const growthTone =
    report.monthlyGrowth > 0 ? 'up' : report.monthlyGrowth < 0 ? 'down' : 'neutral';
  return (
    <div className="reports-cards">
      <Stat
        label={t('cards.totalCalls')}
        value={formatCount(report.totalCalls)}
        detail={t('cards.growth', { value: formatGrowth(report.monthlyGrowth) })}
        tone={growthTone}
      />
      <Stat
        label={t('cards.avgSessionTime')}
        value={formatDuration(report.avgSessionTime)}
        detail={t('cards.completed', { value: formatPercent(report.completionRate) })}
      />
      <Stat
        label={t('cards.satisfaction')}
        value={
          report.customerSatisfaction > 0
            ? `${formatRating(report.customerSatisfaction)} ★`
            : t('notAvailable')
        }
        detail={t('cards.satisfactionHint')}
      />
      <Stat
        label={t('cards.totalAdvisors')}
        value={formatCount(report.totalAdvisors)}
        detail={
          report.topAdvisor
            ? t('cards.topAdvisor', { name: report.topAdvisor })
            : t('cards.noTopAdvisor')
        }
      />
    </div>
  );
}
