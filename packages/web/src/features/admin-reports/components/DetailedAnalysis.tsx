import type { ReportData } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui';
import { formatDuration } from '@/lib/format';
import { formatCount, formatPercent, formatSeconds } from '../utils/report-format';
import { Stat } from './SummaryCards';

/** 'Análisis detallado' plus the contact-centre service level over the same window. */
export function DetailedAnalysis({ detail }: { detail: ReportData['detail'] }) {
  const { t } = useTranslation('reports');
  return (
    <>
      <Card title={t('detail.title')} className="reports-section">
        <div className="reports-cards">
          <Stat
            label={t('detail.connectionRate')}
            value={formatPercent(detail.connectionRate)}
            detail={t('detail.connectionRateHint')}
          />
          <Stat
            label={t('detail.totalDuration')}
            value={formatDuration(detail.totalDuration, { days: true })}
            detail={t('detail.totalDurationHint')}
          />
          <Stat
            label={t('detail.returningClients')}
            value={formatPercent(detail.returningClientsRate)}
            detail={t('detail.returningClientsHint')}
          />
        </div>
      </Card>
      <Card title={t('serviceLevel.title')} className="reports-section">
        <div className="reports-cards">
          <Stat
            label={t('serviceLevel.averageTimeToAnswer')}
            value={formatSeconds(detail.averageTimeToAnswer)}
            detail={t('serviceLevel.averageTimeToAnswerHint')}
          />
          <Stat
            label={t('serviceLevel.answerRate')}
            value={formatPercent(detail.answerRate)}
            detail={t('serviceLevel.answerRateHint')}
          />
          <Stat
            label={t('serviceLevel.missedCalls')}
            value={formatCount(detail.missedCalls)}
            detail={t('serviceLevel.missedCallsHint')}
          />
          <Stat
            label={t('serviceLevel.abandonedCalls')}
            value={formatCount(detail.abandonedCalls)}
            detail={t('serviceLevel.abandonedCallsHint')}
          />
        </div>
      </Card>
    </>
  );
}
