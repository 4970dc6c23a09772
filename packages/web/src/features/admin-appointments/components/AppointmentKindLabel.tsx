import type { StaffAppointment } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui';

/**
 * What a booking is, for the staff's lists: a video consultation (and its subject) or a service in
 * the salon (its name and minutes as booked), each with a label of its own so the two never mix.
 */
export function AppointmentKindLabel({
  appointment: a,
}: {
  appointment: Pick<StaffAppointment, 'kind' | 'subject' | 'service'>;
}) {
  const { t } = useTranslation('admin-appointments');
  return (
    <>
      <Badge tone={a.kind === 'service' ? 'info' : 'neutral'}>{t(`kind.${a.kind}`)}</Badge>
      <span className="aa-table__sub">
        {a.service
          ? t('serviceDetail', { name: a.service.name, minutes: a.service.durationMinutes })
          : t(`subjects.${a.subject}`)}
      </span>
    </>
  );
}
