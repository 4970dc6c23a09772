/**
 * The words of a booking's e-mails to the visitor (docs/product.md#booking-e-mails), in her
 * booking's language: its confirmation, new time, new stylist, cancellation and the two reminders.
 * Times are given in Lima ('hora de Lima'), and also in her own zone, labelled, when the clock
 * there reads otherwise. The manage link carries the key (in the fragment): the mail is hers alone.
 * Plain text, as mail.texts: her name quoted, her stylist's name and title inline.
 */
import {
  APPOINTMENT_JOIN_EARLY_MINUTES,
  DISPLAY_TIME_ZONE,
  appointmentPath,
  type Language,
} from '@belleza/contract';
import {
  ALARM_MINUTES_BEFORE,
  appointmentIcs,
  icsContentType,
  type AppointmentIcs,
} from './appointment-ics.js';
import {
  calendarSequence,
  type CancelledBy,
  type LinkedAppointment,
  type MailAppointment,
  type ReminderKind,
} from './mail-appointment.js';
import {
  fill,
  inline,
  lines,
  localeOf,
  oneLine,
  quoted,
  subjectName,
  subjectOf,
  type MailAttachment,
  type MailContext,
  type MailMessage,
} from './mail.texts.js';
import { salonContactLines } from './salon-contact.texts.js';

/** Who sent the calendar file and when it was made. */
export type CalendarContext = { organizer: { name: string; email: string }; stamp: Date };

type Dict = {
  greeting: string;
  when: string;
  inYourZone: string;
  zoneLabel: string;
  range: string;
  with: string;
  topic: string;
  manage: string;
  private: string;
  calendar: string;
  booked: { subject: string; intro: string };
  rescheduled: { subject: string; intro: string };
  reassigned: { subject: string; intro: string };
  cancelled: {
    subject: string;
    byClient: string;
    bySalon: string;
    again: string;
    calendar: string;
  };
  reminder: Record<ReminderKind, { subject: string; intro: string }>;
  reminderJoin: string;
  reminderChange: string;
  footer: string;
  ics: { filename: string; summary: string; description: string; alarm: string };
  /** the words that differ for a service in the salon (no video call to join) */
  inSalon: {
    booked: string;
    service: string;
    manage: string;
    ics: { summary: string; description: string; alarm: string };
  };
};

const es: Dict = {
  greeting: 'Hola, {name}:',
  when: 'Fecha y hora',
  inYourZone: 'En tu zona horaria',
  zoneLabel: 'hora de {city}',
  range: '{date}, de {start} a {end}',
  with: 'Con',
  topic: 'Tema',
  manage:
    'Para cancelarla o cambiarla de hora, y para entrar a la videollamada desde {minutes} minutos antes («Entrar a mi cita»), abre tu enlace:',
  private:
    'El enlace es solo para ti: quien lo tenga puede cambiar o cancelar tu cita, así que no lo compartas.',
  calendar: 'Te adjuntamos la cita ({filename}) para que la añadas a tu calendario.',
  booked: {
    subject: 'Tu cita está confirmada',
    intro: 'Tu videoconsulta está reservada.',
  },
  rescheduled: {
    subject: 'Tu cita tiene una nueva hora',
    intro: 'Tu cita cambió de hora. Esta es la nueva:',
  },
  reassigned: {
    subject: 'Tu cita ahora es con {advisor}',
    intro:
      'Te atenderá {advisor} en lugar de la estilista que tenías asignada; la fecha y la hora no cambian.',
  },
  cancelled: {
    subject: 'Tu cita fue cancelada',
    byClient: 'Cancelaste tu cita:',
    bySalon: '{siteName} tuvo que cancelar tu cita. Lo sentimos.',
    again: 'Si quieres, reserva otra cita cuando te venga bien:',
    calendar: 'Te adjuntamos la cancelación ({filename}) para quitarla de tu calendario.',
  },
  reminder: {
    day: { subject: 'Recordatorio: tu cita con {advisor}', intro: 'Te recordamos tu cita:' },
    hour: { subject: 'Tu cita empieza pronto', intro: 'Tu cita empieza pronto:' },
  },
  reminderJoin: 'Desde {minutes} minutos antes, abre tu enlace y pulsa «Entrar a mi cita»:',
  reminderChange: 'Si no puedes venir, cancélala o cámbiala de hora desde el mismo enlace.',
  footer: 'Te escribimos porque dejaste tu email al reservar la cita en {siteName}.',
  ics: {
    filename: 'cita.ics',
    summary: 'Videoconsulta con {advisor} ({siteName})',
    description:
      '{topic}: {subject}\nDesde {minutes} minutos antes, entra a tu cita con tu enlace; con él también puedes cambiarla de hora o cancelarla:\n{url}',
    alarm: 'Tu videoconsulta empieza en {minutes} minutos',
  },
  inSalon: {
    booked: 'Tu cita en el salón está reservada.',
    service: 'Servicio',
    manage: 'Para cancelarla o cambiarla de hora, abre tu enlace:',
    ics: {
      summary: '{service} con {advisor} ({siteName})',
      description:
        'Tu cita en el salón: {service}\nCon tu enlace puedes cambiarla de hora o cancelarla:\n{url}',
      alarm: 'Tu cita en el salón empieza en {minutes} minutos',
    },
  },
};

