import type { Advisor, AdvisorAvailability, AuditEntry, TeamMember } from '@belleza/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeCallRow } from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { CURRENT_PASSWORD_CHECKS } from './advisor-accounts.service.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from './advisors.fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const insertCall = async (
  t: TestApp,
  advisorId: string | null,
  fields: {
    status: 'pending' | 'active' | 'completed' | 'cancelled';
    rating?: number | null;
    durationSeconds?: number | null;
  },
) => {
  const now = t.clock.now().toISOString();
  const id = `call_${Math.random().toString(36).slice(2)}`;
  await t.db.db
    .insertInto('calls')
    .values({
      ...activeCallRow(id, now),
      status: fields.status,
      advisor_id: advisorId,
      client_name: 'Cliente',
      client_phone: '999 888 777',
      client_phone_normalized: '999888777',
      // Active and completed calls were answered; a pending or cancelled one only rang.
      accepted_at: fields.status === 'active' || fields.status === 'completed' ? now : null,
      started_at: null,
      duration_seconds: fields.durationSeconds ?? null,
      rating: fields.rating ?? null,
    })
    .execute();
  return id;
};

const auditRows = (t: TestApp, action: string) =>
  t.db.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('created_at')
    .execute();

describe.each(await dialects())('advisors (%s)', (dialect) => {
  describe('authorisation matrix', () => {
    let t: TestApp;
    let admin: SignedInAdvisor;
    let advisor: SignedInAdvisor;
    let other: SignedInAdvisor;
    beforeAll(async () => {
      t = await createTestApp({ dialect });
      admin = await addAdmin(t.app);
      advisor = await addAdvisor(t.app);
      // On the landing: its availability is public.
      other = await addAdvisor(t.app, { showOnLanding: true });
    });
    afterAll(async () => {
      await t.close();
    });

    // [method, path, body, anonymous, advisor (on someone else / admin route), admin]
    const cases: Array<[Method, () => string, unknown, number, number, number]> = [
      ['GET', () => '/api/advisors', undefined, 401, 403, 200],
      [
        'POST',
        () => '/api/advisors',
        () => ({ name: 'Nueva', email: `n${Math.random()}@x.pe`, password: 'password-1' }),
        401,
        403,
        201,
      ],
      ['GET', () => `/api/advisors/${other.advisor.advisorId}`, undefined, 401, 403, 200],
      [
        'PUT',
        () => `/api/advisors/${other.advisor.advisorId}`,
        { title: 'Estilista' },
        401,
        403,
        200,
      ],
      [
        'POST',
        () => `/api/advisors/${other.advisor.advisorId}/status`,
        { status: 'busy' },
        401,
        403,
        200,
      ],
      [
        'GET',
        () => `/api/advisors/${other.advisor.advisorId}/availability`,
        undefined,
        200,
        200,
        200,
      ],
      ['GET', () => '/api/advisors/me', undefined, 401, 200, 200],
      ['GET', () => '/api/audit', undefined, 401, 403, 200],
      ['GET', () => '/api/settings', undefined, 401, 403, 200],
      ['GET', () => '/api/settings/public', undefined, 200, 200, 200],
    ];

    it.each(cases)('%s %s', async (method, path, body, anonymous, asAdvisor, asAdmin) => {
      const payload = typeof body === 'function' ? (body as () => unknown) : () => body;
      const expectations: Array<[string | undefined, number]> = [
        [undefined, anonymous],
        [advisor.token, asAdvisor],
        [admin.token, asAdmin],
      ];
      for (const [token, expected] of expectations) {
        const res = await call(t.app, method, path(), {
          ...(token ? { token } : {}),
          body: payload(),
        });
        expect(res.status, `${method} ${path()} as ${token ? 'signed in' : 'anonymous'}`).toBe(
          expected,
        );
        if (expected === 401) expect(res.json<ErrorJson>().error.code).toBe('UNAUTHENTICATED');
        if (expected === 403) expect(res.json<ErrorJson>().error.code).toBe('FORBIDDEN');
      }
    });

    it('anonymous and advisors are refused before the body is even validated', async () => {
      const garbage = { name: 42 };
      expect((await call(t.app, 'POST', '/api/advisors', { body: garbage })).status).toBe(401);
      expect(
        (await call(t.app, 'POST', '/api/advisors', { token: advisor.token, body: garbage }))
          .status,
      ).toBe(403);
      expect(
        (await call(t.app, 'POST', '/api/advisors', { token: admin.token, body: garbage })).status,
      ).toBe(400);
    });

    it('DELETE is admin-only', async () => {
      const target = await addAdvisor(t.app);
      const path = `/api/advisors/${target.advisor.advisorId}`;
      expect((await call(t.app, 'DELETE', path)).status).toBe(401);
      expect((await call(t.app, 'DELETE', path, { token: advisor.token })).status).toBe(403);
      expect((await call(t.app, 'DELETE', path, { token: target.token })).status).toBe(403);
      expect((await call(t.app, 'DELETE', path, { token: admin.token })).status).toBe(200);
    });

    it('an advisor reads, edits and sets the status of their own profile', async () => {
      const base = `/api/advisors/${advisor.advisor.advisorId}`;
      const get = await call(t.app, 'GET', base, { token: advisor.token });
      expect(get.status).toBe(200);
      expect(get.json<OkJson<Advisor>>().data.advisorId).toBe(advisor.advisor.advisorId);

      const put = await call(t.app, 'PUT', base, {
        token: advisor.token,
        body: {
          name: 'Ana María',
          phone: '+51 999 111 222',
          title: 'Colorista',
          bio: 'Color y cortes',
          expertise: ['color', 'corte'],
          timezone: 'America/Bogota',
          autoAcceptCalls: true,
          workingHours: {
            ...advisor.advisor.settings.workingHours,
            saturday: { start: '10:00', end: '14:00', enabled: true },
          },
          // unchanged admin-only values may be sent back by a whole-object form
          isAdmin: false,
          maxConcurrentCalls: 1,
          email: advisor.advisor.email,
        },
      });
      expect(put.status).toBe(200);
      const updated = put.json<OkJson<Advisor>>().data;
      expect(updated.name).toBe('Ana María');
      expect(updated.profile).toMatchObject({
        title: 'Colorista',
        timezone: 'America/Bogota',
        expertise: ['color', 'corte'],
      });
      expect(updated.settings.autoAcceptCalls).toBe(true);
      expect(updated.settings.workingHours.saturday).toEqual({
        start: '10:00',
        end: '14:00',
        enabled: true,
      });

      const status = await call(t.app, 'POST', `${base}/status`, {
        token: advisor.token,
        body: { status: 'available' },
      });
      expect(status.status).toBe(200);
      expect(status.json<OkJson<Advisor>>()).toMatchObject({
        success: true,
        data: { status: 'available' },
      });
    });

    it.each([
      ['isAdmin', true],
      ['maxConcurrentCalls', 3],
      ['email', 'new-address@x.pe'],
    ])('an advisor may not change their own %s', async (field, value) => {
      const res = await call(t.app, 'PUT', `/api/advisors/${advisor.advisor.advisorId}`, {
        token: advisor.token,
        body: { [field]: value },
      });
      expect(res.status).toBe(403);
      expect(res.json<ErrorJson>().error.code).toBe('FORBIDDEN');
      const row = await t.app.container.advisors.getById(advisor.advisor.advisorId);
      expect(row.profile.isAdmin).toBe(false);
      expect(row.settings.maxConcurrentCalls).toBe(1);
    });
  });

  describe('behaviour', () => {
    let t: TestApp;
    let admin: SignedInAdvisor;
    beforeEach(async () => {
      t = await createTestApp({ dialect });
      admin = await addAdmin(t.app, { name: 'Jefa', email: 'jefa@salon.pe' });
    });
    afterEach(async () => {
      await t.close();
    });

    it('creates an advisor with the form defaults and answers 201 with the DTO', async () => {
      const res = await call(t.app, 'POST', '/api/advisors', {
        token: admin.token,
        body: {
          name: ' Carla ',
          email: 'Carla@Salon.PE',
          password: 'secret-123',
          expertise: ['Color', ' color ', 'Cortes'],
        },
      });
      expect(res.status).toBe(201);
      const a = res.json<OkJson<Advisor>>().data;
      expect(a).toMatchObject({
        name: 'Carla',
        email: 'carla@salon.pe',
        status: 'offline',
        statusReason: null,
        online: false,
        createdAt: t.clock.now().toISOString(),
        profile: {
          title: '',
          bio: '',
          phone: '',
          timezone: 'America/Lima',
          isAdmin: false,
          expertise: ['Color', 'Cortes'],
        },
        stats: { totalCalls: 0, completedCalls: 0, averageRating: 0, totalDuration: 0 },
        settings: { autoAcceptCalls: false, maxConcurrentCalls: 1 },
      });
      expect(a.settings.workingHours.monday).toEqual({
        start: '09:00',
        end: '17:00',
        enabled: true,
      });
      expect(a.settings.workingHours.sunday.enabled).toBe(false);
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      // and the new advisor can sign in
      const login = await call(t.app, 'POST', '/api/advisors/login', {
        body: { email: 'carla@salon.pe', password: 'secret-123' },
      });
      expect(login.status).toBe(200);
    });

    it('lists live advisors, optionally by status', async () => {
      t.clock.advance(1000);
      const ana = await addAdvisor(t.app, { name: 'Ana' });
      t.clock.advance(1000);
      const bea = await addAdvisor(t.app, { name: 'Bea' });
      await t.app.container.advisors.setStatus(ana.advisor.advisorId, 'available');
      const all = await call(t.app, 'GET', '/api/advisors', { token: admin.token });
      expect(all.json<OkJson<Advisor[]>>().data.map((a) => a.name)).toEqual(['Jefa', 'Ana', 'Bea']);
      const available = await call(t.app, 'GET', '/api/advisors?status=available', {
        token: admin.token,
      });
      expect(available.json<OkJson<Advisor[]>>().data.map((a) => a.advisorId)).toEqual([
        ana.advisor.advisorId,
      ]);
      const bad = await call(t.app, 'GET', '/api/advisors?status=sleeping', { token: admin.token });
      expect(bad.status).toBe(400);
      expect(bad.json<ErrorJson>().error.code).toBe('VALIDATION_ERROR');
      void bea;
    });

    it('answers 404 ADVISOR_NOT_FOUND for unknown and deleted ids', async () => {
      const gone = await addAdvisor(t.app);
      await t.app.container.advisors.remove(
        { advisorId: admin.advisor.advisorId, isAdmin: true },
        gone.advisor.advisorId,
      );
      for (const id of ['adv_doesnotexist', gone.advisor.advisorId]) {
        const requests: Array<[Method, string, unknown]> = [
          ['GET', `/api/advisors/${id}`, undefined],
          ['PUT', `/api/advisors/${id}`, { name: 'X' }],
          ['DELETE', `/api/advisors/${id}`, undefined],
          ['POST', `/api/advisors/${id}/status`, { status: 'available' }],
          ['GET', `/api/advisors/${id}/availability`, undefined],
        ];
        for (const [method, url, body] of requests) {
          const res = await call(t.app, method, url, { token: admin.token, body });
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(res.json<ErrorJson>().error.code).toBe('ADVISOR_NOT_FOUND');
        }
      }
    });

    it('keeps emails unique among live advisors, case-insensitively', async () => {
      const first = await call(t.app, 'POST', '/api/advisors', {
        token: admin.token,
        body: { name: 'Uno', email: 'Same@Salon.pe', password: 'password-1' },
      });
      expect(first.status).toBe(201);
      const dup = await call(t.app, 'POST', '/api/advisors', {
        token: admin.token,
        body: { name: 'Dos', email: 'same@SALON.PE', password: 'password-2' },
      });
      expect(dup.status).toBe(409);
      expect(dup.json<ErrorJson>().error.code).toBe('EMAIL_TAKEN');

      const other = await addAdvisor(t.app);
      const rename = await call(t.app, 'PUT', `/api/advisors/${other.advisor.advisorId}`, {
        token: admin.token,
        body: { email: 'SAME@salon.pe' },
      });
      expect(rename.status).toBe(409);
      expect(rename.json<ErrorJson>().error.code).toBe('EMAIL_TAKEN');
      // the admin's own email is "taken" too
      const clash = await call(t.app, 'PUT', `/api/advisors/${other.advisor.advisorId}`, {
        token: admin.token,
        body: { email: 'JEFA@salon.pe' },
      });
      expect(clash.status).toBe(409);

      // after a (soft) delete the address is free again
      const firstId = first.json<OkJson<Advisor>>().data.advisorId;
      expect(
        (await call(t.app, 'DELETE', `/api/advisors/${firstId}`, { token: admin.token })).status,
      ).toBe(200);
      const reuse = await call(t.app, 'POST', '/api/advisors', {
        token: admin.token,
        body: { name: 'Tres', email: 'same@salon.pe', password: 'password-3' },
      });
      expect(reuse.status).toBe(201);
    });

    it('a concurrent duplicate create gives one advisor and one EMAIL_TAKEN', async () => {
      const body = { name: 'Doble', email: 'twice@salon.pe', password: 'password-1' };
      const results = await Promise.all([
        call(t.app, 'POST', '/api/advisors', { token: admin.token, body }),
        call(t.app, 'POST', '/api/advisors', { token: admin.token, body }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const rows = await t.db.db
        .selectFrom('advisors')
        .select('id')
        .where('email', '=', 'twice@salon.pe')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('never lets the last admin lose admin rights', async () => {
      const self = await call(t.app, 'PUT', `/api/advisors/${admin.advisor.advisorId}`, {
        token: admin.token,
        body: { isAdmin: false },
      });
      expect(self.status).toBe(409);
      expect(self.json<ErrorJson>().error.code).toBe('LAST_ADMIN');
      expect(
        (await t.app.container.advisors.getById(admin.advisor.advisorId)).profile.isAdmin,
      ).toBe(true);

      // with a second admin, one of them may step down, and then the other may not
      const second = await addAdmin(t.app);
      const stepDown = await call(t.app, 'PUT', `/api/advisors/${admin.advisor.advisorId}`, {
        token: admin.token,
        body: { isAdmin: false },
      });
      expect(stepDown.status).toBe(200);
      const last = await call(t.app, 'PUT', `/api/advisors/${second.advisor.advisorId}`, {
        token: second.token,
        body: { isAdmin: false },
      });
      expect(last.status).toBe(409);
      expect(last.json<ErrorJson>().error.code).toBe('LAST_ADMIN');
    });

    it('two admins demoting each other at once leave one admin', async () => {
      const second = await addAdmin(t.app);
      const results = await Promise.all([
        call(t.app, 'PUT', `/api/advisors/${second.advisor.advisorId}`, {
          token: admin.token,
          body: { isAdmin: false },
        }),
        call(t.app, 'PUT', `/api/advisors/${admin.advisor.advisorId}`, {
          token: second.token,
          body: { isAdmin: false },
        }),
      ]);
      const statuses = results.map((r) => r.status);
      expect(statuses).toContain(200);
      expect((await t.app.container.advisors.counts()).adminAdvisors).toBe(1);
    });

    it('never deletes the last admin, nor yourself', async () => {
      const self = await call(t.app, 'DELETE', `/api/advisors/${admin.advisor.advisorId}`, {
        token: admin.token,
      });
      expect(self.status).toBe(400);
      expect(self.json<ErrorJson>().error.code).toBe('CANNOT_DELETE_SELF');
      // Only reachable without HTTP (an admin actor is always another admin): the service guards it too.
      await expect(
        t.app.container.advisors.remove(
          { advisorId: 'adv_system', isAdmin: true },
          admin.advisor.advisorId,
        ),
      ).rejects.toMatchObject({ code: 'LAST_ADMIN', status: 409 });
      const second = await addAdmin(t.app);
      expect(
        (
          await call(t.app, 'DELETE', `/api/advisors/${second.advisor.advisorId}`, {
            token: admin.token,
          })
        ).status,
      ).toBe(200);
      expect((await t.app.container.advisors.counts()).adminAdvisors).toBe(1);
    });

    it('refuses to delete an advisor in an active call', async () => {
      const busy = await addAdvisor(t.app);
      const callId = await insertCall(t, busy.advisor.advisorId, { status: 'active' });
      const res = await call(t.app, 'DELETE', `/api/advisors/${busy.advisor.advisorId}`, {
        token: admin.token,
      });
      expect(res.status).toBe(409);
      expect(res.json<ErrorJson>().error.code).toBe('ADVISOR_HAS_ACTIVE_CALL');
      expect((await call(t.app, 'GET', '/api/advisors/me', { token: busy.token })).status).toBe(
        200,
      );

      await t.db.db
        .updateTable('calls')
        .set({ status: 'completed' })
        .where('id', '=', callId)
        .execute();
      expect(
        (
          await call(t.app, 'DELETE', `/api/advisors/${busy.advisor.advisorId}`, {
            token: admin.token,
          })
        ).status,
      ).toBe(200);
    });

    it('soft-deletes: row kept with deleted_at, gone from lists, every session revoked', async () => {
      const victim = await addAdvisor(t.app);
      const { token: second } = await t.app.container.sessions.create(victim.advisor.advisorId);
      const res = await call(t.app, 'DELETE', `/api/advisors/${victim.advisor.advisorId}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ success: true });

      const row = await t.db.db
        .selectFrom('advisors')
        .select(['deleted_at', 'status'])
        .where('id', '=', victim.advisor.advisorId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ deleted_at: t.clock.now().toISOString(), status: 'offline' });
      const sessions = await t.db.db
        .selectFrom('advisor_sessions')
        .select('revoked_at')
        .where('advisor_id', '=', victim.advisor.advisorId)
        .execute();
      expect(sessions).toHaveLength(2);
      expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
      for (const token of [victim.token, second]) {
        expect((await call(t.app, 'GET', '/api/advisors/me', { token })).status).toBe(401);
      }
      const list = await call(t.app, 'GET', '/api/advisors', { token: admin.token });
      expect(list.json<OkJson<Advisor[]>>().data.map((a) => a.advisorId)).not.toContain(
        victim.advisor.advisorId,
      );
    });

    it('status changes answer the advisor, notify admins and the advisor, and reset the missed-offer streak on available', async () => {
      const ana = await addAdvisor(t.app);
      const id = ana.advisor.advisorId;
      await t.db.db
        .updateTable('advisors')
        .set({ status: 'offline', status_reason: 'missed_offers', missed_offers_in_row: 2 })
        .where('id', '=', id)
        .execute();
      t.notifier.clear();

      const res = await call(t.app, 'POST', `/api/advisors/${id}/status`, {
        token: ana.token,
        body: { status: 'available' },
      });
      expect(res.status).toBe(200);
      expect(res.json<OkJson<Advisor>>().data).toMatchObject({
        advisorId: id,
        status: 'available',
        statusReason: null,
      });
      const payload = { advisorId: id, status: 'available', reason: null };
      expect(t.notifier.of('advisor:status:updated', 'admins').map((e) => e.payload)).toEqual([
        payload,
      ]);
      expect(
        t.notifier.of('advisor:status:updated', `advisor:${id}`).map((e) => e.payload),
      ).toEqual([payload]);
      const row = await t.db.db
        .selectFrom('advisors')
        .select(['missed_offers_in_row', 'status_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ missed_offers_in_row: 0, status_reason: null });

      const invalid = await call(t.app, 'POST', `/api/advisors/${id}/status`, {
        token: ana.token,
        body: { status: 'away' },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.json<ErrorJson>().error.code).toBe('VALIDATION_ERROR');
    });

    it("an admin suspends a stylist: offline, no way back to available (hers or anyone's), no call taken, until lifted", async () => {
      const eva = await addAdvisor(t.app);
      const id = eva.advisor.advisorId;
      const suspend = (suspended: boolean, token = admin.token, target = id) =>
        call(t.app, 'PUT', `/api/advisors/${target}/suspension`, { token, body: { suspended } });
      const setStatus = (status: string, token: string) =>
        call(t.app, 'POST', `/api/advisors/${id}/status`, { token, body: { status } });
      expect((await setStatus('available', eva.token)).status).toBe(200);
      // A call rings her before the suspension.
      const ringing = await insertCall(t, id, { status: 'pending' });
      t.notifier.clear();

      // Not hers to decide, nor an admin's on herself.
      expect((await suspend(true, eva.token)).status).toBe(403);
      expect(
        (await suspend(true, admin.token, admin.advisor.advisorId)).json<ErrorJson>().error.code,
      ).toBe('FORBIDDEN');

      const done = await suspend(true);
      expect(done.status).toBe(200);
      expect(done.json<OkJson<Advisor>>().data).toMatchObject({
        suspended: true,
        status: 'offline',
        statusReason: 'suspended',
      });
      expect(
        t.notifier.of('advisor:status:updated', `advisor:${id}`).map((e) => e.payload),
      ).toEqual([{ advisorId: id, status: 'offline', reason: 'suspended' }]);

      // She cannot come back, nor can an admin put her back, nor can she take the call.
      for (const token of [eva.token, admin.token]) {
        const refused = await setStatus('available', token);
        expect(refused.status).toBe(409);
        expect(refused.json<ErrorJson>().error.code).toBe('ADVISOR_SUSPENDED');
      }
      expect((await setStatus('offline', eva.token)).status).toBe(200);
      const accept = await call(t.app, 'POST', `/api/calls/${ringing}/accept`, {
        token: eva.token,
        body: {},
      });
      expect(accept.status).toBe(409);
      expect(accept.json<ErrorJson>().error.code).toBe('ADVISOR_SUSPENDED');

      // Lifted: still offline, and she may set herself available again.
      const lifted = await suspend(false);
      expect(lifted.json<OkJson<Advisor>>().data).toMatchObject({
        suspended: false,
        status: 'offline',
        statusReason: null,
      });
      expect((await setStatus('available', eva.token)).status).toBe(200);
      const audit = await t.db.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target', '=', id)
        .where('action', 'like', 'advisor.%suspend')
        .orderBy('created_at')
        .execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['advisor.suspend', 'advisor.unsuspend']);
    });

    it('two missed offers in a row switch an available advisor offline with a reason', async () => {
      const ana = await addAdvisor(t.app);
      const id = ana.advisor.advisorId;
      await t.app.container.advisors.setStatus(id, 'available');
      t.notifier.clear();
      expect(await t.app.container.advisors.recordMissedOffer(id)).toEqual({
        missedInRow: 1,
        wentOffline: false,
      });
      expect(await t.app.container.advisors.recordMissedOffer(id)).toEqual({
        missedInRow: 2,
        wentOffline: true,
      });
      const a = await t.app.container.advisors.getById(id);
      expect(a).toMatchObject({ status: 'offline', statusReason: 'missed_offers' });
      expect(t.notifier.of('advisor:status:updated', 'admins').map((e) => e.payload)).toEqual([
        { advisorId: id, status: 'offline', reason: 'missed_offers' },
      ]);
    });

    it('computes stats from the calls she answered, with SQL aggregates', async () => {
      const ana = await addAdvisor(t.app);
      const id = ana.advisor.advisorId;
      await insertCall(t, id, { status: 'completed', rating: 5, durationSeconds: 600 });
      await insertCall(t, id, { status: 'completed', rating: 4, durationSeconds: 330 });
      await insertCall(t, id, { status: 'completed', rating: null, durationSeconds: 90 });
      // Rang her, and the visitor left before she answered: not one of her calls.
      await insertCall(t, id, { status: 'cancelled' });
      await insertCall(t, id, { status: 'active' });
      await insertCall(t, null, { status: 'pending' });
      await insertCall(t, admin.advisor.advisorId, {
        status: 'completed',
        rating: 1,
        durationSeconds: 60,
      });

      const res = await call(t.app, 'GET', `/api/advisors/${id}`, { token: admin.token });
      expect(res.json<OkJson<Advisor>>().data.stats).toEqual({
        totalCalls: 4,
        completedCalls: 3,
        averageRating: 4.5,
        totalDuration: 17,
      });
      const list = await call(t.app, 'GET', '/api/advisors', { token: admin.token });
      const byId = new Map(list.json<OkJson<Advisor[]>>().data.map((a) => [a.advisorId, a.stats]));
      expect(byId.get(id)?.totalCalls).toBe(4);
      expect(byId.get(admin.advisor.advisorId)).toEqual({
        totalCalls: 1,
        completedCalls: 1,
        averageRating: 1,
        totalDuration: 1,
      });
    });

    it('is online while a socket was seen within the presence grace', async () => {
      const ana = await addAdvisor(t.app, { showOnLanding: true });
      const id = ana.advisor.advisorId;
      const now = t.clock.now().toISOString();
      await t.db.db
        .insertInto('socket_connections')
        .values({
          socket_id: 's1',
          advisor_id: id,
          instance_id: 'i1',
          connected_at: now,
          last_seen_at: now,
        })
        .execute();
      await t.app.container.advisors.setStatus(id, 'available');

      expect((await t.app.container.advisors.getById(id)).online).toBe(true);
      const availability = await call(t.app, 'GET', `/api/advisors/${id}/availability`);
      expect(availability.status).toBe(200);
      const data = availability.json<OkJson<AdvisorAvailability>>().data;
      expect(data).toEqual({
        advisorId: id,
        name: ana.advisor.name,
        status: 'available',
        available: true,
        workingHours: ana.advisor.settings.workingHours,
        timezone: 'America/Lima',
      });
      expect(JSON.stringify(availability.body)).not.toContain('@');

      t.clock.advance(15_000);
      expect((await t.app.container.advisors.getById(id)).online).toBe(true);
      t.clock.advance(1);
      expect((await t.app.container.advisors.getById(id)).online).toBe(false);
      const later = await call(t.app, 'GET', `/api/advisors/${id}/availability`);
      expect(later.json<OkJson<AdvisorAvailability>>().data.available).toBe(false);
    });

    it('lists only the advisors an admin shows on the landing, by name, with public fields only', async () => {
      const team = async () => {
        const res = await call(t.app, 'GET', '/api/team');
        expect(res.status).toBe(200);
        return res.json<OkJson<TeamMember[]>>();
      };
      expect((await team()).data).toEqual([]);

      const zoe = await addAdvisor(t.app, { name: 'Zoe', email: 'zoe@salon.pe' });
      const ana = await addAdvisor(t.app, { name: 'Ana', email: 'ana@salon.pe' });
      await addAdvisor(t.app, { name: 'Bea (oculta)' });
      const show = (id: string, showOnLanding: boolean) =>
        call(t.app, 'PUT', `/api/advisors/${id}`, {
          token: admin.token,
          body: { showOnLanding, title: 'Colorista', expertise: ['Balayage'] },
        });
      expect((await show(zoe.advisor.advisorId, true)).status).toBe(200);
      const shown = await show(ana.advisor.advisorId, true);
      expect(shown.json<OkJson<Advisor>>().data.profile.showOnLanding).toBe(true);

      const listed = await team();
      expect(listed.data).toEqual([
        {
          advisorId: ana.advisor.advisorId,
          name: 'Ana',
          title: 'Colorista',
          expertise: ['Balayage'],
          // No photo uploaded (advisor-photos.test.ts: the team carries one when there is).
          photo: null,
        },
        {
          advisorId: zoe.advisor.advisorId,
          name: 'Zoe',
          title: 'Colorista',
          expertise: ['Balayage'],
          photo: null,
        },
      ]);
      // Nothing private: no e-mail, phone, status or settings.
      expect(JSON.stringify(listed)).not.toMatch(/@|phone|status|settings/);

      // A stylist cannot put herself on the landing (nor take herself off): an admin decides.
      const selfPromoted = await call(t.app, 'PUT', `/api/advisors/${zoe.advisor.advisorId}`, {
        token: zoe.token,
        body: { showOnLanding: false },
      });
      expect(selfPromoted.status).toBe(403);
      // Sending the current value back (a whole-object form) is fine.
      const unchanged = await call(t.app, 'PUT', `/api/advisors/${zoe.advisor.advisorId}`, {
        token: zoe.token,
        body: { showOnLanding: true, bio: 'Hola' },
      });
      expect(unchanged.status).toBe(200);

      // Hidden again, or deleted: off the landing.
      await show(zoe.advisor.advisorId, false);
      await t.app.container.advisors.remove(
        { advisorId: admin.advisor.advisorId, isAdmin: true },
        ana.advisor.advisorId,
      );
      expect((await team()).data).toEqual([]);
      const audit = await auditRows(t, 'advisor.update');
      expect(audit.map((r) => JSON.parse(r.changes) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ showOnLanding: { from: true, to: false } }),
      );
    });

    it('a new password replaces the old one and signs the advisor out elsewhere, keeping this session', async () => {
      const ana = await addAdvisor(t.app, { email: 'pw@salon.pe', password: 'old-password-1' });
      const { token: elsewhere } = await t.app.container.sessions.create(ana.advisor.advisorId);
      // Without the current password, or with a wrong one: refused, nothing changes.
      for (const currentPassword of [undefined, 'not-my-password']) {
        const refused = await call(t.app, 'PUT', `/api/advisors/${ana.advisor.advisorId}`, {
          token: ana.token,
          body: { password: 'new-password-2', ...(currentPassword ? { currentPassword } : {}) },
        });
        expect(refused.status).toBe(400);
        expect(refused.json<ErrorJson>().error.code).toBe('CURRENT_PASSWORD_INVALID');
      }
      expect((await call(t.app, 'GET', '/api/advisors/me', { token: elsewhere })).status).toBe(200);
      const res = await call(t.app, 'PUT', `/api/advisors/${ana.advisor.advisorId}`, {
        token: ana.token,
        body: { password: 'new-password-2', currentPassword: 'old-password-1' },
      });
      expect(res.status).toBe(200);
      // The audit row says the password changed, never what it was or is.
      const audit = JSON.stringify(await t.db.db.selectFrom('audit_log').selectAll().execute());
      expect(audit).not.toContain('old-password-1');
      expect(audit).not.toContain('new-password-2');
      expect((await call(t.app, 'GET', '/api/advisors/me', { token: ana.token })).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/advisors/me', { token: elsewhere })).status).toBe(401);
      const login = (password: string) =>
        call(t.app, 'POST', '/api/advisors/login', { body: { email: 'pw@salon.pe', password } });
      expect((await login('old-password-1')).status).toBe(401);
      expect((await login('new-password-2')).status).toBe(200);

      // a blank password keeps the current one
      expect(
        (
          await call(t.app, 'PUT', `/api/advisors/${ana.advisor.advisorId}`, {
            token: ana.token,
            body: { password: '', name: 'Ana' },
          })
        ).status,
      ).toBe(200);
      expect((await login('new-password-2')).status).toBe(200);
      const short = await call(t.app, 'PUT', `/api/advisors/${ana.advisor.advisorId}`, {
        token: ana.token,
        body: { password: 'short', currentPassword: 'new-password-2' },
      });
      expect(short.status).toBe(400);
      expect(short.json<ErrorJson>().error.message).toContain('validation.passwordMin');
    });

    it('an admin changes her own password or e-mail only with her current password; another account needs none', async () => {
      const boss = await addAdmin(t.app, { email: 'duena@salon.pe', password: 'jefa-password-1' });
      const { token: elsewhere } = await t.app.container.sessions.create(boss.advisor.advisorId);
      const put = (body: Record<string, unknown>) =>
        call(t.app, 'PUT', `/api/advisors/${boss.advisor.advisorId}`, { token: boss.token, body });
      const auditBefore = (await auditRows(t, 'advisor.update')).length;
      // A stolen session cannot take the account: missing or wrong current password, nothing changes.
      for (const change of [{ password: 'stolen-password-9' }, { email: 'ladron@mal.pe' }]) {
        for (const currentPassword of [undefined, 'not-my-password']) {
          const refused = await put({ ...change, ...(currentPassword ? { currentPassword } : {}) });
          expect(refused.status).toBe(400);
          expect(refused.json<ErrorJson>().error.code).toBe('CURRENT_PASSWORD_INVALID');
        }
      }
      expect((await call(t.app, 'GET', '/api/advisors/me', { token: elsewhere })).status).toBe(200);
      expect((await t.app.container.advisors.getById(boss.advisor.advisorId)).email).toBe(
        'duena@salon.pe',
      );
      expect(await auditRows(t, 'advisor.update')).toHaveLength(auditBefore);
      const login = (email: string, password: string) =>
        call(t.app, 'POST', '/api/advisors/login', { body: { email, password } });
      expect((await login('duena@salon.pe', 'jefa-password-1')).status).toBe(200);
      // Sending her e-mail back unchanged (a whole-object form) needs no password.
      expect((await put({ email: 'duena@salon.pe', name: 'Dueña' })).status).toBe(200);

      // With the right current password both go through.
      const changed = await put({
        email: 'duena2@salon.pe',
        password: 'jefa-password-2',
        currentPassword: 'jefa-password-1',
      });
      expect(changed.status).toBe(200);
      expect((await call(t.app, 'GET', '/api/advisors/me', { token: elsewhere })).status).toBe(401);
      expect((await login('duena2@salon.pe', 'jefa-password-2')).status).toBe(200);

      // Editing another advisor's account works as before, without any password of hers.
      const ana = await addAdvisor(t.app, { email: 'ana-otra@salon.pe' });
      const other = await call(t.app, 'PUT', `/api/advisors/${ana.advisor.advisorId}`, {
        token: boss.token,
        body: { email: 'ana-nueva@salon.pe', password: 'reset-password-1' },
      });
      expect(other.status).toBe(200);
      expect((await login('ana-nueva@salon.pe', 'reset-password-1')).status).toBe(200);
    });

    it('limits guesses of the current password through a signed-in session', async () => {
      const ana = await addAdvisor(t.app, {
        email: 'adivina@salon.pe',
        password: 'real-password-1',
      });
      const put = (currentPassword: string) =>
        call(t.app, 'PUT', `/api/advisors/${ana.advisor.advisorId}`, {
          token: ana.token,
          body: { password: 'taken-over-1', currentPassword },
        });
      for (let i = 0; i < CURRENT_PASSWORD_CHECKS.points; i++) {
        expect((await put(`guess-${i}`)).status).toBe(400);
      }
      const limited = await put('real-password-1');
      expect(limited.status).toBe(429);
      expect(limited.json<ErrorJson>().error.code).toBe('RATE_LIMITED');
      // Nothing changed: the old password still signs in.
      const login = await call(t.app, 'POST', '/api/advisors/login', {
        body: { email: 'adivina@salon.pe', password: 'real-password-1' },
      });
      expect(login.status).toBe(200);
    });

    it('writes audit rows for create, update, delete and status changes by an admin (not by the advisor)', async () => {
      const created = await call(t.app, 'POST', '/api/advisors', {
        token: admin.token,
        body: { name: 'Audit', email: 'audit@salon.pe', password: 'password-1' },
      });
      const id = created.json<OkJson<Advisor>>().data.advisorId;
      const create = (await auditRows(t, 'advisor.create')).find((r) => r.target === id);
      expect(create).toMatchObject({ actor_id: admin.advisor.advisorId, target: id });
      expect(create!.changes).not.toContain('password-1');

      t.clock.advance(1000);
      await call(t.app, 'PUT', `/api/advisors/${id}`, {
        token: admin.token,
        body: { title: 'Maquilladora', password: 'password-2' },
      });
      const [update] = await auditRows(t, 'advisor.update');
      expect(JSON.parse(update!.changes)).toEqual({
        title: { from: '', to: 'Maquilladora' },
        password: { from: '[hidden]', to: '[changed]' },
      });
      expect(update!.changes).not.toContain('password-2');

      t.clock.advance(1000);
      await call(t.app, 'POST', `/api/advisors/${id}/status`, {
        token: admin.token,
        body: { status: 'busy' },
      });
      const { token } = await t.app.container.sessions.create(id);
      await call(t.app, 'POST', `/api/advisors/${id}/status`, {
        token,
        body: { status: 'available' },
      });
      const statuses = await auditRows(t, 'advisor.status');
      expect(statuses).toHaveLength(1);
      expect(JSON.parse(statuses[0]!.changes)).toEqual({ status: { from: 'offline', to: 'busy' } });

      t.clock.advance(1000);
      await call(t.app, 'DELETE', `/api/advisors/${id}`, { token: admin.token });
      expect(await auditRows(t, 'advisor.delete')).toHaveLength(1);

      const listed = await call(t.app, 'GET', '/api/audit?limit=3', { token: admin.token });
      expect(listed.status).toBe(200);
      const entries = listed.json<OkJson<AuditEntry[]>>().data;
      expect(entries).toHaveLength(3);
      expect(entries[0]).toMatchObject({
        action: 'advisor.delete',
        target: id,
        actorId: admin.advisor.advisorId,
        actorName: 'Jefa',
      });
      expect(entries[0]!.changes).toEqual({ name: 'Audit', email: 'audit@salon.pe' });
      expect((await call(t.app, 'GET', '/api/audit?limit=0', { token: admin.token })).status).toBe(
        400,
      );
    });

    it('an update that changes nothing writes nothing', async () => {
      const ana = await addAdvisor(t.app, { name: 'Ana', title: 'Estilista' });
      const before = await auditRows(t, 'advisor.update');
      const res = await call(t.app, 'PUT', `/api/advisors/${ana.advisor.advisorId}`, {
        token: admin.token,
        body: { name: 'Ana', title: 'Estilista' },
      });
      expect(res.status).toBe(200);
      expect(await auditRows(t, 'advisor.update')).toHaveLength(before.length);
    });
  });
});
