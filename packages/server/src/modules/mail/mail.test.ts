/**
 * E-mail: real messages through the app's real SMTP transport to an SMTP server started by the
 * test, parsed and checked — a callback request, a call nobody answered, the test message from
 * Settings, the daily summary once across two instances, and nothing at all when e-mail is off or
 * not configured.
 */
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  refreshPresence,
  requestCall,
  setSettingsSection,
  setSystemSettings,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { ManualClock } from '../../lib/clock.js';
import { noAnswerMail, visitorSummaryMail } from './mail.texts.js';

const ADMIN_MAILBOX = 'dueña@salon.pe';
const callback = {
  name: 'Rosa Quispe',
  phone: '+51 912 345 678',
  preferredTime: 'Mañana por la tarde',
  message: 'Quiero teñirme de rubio',
  consent: true,
};

describe('e-mail to the admin', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: TestAdvisor;

  beforeEach(async () => {
    smtp = await startTestSmtp();
    t = await createCallsTestApp('sqlite', {
      config: { smtp: { url: smtp.url, from: 'avisos@salon.pe' } },
    });
    admin = await insertAdvisor(t.db.db, {
      isAdmin: true,
      name: 'Carmen Admin',
      status: 'offline',
      now: t.clock.now(),
    });
    await setSettingsSection(t.db.db, 'notifications', { adminEmail: ADMIN_MAILBOX });
    await setSystemSettings(t.db.db, { siteName: 'Salón Rosa' });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const sent = async (): Promise<ParsedMail[]> => {
    await t.app.container.mail.idle();
    return smtp.messages;
  };

  it('sends one message for a callback request, with the name, phone and preferred time, from the site', async () => {
    const res = await api(t.app, 'POST', '/api/callbacks', { body: callback });
    expect(res.status).toBe(201);
    const [mail, ...rest] = await sent();
    expect(rest).toHaveLength(0);
    expect(recipientOf(mail!)).toBe(ADMIN_MAILBOX);
    expect(mail!.from?.value[0]).toEqual({ name: 'Salón Rosa', address: 'avisos@salon.pe' });
    expect(mail!.subject).toBe('Salón Rosa: Solicitud de llamada: «Rosa Quispe»');
    expect(mail!.text).toContain('«Rosa Quispe» dejó una solicitud para que la llamen.');
    expect(mail!.text).toContain('Teléfono: +51 912 345 678');
    expect(mail!.text).toContain('Horario preferido: «Mañana por la tarde»');
    expect(mail!.text).toContain('Mensaje: «Quiero teñirme de rubio»');
    expect(mail!.text).toContain('http://localhost:3000/admin/calls');
  });

  it('writes in English when that is the default language', async () => {
    await setSystemSettings(t.db.db, { siteName: 'Salón Rosa', defaultLanguage: 'en' });
    await api(t.app, 'POST', '/api/callbacks', { body: { ...callback, preferredTime: '' } });
    const [mail] = await sent();
    expect(mail!.subject).toBe('Salón Rosa: Callback request: “Rosa Quispe”');
    expect(mail!.text).toContain('Preferred time: any time');
  });

  it('refuses a name with line breaks at the door, sending nothing', async () => {
    const res = await api(t.app, 'POST', '/api/callbacks', {
      body: { ...callback, name: 'Eva\r\nBcc: victima@example.com' },
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    expect(await sent()).toHaveLength(0);
  });

  it('keeps a stored name with line breaks out of the headers, on one line and quoted, its link dead', async () => {
    // A row written before names were one line, or by any path around the contract.
    t.app.container.mail.callbackRequested({
      callbackId: 'cb_old',
      name: 'Eva\r\nBcc: victima@example.com\n\nPago rechazado: http://evil.test/pago',
      phone: '+51 912 345 678',
      preferredTime: 'tarde\n\nwww.evil.test',
      message: 'Hola\n\nSu pago de 45.90 fue rechazado » visite https://evil.test',
      status: 'open',
      createdAt: t.clock.now().toISOString(),
      doneAt: null,
    });
    const [mail, ...rest] = await sent();
    expect(rest).toHaveLength(0);
    expect(mail!.bcc).toBeUndefined();
    expect(mail!.html).toBe(false);
    expect(mail!.subject).toBe(
      'Salón Rosa: Solicitud de llamada: «Eva / Bcc: victima@example[.]com / Pago rechazado: http[:]//evil[.]test/pago»',
    );
    const text = mail!.text!;
    expect(text).toContain(
      '«Eva / Bcc: victima@example[.]com / Pago rechazado: http[:]//evil[.]test/pago» dejó una solicitud para que la llamen.',
    );
    expect(text).toContain('Horario preferido: «tarde / www[.]evil[.]test»\n');
    expect(text).toContain(
      'Mensaje: «Hola / Su pago de 45.90 fue rechazado " visite https[:]//evil[.]test»\n',
    );
    // No line of the mail starts with what she typed, and no link but the salon's own.
    expect(text.split('\n').filter((line) => /^(Pago|Su pago|www)/.test(line))).toEqual([]);
    expect(text.match(/https?:\/\/[^\s]+/g)).toEqual(['http://localhost:3000/admin/calls']);
  });

  it('tells the admin about a call nobody answered, with the visitor details to call back', async () => {
    const stylist = await insertAdvisor(t.db.db, { now: t.clock.now() });
    const call = await requestCall(t.app, { name: 'Ana Torres', phone: '+51 999 111 222' });
    expect(call.advisorId).toBe(stylist.id);
    await api(t.app, 'POST', `/api/calls/${call.callId}/decline`, { token: stylist.token });
    const [mail, ...rest] = await sent();
    expect(rest).toHaveLength(0);
    expect(mail!.subject).toBe('Salón Rosa: Llamada sin respuesta: «Ana Torres»');
    expect(mail!.text).toContain('Teléfono: +51 999 111 222');
    expect(mail!.text).toContain('Tema: Cuidado del cabello');
  });

  it('sends nothing for an answered call or a cancelled one', async () => {
    const stylist = await insertAdvisor(t.db.db, { now: t.clock.now() });
    // Without her address: the visitor's own e-mail (her summary) is modules/summary's.
    const answered = await requestCall(t.app, { email: '' });
    await api(t.app, 'POST', `/api/calls/${answered.callId}/accept`, { token: stylist.token });
    await api(t.app, 'POST', `/api/calls/${answered.callId}/end`, { token: stylist.token });
    const cancelled = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${cancelled.callId}/cancel`, {
      clientKey: cancelled.clientKey,
      body: {},
    });
    expect(await sent()).toHaveLength(0);
  });

  it('sends nothing while e-mail notifications are off', async () => {
    await setSettingsSection(t.db.db, 'notifications', {
      adminEmail: ADMIN_MAILBOX,
      emailNotifications: false,
    });
    await api(t.app, 'POST', '/api/callbacks', { body: callback });
    const stylist = await insertAdvisor(t.db.db, { now: t.clock.now() });
    const call = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${call.callId}/decline`, { token: stylist.token });
    expect(await sent()).toHaveLength(0);
  });

  it('does not fail the visitor when the mail server refuses', async () => {
    smtp.refuseNext();
    const res = await api(t.app, 'POST', '/api/callbacks', { body: callback });
    expect(res.status).toBe(201);
    expect(await sent()).toHaveLength(0);
  });

  describe('POST /api/settings/test-email', () => {
    it('sends the test message to the saved admin e-mail, or to the address given', async () => {
      const saved = await api(t.app, 'POST', '/api/settings/test-email', {
        token: admin.token,
        body: {},
      });
      expect(saved.status).toBe(200);
      expect(saved.data).toEqual({ sentTo: ADMIN_MAILBOX });
      const given = await api(t.app, 'POST', '/api/settings/test-email', {
        token: admin.token,
        body: { to: 'otra@salon.pe' },
      });
      expect(given.data).toEqual({ sentTo: 'otra@salon.pe' });
      expect(smtp.messages.map(recipientOf)).toEqual([ADMIN_MAILBOX, 'otra@salon.pe']);
      expect(smtp.messages[0]!.subject).toBe('Salón Rosa: Correo de prueba');
      expect(smtp.messages[0]!.text).toContain('enviado por Carmen Admin');
    });

    it('works while alerts are off (it tests the server, not the switch)', async () => {
      await setSettingsSection(t.db.db, 'notifications', {
        adminEmail: ADMIN_MAILBOX,
        emailNotifications: false,
      });
      const res = await api(t.app, 'POST', '/api/settings/test-email', {
        token: admin.token,
        body: {},
      });
      expect(res.status).toBe(200);
      expect(smtp.messages).toHaveLength(1);
    });

    it('is for admins only', async () => {
      const stylist = await insertAdvisor(t.db.db, { now: t.clock.now() });
      expect((await api(t.app, 'POST', '/api/settings/test-email', { body: {} })).status).toBe(401);
      expect(
        (await api(t.app, 'POST', '/api/settings/test-email', { token: stylist.token, body: {} }))
          .status,
      ).toBe(403);
      expect(smtp.messages).toHaveLength(0);
    });

    it('refuses a bad address or an extra field with 400, sending nothing', async () => {
      for (const body of [{ to: 'no-es-un-correo' }, { to: 42 }, { to: 'a@b.pe', cc: 'x@y.pe' }]) {
        const res = await api(t.app, 'POST', '/api/settings/test-email', {
          token: admin.token,
          body,
        });
        expect(res.status).toBe(400);
      }
      expect(smtp.messages).toHaveLength(0);
    });

    it('answers 400 EMAIL_RECIPIENT_MISSING when there is no address at all', async () => {
      await setSettingsSection(t.db.db, 'notifications', {
        adminEmail: '',
        emailNotifications: false,
      });
      const res = await api(t.app, 'POST', '/api/settings/test-email', {
        token: admin.token,
        body: {},
      });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('EMAIL_RECIPIENT_MISSING');
    });

    it("answers 502 EMAIL_SEND_FAILED with the server's reply when the message is refused", async () => {
      smtp.refuseNext();
      const res = await api(t.app, 'POST', '/api/settings/test-email', {
        token: admin.token,
        body: {},
      });
      expect(res.status).toBe(502);
      expect(res.body.error?.code).toBe('EMAIL_SEND_FAILED');
      expect(res.body.error?.details).toEqual({ detail: '550 Mailbox unavailable' });
    });
  });
});

describe('e-mail with wrong SMTP credentials or no SMTP at all', () => {
  let smtp: TestSmtp;
  beforeEach(async () => {
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('reports the refused login without the password, in the answer and the logs', async () => {
    const wrong = smtp.url.replace(encodeURIComponent(smtp.password), 'Wr0ng-Secret');
    const lines: string[] = [];
    const t = await createTestApp({
      config: { smtp: { url: wrong, from: 'avisos@salon.pe' }, logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const admin = await insertAdvisor(t.db.db, { isAdmin: true, now: t.clock.now() });
      await setSettingsSection(t.db.db, 'notifications', { adminEmail: ADMIN_MAILBOX });
      const res = await api(t.app, 'POST', '/api/settings/test-email', {
        token: admin.token,
        body: {},
      });
      expect(res.status).toBe(502);
      expect(res.body.error?.code).toBe('EMAIL_SEND_FAILED');
      await api(t.app, 'POST', '/api/callbacks', { body: callback });
      await t.app.container.mail.idle();
      expect(lines.join('\n')).toContain('e-mail not sent');
      const everything = JSON.stringify(res.body) + lines.join('\n');
      expect(everything).not.toContain('Wr0ng-Secret');
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('without SMTP_URL: status says e-mail is off (amber, not OK), the test answers 409, a callback sends nothing', async () => {
    const t = await createTestApp();
    try {
      const admin = await insertAdvisor(t.db.db, { isAdmin: true, now: t.clock.now() });
      const status = await api<{ email: unknown }>(t.app, 'GET', '/api/system/status', {
        token: admin.token,
      });
      expect(status.data.email).toMatchObject({
        configured: false,
        atRisk: true,
        reason: 'email_off',
      });
      const res = await api(t.app, 'POST', '/api/settings/test-email', {
        token: admin.token,
        body: {},
      });
      expect(res.status).toBe(409);
      expect(res.body.error?.code).toBe('EMAIL_NOT_CONFIGURED');
      expect((await api(t.app, 'POST', '/api/callbacks', { body: callback })).status).toBe(201);
      await t.app.container.mail.idle();
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe.each(await dialects())('daily summary with two instances (%s)', (dialect) => {
  let smtp: TestSmtp;
  let one: TestApp;
  let two: TestApp;
  // 2026-11-24 10:00 in Lima (UTC-5).
  const clock = new ManualClock('2026-11-24T15:00:00.000Z');

  beforeEach(async () => {
    clock.set('2026-11-24T15:00:00.000Z');
    smtp = await startTestSmtp();
    const config = { smtp: { url: smtp.url, from: 'avisos@salon.pe' } };
    one = await createCallsTestApp(dialect, { config, clock, instanceId: 'instance-one' });
    two = await createTestApp({
      db: one.db,
      clock,
      instanceId: 'instance-two',
      config: { ...config, callRequestRateLimit: 100_000 },
    });
    await setSettingsSection(one.db.db, 'notifications', { adminEmail: ADMIN_MAILBOX });
  });
  afterEach(async () => {
    await two.close();
    await one.close();
    await smtp.close();
  });

  const sweepBoth = () =>
    Promise.all([
      one.app.container.sweeper.sweep(clock.now()),
      two.app.container.sweeper.sweep(clock.now()),
    ]);

  it("sends the day's figures once, after the Lima day ended, whichever instance gets there first", async () => {
    const stylist = await insertAdvisor(one.db.db, { name: 'Milagros', now: clock.now() });
    const answered = await requestCall(one.app);
    clock.advance(30_000);
    await api(one.app, 'POST', `/api/calls/${answered.callId}/accept`, { token: stylist.token });
    clock.advance(10 * 60_000);
    await api(one.app, 'POST', `/api/calls/${answered.callId}/end`, { token: stylist.token });
    await api(one.app, 'POST', `/api/calls/${answered.callId}/rating`, {
      clientKey: answered.clientKey,
      body: { rating: 4 },
    });
    await refreshPresence(one.db.db, clock.now());
    const unanswered = await requestCall(one.app);
    await api(one.app, 'POST', `/api/calls/${unanswered.callId}/decline`, { token: stylist.token });
    await api(one.app, 'POST', '/api/callbacks', { body: callback });
    await one.app.container.mail.idle();
    smtp.messages.length = 0;

    // Still the 24th in Lima (23:59): nothing yet (and none for the 23rd: the salon did not exist).
    clock.set('2026-11-25T04:59:00.000Z');
    expect((await sweepBoth()).map((r) => r.summaries)).toEqual([0, 0]);
    // Just after midnight in Lima: one of the two sends it.
    clock.set('2026-11-25T05:00:30.000Z');
    expect((await sweepBoth()).map((r) => r.summaries).sort()).toEqual([0, 1]);
    clock.advance(60 * 60_000);
    expect((await sweepBoth()).map((r) => r.summaries)).toEqual([0, 0]);

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(recipientOf(mail)).toBe(ADMIN_MAILBOX);
    // A salon not named yet signs with the neutral name, never the product's.
    expect(mail.subject).toBe('Nuestro salón: Resumen del martes, 24 de noviembre de 2026');
    expect(mail.text).toContain('Consultas solicitadas: 2');
    expect(mail.text).toContain('Atendidas: 1');
    expect(mail.text).toContain('Sin respuesta: 1');
    expect(mail.text).toContain('Espera media hasta ser atendida: 30 s');
    expect(mail.text).toContain('Duración media: 10 min 0 s');
    expect(mail.text).toContain('Valoración media: 4.0 / 5 (1)');
    expect(mail.text).toContain('- Milagros: 1 atendidas');
    expect(mail.text).toContain('Solicitudes de llamada nuevas: 1');
  });

  it('retries a refused summary later, and sends none while e-mail is off', async () => {
    await insertAdvisor(one.db.db, { isAdmin: true, now: clock.now() });
    await setSettingsSection(one.db.db, 'notifications', {
      adminEmail: ADMIN_MAILBOX,
      emailNotifications: false,
    });
    clock.set('2026-11-25T05:01:00.000Z');
    expect((await sweepBoth()).map((r) => r.summaries)).toEqual([0, 0]);
    expect(smtp.messages).toHaveLength(0);

    await setSettingsSection(one.db.db, 'notifications', { adminEmail: ADMIN_MAILBOX });
    clock.advance(61_000);
    smtp.refuseNext();
    expect((await sweepBoth()).map((r) => r.summaries)).toEqual([0, 0]);
    expect(smtp.messages).toHaveLength(0);
    clock.advance(11 * 60_000);
    expect((await sweepBoth()).map((r) => r.summaries).sort()).toEqual([0, 1]);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.text).toContain('No hubo consultas ese día.');
  });
});

describe("what a visitor typed, in the admin's and her own mails", () => {
  const ctx = { language: 'en' as const, siteName: 'Salón Rosa', publicUrl: 'https://salon.pe' };

  it('quotes a free-text subject and a message on one line, their links dead, her address whole', () => {
    const mail = noAnswerMail(ctx, 'owner@salon.pe', {
      name: 'Ana “Boss” Torres',
      phone: '+51 999 111 222',
      email: 'ana.torres@mail.example',
      subject: 'Tinte\r\n\r\nURGENT: verify at www.evil.test',
      message: 'Hola\u2028\u2028Click https://evil.test\u202e',
      requestedAt: '2026-11-24T15:00:00.000Z',
    });
    expect(mail.subject).toBe('Salón Rosa: Unanswered call: “Ana "Boss" Torres”');
    expect(mail.text).toContain('E-mail: ana.torres@mail.example\n');
    expect(mail.text).toContain('Topic: “Tinte / URGENT: verify at www[.]evil[.]test”\n');
    expect(mail.text).toContain('Message: “Hola / Click https[:]//evil[.]test”\n');
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual(['https://salon.pe/admin/calls']);
  });

  it("keeps a stylist's name unquoted but inert in the visitor's summary mail", () => {
    const mail = visitorSummaryMail(ctx, 'ana@mail.example', {
      clientName: 'Ana\n\nYour payment failed',
      advisorName: 'Eva\nhttp://evil.test',
      url: 'https://salon.pe/resumen/s_1#k',
      expiresAt: '2026-12-24T15:00:00.000Z',
    });
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hello “Ana / Your payment failed”,');
    expect(lines[2]).toContain('consultation with Eva / http[:]//evil[.]test.');
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual(['https://salon.pe/resumen/s_1#k']);
  });
});
