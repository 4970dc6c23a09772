/**
 * The web tests' fake server answers only the routes this server has: the route table its fetch
 * fake holds every request to (packages/web/src/test/api-routes.ts) lists exactly the API's
 * operations in the OpenAPI document, method and path for method and path. A route added here
 * without its line there (or one the web fakes that the server does not serve) fails this test.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

const WEB_ROUTES = join(import.meta.dirname, '../../../web/src/test/api-routes.ts');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe("the web tests' route table", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("is the OpenAPI document's API operations, no more and no fewer", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .sort();
    const { API_ROUTES } = (await import(pathToFileURL(WEB_ROUTES).href)) as {
      API_ROUTES: Record<string, unknown>;
    };
    const faked = Object.keys(API_ROUTES).sort();
    expect(served.length).toBeGreaterThan(100);
    expect(faked).toEqual(served);
  });
});
