/**
 * GET /api/advisors/{id}/availability is public, so it answers only for an advisor the landing
 * shows: one hidden from it, or deleted, is the same 404 as an id that never existed, for anyone
 * asking (an admin reads the others through GET /api/advisors/{id}).
 */
import type { AdvisorAvailability } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from './advisors.fixtures.js';

describe.each(await dialects())('an advisor’s public availability (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;

  beforeEach(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const availability = (id: string, token?: string) =>
    call(t.app, 'GET', `/api/advisors/${id}/availability`, token ? { token } : {});

  /** What every caller gets: anonymous, the advisor herself and an admin. */
  async function answers(who: SignedInAdvisor): Promise<Array<[number, string | undefined]>> {
    const id = who.advisor.advisorId;
    const out: Array<[number, string | undefined]> = [];
    for (const token of [undefined, who.token, admin.token]) {
      const res = await availability(id, token);
      out.push([
        res.status,
        res.status === 200
          ? res.json<OkJson<AdvisorAvailability>>().data.advisorId
          : res.json<ErrorJson>().error.code,
      ]);
    }
    return out;
  }

  const setShown = async (who: SignedInAdvisor, showOnLanding: boolean) => {
    const res = await call(t.app, 'PUT', `/api/advisors/${who.advisor.advisorId}`, {
      token: admin.token,
      body: { showOnLanding },
    });
    expect(res.status).toBe(200);
  };

  it('answers for an advisor on the landing, and 404 ADVISOR_NOT_FOUND, as for an unknown id, once she is hidden or deleted', async () => {
    const shown = await addAdvisor(t.app, { name: 'Ana Visible', showOnLanding: true });
    const hidden = await addAdvisor(t.app, { name: 'Bea Oculta' });
    const id = shown.advisor.advisorId;
    const notFound: [number, string] = [404, 'ADVISOR_NOT_FOUND'];

    expect(await answers(shown)).toEqual([
      [200, id],
      [200, id],
      [200, id],
    ]);
    const unknown = await availability('adv_doesnotexist');
    expect([unknown.status, unknown.json<ErrorJson>().error.code]).toEqual(notFound);
    // Hidden from the landing: the same answer as an id that never existed, for everyone.
    expect(await answers(hidden)).toEqual([notFound, notFound, notFound]);
    const hiddenBody = (await availability(hidden.advisor.advisorId)).body;
    expect(JSON.stringify(hiddenBody)).not.toContain('Bea');
    expect(hiddenBody).toEqual(unknown.body);

    // An admin hides the shown one: gone from the route at once; shown again, back.
    await setShown(shown, false);
    expect(await answers(shown)).toEqual([notFound, notFound, notFound]);
    await setShown(shown, true);
    expect((await availability(id)).status).toBe(200);

    // Deleted while on the landing: 404 too.
    const del = await call(t.app, 'DELETE', `/api/advisors/${id}`, { token: admin.token });
    expect(del.status).toBe(200);
    const gone = await availability(id, admin.token);
    expect([gone.status, gone.json<ErrorJson>().error.code]).toEqual(notFound);
  });
});
