import type { StaffAppointment } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { RecordOutcomeControl, canRecordOutcome } from '@/components/service-outcome';
import { Badge, Button } from '@/components/ui';
import { formatDate, formatTime } from '@/lib/format';
import { isChangeable, statusTone } from '../utils/status';
import { AppointmentKindLabel } from './AppointmentKindLabel';
import { WhatsappMessagesToggle } from '@/components/whatsapp-messages';

export type AppointmentAction = 'cancel' | 'reassign';

/** The table's columns, in order (keys under `table.`); the loading skeleton uses them too. */
export const APPOINTMENT_COLUMNS = [
  'time',
  'client',
  'advisor',
  'subject',
  'status',
  'actions',
] as const;

export type AppointmentsTableProps = {
  appointments: readonly StaffAppointment[];
  now: number;
  onAction: (action: AppointmentAction, appointment: StaffAppointment) => void;
  /** a service booking's outcome was recorded or corrected (the admin's 'Registrar resultado') */
  onOutcome?: (appointment: StaffAppointment) => void;
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function AppointmentsTable({
  appointments,
  now,
  onAction,
  onOutcome,
}: AppointmentsTableProps) {
  const { t } = useTranslation('admin-appointments');
  return (
    <div className="admin-table-wrap">
      <table className="admin-table aa-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            {APPOINTMENT_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`table.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {appointments.map((a) => (
            <tr key={a.appointmentId}>
              <td>
                <time dateTime={a.startsAt} className="aa-table__time">
                  {formatTime(a.startsAt)}
                </time>
                <span className="aa-table__sub">{formatDate(a.startsAt)}</span>
              </td>
              <th scope="row" className="aa-table__client">
                <span className="aa-table__name">{a.clientName}</span>
                <a className="aa-table__sub" href={telHref(a.clientPhone)}>
                  {a.clientPhone}
                </a>
                {a.clientEmail ? (
                  <a className="aa-table__sub" href={`mailto:${a.clientEmail}`}>
                    {a.clientEmail}
                  </a>
                ) : (
                  <span className="aa-table__sub">{t('table.noEmail')}</span>
                )}
                {a.bookedBy && (
                  <span className="aa-table__sub aa-table__by">
                    {t('desk.bookedBy', { name: a.bookedBy.name })}
                  </span>
                )}
                <WhatsappMessagesToggle by={{ appointmentId: a.appointmentId }} />
              </th>
              <td>
                <span className="aa-table__name">{a.advisor.name}</span>
                {a.advisor.title && <span className="aa-table__sub">{a.advisor.title}</span>}
              </td>
              <td>
                <AppointmentKindLabel appointment={a} />
                {a.message && <span className="aa-table__sub aa-table__message">{a.message}</span>}
              </td>
              <td>
                <Badge tone={statusTone[a.status]} dot>
                  {t(`status.${a.status}`)}
                </Badge>
                {a.status === 'cancelled' && a.cancelledBy && (
                  <span className="aa-table__sub">{t(`cancelledBy.${a.cancelledBy}`)}</span>
                )}
              </td>
              <td>
                {isChangeable(a, now) ? (
                  <div
                    className="aa-table__actions"
                    role="group"
                    aria-label={t('table.actionsOf', { name: a.clientName })}
                  >
                    <Button size="sm" variant="secondary" onClick={() => onAction('reassign', a)}>
                      {t('actions.reassign')}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => onAction('cancel', a)}>
                      {t('actions.cancel')}
                    </Button>
                  </div>
                ) : canRecordOutcome(a, now, true) ? (
                  <RecordOutcomeControl
                    appointment={a}
                    now={now}
                    isAdmin
                    onRecorded={(after) => onOutcome?.(after)}
                  />
                ) : (
                  <>
                    <span className="aa-muted" aria-hidden="true">
                      —
                    </span>
                    <span className="visually-hidden">{t('table.noActions')}</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