const en: Dict = {
  greeting: 'Hello {name},',
  when: 'When',
  inYourZone: 'In your time zone',
  zoneLabel: '{city} time',
  range: '{date}, {start} to {end}',
  with: 'With',
  topic: 'Topic',
  manage:
    'To cancel or reschedule it, and to join the video call from {minutes} minutes before (“Join my appointment”), open your link:',
  private:
    'The link is just for you: anyone who has it can change or cancel your appointment, so keep it to yourself.',
  calendar: 'Your appointment is attached ({filename}) for your calendar.',
  booked: {
    subject: 'Your appointment is confirmed',
    intro: 'Your video consultation is booked.',
  },
  rescheduled: {
    subject: 'Your appointment has a new time',
    intro: 'Your appointment was moved. This is the new time:',
  },
  reassigned: {
    subject: 'Your appointment is now with {advisor}',
    intro:
      '{advisor} will see you instead of the stylist you had; the date and time stay the same.',
  },
  cancelled: {
    subject: 'Your appointment was cancelled',
    byClient: 'You cancelled your appointment:',
    bySalon: '{siteName} had to cancel your appointment. We are sorry.',
    again: 'You can book another appointment whenever suits you:',
    calendar: 'The attached cancellation ({filename}) removes it from your calendar.',
  },
  reminder: {
    day: {
      subject: 'Reminder: your appointment with {advisor}',
      intro: 'A reminder of your appointment:',
    },
    hour: { subject: 'Your appointment starts soon', intro: 'Your appointment starts soon:' },
  },
  reminderJoin: 'From {minutes} minutes before, open your link and press “Join my appointment”:',
  reminderChange: 'If you cannot make it, cancel or reschedule it with the same link.',
  footer:
    'You receive this e-mail because you left your address when you booked the appointment at {siteName}.',
  ics: {
    filename: 'appointment.ics',
    summary: 'Video consultation with {advisor} ({siteName})',
    description:
      '{topic}: {subject}\nFrom {minutes} minutes before, join with your link; it also lets you reschedule or cancel:\n{url}',
    alarm: 'Your video consultation starts in {minutes} minutes',
  },
  inSalon: {
    booked: 'Your appointment at the salon is booked.',
    service: 'Service',
    manage: 'To cancel or reschedule it, open your link:',
    ics: {
      summary: '{service} with {advisor} ({siteName})',
      description:
        'Your appointment at the salon: {service}\nYour link lets you reschedule or cancel it:\n{url}',
      alarm: 'Your appointment at the salon starts in {minutes} minutes',
    },
  },
};

const dictionaries: Record<Language, Dict> = { es, en };

