/**
 * The e-mails' words, Spanish first and English: the admin's in `system.defaultLanguage` (the
 * server's texts have no visitor to ask), the visitor's in her call's language. Plain text only, no
 * HTML part: nothing typed can become markup. What someone typed goes in through `quoted` (a
 * visitor's words) or `inline` (a stylist's name, a phone, an address): on one line, unable to
 * start a paragraph of its own or to be read as a link, so no value can pass for the salon's own
 * words. Subjects are one line too, so no value can add a header.
 */
import type { CallSubject, Language } from '@belleza/contract';
import { salonContactLines, type SalonContactDetails } from './salon-contact.texts.js';

/** A file sent with a message (the booking's calendar file). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
};

/**
 * What every message knows: who sends it (the salon's name as the reader sees it, its contacts)
 * and where the admin pages are.
 */
export type MailContext = {
  language: Language;
  siteName: string;
  publicUrl: string;
  contacts?: SalonContactDetails;
};

type Dict = {
  callback: {
    subject: string;
    intro: string;
    phone: string;
    preferredTime: string;
    anyTime: string;
    message: string;
    receivedAt: string;
    link: string;
  };
  noAnswer: {
    subject: string;
    intro: string;
    phone: string;
    email: string;
    topic: string;
    message: string;
    requestedAt: string;
    link: string;
  };
  summary: {
    subject: string;
    intro: string;
    requested: string;
    answered: string;
    noAnswer: string;
    cancelled: string;
    averageWait: string;
    averageDuration: string;
    rating: string;
    ratingNone: string;
    callbacksNew: string;
    callbacksOpen: string;
    byAdvisor: string;
    advisorLine: string;
    quiet: string;
    link: string;
  };
  test: { subject: string; body: string };
  /** to the visitor: the address of her call's summary */
  visitorSummary: {
    subject: string;
    greeting: string;
    intro: string;
    introNoAdvisor: string;
    private: string;
    until: string;
    footer: string;
  };
  subjects: Partial<Record<CallSubject, string>>;
  none: string;
  footer: string;
  locale: string;
};

const es: Dict = {
  callback: {
    subject: 'Solicitud de llamada: {name}',
    intro: '{name} dejó una solicitud para que la llamen.',
    phone: 'Teléfono',
    preferredTime: 'Horario preferido',
    anyTime: 'cualquier hora',
    message: 'Mensaje',
    receivedAt: 'Recibida',
    link: 'Ver las solicitudes de llamada',
  },
  noAnswer: {
    subject: 'Llamada sin respuesta: {name}',
    intro:
      '{name} pidió una consulta en vivo y ningún asesor la atendió. Conviene devolverle la llamada.',
    phone: 'Teléfono',
    email: 'Email',
    topic: 'Tema',
    message: 'Mensaje',
    requestedAt: 'Solicitada',
    link: 'Ver las llamadas',
  },
  summary: {
    subject: 'Resumen del {date}',
    intro: 'Así fue el {date} (hora de Lima):',
    requested: 'Consultas solicitadas',
    answered: 'Atendidas',
    noAnswer: 'Sin respuesta',
    cancelled: 'Canceladas antes de empezar',
    averageWait: 'Espera media hasta ser atendida',
    averageDuration: 'Duración media',
    rating: 'Valoración media',
    ratingNone: 'sin valoraciones',
    callbacksNew: 'Solicitudes de llamada nuevas',
    callbacksOpen: 'Solicitudes de llamada pendientes (todas)',
    byAdvisor: 'Por asesor',
    advisorLine: '{name}: {calls} atendidas',
    quiet: 'No hubo consultas ese día.',
    link: 'Ver los reportes',
  },
  test: {
    subject: 'Correo de prueba',
    body: 'Este es un correo de prueba enviado por {actor} desde Configuración.\nSi lo recibes, los avisos por correo de {siteName} funcionan.',
  },
  visitorSummary: {
    subject: 'El resumen de tu consulta',
    greeting: 'Hola, {name}:',
    intro:
      'Gracias por tu consulta con {advisor}. Aquí tienes su resumen, con las recomendaciones, el chat y las fotos:',
    introNoAdvisor:
      'Gracias por tu consulta. Aquí tienes su resumen, con las recomendaciones, el chat y las fotos:',
    private:
      'El enlace es solo para ti: quien lo tenga puede ver el resumen, así que no lo compartas.',
    until: 'Estará disponible hasta el {date}; después se borra, junto con el chat y las fotos.',
    footer: 'Te escribimos porque dejaste tu email al pedir la consulta en {siteName}.',
  },

  subjects: {
    skin_care: 'Cuidado de la piel',
    makeup: 'Maquillaje',
    hair_care: 'Cuidado del cabello',
    nail_care: 'Uñas',
    general: 'Consulta general',
  },
  none: '—',
  footer: 'Aviso automático de {siteName}. Se desactiva en Configuración › Notificaciones.',
  locale: 'es-PE',
};

