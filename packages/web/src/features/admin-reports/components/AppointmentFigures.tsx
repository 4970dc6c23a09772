import type { ReportData } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui';
import { formatCount, formatPercent } from '../utils/report-format';
import { Stat } from './SummaryCards';

/** The window's bookings by status, by the month they are for, and the attendance rate. */
export function AppointmentFigures({ appointments }: { appointments: ReportData['appointments'] }) {
  const { t } = useTranslation('reports');
  return (
    <Card title={t('appointments.title')} className="reports-section">
      <div className="reports-cards">
        <Stat
          label={t('appointments.booked')}
          value={formatCount(appointments.booked)}
          detail={t('appointments.bookedHint')}
        />
        <Stat
          label={t('appointments.attended')}
          value={formatCount(appointments.attended)}
          detail={t('appointments.attendedHint')}
        />
        <Stat
          label={t('appointments.noShow')}
          value={formatCount(appointments.noShow)}
          detail={t('appointments.noShowHint')}
        />
        <Stat
          label={t('appointments.cancelled')}
          value={formatCount(appointments.cancelled)}
          detail={t('appointments.cancelledHint')}
        />
        <Stat
          label={t('appointments.attendanceRate')}
          value={formatPercent(appointments.attendanceRate)}
          detail={t('appointments.attendanceRateHint')}
        />
      </div>
    </Card>
  );
}
