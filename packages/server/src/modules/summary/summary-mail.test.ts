/**
 * The visitor's summary e-mail: real messages through the app's real SMTP transport to an SMTP
 * server started by the test, once per call whoever ends it and however many instances race; none
 * without her address, for a call that never connected, or without SMTP.
 */
import type { ParsedMail } from 'mailparser';
import type { CallDetails, SummaryLink } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/ids.js';
import {
  api,
  createCallsTestApp,
  databaseText,
  insertAdvisor,
  refreshPresence,
  requestCall,
  setSystemSettings,
  type RequestedCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { confirmedEmail } from '../../test/email-confirmations.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../test/smtp.js';

const MINUTE = 60_000;

describe.each(await dialects())("the visitor's summary e-mail (%s)", (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let eva: TestAdvisor;
  let admin: TestAdvisor;

  beforeEach(async () => {
    smtp = await startTestSmtp();
    t = await createCallsTestApp(dialect, {
      config: { smtp: { url: smtp.url, from: 'avisos@salon.pe' } },
      instanceId: 'one',
    });
    admin = await insertAdvisor(t.db.db, {
      name: 'Carmen Admin',
      isAdmin: true,
      status: 'offline',
      now: t.clock.now(),
    });
    eva = await insertAdvisor(t.db.db, { name: 'Eva Estilista', now: t.clock.now() });
    await setSystemSettings(t.db.db, { siteName: 'Salón Rosa' });
    // Her address is confirmed: this suite is about the summary's e-mail (the one e-mail an
    // unconfirmed address gets: email-confirmations.test.ts).
    await confirmedEmail(t.db.db, 'lucia@example.pe');
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const sent = async (...apps: TestApp[]): Promise<ParsedMail[]> => {
    for (const app of [t, ...apps]) await app.app.container.mail.idle();
    return smtp.messages;
  };

  async function activeCall(over: Parameters<typeof requestCall>[1] = {}): Promise<RequestedCall> {
    await refreshPresence(t.db.db, t.clock.now());
    const call = await requestCall(t.app, { name: 'Lucía Pérez', ...over });
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: eva.token,
    });
    expect(accepted.status).toBe(200);
    return call;
  }

  const endBy = (
    app: TestApp,
    call: RequestedCall,
    creds: { token?: string; clientKey?: string },
  ) => api(app.app, 'POST', `/api/calls/${call.callId}/end`, creds);

  async function linkOf(call: RequestedCall): Promise<SummaryLink> {
    const res = await api<SummaryLink>(t.app, 'GET', `/api/calls/${call.callId}/summary-link`, {
      clientKey: call.clientKey,
    });
    expect(res.status).toBe(200);
    return res.data;
  }

  /** The summary link in a message's text, checked to open her summary. */
  async function linkIn(text: string | undefined, call: RequestedCall): Promise<string> {
    const found = new RegExp(
      `http://localhost:3000/resumen/${call.callId}#[\\w-]{43}(?![\\w-])`,
    ).exec(text ?? '');
    if (!found) throw new Error(`no summary link in: ${text}`);
    const opened = await api(t.app, 'GET', `/api/summaries/${call.callId}`, {
      headers: { 'x-summary-key': new URL(found[0]).hash.slice(1) },
    });
    expect(opened.status).toBe(200);
    return found[0];
  }

  it('sends her the link to her summary once, in Spanish, and the link opens it', async () => {
    // The salon's contacts from "Mi salón" sign the message; those left empty are not shown.
    const profile = await t.app.container.salon.get();
    await t.app.container.salon.update(
      { advisorId: admin.id },
      { ...profile, name: 'Salón Rosa', whatsapp: '+51 987 654 321', email: 'hola@salonrosa.pe' },
    );
    const call = await activeCall();
    t.clock.advance(10 * MINUTE);
    expect((await endBy(t, call, { token: eva.token })).status).toBe(200);
    const [mail, ...rest] = await sent();
    expect(rest).toHaveLength(0);
    expect(recipientOf(mail!)).toBe('lucia@example.pe');
    expect(mail!.from?.value[0]).toEqual({ name: 'Salón Rosa', address: 'avisos@salon.pe' });
    expect(mail!.subject).toBe('Salón Rosa: El resumen de tu consulta');
    const url = await linkIn(mail!.text, call);
    expect(mail!.text).toBe(
      [
        'Hola, «Lucía Pérez»:',
        '',
        'Gracias por tu consulta con Eva Estilista. Aquí tienes su resumen, con las recomendaciones, el chat y las fotos:',
        url,
        '',
        'El enlace es solo para ti: quien lo tenga puede ver el resumen, así que no lo compartas.',
        'Estará disponible hasta el 20 de diciembre de 2026; después se borra, junto con el chat y las fotos.',
        '',
        '-- ',
        'Salón Rosa',
        'WhatsApp: +51 987 654 321',
        'Correo: hola@salonrosa.pe',
        'Te escribimos porque dejaste tu email al pedir la consulta en Salón Rosa.',
        '',
      ].join('\n'),
    );
    // The key in the e-mail is its own; her page's link is another, and both open her summary.
    const pageUrl = `http://localhost:3000${(await linkOf(call)).path}`;
    expect(pageUrl).not.toBe(url);
    expect(await linkIn(pageUrl, call)).toBe(pageUrl);
    expect(await linkIn(url, call)).toBe(url);
    // Neither key is stored, only their hashes.
    const dump = await databaseText(t.db);
    for (const link of [url, pageUrl]) {
      const key = new URL(link).hash.slice(1);
      expect(dump).not.toContain(key);
      expect(dump).toContain(hashSecret(key));
    }
    // A second completion notice (another instance, a replay) sends nothing more.
    const details = await api<CallDetails>(t.app, 'GET', `/api/calls/${call.callId}`, {
      token: admin.token,
    });
    t.app.container.mail.callCompleted(details.data);
    t.app.container.mail.callCompleted(details.data);
    expect(await sent()).toHaveLength(1);
  });

  it('writes in English when she asked in English', async () => {
    const call = await activeCall({ language: 'en' });
    t.clock.advance(5 * MINUTE);
    await endBy(t, call, { clientKey: call.clientKey });
    const [mail] = await sent();
    expect(mail!.subject).toBe('Salón Rosa: Your consultation summary');
    expect(mail!.text).toContain('Hello “Lucía Pérez”,');
    expect(mail!.text).toContain('Thank you for your consultation with Eva Estilista.');
    await linkIn(mail!.text, call);
    expect(mail!.text).toContain('It is available until December 20, 2026;');
  });

  it('sends nothing without her e-mail, nor for a call cancelled before it started', async () => {
    const noEmail = await activeCall({ email: '' });
    await endBy(t, noEmail, { token: eva.token });
    await refreshPresence(t.db.db, t.clock.now());
    const cancelled = await requestCall(t.app, { name: 'Rosa' });
    await api(t.app, 'POST', `/api/calls/${cancelled.callId}/cancel`, {
      clientKey: cancelled.clientKey,
      body: {},
    });
    expect(await sent()).toHaveLength(0);
    // Nothing was made for them either.
    expect(await t.db.db.selectFrom('call_summaries').select('call_id').execute()).toEqual([]);
  });

  it('a refused message fails nothing: the call ended, the link still works', async () => {
    const call = await activeCall();
    smtp.refuseNext();
    expect((await endBy(t, call, { token: eva.token })).status).toBe(200);
    expect(await sent()).toHaveLength(0);
    expect((await linkOf(call)).path).toMatch(/^\/resumen\//);
  });

  it('sends once when the visitor and her advisor end the call at the same moment on two instances', async () => {
    const two = await createTestApp({
      db: t.db,
      clock: t.clock,
      instanceId: 'two',
      config: { smtp: { url: smtp.url, from: 'avisos@salon.pe' } },
    });
    try {
      const call = await activeCall();
      t.clock.advance(MINUTE);
      const ends = await Promise.all([
        endBy(t, call, { clientKey: call.clientKey }),
        endBy(two, call, { token: eva.token }),
      ]);
      expect(ends.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await sent(two)).map(recipientOf)).toEqual(['lucia@example.pe']);

      // The system ends the next one at maxCallDuration while both instances sweep.
      const long = await activeCall({ email: 'ana@example.pe' });
      t.clock.advance(60 * MINUTE);
      await refreshPresence(t.db.db, t.clock.now());
      const reports = await Promise.all([
        t.app.container.sweeper.sweep(t.clock.now()),
        two.app.container.sweeper.sweep(t.clock.now()),
      ]);
      expect(reports.map((r) => r.ended).sort()).toEqual([0, 1]);
      expect((await sent(two)).map(recipientOf)).toEqual(['lucia@example.pe', 'ana@example.pe']);
      const emailed = await t.db.db
        .selectFrom('call_summaries')
        .select(['call_id', 'emailed_at'])
        .orderBy('emailed_at')
        .execute();
      expect(emailed.map((r) => r.call_id)).toEqual([call.callId, long.callId]);
    } finally {
      await two.close();
    }
  });
});

describe("the visitor's summary e-mail without SMTP", () => {
  it('sends nothing and makes nothing', async () => {
    const smtp = await startTestSmtp();
    const t = await createCallsTestApp('sqlite');
    try {
      const eva = await insertAdvisor(t.db.db, { now: t.clock.now() });
      const call = await requestCall(t.app);
      await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: eva.token });
      await api(t.app, 'POST', `/api/calls/${call.callId}/end`, { token: eva.token });
      await t.app.container.mail.idle();
      expect(smtp.messages).toHaveLength(0);
      expect(await t.db.db.selectFrom('call_summaries').select('call_id').execute()).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
