import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import {
  browserTimeZone,
  formatClock,
  formatDay,
  LIMA_TIME_ZONE,
  readsLikeLima,
  zoneName,
} from './slot-time';

export type AppointmentWhenProps = {
  startsAt: string;
  /** her zone (tests fix it); the browser's by default */
  timeZone?: string;
};

/**
 * When a booking is: in Lima time, labelled, and on a second line in her own zone (named) when
 * her clock reads otherwise.
 */
export function AppointmentWhen({ startsAt, timeZone = browserTimeZone() }: AppointmentWhenProps) {
  const { t } = useTranslation('appointments');
  const lima = t('when.lima', {
    day: formatDay(startsAt, LIMA_TIME_ZONE),
    time: formatClock(startsAt, LIMA_TIME_ZONE),
  });
  const local = readsLikeLima(startsAt, timeZone)
    ? null
    : t('when.local', {
        day: formatDay(startsAt, timeZone),
        time: formatClock(startsAt, timeZone),
        zone: zoneName(timeZone, currentLanguage(), startsAt),
      });
  return (
    <span className="appt-when">
      <time dateTime={startsAt} className="appt-when__lima">
        {lima}
      </time>
      {local && (
        <>
          {' '}
          <span className="appt-when__local">{local}</span>
        </>
      )}
    </span>
  );
}
