import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the auth, advisors, settings and audit routes with their methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, unknown>> };
    const expected: Array<[string, string[]]> = [
      ['/api/advisors/login', ['post']],
      ['/api/advisors/me', ['get']],
      ['/api/advisors/logout', ['post']],
      ['/api/advisors', ['get', 'post']],
      ['/api/advisors/{advisorId}', ['get', 'put', 'delete']],
      ['/api/advisors/{advisorId}/status', ['post']],
      ['/api/advisors/{advisorId}/availability', ['get']],
      ['/api/settings', ['get', 'put']],
      ['/api/settings/public', ['get']],
      ['/api/audit', ['get']],
      ['/api/summaries/{callId}/services/{serviceId}/slots', ['get']],
      ['/api/summaries/{callId}/services/{serviceId}/book', ['post']],
      ['/api/desk/slots', ['get']],
      ['/api/desk/appointments', ['post']],
      ['/api/appointments/{appointmentId}/outcome', ['post']],
      ['/api/reports/funnel', ['get']],
      ['/api/reports/funnel.csv', ['get']],
    ];
    for (const [path, methods] of expected) {
      expect(doc.paths[path], path).toBeDefined();
      for (const m of methods) expect(doc.paths[path]?.[m], `${m} ${path}`).toBeDefined();
    }
    const login = doc.paths['/api/advisors/login']?.post as {
      requestBody?: {
        content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
      };
    };
    expect(
      Object.keys(login.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    ).toEqual(['email', 'password']);
  });
});