/** The manage page of a booking, absolute; the key in the fragment. */
export const manageUrl = (ctx: MailContext, a: LinkedAppointment): string =>
  new URL(appointmentPath(a.appointmentId, a.accessKey), ctx.publicUrl).toString();

/** Intl may put no-break spaces in times ('10:00 AM'); plain text wants plain ones. */
const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

/** Whether the zone is one Intl knows (a row's zone was checked when booked; this is a guard). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 'America/New_York' → 'New York'; a zone without a city keeps its name ('UTC'). */
const cityOf = (zone: string): string => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/** The booking's day and times in a zone, e.g. 'martes, 1 de diciembre de 2026, de 10:00 a. m. a 10:20 a. m.'. */
function rangeIn(a: MailAppointment, zone: string, language: Language): string {
  const locale = localeOf(language);
  const date = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: 'full' });
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: 'short' });
  const start = new Date(a.startsAt);
  return plainSpaces(
    fill(dictionaries[language].range, {
      date: date.format(start),
      start: time.format(start),
      end: time.format(new Date(a.endsAt)),
    }),
  );
}

/** 'Fecha y hora: … (hora de Lima)' and, when her clock reads otherwise, the same in her zone. */
export function whenLines(a: MailAppointment, language: Language): [string, string][] {
  const d = dictionaries[language];
  const lima = rangeIn(a, DISPLAY_TIME_ZONE, language);
  const pairs: [string, string][] = [
    [d.when, `${lima} (${fill(d.zoneLabel, { city: cityOf(DISPLAY_TIME_ZONE) })})`],
  ];
  if (knownZone(a.timeZone)) {
    const hers = rangeIn(a, a.timeZone, language);
    if (hers !== lima)
      pairs.push([d.inYourZone, `${hers} (${fill(d.zoneLabel, { city: cityOf(a.timeZone) })})`]);
  }
  return pairs;
}

/** Her stylist's name as the mails print it (on one line, never a link). */
const advisorName = (a: MailAppointment): string => inline(a.advisorName);

const advisorOf = (a: MailAppointment): string =>
  a.advisorTitle ? `${advisorName(a)} (${inline(a.advisorTitle)})` : advisorName(a);

/** 'Hola, «Lucía»:': her name as she typed it, quoted. */
const greetingOf = (a: MailAppointment, language: Language): string =>
  fill(dictionaries[language].greeting, { name: quoted(a.clientName, language) });

/** When, with whom, about what. */
function details(a: MailAppointment, language: Language): string {
  const d = dictionaries[language];
  return lines([
    ...whenLines(a, language),
    [d.with, advisorOf(a)],
    a.serviceName !== null
      ? [d.inSalon.service, inline(a.serviceName)]
      : [d.topic, subjectName(a.subject, language)],
  ]);
}

/** The salon's name and contacts, then why she gets this e-mail. */
function footer(ctx: MailContext): string {
  const why = fill(dictionaries[ctx.language].footer, { siteName: ctx.siteName });
  return `\n-- \n${ctx.siteName}\n${salonContactLines(ctx.language, ctx.contacts)}${why}\n`;
}

function calendarFile(
  ctx: MailContext,
  a: LinkedAppointment,
  cal: CalendarContext,
  method: AppointmentIcs['method'],
): MailAttachment {
  const d = dictionaries[ctx.language];
  const url = manageUrl(ctx, a);
  const service = a.serviceName === null ? null : oneLine(a.serviceName);
  return {
    filename: d.ics.filename,
    contentType: icsContentType(method),
    content: appointmentIcs({
      method,
      appointmentId: a.appointmentId,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      sequence: calendarSequence(a),
      stamp: cal.stamp,
      publicUrl: ctx.publicUrl,
      url,
      summary: oneLine(
        fill(service === null ? d.ics.summary : d.inSalon.ics.summary, {
          advisor: advisorName(a),
          siteName: ctx.siteName,
          service: service ?? '',
        }),
      ),
      description:
        service === null
          ? fill(d.ics.description, {
              topic: d.topic,
              subject: subjectName(a.subject, ctx.language),
              minutes: APPOINTMENT_JOIN_EARLY_MINUTES,
              url,
            })
          : fill(d.inSalon.ics.description, { service, url }),
      alarm: fill(service === null ? d.ics.alarm : d.inSalon.ics.alarm, {
        minutes: ALARM_MINUTES_BEFORE,
      }),
      organizer: cal.organizer,
    }),
  };
}

