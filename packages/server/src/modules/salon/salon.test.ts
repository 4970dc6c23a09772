/**
 * The salon's profile over the real stack, on both databases: only admins read and write it, bad
 * input is refused field by field and changes nothing, the public read carries no audit fields,
 * the hours are the stylists' until the salon sets its own, the logo goes through the photo
 * pipeline, and the go-live checklist follows the data.
 */
import {
  defaultWorkingHours,
  type GoLiveChecklist,
  type PublicSalonProfile,
  type SalonProfile,
  type SalonProfileBody,
} from '@belleza/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { testPhoto } from '../../test/photos.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from '../advisors/advisors.fixtures.js';

const closed = { start: '09:00', end: '17:00', enabled: false };

const profile: SalonProfileBody = {
  name: 'Salón Rosa',
  heroTitle: 'Tu color, como lo soñaste',
  heroText: 'Colorimetría y cortes en Miraflores.',
  address: 'Av. Larco 123, Miraflores',
  phone: '+51 1 445 6789',
  whatsapp: '+51 987 654 321',
  email: 'Hola@SalonRosa.pe',
  social: {
    instagram: 'https://www.instagram.com/salonrosa',
    facebook: '',
    tiktok: 'https://www.tiktok.com/@salonrosa',
  },
  hoursMode: 'custom',
  hours: {
    ...defaultWorkingHours,
    monday: { start: '10:00', end: '19:00', enabled: true },
    saturday: { start: '09:00', end: '13:00', enabled: true },
    sunday: closed,
  },
};

