import type { AuditEntry, Settings } from '@belleza/contract';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from '../advisors/advisors.fixtures.js';
import { selectAuditRows } from './audit.repository.js';

describe.each(await dialects())('audit trail (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  let advisor: SignedInAdvisor;
  /** settings.update ids, oldest first */
  const settingsIds: string[] = [];

  const list = async (query: string, token = admin.token) => {
    const res = await call(t.app, 'GET', `/api/audit${query}`, { token });
    expect(res.status).toBe(200);
    return res.json<OkJson<AuditEntry[]>>().data;
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app, { name: 'Jefa' });
    advisor = await addAdvisor(t.app);

    // Three settings saves through the real route, then 150 newer entries of another action: more
    // than the 100 the settings page used to read and filter itself.
    for (const callTimeout of [40, 50, 60]) {
      t.clock.advance(1000);
      const current = (await call(t.app, 'GET', '/api/settings', { token: admin.token })).json<
        OkJson<Settings>
      >().data;
      const saved = await call(t.app, 'PUT', '/api/settings', {
        token: admin.token,
        body: { ...current, system: { ...current.system, callTimeout } },
      });
      expect(saved.status).toBe(200);
    }
    for (let i = 0; i < 150; i += 1) {
      t.clock.advance(1000);
      await t.app.container.audit.record(
        admin.advisor.advisorId,
        'advisor.status',
        advisor.advisor.advisorId,
        { status: { from: 'offline', to: 'busy' } },
      );
    }
    const rows = await t.db.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'settings.update')
      .orderBy('created_at')
      .execute();
    settingsIds.push(...rows.map((r) => r.id));
  });
  afterAll(async () => {
    await t.close();
  });

  it('action=settings.update answers only settings changes, newest first, however many newer entries there are', async () => {
    // Without the filter, the newest 100 entries hold no settings change at all (the old bug).
    expect((await list('?limit=100')).some((e) => e.action === 'settings.update')).toBe(false);

    const entries = await list('?action=settings.update&limit=10');
    expect(entries.map((e) => e.id)).toEqual([...settingsIds].reverse());
    expect(entries.every((e) => e.action === 'settings.update')).toBe(true);
    expect(entries[0]).toMatchObject({
      actorId: admin.advisor.advisorId,
      actorName: 'Jefa',
      target: 'settings',
      changes: { 'system.callTimeout': { from: 50, to: 60 } },
    });
    const times = entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('limit pages the filtered trail from the newest entry', async () => {
    const two = await list('?action=settings.update&limit=2');
    expect(two.map((e) => e.id)).toEqual([settingsIds[2], settingsIds[1]]);
    const one = await list('?action=settings.update&limit=1');
    expect(one.map((e) => e.id)).toEqual([settingsIds[2]]);
  });

  it('filters other actions the same way and keeps the unfiltered trail as it was', async () => {
    const status = await list('?action=advisor.status&limit=500');
    expect(status).toHaveLength(150);
    expect(status.every((e) => e.action === 'advisor.status')).toBe(true);
    expect(await list('?action=advisor.delete')).toEqual([]);
    // Spaces around the action are trimmed; the match itself is exact.
    expect(await list('?action=%20settings.update%20')).toHaveLength(3);
    expect(await list('?action=settings')).toEqual([]);

    const all = await list('');
    expect(all).toHaveLength(100);
    expect(all[0]!.action).toBe('advisor.status');
  });

  it.each([
    ['empty', '?action='],
    ['too long', `?action=settings.${'x'.repeat(60)}`],
    ['not an action name', `?action=${encodeURIComponent("settings.update' OR 1=1 --")}`],
    ['upper case', '?action=Settings.Update'],
    ['given twice', '?action=settings.update&action=advisor.status'],
  ])('an invalid action (%s) is a 400 VALIDATION_ERROR, not a 500', async (_name, query) => {
    const res = await call(t.app, 'GET', `/api/audit${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(/^Invalid querystring: action /);
  });

  it('stays admin only: 401 for a visitor, 403 for an advisor, before the query is even read', async () => {
    for (const query of ['?action=settings.update', '?action=%3Cbad%3E']) {
      const anonymous = await call(t.app, 'GET', `/api/audit${query}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json<ErrorJson>().success).toBe(false);
      const asAdvisor = await call(t.app, 'GET', `/api/audit${query}`, { token: advisor.token });
      expect(asAdvisor.status).toBe(403);
      expect(asAdvisor.json<ErrorJson>().success).toBe(false);
    }
  });

  it('the filtered, newest-first page is read from the (action, created_at, id) index, with no sort', async () => {
    const filter = { action: 'settings.update', limit: 10 };
    let plan: string;
    if (dialect === 'sqlite') {
      const query = selectAuditRows(t.db.db, filter).compile();
      const { rows } = await t.db.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      plan = rows.map((r) => r.detail).join('\n');
      expect(plan).not.toContain('TEMP B-TREE');
    } else {
      plan = await t.db.db.transaction().execute(async (trx) => {
        // 153 rows are cheaper to scan; ask what the planner does once the table is large.
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await selectAuditRows(trx, filter).explain<{ 'QUERY PLAN': string }>();
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).not.toMatch(/\bSort\b/);
    }
    expect(plan).toContain('audit_log_action_created_idx');
  });
});