/** Confirmation, new time, new stylist: the same shape with its own subject and first line. */
function heldMail(
  ctx: MailContext,
  a: LinkedAppointment,
  cal: CalendarContext,
  words: { subject: string; intro: string },
): MailMessage {
  const d = dictionaries[ctx.language];
  const file = calendarFile(ctx, a, cal, 'PUBLISH');
  return {
    to: a.clientEmail,
    subject: subjectOf(ctx, fill(words.subject, { advisor: advisorName(a) })),
    text: [
      greetingOf(a, ctx.language),
      '',
      a.serviceName !== null && words === d.booked
        ? d.inSalon.booked
        : fill(words.intro, { advisor: advisorName(a) }),
      '',
      details(a, ctx.language),
      '',
      a.serviceName !== null
        ? d.inSalon.manage
        : fill(d.manage, { minutes: APPOINTMENT_JOIN_EARLY_MINUTES }),
      manageUrl(ctx, a),
      '',
      d.private,
      fill(d.calendar, { filename: file.filename }),
      footer(ctx),
    ].join('\n'),
    attachments: [file],
  };
}

export function appointmentBookedMail(
  ctx: MailContext,
  a: LinkedAppointment,
  cal: CalendarContext,
): MailMessage {
  return heldMail(ctx, a, cal, dictionaries[ctx.language].booked);
}

export function appointmentRescheduledMail(
  ctx: MailContext,
  a: LinkedAppointment,
  cal: CalendarContext,
): MailMessage {
  return heldMail(ctx, a, cal, dictionaries[ctx.language].rescheduled);
}

export function appointmentReassignedMail(
  ctx: MailContext,
  a: LinkedAppointment,
  cal: CalendarContext,
): MailMessage {
  return heldMail(ctx, a, cal, dictionaries[ctx.language].reassigned);
}

export function appointmentCancelledMail(
  ctx: MailContext,
  a: LinkedAppointment,
  by: CancelledBy,
  cal: CalendarContext,
): MailMessage {
  const d = dictionaries[ctx.language];
  const c = d.cancelled;
  const file = calendarFile(ctx, a, cal, 'CANCEL');
  return {
    to: a.clientEmail,
    subject: subjectOf(ctx, c.subject),
    text: [
      greetingOf(a, ctx.language),
      '',
      by === 'client' ? c.byClient : fill(c.bySalon, { siteName: ctx.siteName }),
      '',
      details(a, ctx.language),
      '',
      c.again,
      new URL(ctx.publicUrl).toString(),
      '',
      fill(c.calendar, { filename: file.filename }),
      footer(ctx),
    ].join('\n'),
    attachments: [file],
  };
}

/** 24 h or 1 h before: when, with whom, and the link to enter (or to cancel in time). */
export function appointmentReminderMail(
  ctx: MailContext,
  a: LinkedAppointment,
  kind: ReminderKind,
): MailMessage {
  const d = dictionaries[ctx.language];
  const words = d.reminder[kind];
  return {
    to: a.clientEmail,
    subject: subjectOf(ctx, fill(words.subject, { advisor: advisorName(a) })),
    text: [
      greetingOf(a, ctx.language),
      '',
      words.intro,
      '',
      details(a, ctx.language),
      '',
      a.serviceName !== null
        ? d.inSalon.manage
        : fill(d.reminderJoin, { minutes: APPOINTMENT_JOIN_EARLY_MINUTES }),
      manageUrl(ctx, a),
      '',
      d.reminderChange,
      d.private,
      footer(ctx),
    ].join('\n'),
  };
}