const en: Dict = {
  callback: {
    subject: 'Callback request: {name}',
    intro: '{name} left a request to be called back.',
    phone: 'Phone',
    preferredTime: 'Preferred time',
    anyTime: 'any time',
    message: 'Message',
    receivedAt: 'Received',
    link: 'See the callback requests',
  },
  noAnswer: {
    subject: 'Unanswered call: {name}',
    intro: '{name} asked for a live consultation and no advisor answered. Consider calling back.',
    phone: 'Phone',
    email: 'E-mail',
    topic: 'Topic',
    message: 'Message',
    requestedAt: 'Requested',
    link: 'See the calls',
  },
  summary: {
    subject: 'Summary for {date}',
    intro: 'This is how {date} went (Lima time):',
    requested: 'Consultations requested',
    answered: 'Answered',
    noAnswer: 'Unanswered',
    cancelled: 'Cancelled before starting',
    averageWait: 'Average wait until answered',
    averageDuration: 'Average duration',
    rating: 'Average rating',
    ratingNone: 'no ratings',
    callbacksNew: 'New callback requests',
    callbacksOpen: 'Open callback requests (all)',
    byAdvisor: 'By advisor',
    advisorLine: '{name}: {calls} answered',
    quiet: 'There were no consultations that day.',
    link: 'See the reports',
  },
  test: {
    subject: 'Test e-mail',
    body: 'This is a test e-mail sent by {actor} from Settings.\nIf you received it, e-mail alerts from {siteName} work.',
  },
  visitorSummary: {
    subject: 'Your consultation summary',
    greeting: 'Hello {name},',
    intro:
      'Thank you for your consultation with {advisor}. Here is its summary, with the recommendations, the chat and the photos:',
    introNoAdvisor:
      'Thank you for your consultation. Here is its summary, with the recommendations, the chat and the photos:',
    private:
      'The link is just for you: anyone who has it can see the summary, so keep it to yourself.',
    until:
      'It is available until {date}; after that it is deleted, together with the chat and the photos.',
    footer:
      'You receive this e-mail because you left your address when you asked for the consultation at {siteName}.',
  },

  subjects: {
    skin_care: 'Skin Care',
    makeup: 'Makeup',
    hair_care: 'Hair Care',
    nail_care: 'Nails',
    general: 'General Consultation',
  },
  none: '—',
  footer: 'Automatic notice from {siteName}. Turn it off in Settings › Notifications.',
  locale: 'en-US',
};

const dictionaries: Record<Language, Dict> = { es, en };

export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );

/** Line breaks of every kind, and the spaces around them. */
const LINE_BREAKS = /\s*[\r\n\v\f\u0085\u2028\u2029]+\s*/g;
/** Other control characters, and the bidirectional overrides that make text read reversed. */
// \p{Cc}: the C0 and C1 control characters (U+0000–001F, U+007F–009F).
const CONTROLS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * Someone's text, made fit to sit inside the salon's sentences: on one line (a line break reads
 * ' / ', any other control character a space) and never a link a mail program would make
 * clickable (`https://x` reads `https[:]//x`, `www.x` reads `www[.]x`, `pago.example` reads
 * `pago[.]example`; a number such as 45.90 stays as typed). An address stays an address: only
 * `inline`'s callers choose to pass one.
 */
