/**
 * 'Embudo de ventas' (docs/product.md#funnel): per Lima month, all stylists and then each one,
 * consultations → plans → service bookings → attended → revenue, with the rates between steps and
 * revenue per consultation hour; a CSV of it for a spreadsheet.
 */
import { formatMoney, type FunnelData, type FunnelSteps } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { siteCurrency } from '@/lib/language';
import { fetchFunnelCsv } from '../api/funnel';
import { formatCount, formatMonth, formatPercent } from '../utils/report-format';
import { TableRegion } from './TableRegion';

const COLUMNS = [
  'month',
  'stylist',
  'consultations',
  'plans',
  'bookings',
  'attended',
  'notDone',
  'revenue',
  'hours',
  'revenuePerHour',
] as const;

function StepCells({ s }: { s: FunnelSteps }) {
  const currency = siteCurrency();
  return (
    <>
      <td>{formatCount(s.consultations)}</td>
      <td>
        {formatCount(s.plans)} <span className="reports-rate">({formatPercent(s.planRate)})</span>
      </td>
      <td>
        {formatCount(s.bookings)}{' '}
        <span className="reports-rate">({formatPercent(s.bookingRate)})</span>
      </td>
      <td>
        {formatCount(s.attended)}{' '}
        <span className="reports-rate">({formatPercent(s.attendanceRate)})</span>
      </td>
      <td>{formatCount(s.notDone)}</td>
      <td>{formatMoney(s.revenue, currency)}</td>
      <td>{s.consultationHours.toFixed(1)}</td>
      <td>{formatMoney(s.revenuePerHour, currency)}</td>
    </>
  );
}

export function FunnelSection({ funnel, months }: { funnel: FunnelData; months: number }) {
  const { t, i18n } = useTranslation('reports');
  const [downloading, setDownloading] = useState(false);
  const empty = funnel.total.consultations === 0;

  async function handleDownload() {
    setDownloading(true);
    try {
      const language = i18n.language === 'en' ? 'en' : 'es';
      const blob = await fetchFunnelCsv(months, language);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = t('funnel.fileName');
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(t('funnel.downloadFailed'), errorMessage(error));
    } finally {
      setDownloading(false);
    }
  }

  const title = t('funnel.title');
  return (
    <Card title={title} aria-label={title} className="reports-section reports-funnel">
      <p className="reports-note">{t('funnel.definition')}</p>
      {empty ? (
        <p className="reports-empty">{t('funnel.empty')}</p>
      ) : (
        <TableRegion label={t('funnel.table')}>
          <table className="reports-table">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {t(`funnel.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {funnel.months.map((m) => [
                <tr key={m.month} className="reports-funnel__month">
                  <th scope="row">{formatMonth(m.month)}</th>
                  <td>{t('funnel.allStylists')}</td>
                  <StepCells s={m} />
                </tr>,
                ...m.advisors.map((a) => (
                  <tr key={`${m.month}-${a.advisorId}`}>
                    <th scope="row" className="reports-funnel__sub">
                      {formatMonth(m.month)}
                    </th>
                    <td>{a.name}</td>
                    <StepCells s={a} />
                  </tr>
                )),
              ])}
              <tr className="reports-funnel__total">
                <th scope="row">{t('funnel.total')}</th>
                <td>{t('funnel.allStylists')}</td>
                <StepCells s={funnel.total} />
              </tr>
            </tbody>
          </table>
        </TableRegion>
      )}
      <Button variant="secondary" loading={downloading} onClick={() => void handleDownload()}>
        {t('funnel.download')}
      </Button>
    </Card>
  );
}
