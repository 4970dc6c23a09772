/**
 * The salon's catalogue over the real stack, on both databases: services, opinions and gallery
 * items written only by admins, refused bad input that changes nothing, photos through the photo
 * pipeline, and public reads that carry only what the landing shows and only its public fields.
 */
import { CLIENT_KEY_HEADER } from '@belleza/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, newId } from '../../lib/ids.js';
import { activeCallRow } from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { testPhoto } from '../../test/photos.js';
import { addAdmin, addAdvisor, call, type SignedInAdvisor } from '../advisors/advisors.fixtures.js';

type Data<T = Record<string, unknown>> = { data: T };
type Err = { error: { code: string } };

describe.each(await dialects())('salon catalogue (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  let stylist: SignedInAdvisor;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app, { name: 'Rosa Admin' });
    stylist = await addAdvisor(t.app, { name: 'Lucía Fernández' });
    photo = await testPhoto({ width: 64, height: 48 });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    for (const table of [
      'catalogue_photos',
      'salon_services',
      'testimonials',
      'gallery_items',
    ] as const)
      await t.app.container.db.deleteFrom(table).execute();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const publicRead = async <T>(what: 'services' | 'testimonials' | 'gallery'): Promise<T[]> => {
    const res = await call(t.app, 'GET', `/api/${what}/public`);
    expect(res.status).toBe(200);
    return res.json<Data<T[]>>().data;
  };
  const uploadPhoto = (url: string, token: string | null = admin.token) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: {
        'content-type': 'image/jpeg',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: photo,
    });

  const haircut = {
    name: 'Corte y peinado',
    category: 'Cabello',
    description: 'Lavado, corte y brushing.',
    durationMinutes: 60,
    price: 45.5,
  };

  it('a fresh install publishes nothing: no service, opinion or gallery photo', async () => {
    expect(await publicRead('services')).toEqual([]);
    expect(await publicRead('testimonials')).toEqual([]);
    expect(await publicRead('gallery')).toEqual([]);
  });

  it('an admin adds, changes and removes services; the landing reads only the active ones', async () => {
    const created = await asAdmin('POST', '/api/services', haircut);
    expect(created.status).toBe(201);
    const cut = created.json<Data>().data;
    expect(cut).toMatchObject({ ...haircut, active: true, position: 0, photo: null });
    const nails = await asAdmin('POST', '/api/services', {
      name: 'Manicure',
      category: 'Uñas',
      price: null,
      position: 1,
    });
    expect(nails.json<Data>().data).toMatchObject({ price: null, durationMinutes: null });

    const listed = await publicRead<Record<string, unknown>>('services');
    expect(listed.map((s) => s.name)).toEqual(['Corte y peinado', 'Manicure']);
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual([
      'category',
      'description',
      'durationMinutes',
      'name',
      'photo',
      'price',
      'serviceId',
    ]);

    const hidden = await asAdmin('PUT', `/api/services/${String(cut.serviceId)}`, {
      active: false,
      price: 50,
    });
    expect(hidden.json<Data>().data).toMatchObject({ active: false, price: 50 });
    expect((await publicRead<{ name: string }>('services')).map((s) => s.name)).toEqual([
      'Manicure',
    ]);
    expect((await asAdmin('GET', '/api/services')).json<Data<unknown[]>>().data).toHaveLength(2);

    expect((await asAdmin('DELETE', `/api/services/${String(cut.serviceId)}`)).status).toBe(200);
    expect((await asAdmin('GET', '/api/services')).json<Data<unknown[]>>().data).toHaveLength(1);
    const gone = await asAdmin('PUT', `/api/services/${String(cut.serviceId)}`, { active: true });
    expect([gone.status, gone.json<Err>().error.code]).toEqual([404, 'SERVICE_NOT_FOUND']);
  });

  it.each([
    ['no name', { ...haircut, name: '  ' }],
    ['a name over two lines', { ...haircut, name: 'Corte\ny peinado' }],
    ['no category', { ...haircut, category: '' }],
    ['a negative price', { ...haircut, price: -1 }],
    ['a price with fractions of a cent', { ...haircut, price: 10.005 }],
    ['a price given as text', { ...haircut, price: '45' }],
    ['a duration of no minutes', { ...haircut, durationMinutes: 0 }],
    ['an unknown field', { ...haircut, stylists: ['adv_1'] }],
    ['a description too long', { ...haircut, description: 'x'.repeat(601) }],
  ])('a service with %s is refused with 400 and nothing is stored', async (_what, body) => {
    const res = await asAdmin('POST', '/api/services', body);
    expect([res.status, res.json<Err>().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await asAdmin('GET', '/api/services')).json<Data<unknown[]>>().data).toEqual([]);
  });

  it('a bad change is refused and leaves the service as it was', async () => {
    const cut = (await asAdmin('POST', '/api/services', haircut)).json<Data>().data;
    const res = await asAdmin('PUT', `/api/services/${String(cut.serviceId)}`, { price: -5 });
    expect(res.status).toBe(400);
    const [after] = (await asAdmin('GET', '/api/services')).json<Data<unknown[]>>().data;
    expect(after).toEqual(cut);
  });

  it('only admins write: a stylist is refused 403 and a visitor 401, and nothing changes', async () => {
    const forStylist = await call(t.app, 'POST', '/api/services', {
      token: stylist.token,
      body: haircut,
    });
    const forVisitor = await call(t.app, 'POST', '/api/services', { body: haircut });
    expect([forStylist.status, forVisitor.status]).toEqual([403, 401]);
    const lists = await Promise.all(
      ['/api/services', '/api/testimonials', '/api/gallery'].map((url) =>
        call(t.app, 'GET', url, { token: stylist.token }),
      ),
    );
    expect(lists.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(await publicRead('services')).toEqual([]);
  });

  it("a service's photo goes through the photo pipeline; it is public while the service is active", async () => {
    const cut = (await asAdmin('POST', '/api/services', haircut)).json<Data>().data;
    const id = String(cut.serviceId);
    expect((await uploadPhoto(`/api/services/${id}/photo`, stylist.token)).statusCode).toBe(403);
    const res = await uploadPhoto(`/api/services/${id}/photo`);
    expect(res.statusCode).toBe(200);
    const stored = (JSON.parse(res.body) as Data<{ version: string; sizes: number[] }>).data;
    expect(stored.sizes).toEqual([192, 384, 768]);
    const [listed] = await publicRead<{ photo: unknown }>('services');
    expect(listed?.photo).toEqual(stored);

    const file = `/api/services/${id}/photo/384.webp?v=${stored.version}`;
    const served = await t.app.inject({ method: 'GET', url: file });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);

    await asAdmin('PUT', `/api/services/${id}`, { active: false });
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);
    const forAdmin = await t.app.inject({ method: 'GET', url: file, headers: admin.headers });
    expect(forAdmin.statusCode).toBe(200);

    const notAPhoto = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${id}/photo`,
      headers: { ...admin.headers, 'content-type': 'image/png' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(notAPhoto.statusCode).toBe(415);
    const [kept] = (await asAdmin('GET', '/api/services')).json<Data<{ photo: unknown }[]>>().data;
    expect(kept?.photo).toEqual(stored);
  });

  /** A completed call of a visitor named `name`, with the key that rates it. */
  async function completedCall(name: string): Promise<{ callId: string; key: string }> {
    const callId = newId('call');
    const key = `key-${callId}`;
    const at = t.clock.now().toISOString();
    await t.app.container.db
      .insertInto('calls')
      .values({
        ...activeCallRow(callId, at),
        status: 'completed',
        ended_at: at,
        duration_seconds: 600,
        client_key_hash: hashSecret(key),
        client_name: name,
        client_phone: '+51 911 222 333',
      })
      .execute();
    return { callId, key };
  }
  const rate = (c: { callId: string; key: string }, body: unknown) =>
    call(t.app, 'POST', `/api/calls/${c.callId}/rating`, {
      body,
      headers: { [CLIENT_KEY_HEADER]: c.key },
    });

  it('a consented rating becomes an unpublished opinion under her first name; an admin publishes it', async () => {
    const consented = await completedCall('Ana María Pérez');
    const silent = await completedCall('Carla Ruiz');
    expect(
      (await rate(consented, { rating: 5, comment: 'Me encantó', publish: true })).status,
    ).toBe(200);
    expect((await rate(silent, { rating: 4, comment: 'Bien' })).status).toBe(200);

    const all = (await asAdmin('GET', '/api/testimonials')).json<Data<Record<string, unknown>[]>>()
      .data;
    expect(all).toEqual([
      expect.objectContaining({
        firstName: 'Ana',
        rating: 5,
        comment: 'Me encantó',
        source: 'visitor',
        published: false,
      }),
    ]);
    expect(await publicRead('testimonials')).toEqual([]);

    const id = String(all[0]?.testimonialId);
    const rewrite = await asAdmin('PUT', `/api/testimonials/${id}`, { comment: 'Excelente' });
    expect([rewrite.status, rewrite.json<Err>().error.code]).toEqual([
      409,
      'TESTIMONIAL_NOT_EDITABLE',
    ]);
    expect((await asAdmin('PUT', `/api/testimonials/${id}`, { published: true })).status).toBe(200);

    const shown = await publicRead<Record<string, unknown>>('testimonials');
    expect(shown).toEqual([
      { testimonialId: id, firstName: 'Ana', rating: 5, comment: 'Me encantó' },
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/Pérez|911|María/);
  });

  it('an admin enters an opinion by hand, marked as such; bad input is refused', async () => {
    const bad = await asAdmin('POST', '/api/testimonials', { firstName: 'Rosa', rating: 6 });
    expect(bad.status).toBe(400);
    expect((await asAdmin('GET', '/api/testimonials')).json<Data<unknown[]>>().data).toEqual([]);
    const res = await asAdmin('POST', '/api/testimonials', {
      firstName: 'Rosa',
      rating: 4,
      comment: 'Muy amables',
      published: true,
    });
    expect(res.json<Data>().data).toMatchObject({ source: 'manual', published: true });
    expect(
      (await publicRead<{ firstName: string }>('testimonials')).map((o) => o.firstName),
    ).toEqual(['Rosa']);
    const forStylist = await call(
      t.app,
      'PUT',
      `/api/testimonials/${String(res.json<Data>().data.testimonialId)}`,
      {
        token: stylist.token,
        body: { published: false },
      },
    );
    expect(forStylist.status).toBe(403);
    expect(await publicRead('testimonials')).toHaveLength(1);
  });

  it('a gallery item needs its alt text, and shows once its photo is there', async () => {
    const noAlt = await asAdmin('POST', '/api/gallery', { caption: 'Balayage' });
    expect(noAlt.status).toBe(400);
    const item = (
      await asAdmin('POST', '/api/gallery', { alt: 'Melena castaña con balayage miel' })
    ).json<Data>().data;
    expect(item).toMatchObject({ caption: '', photo: null });
    expect(await publicRead('gallery')).toEqual([]);

    expect((await uploadPhoto(`/api/gallery/${String(item.itemId)}/photo`, null)).statusCode).toBe(
      401,
    );
    expect((await uploadPhoto(`/api/gallery/${String(item.itemId)}/photo`)).statusCode).toBe(200);
    const [shown] = await publicRead<Record<string, unknown>>('gallery');
    expect(shown).toMatchObject({
      itemId: item.itemId,
      alt: 'Melena castaña con balayage miel',
      caption: '',
    });
    expect(Object.keys(shown ?? {}).sort()).toEqual(['alt', 'caption', 'itemId', 'photo']);

    await asAdmin('DELETE', `/api/gallery/${String(item.itemId)}`);
    expect(await publicRead('gallery')).toEqual([]);
    const rows = await t.app.container.db
      .selectFrom('catalogue_photos')
      .select('owner_id')
      .execute();
    expect(rows).toEqual([]);
  });
});