export function inline(text: string): string {
  return text
    .replace(LINE_BREAKS, ' / ')
    .replace(CONTROLS, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .replace(/:\/\//g, '[:]//')
    .replace(/([\p{L}\p{N}_-])\.(?=\p{L}{2})/gu, '$1[.]');
}

const QUOTES: Record<Language, [string, string]> = { es: ['«', '»'], en: ['“', '”'] };

/**
 * A visitor's words (her name, message, preferred time): `inline`, between the language's quotes,
 * quote marks inside it made straight ones, so nothing she types can close the quote and go on as
 * the salon's text.
 */
export function quoted(text: string, language: Language): string {
  const [open, close] = QUOTES[language];
  return `${open}${inline(text).replace(/[«»“”‹›]/g, '"')}${close}`;
}

/** One line, bounded: a subject never carries a line break (header injection) or a novel. */
export const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);

export function subjectOf(ctx: MailContext, text: string): string {
  return oneLine(`${ctx.siteName}: ${text}`);
}

function footerOf(ctx: MailContext, d: Dict): string {
  return `\n-- \n${fill(d.footer, { siteName: ctx.siteName })}\n`;
}

const adminUrl = (ctx: MailContext, path: string): string =>
  new URL(path, ctx.publicUrl).toString();

/** A consultation subject's name (a contract id) in the language, else the text as given. */
export function subjectName(subject: string, language: Language): string {
  return dictionaries[language].subjects[subject as CallSubject] ?? subject;
}

/** The language's Intl locale ('es-PE', 'en-US'). */
export const localeOf = (language: Language): string => dictionaries[language].locale;

/** A date and time in Lima, e.g. '24/11/2026, 15:04' (es) or '11/24/2026, 3:04 PM' (en). */
export function limaDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(dictionaries[language].locale, {
    timeZone: 'America/Lima',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The Lima calendar day of an instant in words, e.g. '26 de diciembre de 2026'. */
export function limaDateInWords(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(dictionaries[language].locale, {
    timeZone: 'America/Lima',
    dateStyle: 'long',
  }).format(new Date(iso));
}

/** A Lima calendar day (YYYY-MM-DD) in words, e.g. 'martes, 24 de noviembre de 2026'. */
export function dayInWords(day: string, language: Language): string {
  return new Intl.DateTimeFormat(dictionaries[language].locale, {
    timeZone: 'UTC',
    dateStyle: 'full',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** 754 → '12 min 34 s'; under a minute → '45 s'. */
export function minutesAndSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

export const lines = (pairs: [string, string][]): string =>
  pairs.map(([label, value]) => `${label}: ${value}`).join('\n');

export function callbackMail(
  ctx: MailContext,
  to: string,
  cb: { name: string; phone: string; preferredTime: string; message: string; createdAt: string },
): MailMessage {
  const d = dictionaries[ctx.language].callback;
  const dict = dictionaries[ctx.language];
  return {
    to,
    subject: subjectOf(ctx, fill(d.subject, { name: quoted(cb.name, ctx.language) })),
    text: [
      fill(d.intro, { name: quoted(cb.name, ctx.language) }),
      '',
      lines([
        [d.phone, inline(cb.phone)],
        [d.preferredTime, cb.preferredTime ? quoted(cb.preferredTime, ctx.language) : d.anyTime],
        [d.message, cb.message ? quoted(cb.message, ctx.language) : dict.none],
        [d.receivedAt, limaDateTime(cb.createdAt, ctx.language)],
      ]),
      '',
      `${d.link}: ${adminUrl(ctx, '/admin/calls')}`,
      footerOf(ctx, dict),
    ].join('\n'),
  };
}

export function noAnswerMail(
  ctx: MailContext,
  to: string,
  call: {
    name: string;
    phone: string;
    email: string;
    /** a contract subject id (shown by name) or free text */
    subject: string;
    message: string;
    requestedAt: string;
  },
): MailMessage {
  const dict = dictionaries[ctx.language];
  const d = dict.noAnswer;
  return {
    to,
    subject: subjectOf(ctx, fill(d.subject, { name: quoted(call.name, ctx.language) })),
    text: [
      fill(d.intro, { name: quoted(call.name, ctx.language) }),
      '',
      lines([
        [d.phone, call.phone ? inline(call.phone) : dict.none],
        // A checked address, left whole so the admin can write to her.
        [d.email, call.email ? oneLine(call.email) : dict.none],
        [
          d.topic,
          dict.subjects[call.subject as CallSubject] ??
            (call.subject ? quoted(call.subject, ctx.language) : dict.none),
        ],
        [d.message, call.message ? quoted(call.message, ctx.language) : dict.none],
        [d.requestedAt, limaDateTime(call.requestedAt, ctx.language)],
      ]),
      '',
      `${d.link}: ${adminUrl(ctx, '/admin/calls')}`,
      footerOf(ctx, dict),
    ].join('\n'),
  };
}

/** The day's figures, already computed. */
export type DailyFigures = {
  day: string;
  requested: number;
  answered: number;
  noAnswer: number;
  cancelled: number;
  /** null when nobody was answered */
  averageWaitSeconds: number | null;
  averageDurationSeconds: number | null;
  averageRating: number | null;
  ratings: number;
  callbacksNew: number;
  callbacksOpen: number;
  byAdvisor: { name: string; calls: number }[];
};

export function dailySummaryMail(ctx: MailContext, to: string, f: DailyFigures): MailMessage {
  const dict = dictionaries[ctx.language];
  const d = dict.summary;
  const date = dayInWords(f.day, ctx.language);
  const figures: [string, string][] = [
    [d.requested, String(f.requested)],
    [d.answered, String(f.answered)],
    [d.noAnswer, String(f.noAnswer)],
    [d.cancelled, String(f.cancelled)],
    [
      d.averageWait,
      f.averageWaitSeconds === null ? dict.none : minutesAndSeconds(f.averageWaitSeconds),
    ],
    [
      d.averageDuration,
      f.averageDurationSeconds === null ? dict.none : minutesAndSeconds(f.averageDurationSeconds),
    ],
    [
      d.rating,
      f.averageRating === null ? d.ratingNone : `${f.averageRating.toFixed(1)} / 5 (${f.ratings})`,
    ],
  ];
  const callbacks: [string, string][] = [
    [d.callbacksNew, String(f.callbacksNew)],
    [d.callbacksOpen, String(f.callbacksOpen)],
  ];
  const advisors =
    f.byAdvisor.length === 0
      ? []
      : [
          '',
          `${d.byAdvisor}:`,
          ...f.byAdvisor.map((a) => `- ${fill(d.advisorLine, { ...a, name: inline(a.name) })}`),
        ];
  return {
    to,
    subject: subjectOf(ctx, fill(d.subject, { date })),
    text: [
      fill(d.intro, { date }),
      '',
      f.requested === 0 ? d.quiet : lines(figures),
      ...advisors,
      '',
      lines(callbacks),
      '',
      `${d.link}: ${adminUrl(ctx, '/admin/reports')}`,
      footerOf(ctx, dict),
    ].join('\n'),
  };
}

export function testMail(ctx: MailContext, to: string, actor: string): MailMessage {
  const dict = dictionaries[ctx.language];
  return {
    to,
    subject: subjectOf(ctx, dict.test.subject),
    text: [
      fill(dict.test.body, { actor: inline(actor), siteName: ctx.siteName }),
      footerOf(ctx, dict),
    ].join('\n'),
  };
}

/** To the visitor of a completed call: where her summary is (an absolute URL) and until when. */
export function visitorSummaryMail(
  ctx: MailContext,
  to: string,
  summary: { clientName: string; advisorName: string; url: string; expiresAt: string },
): MailMessage {
  const d = dictionaries[ctx.language].visitorSummary;
  return {
    to,
    subject: subjectOf(ctx, d.subject),
    text: [
      fill(d.greeting, { name: quoted(summary.clientName, ctx.language) }),
      '',
      summary.advisorName
        ? fill(d.intro, { advisor: inline(summary.advisorName) })
        : d.introNoAdvisor,
      summary.url,
      '',
      d.private,
      fill(d.until, { date: limaDateInWords(summary.expiresAt, ctx.language) }),
      `\n-- \n${ctx.siteName}\n${salonContactLines(ctx.language, ctx.contacts)}${fill(d.footer, { siteName: ctx.siteName })}\n`,
    ].join('\n'),
  };
}
