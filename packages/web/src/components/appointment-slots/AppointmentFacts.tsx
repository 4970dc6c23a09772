import type { Appointment } from '@belleza/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentWhen } from './AppointmentWhen';

export type AppointmentFactsProps = {
  appointment: Pick<Appointment, 'startsAt' | 'subject' | 'advisor'> &
    Partial<Pick<Appointment, 'service'>>;
  /** a status badge shown first (her booking's page); none on the confirmation */
  status?: ReactNode;
  /** her zone (tests fix it); the browser's by default */
  timeZone?: string;
};

/**
 * A booking's facts as the visitor reads them: when, with whom and about what (for a service in
 * the salon: which service, and how long it takes).
 */
export function AppointmentFacts({ appointment, status, timeZone }: AppointmentFactsProps) {
  const { t } = useTranslation('appointments');
  const { advisor } = appointment;
  return (
    <dl className="appt-facts">
      {status && (
        <div>
          <dt>{t('facts.status')}</dt>
          <dd>{status}</dd>
        </div>
      )}
      <div>
        <dt>{t('facts.when')}</dt>
        <dd>
          <AppointmentWhen startsAt={appointment.startsAt} {...(timeZone ? { timeZone } : {})} />
        </dd>
      </div>
      <div>
        <dt>{t('facts.with')}</dt>
        <dd>
          {advisor.title
            ? t('facts.advisorWithTitle', { name: advisor.name, title: advisor.title })
            : advisor.name}
        </dd>
      </div>
      {appointment.service ? (
        <div>
          <dt>{t('facts.service')}</dt>
          <dd>
            {t('facts.serviceInSalon', {
              name: appointment.service.name,
              minutes: appointment.service.durationMinutes,
            })}
          </dd>
        </div>
      ) : (
        <div>
          <dt>{t('facts.subject')}</dt>
          <dd>{t(`subjects.${appointment.subject}`)}</dd>
        </div>
      )}
    </dl>
  );
}
