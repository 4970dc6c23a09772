/**
 * The visitor's hair intake over the real stack, on both databases: stored with her request, read
 * with the patch-test flag by the stylist it rings (and admins, and herself), its photos added by
 * her alone while she waits through the chat's photo pipeline, read only by the call's stylist
 * and admins, refused input leaving nothing stored, and her summary keeping it all.
 */
import {
  SUMMARY_KEY_HEADER,
  type CallSummary,
  type ErrorBody,
  type Intake,
  type SummaryLink,
} from '@belleza/contract';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  requestBody,
  requestCall,
  type RequestedCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { METADATA_MARKS, testPhoto } from '../../test/photos.js';

type Creds = { token?: string; clientKey?: string };

describe.each(await dialects())('the hair intake (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let bea: TestAdvisor;
  let photo: Buffer;

  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
    admin = await insertAdvisor(t.db.db, {
      name: 'Rosa Admin',
      isAdmin: true,
      status: 'offline',
      now: t.clock.now(),
    });
    eva = await insertAdvisor(t.db.db, { name: 'Eva Estilista', now: t.clock.now() });
    // Signed in but not taking calls: every call rings Eva.
    bea = await insertAdvisor(t.db.db, { name: 'Bea Otra', status: 'offline', now: t.clock.now() });
    photo = await testPhoto({ width: 800, height: 600, metadata: true });
  });

  afterEach(async () => {
    await t.close();
  });

  const visitor = (call: RequestedCall): Creds => ({ clientKey: call.clientKey });
  const staff = (who: TestAdvisor): Creds => ({ token: who.token });
  const headersOf = (creds: Creds): Record<string, string> => ({
    ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
    ...(creds.clientKey !== undefined ? { 'x-client-key': creds.clientKey } : {}),
  });

  const withIntake = (intake: unknown = { chemicalHistory: ['none'], allergies: '' }) =>
    requestCall(t.app, { intake } as Parameters<typeof requestCall>[1]);

  const readIntake = (callId: string, creds: Creds) =>
    api<Intake | null>(t.app, 'GET', `/api/calls/${callId}/intake`, creds);

  const putPhoto = async (
    callId: string,
    slot: string,
    creds: Creds,
    data: Buffer | string = photo,
    contentType = 'image/jpeg',
  ) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/calls/${callId}/intake/photos/${slot}`,
      headers: { ...headersOf(creds), 'content-type': contentType },
      payload: data,
    });
    return {
      status: res.statusCode,
      body: JSON.parse(res.body) as { data?: Intake } & Partial<ErrorBody>,
    };
  };

  const getPhoto = (callId: string, slot: string, creds: Creds) =>
    t.app.inject({
      method: 'GET',
      url: `/api/calls/${callId}/intake/photos/${slot}`,
      headers: headersOf(creds),
    });

  const codeOf = (res: { status: number; body: { error?: { code: string } } }) => [
    res.status,
    res.body.error?.code,
  ];
  const injectedCode = (res: { statusCode: number; body: string }) => [
    res.statusCode,
    (JSON.parse(res.body) as Partial<ErrorBody>).error?.code,
  ];

  const counts = async () => ({
    calls: (await t.db.db.selectFrom('calls').select('id').execute()).length,
    intakes: (await t.db.db.selectFrom('call_intakes').select('call_id').execute()).length,
    images: (await t.db.db.selectFrom('call_images').select('id').execute()).length,
  });

  it('is stored with her request and read by the stylist it rings, with the patch-test flag', async () => {
    const call = await withIntake({ chemicalHistory: ['henna'], allergies: 'Alergia al níquel' });
    expect(call.advisorId).toBe(eva.id);
    const read = await readIntake(call.callId, staff(eva));
    expect(read.status).toBe(200);
    expect(read.data).toEqual({
      chemicalHistory: ['henna'],
      allergies: 'Alergia al níquel',
      photos: { current: null, inspiration: null },
      patchTest: { needed: true, reasons: ['allergy', 'first_colour', 'henna'] },
      updatedAt: t.clock.now().toISOString(),
    });
    // Admins and the visitor herself read the same; another advisor does not.
    expect((await readIntake(call.callId, staff(admin))).data).toEqual(read.data);
    expect((await readIntake(call.callId, visitor(call))).data).toEqual(read.data);
    expect(codeOf(await readIntake(call.callId, staff(bea)))).toEqual([403, 'FORBIDDEN']);
    expect(codeOf(await readIntake(call.callId, { clientKey: 'not-the-key' }))).toEqual([
      403,
      'INVALID_CLIENT_KEY',
    ]);
  });

  it('raises no flag for a recent colour without allergies, and is null when she sent none', async () => {
    const coloured = await withIntake({ chemicalHistory: ['dye', 'straightening'] });
    expect((await readIntake(coloured.callId, staff(eva))).data?.patchTest).toEqual({
      needed: false,
      reasons: [],
    });
    const plain = await requestCall(t.app, { phone: '+51 912 345 678' });
    const none = await readIntake(plain.callId, staff(admin));
    expect([none.status, none.data]).toEqual([200, null]);
  });

  it('refuses a bad intake with a 400 and stores no call and no intake', async () => {
    const before = await counts();
    for (const intake of [
      { chemicalHistory: ['tinte'] },
      { chemicalHistory: ['none', 'dye'] },
      { allergies: 'x'.repeat(301) },
      { allergies: 'PPD\nBcc: x@evil.test' },
      { photo: 'data:image/jpeg;base64,AAAA' },
      'henna',
    ]) {
      const res = await api(t.app, 'POST', '/api/calls/request', {
        body: { ...requestBody(), intake },
      });
      expect(codeOf(res), JSON.stringify(intake)).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await counts()).toEqual(before);
  });

  it('takes her photos while she waits, re-encoded, and tells the stylist it rings', async () => {
    const call = await withIntake();
    t.notifier.clear();
    const current = await putPhoto(call.callId, 'current', visitor(call));
    expect(current.status).toBe(200);
    expect(current.body.data?.photos.current).toMatchObject({ width: 800, height: 600 });
    expect(current.body.data?.photos.inspiration).toBeNull();
    expect(t.notifier.of('call:intake:updated').map((e) => [e.room, e.payload])).toEqual([
      [`advisor:${eva.id}`, { callId: call.callId }],
      ['admins', { callId: call.callId }],
    ]);

    // Stored as a JPEG without the phone's metadata (the chat's pipeline).
    const served = await getPhoto(call.callId, 'current', staff(eva));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.exif, meta.xmp]).toEqual(['jpeg', undefined, undefined]);
    expect(served.rawPayload.includes(Buffer.from(METADATA_MARKS.copyright))).toBe(false);

    // A second photo in the slot replaces the first (its row goes).
    expect((await putPhoto(call.callId, 'current', visitor(call))).status).toBe(200);
    expect((await counts()).images).toBe(1);
    const inspiration = await putPhoto(call.callId, 'inspiration', visitor(call));
    expect(inspiration.body.data?.photos.inspiration).not.toBeNull();
    expect((await counts()).images).toBe(2);
  });

  it("lets only the call's stylist, admins and the visitor read the photos", async () => {
    const call = await withIntake();
    expect((await putPhoto(call.callId, 'current', visitor(call))).status).toBe(200);
    expect((await getPhoto(call.callId, 'current', staff(eva))).statusCode).toBe(200);
    expect((await getPhoto(call.callId, 'current', staff(admin))).statusCode).toBe(200);
    expect((await getPhoto(call.callId, 'current', visitor(call))).statusCode).toBe(200);
    expect(injectedCode(await getPhoto(call.callId, 'current', staff(bea)))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(injectedCode(await getPhoto(call.callId, 'current', {}))).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    expect(injectedCode(await getPhoto(call.callId, 'inspiration', staff(eva)))).toEqual([
      404,
      'INTAKE_NOT_FOUND',
    ]);
    // Once Eva took the call it is hers: still readable by her.
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    expect((await getPhoto(call.callId, 'current', staff(eva))).statusCode).toBe(200);
  });

  it('takes photos only from her own call, while it waits, into an intake she sent', async () => {
    const call = await withIntake();
    const other = await withIntake();
    const plain = await requestCall(t.app, { phone: '+51 912 345 678' });
    const before = await counts();
    expect(codeOf(await putPhoto(call.callId, 'current', visitor(other)))).toEqual([
      403,
      'INVALID_CLIENT_KEY',
    ]);
    expect(codeOf(await putPhoto(call.callId, 'current', staff(eva)))).toEqual([403, 'FORBIDDEN']);
    expect(codeOf(await putPhoto(call.callId, 'current', staff(admin)))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(codeOf(await putPhoto(plain.callId, 'current', visitor(plain)))).toEqual([
      404,
      'INTAKE_NOT_FOUND',
    ]);
    expect(codeOf(await putPhoto(call.callId, 'profile', visitor(call)))).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
    expect(codeOf(await putPhoto(call.callId, 'current', visitor(call), 'not a photo'))).toEqual([
      415,
      'UNSUPPORTED_IMAGE',
    ]);
    expect(
      codeOf(await putPhoto(call.callId, 'current', visitor(call), '{}', 'application/json')),
    ).toEqual([415, 'UNSUPPORTED_IMAGE']);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    expect(codeOf(await putPhoto(call.callId, 'current', visitor(call)))).toEqual([
      409,
      'CALL_NOT_PENDING',
    ]);
    expect(await counts()).toEqual(before);
    expect((await readIntake(call.callId, staff(eva))).data?.photos.current).toBeNull();
  });

  it('keeps an intake photo out of the chat', async () => {
    const call = await withIntake();
    expect((await putPhoto(call.callId, 'current', visitor(call))).status).toBe(200);
    const row = await t.db.db.selectFrom('call_images').select(['id', 'kind']).executeTakeFirst();
    expect(row?.kind).toBe('intake');
    const sent = await api(t.app, 'POST', `/api/calls/${call.callId}/messages`, {
      ...visitor(call),
      body: { id: crypto.randomUUID(), body: '', imageId: row?.id },
    });
    expect(codeOf(sent)).toEqual([404, 'IMAGE_NOT_FOUND']);
  });

  it('goes with the nightly retention purge, photos included, as the chat does', async () => {
    const call = await withIntake({ chemicalHistory: ['dye'], allergies: 'PPD' });
    expect((await putPhoto(call.callId, 'current', visitor(call))).status).toBe(200);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva))).status).toBe(
      200,
    );
    // 31 days later, past 03:00 in Lima (UTC-5): the purge is due and runs here.
    t.clock.set(
      new Date(
        Date.parse(t.clock.now().toISOString().slice(0, 10)) + 31 * 86_400_000 + 9 * 3_600_000,
      ).toISOString(),
    );
    expect((await t.app.container.sweeper.sweep(t.clock.now())).purged).toBeGreaterThan(0);
    expect(await counts()).toMatchObject({ intakes: 0, images: 0 });
  });

  it('stays in her summary, photos included, behind her summary key', async () => {
    const call = await withIntake({ chemicalHistory: ['bleach'], allergies: 'PPD' });
    expect((await putPhoto(call.callId, 'inspiration', visitor(call))).status).toBe(200);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    t.clock.advance(5 * 60_000);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva))).status).toBe(
      200,
    );
    const link = await api<SummaryLink>(
      t.app,
      'GET',
      `/api/calls/${call.callId}/summary-link`,
      visitor(call),
    );
    const key = link.data.path.split('#')[1] ?? '';
    const headers = { [SUMMARY_KEY_HEADER]: key };
    const summary = await api<CallSummary>(t.app, 'GET', `/api/summaries/${call.callId}`, {
      headers,
    });
    expect(summary.status).toBe(200);
    expect(summary.data.intake).toMatchObject({
      chemicalHistory: ['bleach'],
      allergies: 'PPD',
      photos: { current: null, inspiration: { width: 800, height: 600 } },
      patchTest: { needed: true, reasons: ['allergy'] },
    });
    const url = `/api/summaries/${call.callId}/intake/photos/inspiration`;
    const served = await t.app.inject({ method: 'GET', url, headers });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const wrongKey = await t.app.inject({
      method: 'GET',
      url,
      headers: { [SUMMARY_KEY_HEADER]: 'x'.repeat(40) },
    });
    expect(injectedCode(wrongKey)).toEqual([404, 'SUMMARY_NOT_FOUND']);
  });
});
