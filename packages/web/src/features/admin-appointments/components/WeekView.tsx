import type { Advisor, StaffAppointment } from '@belleza/contract';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, LoadFailed } from '@/components/ui';
import { dateFormatter, formatTime, limaDayOf } from '@/lib/format';
import { useWeekAppointments } from '../api/get-week';
import './week-view.css';
import {
  FREE_STEP_MINUTES,
  addDays,
  freeStarts,
  gridRange,
  minuteOfDay,
  weekDays,
  weekStartOf,
  workingSpans,
} from '../utils/week';

/** Pixels per minute of the day's column (an hour: 72 px). */
export const WEEK_PX_PER_MINUTE = 1.2;

export type NewAtDesk = { advisorId: string; at: number };

export type WeekViewProps = {
  /** the stylists to choose from (who take bookings) */
  stylists: readonly Advisor[];
  now: number;
  /** a free half hour chosen: the reception dialog opens with the stylist and that time */
  onNew: (prefill: NewAtDesk) => void;
};

const dayLabel = (day: string) =>
  dateFormatter({ weekday: 'long', day: '2-digit', month: '2-digit' }).format(
    new Date(`${day}T12:00:00-05:00`),
  );
const shortDate = (day: string) =>
  dateFormatter({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(`${day}T12:00:00-05:00`),
  );

/**
 * One stylist's week: seven Lima days side by side over her working hours, each booking placed
 * by its time and length and labelled with what it is (a video consultation or a service, in
 * words and by its frame), with her free half hours as buttons that open the reception dialog.
 * Previous / next week and back to this week; every part is reachable by keyboard.
 */
export function WeekView({ stylists, now, onNew }: WeekViewProps) {
  const { t } = useTranslation('admin-appointments');
  const thisWeek = weekStartOf(limaDayOf(now));
  const [weekStart, setWeekStart] = useState(thisWeek);
  const [chosen, setChosen] = useState('');
  const stylist = stylists.find((a) => a.advisorId === chosen) ?? stylists[0];
  const advisorId = stylist?.advisorId ?? '';
  const week = useWeekAppointments(advisorId, weekStart);
  const days = weekDays(weekStart);

  const bookings = (week.data ?? []).filter((a) => a.advisor.advisorId === advisorId);
  const held = bookings.filter((a) => a.status === 'booked');
  const spansOf = (day: string) =>
    stylist ? workingSpans(stylist.settings.workingHours, stylist.profile.timezone, day) : [];
  const range = gridRange(days, spansOf, bookings);
  const height = (range.to - range.from) * WEEK_PX_PER_MINUTE;
  const place = (day: string, start: number, end: number): CSSProperties => {
    const top = Math.max(0, minuteOfDay(day, start) - range.from);
    const bottom = Math.min(range.to - range.from, minuteOfDay(day, end) - range.from);
    return {
      top: `${top * WEEK_PX_PER_MINUTE}px`,
      height: `${Math.max(bottom - top, 10) * WEEK_PX_PER_MINUTE}px`,
    };
  };
  const hours = Array.from({ length: (range.to - range.from) / 60 }, (_, i) => range.from + i * 60);
  const hourLabel = (minute: number) =>
    formatTime(new Date(Date.parse(`${days[0]}T00:00:00-05:00`) + minute * 60_000));

  return (
    <section id="aa-week" className="aa-week" aria-labelledby="aa-week-title">
      <div className="aa-week__bar">
        <h3 id="aa-week-title" className="aa-week__title">
          {t('week.title')}
        </h3>
        <Field label={t('week.stylist')} className="aa-week__stylist">
          {(control) => (
            <select
              {...control}
              className="select"
              value={advisorId}
              onChange={(e) => setChosen(e.target.value)}
            >
              {stylists.map((a) => (
                <option key={a.advisorId} value={a.advisorId}>
                  {a.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="aa-week__nav" role="group" aria-label={t('week.navigation')}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setWeekStart(addDays(weekStart, -7))}
          >
            {t('week.previous')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setWeekStart(thisWeek)}
            disabled={weekStart === thisWeek}
          >
            {t('week.thisWeek')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setWeekStart(addDays(weekStart, 7))}>
            {t('week.next')}
          </Button>
        </div>
        <p className="aa-week__range" aria-live="polite">
          {t('week.range', { from: shortDate(days[0]!), to: shortDate(days[6]!) })}
        </p>
      </div>

      {stylists.length === 0 && <p className="aa-muted">{t('week.noStylists')}</p>}
      {week.isError && (
        <LoadFailed
          what={t('week.loadError')}
          error={week.error}
          retrying={week.isFetching}
          onRetry={() => void week.refetch()}
        />
      )}
      {stylist && (
        <div className="aa-week__grid" aria-busy={week.isFetching || undefined}>
          <div className="aa-week__hours" aria-hidden="true" style={{ height }}>
            {hours.map((m) => (
              <span
                key={m}
                className="aa-week__hour"
                style={{ top: `${(m - range.from) * WEEK_PX_PER_MINUTE}px` }}
              >
                {hourLabel(m)}
              </span>
            ))}
          </div>
          {days.map((day) => {
            const spans = spansOf(day);
            const dayBookings = bookings.filter((b) => limaDayOf(b.startsAt) === day);
            const free = freeStarts(day, spans, held, now);
            const headingId = `aa-week-day-${day}`;
            return (
              <section key={day} className="aa-week__day" aria-labelledby={headingId}>
                <h4 id={headingId} className="aa-week__day-title">
                  {dayLabel(day)}
                  {day === limaDayOf(now) && (
                    <span className="aa-week__today"> · {t('week.today')}</span>
                  )}
                </h4>
                <div className="aa-week__col" style={{ height }}>
                  {spans.map((s) => (
                    <div
                      key={s.start}
                      className="aa-week__working"
                      aria-hidden="true"
                      style={place(day, s.start, s.end)}
                    />
                  ))}
                  {dayBookings.length + free.length === 0 ? (
                    <p className="visually-hidden">{t('week.nothing')}</p>
                  ) : (
                    <ul
                      className="aa-week__items"
                      aria-label={t('week.dayItems', { day: dayLabel(day) })}
                    >
                      {free.map((at) => (
                        <li
                          key={`free-${at}`}
                          style={place(day, at, at + FREE_STEP_MINUTES * 60_000)}
                          className="aa-week__slot"
                        >
                          <button
                            type="button"
                            className="aa-week__free"
                            onClick={() => onNew({ advisorId, at })}
                          >
                            <span className="visually-hidden">
                              {t('week.freeAt', { time: formatTime(at), day: dayLabel(day) })}
                            </span>
                            <span aria-hidden="true">{formatTime(at)}</span>
                          </button>
                        </li>
                      ))}
                      {dayBookings.map((b) => (
                        <WeekBooking
                          key={b.appointmentId}
                          booking={b}
                          style={place(day, Date.parse(b.startsAt), Date.parse(b.endsAt))}
                        />
                      ))}
                    </ul>
                  )}
                </div>
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

function WeekBooking({ booking: b, style }: { booking: StaffAppointment; style: CSSProperties }) {
  const { t } = useTranslation('admin-appointments');
  const classes = [
    'aa-week__booking',
    `aa-week__booking--${b.kind}`,
    b.status !== 'booked' && 'aa-week__booking--closed',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} style={style} data-kind={b.kind}>
      <span className="aa-week__booking-time">
        {formatTime(b.startsAt)}–{formatTime(b.endsAt)}
      </span>{' '}
      <span className="aa-week__booking-kind">
        <span aria-hidden="true">{b.kind === 'service' ? '✂ ' : '▶ '}</span>
        {t(`kind.${b.kind}`)}
        {b.service ? ` · ${b.service.name}` : ''}
      </span>{' '}
      <span className="aa-week__booking-client">{b.clientName}</span>
      {b.status !== 'booked' && <span> · {t(`status.${b.status}`)}</span>}
      {b.bookedBy && (
        <span className="aa-week__booking-by">
          {' '}
          · {t('desk.bookedBy', { name: b.bookedBy.name })}
        </span>
      )}
    </li>
  );
}