describe.each(await dialects())('salon profile (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  let stylist: SignedInAdvisor;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app, { name: 'Rosa Dueña' });
    stylist = await addAdvisor(t.app, {
      name: 'Lucía Fernández',
      workingHours: {
        ...defaultWorkingHours,
        tuesday: { start: '11:00', end: '20:00', enabled: true },
        friday: closed,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    const db = t.app.container.db;
    await db.deleteFrom('salon_logo').execute();
    await db.deleteFrom('salon_profile').execute();
    await db.deleteFrom('settings').execute();
    await db.deleteFrom('salon_services').execute();
  });

  const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const publicProfile = async () => {
    const res = await call(t.app, 'GET', '/api/salon/public');
    expect(res.status).toBe(200);
    return res.json<OkJson<PublicSalonProfile>>().data;
  };

  it('a fresh install says nothing of the salon: no name, texts, contacts or logo', async () => {
    expect(await publicProfile()).toEqual({
      name: '',
      heroTitle: '',
      heroText: '',
      address: '',
      phone: '',
      whatsapp: '',
      email: '',
      social: { instagram: '', facebook: '', tiktok: '' },
      logo: null,
      // derived from the working hours of the stylists who take consultations: Lucía's week
      // (the owner's admin account is not on the landing, so hers does not count)
      openHours: [
        { day: 'monday', start: '09:00', end: '17:00' },
        { day: 'tuesday', start: '11:00', end: '20:00' },
        { day: 'wednesday', start: '09:00', end: '17:00' },
        { day: 'thursday', start: '09:00', end: '17:00' },
      ],
    });
  });

  it('an admin saves the profile; the public read shows it without audit fields', async () => {
    const res = await asAdmin('PUT', '/api/salon', profile);
    expect(res.status).toBe(200);
    const saved = res.json<OkJson<SalonProfile>>().data;
    expect(saved).toMatchObject({ name: 'Salón Rosa', email: 'hola@salonrosa.pe' });
    expect(saved.updatedAt).toBe(t.clock.now().toISOString());

    const pub = await publicProfile();
    expect(pub).toMatchObject({
      name: 'Salón Rosa',
      heroTitle: 'Tu color, como lo soñaste',
      address: 'Av. Larco 123, Miraflores',
      whatsapp: '+51 987 654 321',
      social: { instagram: 'https://www.instagram.com/salonrosa', facebook: '' },
    });
    expect(pub.openHours).toEqual([
      { day: 'monday', start: '10:00', end: '19:00' },
      { day: 'tuesday', start: '09:00', end: '17:00' },
      { day: 'wednesday', start: '09:00', end: '17:00' },
      { day: 'thursday', start: '09:00', end: '17:00' },
      { day: 'friday', start: '09:00', end: '17:00' },
      { day: 'saturday', start: '09:00', end: '13:00' },
    ]);
    expect(Object.keys(pub)).not.toContain('updatedAt');
    expect(Object.keys(pub)).not.toContain('hoursMode');

    // One name everywhere: the settings' site name is the salon's.
    const settings = await asAdmin('GET', '/api/settings');
    expect(settings.json<OkJson<{ system: { siteName: string } }>>().data.system.siteName).toBe(
      'Salón Rosa',
    );
    const audit = await t.app.container.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'changes'])
      .where('action', '=', 'salon.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.advisor.advisorId);
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({
      name: { from: '', to: 'Salón Rosa' },
      hoursMode: { from: 'derived', to: 'custom' },
    });
  });

  it('clearing the name goes back to the neutral one', async () => {
    await asAdmin('PUT', '/api/salon', profile);
    await asAdmin('PUT', '/api/salon', { ...profile, name: '' });
    expect((await publicProfile()).name).toBe('');
  });

  it('only admins read or change the profile and the checklist', async () => {
    for (const [method, url] of [
      ['GET', '/api/salon'],
      ['PUT', '/api/salon'],
      ['GET', '/api/salon/checklist'],
      ['DELETE', '/api/salon/logo'],
    ] as const) {
      const body = method === 'PUT' ? profile : undefined;
      const anonymous = await call(t.app, method, url, body ? { body } : {});
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const asStylist = await call(t.app, method, url, {
        token: stylist.token,
        ...(body ? { body } : {}),
      });
      expect(asStylist.status, `${method} ${url}`).toBe(403);
    }
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/salon/logo',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${stylist.token}` },
      payload: await testPhoto({ width: 32, height: 32 }),
    });
    expect(upload.statusCode).toBe(403);
    expect((await publicProfile()).name).toBe('');
  });

  it('refuses bad input field by field and changes nothing', async () => {
    await asAdmin('PUT', '/api/salon', profile);
    const res = await asAdmin('PUT', '/api/salon', {
      ...profile,
      name: 'Otro nombre',
      phone: 'llámanos',
      email: 'no-es-un-correo',
      social: {
        ...profile.social,
        instagram: 'http://instagram.com/x',
        facebook: 'javascript:alert(1)',
      },
      hours: { ...profile.hours, monday: { start: '18:00', end: '10:00', enabled: true } },
    });
    expect(res.status).toBe(400);
    const err = res.json<ErrorJson>().error;
    expect(err.code).toBe('VALIDATION_ERROR');
    const paths = (err.details as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'phone',
        'email',
        'social.instagram',
        'social.facebook',
        'hours.monday.end',
      ]),
    );
    const unknown = await asAdmin('PUT', '/api/salon', { ...profile, tagline: 'x' });
    expect(unknown.status).toBe(400);
    expect((await publicProfile()).name).toBe('Salón Rosa');
  });

  it('the logo is stored as square renditions, served publicly, and removed', async () => {
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/salon/logo',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${admin.token}` },
      payload: await testPhoto({ width: 120, height: 80, format: 'png' }),
    });
    expect(upload.statusCode).toBe(200);
    const logo = (await publicProfile()).logo;
    expect(logo).toMatchObject({ sizes: [96, 192], formats: ['avif', 'webp'] });
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/salon/logo/96.webp?v=${logo!.version}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const stale = await t.app.inject({ method: 'GET', url: '/api/salon/logo/96.webp?v=old' });
    expect(stale.statusCode).toBe(404);

    const notAnImage = await t.app.inject({
      method: 'PUT',
      url: '/api/salon/logo',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${admin.token}` },
      payload: Buffer.from('not a picture'),
    });
    expect(notAnImage.statusCode).toBe(415);
    expect((await publicProfile()).logo).toEqual(logo);

    expect((await asAdmin('DELETE', '/api/salon/logo')).status).toBe(200);
    expect((await publicProfile()).logo).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: '/api/salon/logo/96.webp' });
    expect(gone.statusCode).toBe(404);
  });

  it('the go-live checklist follows the data', async () => {
    const checklist = async () => {
      const res = await asAdmin('GET', '/api/salon/checklist');
      expect(res.status).toBe(200);
      const data = res.json<OkJson<GoLiveChecklist>>().data;
      return Object.fromEntries(data.items.map((i) => [i.item, i.done]));
    };
    expect(await checklist()).toEqual({
      name: false,
      logo: false,
      contact: false,
      // the stylists' working hours are real hours
      hours: true,
      service: false,
      stylist: false,
      email: false,
    });
    await asAdmin('PUT', '/api/salon', {
      ...profile,
      phone: '',
      whatsapp: '',
      email: 'hola@salonrosa.pe',
      hours: Object.fromEntries(
        Object.keys(defaultWorkingHours).map((d) => [d, closed]),
      ) as SalonProfileBody['hours'],
    });
    await call(t.app, 'POST', '/api/services', {
      token: admin.token,
      body: { name: 'Corte', category: 'Cabello' },
    });
    expect(await checklist()).toMatchObject({
      name: true,
      contact: true,
      // a custom week with no open day is no hours
      hours: false,
      service: true,
    });
  });
});

describe('go-live checklist with e-mail configured', () => {
  it('counts SMTP as done', async () => {
    const t = await createTestApp({
      config: { smtp: { url: 'smtp://127.0.0.1:2525', from: 'avisos@salon.pe' } },
    });
    try {
      const admin = await addAdmin(t.app);
      const res = await call(t.app, 'GET', '/api/salon/checklist', { token: admin.token });
      const items = res.json<OkJson<GoLiveChecklist>>().data.items;
      expect(items.find((i) => i.item === 'email')?.done).toBe(true);
    } finally {
      await t.close();
    }
  });
});
