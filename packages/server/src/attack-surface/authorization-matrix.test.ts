/**
 * Who may call what (docs/product.md#security-and-limits). Every operation of the OpenAPI document
 * is sent by every role with a request that is otherwise valid, and the outcome class (allowed:
 * 2xx; refused: 401 or 403; not found: 404) must match ONE expectation table, EXPECTED below. A
 * 404 is a refusal only where the row says so (a resource opened by a key of its own, which the
 * server does not admit exists to whoever lacks it); such a row names the key's holder, who must
 * get a 2xx, and every row lets someone through: a route that is broken for everyone fails. An
 * operation missing from the table fails the suite, so a new endpoint has to be classified before
 * it ships.
 * The second half does the same for the Socket.IO client events of the contract
 * (ClientToServerEvents).
 *
 * Roles: `anonymous` (no credentials), `visitor` (the clientKey of call C), `visitorWrongKey`
 * (the real clientKey of another visitor's call D, used against C), `owner` (advisor B, C rings
 * her, path advisorId is hers), `otherAdvisor` (advisor A, non-admin, acting on B's call and B's
 * advisor id; also the "advisor on admin routes" case, as is `owner`) and `admin`.
 */
import { randomUUID } from 'node:crypto';
import {
  APPOINTMENT_KEY_HEADER,
  SUMMARY_KEY_HEADER,
  defaultSettings,
  defaultWorkingHours,
  type ClientToServerEvents,
} from '@belleza/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDaily, type FakeDaily } from '../modules/video/daily/fake-daily.js';
import { signWhatsappBody, WHATSAPP_TEST_CONFIG } from '../modules/whatsapp/fake-whatsapp.js';
import { api, insertAppointment } from '../test/fixtures.js';
import { testPhoto } from '../test/photos.js';
import {
  ask,
  createHarness,
  fillPath,
  nextEvent,
  openSocket,
  operationsOf,
  type AckResult,
  type Client,
  type Harness,
  type Operation,
  send,
} from './harness.js';
import { freshPhone, newCast, OWNER_PASSWORD, type Cast, type CallState } from './scenario.js';

const ROLES = [
  'anonymous',
  'visitor',
  'visitorWrongKey',
  'owner',
  'otherAdvisor',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

type Row = {
  allow: readonly Role[];
  /** state of call C for this operation (default: pending) */
  state?: CallState;
  body?: (c: Cast, fake: FakeDaily) => unknown;
  /** a body that is not JSON (a photo's bytes) and its content type */
  rawBody?: () => { contentType: string; bytes: Buffer };
  /** path parameters made in C besides advisorId, callId and callbackId (a photo's id) */
  params?: (c: Cast, app: Harness['app']) => Promise<Record<string, string>>;
  query?: (c: Cast, role: Role) => Record<string, string>;
  /** what an allowed role gets when 2xx is impossible in a test (e.g. no SMTP configured) */
  allowedStatus?: number;
  /**
   * A resource the server hides (404) from the roles in `from`: it opens with a key of its own
   * (a summary's, a booking's) or is shown only when public. `holder` makes the request of whoever
   * may see it (her key's header, the peer address), who must be answered like an allowed role.
   */
  hidden?: {
    from: readonly Role[];
    holder?: (
      c: Cast,
      app: Harness['app'],
      params: Record<string, string>,
    ) => Promise<{ headers?: Record<string, string>; remoteAddress?: string }>;
  };
};

const ALL = ROLES;
/** A webhook call of Meta's with nothing in it (signed by the holder row below). */
const WHATSAPP_HOOK_BODY = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
const SIGNED_IN: readonly Role[] = ['owner', 'otherAdvisor', 'admin'];
const OWNER_OR_ADMIN: readonly Role[] = ['owner', 'admin'];
const CALL_PARTIES: readonly Role[] = ['visitor', 'owner', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

let unique = 0;
const uniqueEmail = () => `new-${Date.now()}-${++unique}@salon.test`;

/** A small photo (made once, in beforeAll) for the photo routes (chat, advisors). */
let photo: Buffer = Buffer.alloc(0);

/** A photo of C added by its visitor: the image id of `GET …/images/{imageId}`. */
async function photoOfC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const res = await send(app, 'POST', `/api/calls/${c.callId}/images`, {
    clientKey: c.clientKey,
    rawBody: photo,
    contentType: 'image/jpeg',
  });
  if (res.status !== 201) throw new Error(`photo upload ${res.status} ${res.text}`);
  return { imageId: (res.body as { data: { id: string } }).data.id };
}

/**
 * A photo of C's chat once C is completed: the call's photos are added while it is active, so
 * this one goes straight into the table (`imageId` of the summary's photo routes).
 */
async function photoOfCompletedC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const imageId = `img_${randomUUID().replace(/-/g, '')}`;
  await app.container.db
    .insertInto('call_images')
    .values({
      id: imageId,
      call_id: c.callId,
      uploader_type: 'client',
      uploader_id: 'client',
      kind: 'photo',
      content_type: 'image/jpeg',
      width: 40,
      height: 30,
      size_bytes: photo.length,
      data: photo,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { imageId };
}

/** C's visitor sent a hair intake with her request: `slot` of the intake's photo routes. */
async function intakeOfC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const now = new Date().toISOString();
  await app.container.db
    .insertInto('call_intakes')
    .values({
      call_id: c.callId,
      chemical_history: '["none"]',
      allergies: '',
      current_image_id: null,
      inspiration_image_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { slot: 'current' };
}

/** C's intake with a photo of her hair now (straight into the tables, whatever C's state). */
async function intakePhotoOfC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const { imageId } = await photoOfCompletedC(c, app);
  const params = await intakeOfC(c, app);
  await app.container.db
    .updateTable('call_intakes')
    .set({ current_image_id: imageId ?? null })
    .where('call_id', '=', c.callId)
    .execute();
  return params;
}

/** A profile photo of C's owner B (off the landing): `file` of the photo's renditions route. */
async function photoOfOwner(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  await app.container.advisorPhotos.upload(
    { advisorId: c.admin.id, isAdmin: true },
    c.owner.id,
    photo,
  );
  return { file: '96.webp' };
}

/**
 * A disabled webhook endpoint (the only one: earlier cells' are removed, so the endpoint limit
 * never answers) with one failed delivery, for the webhook routes.
 */
async function webhookOfC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const { db } = app.container;
  await db.deleteFrom('webhook_deliveries').execute();
  await db.deleteFrom('webhook_endpoints').execute();
  const { endpoint } = await app.container.webhooks.createEndpoint(c.admin.id, {
    url: 'https://crm.example.com/hook',
    description: '',
    events: ['call.ended'],
    enabled: false,
  });
  const at = new Date().toISOString();
  const eventId = `evt_${randomUUID()}`;
  await db
    .insertInto('webhook_events')
    .values({ id: eventId, type: 'call.ended', dedupe_key: eventId, body: '{}', created_at: at })
    .execute();
  const deliveryId = `whd_${randomUUID()}`;
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: deliveryId,
      event_id: eventId,
      endpoint_id: endpoint.endpointId,
      status: 'failed',
      attempts: 12,
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
      last_status_code: 500,
      last_error: 'http',
      last_attempt_at: at,
      delivered_at: null,
      created_at: at,
    })
    .execute();
  return { endpointId: endpoint.endpointId, deliveryId };
}

/**
 * A service bookable in the salon, done by C's owner, in the plan of (completed) C: the
 * `serviceId` of the summary's booking routes.
 */
async function planServiceOfC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const by = { advisorId: c.admin.id, isAdmin: true };
  const service = await app.container.salonServices.create(by, {
    name: 'Color',
    category: 'Color',
    description: '',
    durationMinutes: 45,
    price: 120,
    active: true,
    position: 0,
    bookable: true,
    stylistIds: [c.owner.id],
  });
  const items = JSON.stringify([
    {
      serviceId: service.serviceId,
      name: 'Color',
      note: '',
      url: null,
      pricePen: 120,
      durationMinutes: 45,
    },
  ]);
  await app.container.db
    .insertInto('call_summaries')
    .values({
      call_id: c.callId,
      recommendations: '',
      items,
      updated_at: null,
      updated_by: null,
      emailed_at: null,
    })
    .onConflict((oc) => oc.column('call_id').doUpdateSet({ items }))
    .execute();
  return { serviceId: service.serviceId };
}

/** A service, an opinion and a gallery item made by C's admin (ids of the catalogue routes). */
async function catalogueOfC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const by = { advisorId: c.admin.id, isAdmin: true };
  const service = await app.container.salonServices.create(by, {
    name: 'Corte',
    category: 'Cabello',
    description: '',
    durationMinutes: 45,
    price: 40,
    active: true,
    position: 0,
    bookable: false,
    stylistIds: [],
  });
  const opinion = await app.container.testimonials.create(by, {
    firstName: 'Ana',
    rating: 5,
    comment: '',
    published: true,
  });
  const item = await app.container.gallery.create(by, {
    alt: 'Un corte',
    caption: '',
    position: 0,
  });
  return {
    serviceId: service.serviceId,
    testimonialId: opinion.testimonialId,
    itemId: item.itemId,
  };
}

/** As catalogueOfC, with photos on the (active) service and the gallery item: public renditions. */
async function cataloguePhotosOfC(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const ids = await catalogueOfC(c, app);
  const by = { advisorId: c.admin.id, isAdmin: true };
  await app.container.cataloguePhotos.upload(by, 'service', ids.serviceId ?? '', photo);
  await app.container.cataloguePhotos.upload(by, 'gallery', ids.itemId ?? '', photo);
  return { ...ids, file: '192.webp' };
}

/** The salon's logo, uploaded by C's admin: `file` of its renditions route. */
async function salonLogo(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  await app.container.salonLogo.upload({ advisorId: c.admin.id, isAdmin: true }, photo);
  return { file: '96.webp' };
}

/**
 * A booking with C's owner: `appointmentId` of the booking routes, and its manage key, which no
 * role holds (the key routes answer every role 404) but its client (`bookingHolder`).
 */
async function bookingOfOwner(c: Cast, app: Harness['app']): Promise<Record<string, string>> {
  const { id, key } = await insertAppointment(app.container.db, {
    advisorId: c.owner.id,
    startsAt: '2030-01-07T15:00:00.000Z',
  });
  return { appointmentId: id, appointmentKey: key };
}

/** A service booking of B's that has started (its outcome can be recorded). */
async function startedServiceOfOwner(
  c: Cast,
  app: Harness['app'],
): Promise<Record<string, string>> {
  const { id } = await insertAppointment(app.container.db, {
    advisorId: c.owner.id,
    startsAt: `2020-01-07T15:${String(++unique % 60).padStart(2, '0')}:00.000Z`,
    service: { priceCents: 5000, planCallId: null },
  });
  return { appointmentId: id };
}

/** The booking's client: her manage key, kept by `bookingOfOwner`. */
const bookingHolder: NonNullable<NonNullable<Row['hidden']>['holder']> = async (_c, _app, p) => ({
  headers: { [APPOINTMENT_KEY_HEADER]: p.appointmentKey ?? '' },
});

/** C's visitor with her summary's key: the fragment of the link her call key opens. */
const summaryHolder: NonNullable<NonNullable<Row['hidden']>['holder']> = async (c, app) => {
  const res = await send(app, 'GET', `/api/calls/${c.callId}/summary-link`, {
    clientKey: c.clientKey,
  });
  const key = (res.body as { data?: { path?: string } }).data?.path?.split('#')[1];
  if (!key) throw new Error(`no summary key: ${res.status} ${res.text}`);
  return { headers: { [SUMMARY_KEY_HEADER]: key } };
};
/** Hidden from every role: only the key's holder opens it. */
const byKeyOnly = (holder: NonNullable<NonNullable<Row['hidden']>['holder']>) => ({
  from: ALL,
  holder,
});
/** No credentials of staff: the roles a signed-in-only resource is hidden from. */
const NOT_SIGNED_IN: readonly Role[] = ['anonymous', 'visitor', 'visitorWrongKey'];

/** THE expectation table: `METHOD /path` as in OpenAPI → roles allowed. */
const EXPECTED: Record<string, Row> = {
  // ---------------------------------------------------------------- auth
  'POST /api/advisors/login': {
    allow: ALL,
    body: (c) => ({ email: c.owner.email, password: OWNER_PASSWORD }),
  },
  'GET /api/advisors/me': { allow: SIGNED_IN },
  // Anyone may ask for a link (no SMTP here: 409 for all) or use one (none is valid here: 400).
  'POST /api/advisors/password-reset': {
    allow: ALL,
    body: (c) => ({ email: c.owner.email }),
    allowedStatus: 409,
  },
  'POST /api/advisors/password-reset/confirm': {
    allow: ALL,
    body: () => ({ token: 'not-a-real-token', password: 'Password-123' }),
    allowedStatus: 400,
  },
  'POST /api/advisors/logout': { allow: SIGNED_IN },
  // ---------------------------------------------------------------- advisors
  'GET /api/advisors': { allow: ADMIN },
  'POST /api/advisors': {
    allow: ADMIN,
    body: () => ({ name: 'Nueva', email: uniqueEmail(), password: 'Password-123' }),
  },
  'GET /api/advisors/{advisorId}': { allow: OWNER_OR_ADMIN },
  'PUT /api/advisors/{advisorId}': { allow: OWNER_OR_ADMIN, body: () => ({ title: 'Senior' }) },
  'DELETE /api/advisors/{advisorId}': { allow: ADMIN },
  'POST /api/advisors/{advisorId}/status': {
    allow: OWNER_OR_ADMIN,
    body: () => ({ status: 'busy' }),
  },
  // An admin suspends another advisor (never herself: advisors.test.ts).
  'PUT /api/advisors/{advisorId}/suspension': { allow: ADMIN, body: () => ({ suspended: true }) },
  // Profile photos: set and removed by the advisor herself or an admin; B is off the landing, so
  // only signed-in staff read hers (advisor-photos.test.ts: public when shown).
  'PUT /api/advisors/{advisorId}/photo': {
    allow: OWNER_OR_ADMIN,
    rawBody: () => ({ contentType: 'image/jpeg', bytes: photo }),
  },
  'DELETE /api/advisors/{advisorId}/photo': { allow: OWNER_OR_ADMIN },
  'GET /api/advisors/{advisorId}/photo/{file}': {
    allow: SIGNED_IN,
    params: photoOfOwner,
    hidden: { from: NOT_SIGNED_IN },
  },
  // Only of an advisor the landing shows; B is off it, so no one reads hers (404), until the
  // landing shows her (advisor-availability.test.ts).
  'GET /api/advisors/{advisorId}/availability': {
    allow: [],
    hidden: {
      from: ALL,
      holder: async (c, app) => {
        await app.container.db
          .updateTable('advisors')
          .set({ show_on_landing: 1 })
          .where('id', '=', c.owner.id)
          .execute();
        return {};
      },
    },
  },
  'GET /api/team': { allow: ALL },
  // ---------------------------------------------------------------- the salon's catalogue
  // Public reads (only what the landing shows: catalogue.test.ts); every write is an admin's.
  'GET /api/services/public': { allow: ALL },
  'GET /api/testimonials/public': { allow: ALL },
  'GET /api/gallery/public': { allow: ALL },
  'GET /api/services': { allow: ADMIN },
  'POST /api/services': { allow: ADMIN, body: () => ({ name: 'Manicure', category: 'Uñas' }) },
  'PUT /api/services/{serviceId}': {
    allow: ADMIN,
    params: catalogueOfC,
    body: () => ({ active: false }),
  },
  'DELETE /api/services/{serviceId}': { allow: ADMIN, params: catalogueOfC },
  'PUT /api/services/{serviceId}/photo': {
    allow: ADMIN,
    params: catalogueOfC,
    rawBody: () => ({ contentType: 'image/jpeg', bytes: photo }),
  },
  'DELETE /api/services/{serviceId}/photo': { allow: ADMIN, params: cataloguePhotosOfC },
  'GET /api/services/{serviceId}/photo/{file}': { allow: ALL, params: cataloguePhotosOfC },
  'GET /api/testimonials': { allow: ADMIN },
  'POST /api/testimonials': { allow: ADMIN, body: () => ({ firstName: 'Rosa', rating: 4 }) },
  'PUT /api/testimonials/{testimonialId}': {
    allow: ADMIN,
    params: catalogueOfC,
    body: () => ({ published: false }),
  },
  'DELETE /api/testimonials/{testimonialId}': { allow: ADMIN, params: catalogueOfC },
  'GET /api/gallery': { allow: ADMIN },
  'POST /api/gallery': { allow: ADMIN, body: () => ({ alt: 'Uñas francesas' }) },
  'PUT /api/gallery/{itemId}': {
    allow: ADMIN,
    params: catalogueOfC,
    body: () => ({ caption: 'Hoy' }),
  },
  'DELETE /api/gallery/{itemId}': { allow: ADMIN, params: catalogueOfC },
  'PUT /api/gallery/{itemId}/photo': {
    allow: ADMIN,
    params: catalogueOfC,
    rawBody: () => ({ contentType: 'image/jpeg', bytes: photo }),
  },
  'GET /api/gallery/{itemId}/photo/{file}': { allow: ALL, params: cataloguePhotosOfC },
  // ---------------------------------------------------------------- the salon's profile
  // The public read carries only what the pages show (salon.test.ts); the rest is an admin's.
  'GET /api/salon/public': { allow: ALL },
  'GET /api/salon': { allow: ADMIN },
  'PUT /api/salon': {
    allow: ADMIN,
    body: () => ({
      name: 'Salón Rosa',
      heroTitle: '',
      heroText: '',
      address: '',
      phone: '',
      whatsapp: '',
      email: '',
      social: { instagram: '', facebook: '', tiktok: '' },
      hoursMode: 'derived',
      hours: defaultWorkingHours,
    }),
  },
  'GET /api/salon/checklist': { allow: ADMIN },
  'PUT /api/salon/logo': {
    allow: ADMIN,
    rawBody: () => ({ contentType: 'image/jpeg', bytes: photo }),
  },
  'DELETE /api/salon/logo': { allow: ADMIN, params: salonLogo },
  'GET /api/salon/logo/{file}': { allow: ALL, params: salonLogo },
  'GET /api/advisors/{advisorId}/dashboard': { allow: OWNER_OR_ADMIN },
  'GET /api/advisors/{advisorId}/calls/pending': { allow: OWNER_OR_ADMIN },
  'GET /api/advisors/{advisorId}/calls/active': { allow: OWNER_OR_ADMIN },
  'GET /api/advisors/{advisorId}/calls/history': {
    allow: OWNER_OR_ADMIN,
    query: () => ({ limit: '10' }),
  },
  // ---------------------------------------------------------------- calls
  'POST /api/calls/request': {
    allow: ALL,
    body: () => ({
      name: 'Eva',
      phone: freshPhone(),
      email: 'eva@example.pe',
      subject: 'hair_care',
      message: 'Hola',
      consent: true,
      remember: true,
    }),
  },
  'GET /api/calls/{callId}/status': { allow: CALL_PARTIES },
  'GET /api/calls/{callId}/join': { allow: CALL_PARTIES, state: 'active' },
  'GET /api/calls/{callId}/token': {
    allow: CALL_PARTIES,
    state: 'active',
    query: (_c, role) => ({
      userType:
        role === 'admin'
          ? 'admin'
          : role === 'owner' || role === 'otherAdvisor'
            ? 'advisor'
            : 'client',
    }),
  },
  'POST /api/calls/{callId}/end': { allow: CALL_PARTIES, state: 'active', body: () => ({}) },
  // From the advisor it rings, cancel declines the offer instead (documented): allowed.
  'POST /api/calls/{callId}/cancel': { allow: CALL_PARTIES, body: () => ({}) },
  'POST /api/calls/{callId}/rating': {
    allow: ['visitor'],
    state: 'completed',
    body: () => ({ rating: 5, comment: 'Excelente' }),
  },
  'POST /api/calls/{callId}/accept': { allow: OWNER_OR_ADMIN, body: () => ({}) },
  'POST /api/calls/{callId}/decline': { allow: OWNER_OR_ADMIN, body: () => ({}) },
  'POST /api/calls/{callId}/notes': {
    allow: OWNER_OR_ADMIN,
    state: 'active',
    body: () => ({ notes: 'Piel mixta' }),
  },
  'GET /api/calls/{callId}/notes': { allow: OWNER_OR_ADMIN, state: 'active' },
  // What staff see of a returning client's last visit: the advisor it rings and admins.
  'GET /api/calls/{callId}/returning': { allow: OWNER_OR_ADMIN },
  'GET /api/calls/{callId}': { allow: OWNER_OR_ADMIN, state: 'active' },
  'GET /api/calls/{callId}/media-stats': { allow: ADMIN, state: 'active' },
  // The chat: active, as the advisor a pending call only rings is not let in (chat.test.ts).
  'GET /api/calls/{callId}/messages': { allow: CALL_PARTIES, state: 'active' },
  'POST /api/calls/{callId}/messages': {
    allow: CALL_PARTIES,
    state: 'active',
    body: () => ({ id: randomUUID(), body: 'Hola, ¿me escuchan?' }),
  },
  // Photos in the chat: added by who may write, read by who reads the chat (chat-images.test.ts).
  'POST /api/calls/{callId}/images': {
    allow: CALL_PARTIES,
    state: 'active',
    rawBody: () => ({ contentType: 'image/jpeg', bytes: photo }),
  },
  'GET /api/calls/{callId}/images/{imageId}': {
    allow: CALL_PARTIES,
    state: 'active',
    params: photoOfC,
  },
  // Deleting one: the visitor hers (this one) and snapshots, the call's advisor and admins any
  // (chat-snapshots.test.ts).
  'DELETE /api/calls/{callId}/images/{imageId}': {
    allow: CALL_PARTIES,
    state: 'active',
    params: photoOfC,
  },
  // The hair intake: read by the visitor, the advisor it rings and admins; its photos added by
  // the visitor alone while the call waits (calls/intake.test.ts).
  'GET /api/calls/{callId}/intake': { allow: CALL_PARTIES },
  'PUT /api/calls/{callId}/intake/photos/{slot}': {
    allow: ['visitor'],
    params: intakeOfC,
    rawBody: () => ({ contentType: 'image/jpeg', bytes: photo }),
  },
  'GET /api/calls/{callId}/intake/photos/{slot}': {
    allow: CALL_PARTIES,
    params: intakePhotoOfC,
  },
  // Recommendations: the advisor who took the call and admins (summary.test.ts).
  'GET /api/calls/{callId}/recommendations': { allow: OWNER_OR_ADMIN, state: 'active' },
  'PUT /api/calls/{callId}/recommendations': {
    allow: OWNER_OR_ADMIN,
    state: 'active',
    body: () => ({ text: 'Aceite de argán', items: [{ name: 'Aceite', pricePen: 19.9 }] }),
  },
  // The visitor's summary: its link with her call key; the summary itself only with the summary
  // key, which none of these roles holds (the call key, a session or an admin's opens nothing).
  'GET /api/calls/{callId}/summary-link': { allow: ['visitor'], state: 'completed' },
  'GET /api/summaries/{callId}': {
    allow: [],
    state: 'completed',
    hidden: byKeyOnly(summaryHolder),
  },
  'GET /api/summaries/{callId}/images/{imageId}': {
    allow: [],
    state: 'completed',
    params: photoOfCompletedC,
    hidden: byKeyOnly(summaryHolder),
  },
  'GET /api/summaries/{callId}/intake/photos/{slot}': {
    allow: [],
    state: 'completed',
    params: intakePhotoOfC,
    hidden: byKeyOnly(summaryHolder),
  },
  'DELETE /api/summaries/{callId}/images/{imageId}': {
    allow: [],
    state: 'completed',
    params: photoOfCompletedC,
    hidden: byKeyOnly(summaryHolder),
  },
  'DELETE /api/summaries/{callId}/messages': {
    allow: [],
    state: 'completed',
    hidden: byKeyOnly(summaryHolder),
  },
  // A service of her plan booked in the salon: only with her summary key, as the summary.
  'GET /api/summaries/{callId}/services/{serviceId}/slots': {
    allow: [],
    state: 'completed',
    params: planServiceOfC,
    hidden: byKeyOnly(summaryHolder),
  },
  // The slot asked for is not one of the owner's (her hours do not have it): the holder gets
  // 409 SLOT_UNAVAILABLE, everyone else the summary's 404.
  'POST /api/summaries/{callId}/services/{serviceId}/book': {
    allow: [],
    state: 'completed',
    params: planServiceOfC,
    body: () => ({ startsAt: '2026-11-23T14:03:00.000Z' }),
    hidden: byKeyOnly(summaryHolder),
    allowedStatus: 409,
  },
  'GET /api/calls': { allow: ADMIN, query: () => ({ limit: '5', page: '1' }) },
  'GET /api/calls/stats': { allow: ADMIN },
  'GET /api/calls/recent': { allow: ADMIN },
  'GET /api/availability': { allow: ALL },
  // ---------------------------------------------------------------- callbacks
  'POST /api/callbacks': {
    allow: ALL,
    body: () => ({ name: 'Lead', phone: freshPhone(), consent: true }),
  },
  'GET /api/callbacks': { allow: ADMIN, query: () => ({ status: 'open' }) },
  'POST /api/callbacks/{callbackId}/done': { allow: ADMIN },
  // ---------------------------------------------------------------- settings, admin
  'GET /api/settings/public': { allow: ALL },
  'GET /api/privacy': { allow: ALL },
  'GET /api/settings': { allow: ADMIN },
  // The colour chart: every signed-in stylist (the hair colour preview in her calls) and admins.
  'GET /api/settings/colour-chart': { allow: SIGNED_IN },
  'PUT /api/settings': {
    allow: ADMIN,
    body: () => ({
      ...structuredClone(defaultSettings),
      notifications: { ...defaultSettings.notifications, emailNotifications: false },
    }),
  },
  'POST /api/settings/test-daily': {
    allow: ADMIN,
    body: (_c, fake) => ({ apiKey: fake.apiKey, domain: fake.domain }),
  },
  // No SMTP in this app: the admin gets 409 EMAIL_NOT_CONFIGURED, everyone else a refusal.
  'POST /api/settings/test-email': {
    allow: ADMIN,
    body: () => ({ to: 'owner@salon.test' }),
    allowedStatus: 409,
  },
  // Anyone may use a visitor's e-mail confirmation link (none is valid here: 400).
  'POST /api/mail/confirm': {
    allow: ALL,
    body: () => ({ token: 'not-a-real-token' }),
    allowedStatus: 400,
  },
  // ---------------------------------------------------------------- appointments
  'GET /api/appointments/slots': { allow: ALL },
  // Public: 201 for the first role, 409 SLOT_UNAVAILABLE for the next (the slot is taken); never
  // a refusal.
  'POST /api/appointments': {
    allow: ALL,
    body: () => ({
      startsAt: '2026-11-23T14:00:00.000Z',
      name: 'Reserva',
      phone: freshPhone(),
      consent: true,
    }),
    allowedStatus: 409,
  },
  // The manage key is held by none of these roles: only the booking's client.
  'GET /api/appointments/{appointmentId}': {
    allow: [],
    params: bookingOfOwner,
    hidden: byKeyOnly(bookingHolder),
  },
  'GET /api/appointments/{appointmentId}/slots': {
    allow: [],
    params: bookingOfOwner,
    hidden: byKeyOnly(bookingHolder),
  },
  // The key's holder gets past the key to the booking's rules: that slot is not free (409), and a
  // booking in 2030 does not open yet (409).
  'POST /api/appointments/{appointmentId}/reschedule': {
    allow: [],
    params: bookingOfOwner,
    body: () => ({ startsAt: '2030-01-07T15:25:00.000Z' }),
    hidden: byKeyOnly(bookingHolder),
    allowedStatus: 409,
  },
  // With a session: the booking's advisor or an admin; without one, the (missing) key is 404.
  'POST /api/appointments/{appointmentId}/cancel': {
    allow: OWNER_OR_ADMIN,
    params: bookingOfOwner,
    hidden: { from: NOT_SIGNED_IN, holder: bookingHolder },
  },
  'POST /api/appointments/{appointmentId}/enter': {
    allow: [],
    params: bookingOfOwner,
    hidden: byKeyOnly(bookingHolder),
    allowedStatus: 409,
  },
  'GET /api/appointments': { allow: SIGNED_IN },
  // Its stylist or an admin, from its start on; a visitor never.
  'POST /api/appointments/{appointmentId}/outcome': {
    allow: OWNER_OR_ADMIN,
    params: startedServiceOfOwner,
    body: () => ({ outcome: 'attended', finalPrice: 45.5 }),
  },
  'POST /api/appointments/{appointmentId}/reassign': {
    allow: ADMIN,
    params: bookingOfOwner,
    body: (c) => ({ advisorId: c.other.id }),
  },
  // ---------------------------------------------------------------- the reception desk
  // An admin for any stylist, a stylist for herself (the path's advisor is the owner's).
  'GET /api/desk/slots': {
    allow: OWNER_OR_ADMIN,
    query: (c) => ({ advisorId: c.owner.id, days: '2' }),
  },
  // That instant is no slot of hers (not on a quarter hour): whoever may book gets 409.
  'POST /api/desk/appointments': {
    allow: OWNER_OR_ADMIN,
    body: (c) => ({
      kind: 'consultation',
      advisorId: c.owner.id,
      startsAt: '2026-11-23T14:03:00.000Z',
      name: 'Mostrador',
      phone: freshPhone(),
      verbalConsent: true,
    }),
    allowedStatus: 409,
  },
  // ---------------------------------------------------------------- snapshots on Daily
  'POST /api/calls/{callId}/snapshot-requests': { allow: ['owner'], state: 'active' },
  'POST /api/calls/{callId}/snapshot-failures': {
    allow: ['visitor'],
    state: 'active',
    body: () => ({ requestId: 'snap_0', reason: 'camera-off' }),
  },
  // ---------------------------------------------------------------- the widget's frame
  // Public: the records live in the caller's own cookie. Only a browser's cross-site request is
  // refused (403 CROSS_SITE_REQUEST, embed-storage.test.ts); these requests send no such header.
  'GET /api/embed/storage': { allow: ALL },
  'PUT /api/embed/storage': {
    allow: ALL,
    body: () => ({ activeCall: '{"callId":"call_matrix"}', pendingRating: null }),
  },
  'GET /api/audit': { allow: ADMIN, query: () => ({ limit: '10' }) },
  // ---------------------------------------------------------------- outgoing webhooks (admin)
  'GET /api/webhooks/endpoints': { allow: ADMIN },
  'POST /api/webhooks/endpoints': {
    allow: ADMIN,
    params: webhookOfC,
    body: () => ({ url: 'https://crm.example.com/hook', events: ['call.ended'], enabled: false }),
  },
  'PUT /api/webhooks/endpoints/{endpointId}': {
    allow: ADMIN,
    params: webhookOfC,
    body: () => ({ description: 'CRM' }),
  },
  'DELETE /api/webhooks/endpoints/{endpointId}': { allow: ADMIN, params: webhookOfC },
  'GET /api/webhooks/deliveries': { allow: ADMIN, query: () => ({ limit: '10' }) },
  'POST /api/webhooks/deliveries/{deliveryId}/retry': { allow: ADMIN, params: webhookOfC },
  // ---------------------------------------------------------------- WhatsApp
  // Meta's verification and webhook are public; a POST is refused (401) to whoever does not sign
  // it with the app secret, and taken from the signer (Meta).
  'GET /api/whatsapp/webhook': {
    allow: ALL,
    query: () => ({
      'hub.mode': 'subscribe',
      'hub.verify_token': WHATSAPP_TEST_CONFIG.verifyToken,
      'hub.challenge': '42',
    }),
  },
  'POST /api/whatsapp/webhook': {
    allow: [],
    rawBody: () => ({ contentType: 'application/json', bytes: Buffer.from(WHATSAPP_HOOK_BODY) }),
    hidden: {
      from: [],
      holder: async () => ({
        headers: {
          'x-hub-signature-256': signWhatsappBody(
            WHATSAPP_TEST_CONFIG.appSecret,
            WHATSAPP_HOOK_BODY,
          ),
        },
      }),
    },
  },
  'GET /api/whatsapp/messages': {
    allow: ADMIN,
    query: (c) => ({ callId: c.callId }),
  },
  'GET /api/reports': { allow: ADMIN, query: () => ({ months: '3' }) },
  'GET /api/reports/funnel': { allow: ADMIN, query: () => ({ months: '3' }) },
  'GET /api/reports/funnel.csv': { allow: ADMIN, query: () => ({ months: '3', language: 'en' }) },
  'GET /api/system/status': { allow: ADMIN },
  // ---------------------------------------------------------------- operations (at the root)
  // The probes are open. The metrics need METRICS_TOKEN (none set here) or a loopback peer, and
  // every request here comes from an address of its own in 10/8: refused for every role, staff
  // tokens included (metrics.test.ts covers the token and loopback).
  'GET /healthz': { allow: ALL },
  'GET /readyz': { allow: ALL },
  'GET /metrics': {
    allow: [],
    hidden: { from: [], holder: async () => ({ remoteAddress: '127.0.0.1' }) },
  },
};

type Outcome = 'allowed' | 'refused' | 'not found' | 'other';
const classify = (status: number, allowedStatus?: number): Outcome =>
  (status >= 200 && status < 300) || status === allowedStatus
    ? 'allowed'
    : [401, 403].includes(status)
      ? 'refused'
      : status === 404
        ? 'not found'
        : 'other';

function headersFor(role: Role, c: Cast): { token?: string; clientKey?: string } {
  switch (role) {
    case 'anonymous':
      return {};
    case 'visitor':
      return { clientKey: c.clientKey };
    case 'visitorWrongKey':
      return { clientKey: c.otherClientKey };
    case 'owner':
      return { token: c.owner.token };
    case 'otherAdvisor':
      return { token: c.other.token };
    case 'admin':
      return { token: c.admin.token };
  }
}

describe('authorization matrix over HTTP (every OpenAPI operation × every role)', () => {
  let h: Harness;
  let fake: FakeDaily;
  let ops: Operation[];
  beforeAll(async () => {
    fake = await startFakeDaily();
    h = await createHarness({
      config: { dailyApiUrl: fake.url, logLevel: 'silent', whatsapp: WHATSAPP_TEST_CONFIG },
    });
    ops = operationsOf(h.app);
    photo = await testPhoto({ width: 40, height: 30 });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it('classifies every operation of the OpenAPI document, and no row is stale', () => {
    expect(ops.length).toBeGreaterThanOrEqual(40);
    const documented = ops.map((o) => o.key);
    const unclassified = documented.filter((k) => !(k in EXPECTED));
    expect(unclassified, 'operations with no row in EXPECTED: classify them').toEqual([]);
    const stale = Object.keys(EXPECTED).filter((k) => !documented.includes(k));
    expect(stale, 'rows of EXPECTED that are not in OpenAPI').toEqual([]);
  });

  it('answers every role as the table says: no refused role gets a 2xx, no allowed role is refused', async () => {
    const mismatches: string[] = [];
    /** operations whose hidden answer was compared with a missing id's (once each) */
    const hiddenChecked = new Set<string>();
    let cells = 0;
    let holders = 0;
    for (const op of ops) {
      const row = EXPECTED[op.key];
      if (!row) continue; // reported by the test above
      // Reads share one cast across the roles; anything that may change state gets a fresh one.
      let shared: { cast: Cast; params: Record<string, string> } | null = null;
      for (const role of ROLES) {
        if (op.method !== 'GET' || !shared) {
          const cast = await newCast(h.app, h.db.db, row.state ?? 'pending', h.clock.now());
          shared = { cast, params: row.params ? await row.params(cast, h.app) : {} };
        }
        const { cast, params } = shared;
        const url =
          fillPath(op.path, {
            advisorId: cast.owner.id,
            callId: cast.callId,
            callbackId: cast.callbackId,
            ...params,
          }) + queryString(row.query?.(cast, role));
        const raw = row.rawBody?.();
        // `send` gives every request its own client address: rate limits decide no outcome here.
        const res = await send(h.app, op.method, url, {
          ...headersFor(role, cast),
          ...(row.body ? { body: row.body(cast, fake) } : {}),
          ...(raw ? { rawBody: raw.bytes, contentType: raw.contentType } : {}),
        });
        cells += 1;
        const expected: Outcome = row.allow.includes(role)
          ? 'allowed'
          : row.hidden?.from.includes(role)
            ? 'not found'
            : 'refused';
        const got = classify(res.status, row.allowedStatus);
        // The route exists: an answer of the router's own 404 means the request never reached it.
        if (res.status >= 500 || got !== expected || errorCode(res) === 'ROUTE_NOT_FOUND') {
          mismatches.push(
            `${op.key} as ${role}: expected ${expected}, got ${res.status} ${res.text.slice(0, 200)}`,
          );
        }
        // Hidden means hidden: whoever may not see it gets what an id that does not exist gets.
        if (expected === 'not found' && got === 'not found' && !hiddenChecked.has(op.key)) {
          hiddenChecked.add(op.key);
          const missing = await send(
            h.app,
            op.method,
            fillPath(op.path, {
              callbackId: cast.callbackId,
              ...params,
              ...MISSING_IDS,
            }) + queryString(row.query?.(cast, role)),
            {
              ...headersFor(role, cast),
              ...(row.body ? { body: row.body(cast, fake) } : {}),
              ...(raw ? { rawBody: raw.bytes, contentType: raw.contentType } : {}),
            },
          );
          const seen = { status: res.status, code: errorCode(res) };
          const none = { status: missing.status, code: errorCode(missing) };
          if (seen.status !== none.status || seen.code !== none.code)
            mismatches.push(
              `${op.key} as ${role}: hidden answers ${JSON.stringify(seen)}, a missing id ${JSON.stringify(none)}`,
            );
        }
      }
      const holder = row.hidden?.holder;
      if (holder) {
        const cast = await newCast(h.app, h.db.db, row.state ?? 'pending', h.clock.now());
        const params = row.params ? await row.params(cast, h.app) : {};
        const url =
          fillPath(op.path, {
            advisorId: cast.owner.id,
            callId: cast.callId,
            callbackId: cast.callbackId,
            ...params,
          }) + queryString(row.query?.(cast, 'anonymous'));
        const raw = row.rawBody?.();
        const res = await send(h.app, op.method, url, {
          ...(await holder(cast, h.app, params)),
          ...(row.body ? { body: row.body(cast, fake) } : {}),
          ...(raw ? { rawBody: raw.bytes, contentType: raw.contentType } : {}),
        });
        holders += 1;
        if (classify(res.status, row.allowedStatus) !== 'allowed')
          mismatches.push(
            `${op.key} as its key's holder: expected allowed, got ${res.status} ${res.text.slice(0, 200)}`,
          );
      }
      if (row.allow.length === 0 && !holder)
        mismatches.push(`${op.key}: no one may use it (a row must let someone through)`);
    }
    expect(cells).toBe(ops.length * ROLES.length);
    expect(holders).toBeGreaterThanOrEqual(11);
    expect(mismatches).toEqual([]);
    // Every row that hides its resource from someone was compared with a missing id.
    expect([...hiddenChecked].sort()).toEqual(
      Object.entries(EXPECTED)
        .filter(([, row]) => (row.hidden?.from.length ?? 0) > 0)
        .map(([key]) => key)
        .sort(),
    );
  }, 120_000);
});

/** The error code of an answer, if it is an error envelope. */
function errorCode(res: { body: unknown }): string | undefined {
  return (res.body as { error?: { code?: string } } | null)?.error?.code;
}

/** Ids of the resources a path opens that nothing has (well formed, so the route is reached). */
const MISSING_IDS = {
  callId: 'call_does_not_exist',
  advisorId: 'adv_does_not_exist',
  appointmentId: 'apt_does_not_exist',
};

function queryString(q: Record<string, string> | undefined): string {
  if (!q) return '';
  return `?${new URLSearchParams(q).toString()}`;
}

// ====================================================================== Socket.IO client events

type SocketCtx = {
  cast: Cast;
  role: Role;
  /** a built-in room token this role can really obtain (own call), or a forged one */
  roomToken: string;
};

type SocketRow = {
  /** roles whose event is carried out; every other role must be refused (or it has no effect) */
  allow: readonly Role[];
  state?: CallState;
  payload: (x: SocketCtx) => unknown;
  /** events without an acknowledgement: refused means an `error` event, allowed means none */
  noAck?: true;
  /** before the event, the role's socket joins C's video room with its room token */
  joinRtcFirst?: true;
  /** the role in that join (participant when absent) */
  joinAs?: 'supervisor';
};

const userTypeOf = (role: Role): 'client' | 'advisor' | 'admin' =>
  role === 'admin' ? 'admin' : role === 'owner' || role === 'otherAdvisor' ? 'advisor' : 'client';

/**
 * THE socket expectation table, one row per client event of the contract: `Record<keyof
 * ClientToServerEvents, …>` makes a new event a type error until it is classified here.
 */
const SOCKET_EXPECTED: Record<keyof ClientToServerEvents, SocketRow> = {
  // Sign in as B: only B's own token does it (an admin's token is not B's either).
  'advisor:connect': {
    allow: ['owner'],
    payload: ({ cast, role }) => ({
      advisorId: cast.owner.id,
      token:
        role === 'owner'
          ? cast.owner.token
          : role === 'otherAdvisor'
            ? cast.other.token
            : role === 'admin'
              ? cast.admin.token
              : 'forged-session-token',
    }),
  },
  'advisor:status': {
    allow: OWNER_OR_ADMIN,
    payload: ({ cast }) => ({ advisorId: cast.owner.id, status: 'busy' }),
  },
  'call:accept': {
    allow: OWNER_OR_ADMIN,
    // Each signed-in role accepts for itself (the rule: only for yourself); others send B's id.
    payload: ({ cast, role }) => ({
      callId: cast.callId,
      advisorId:
        role === 'otherAdvisor' ? cast.other.id : role === 'admin' ? cast.admin.id : cast.owner.id,
    }),
  },
  'call:end': {
    allow: CALL_PARTIES,
    state: 'active',
    payload: ({ cast }) => ({ callId: cast.callId }),
  },
  'call:notes': {
    allow: OWNER_OR_ADMIN,
    state: 'active',
    payload: ({ cast }) => ({ callId: cast.callId, notes: 'Notas de B' }),
  },
  'client:connect': {
    allow: ['visitor'],
    payload: ({ cast, role }) => ({
      callId: cast.callId,
      clientKey:
        role === 'visitor'
          ? cast.clientKey
          : role === 'visitorWrongKey'
            ? cast.otherClientKey
            : 'guessed-client-key',
    }),
  },
  'call:request': {
    allow: ALL,
    payload: () => ({
      clientInfo: { name: 'Sol', phone: freshPhone(), email: 'sol@example.pe' },
      consent: true,
    }),
  },
  // Cancelling C: the visitor, an admin, or B (for whom it declines the offer).
  'call:status': {
    allow: CALL_PARTIES,
    payload: ({ cast }) => ({ callId: cast.callId, status: 'cancelled' }),
  },
  'call:typing': {
    allow: CALL_PARTIES,
    state: 'active',
    payload: ({ cast, role }) => ({
      callId: cast.callId,
      isTyping: true,
      userType: userTypeOf(role),
    }),
  },
  'chat:join': {
    allow: CALL_PARTIES,
    state: 'active',
    payload: ({ cast }) => ({ callId: cast.callId }),
  },
  'chat:send': {
    allow: CALL_PARTIES,
    state: 'active',
    payload: ({ cast }) => ({ callId: cast.callId, id: randomUUID(), body: 'Hola' }),
  },
  // A close-up: only the call's stylist asks; only its visitor's screen answers.
  'closeup:request': {
    allow: ['owner'],
    state: 'active',
    payload: ({ cast }) => ({ callId: cast.callId }),
  },
  'closeup:status': {
    allow: ['visitor'],
    state: 'active',
    payload: ({ cast }) => ({ callId: cast.callId, requestId: 'closeup_1', state: 'rear-camera' }),
  },
  // Refused roles present the best token they can hold: their own call's (D) or a forged one.
  'rtc:join': {
    allow: CALL_PARTIES,
    state: 'active',
    payload: ({ cast, roomToken }) => ({ callId: cast.callId, token: roomToken }),
  },
  'rtc:signal': {
    allow: CALL_PARTIES,
    state: 'active',
    noAck: true,
    joinRtcFirst: true,
    payload: ({ cast }) => ({
      callId: cast.callId,
      to: 'some-peer',
      description: { type: 'offer', sdp: 'v=0' },
    }),
  },
  'rtc:stats': {
    allow: CALL_PARTIES,
    state: 'active',
    noAck: true,
    joinRtcFirst: true,
    payload: ({ cast }) => ({
      callId: cast.callId,
      quality: 'good',
      localCandidateType: 'host',
      remoteCandidateType: 'host',
      rttMs: 20,
      packetLossPct: 0,
      bitrateKbps: 800,
      timeToFirstFrameMs: 300,
    }),
  },
  // Fresh ICE servers: only for a member of the call's room (refused roles could not join it).
  'rtc:ice': {
    allow: CALL_PARTIES,
    state: 'active',
    joinRtcFirst: true,
    payload: ({ cast }) => ({ callId: cast.callId }),
  },
  // Only a silent supervisor starts to speak, and only an admin can be one (her join as
  // supervisor is refused to everyone else, so they are in no room to speak in).
  'rtc:speak': {
    allow: ['admin'],
    state: 'active',
    joinRtcFirst: true,
    joinAs: 'supervisor',
    payload: ({ cast }) => ({ callId: cast.callId }),
  },
  // Leaving only ever concerns the sender's own membership: checked below (a witness stays).
  'rtc:leave': {
    allow: ALL,
    state: 'active',
    noAck: true,
    payload: ({ cast }) => ({ callId: cast.callId }),
  },
  ping: { allow: ALL, noAck: true, payload: () => undefined },
};

/** The same events with another payload that changes who may: each a row of its own. */
const SOCKET_VARIANTS: [label: string, event: keyof ClientToServerEvents, row: SocketRow][] = [
  [
    'rtc:join as supervisor',
    'rtc:join',
    {
      allow: ['admin'],
      state: 'active',
      payload: ({ cast, roomToken }) => ({
        callId: cast.callId,
        token: roomToken,
        role: 'supervisor',
      }),
    },
  ],
];

const REFUSAL_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CALL_NOT_FOUND',
  'INVALID_CLIENT_KEY',
];

describe('authorization matrix over Socket.IO (every client event × every role)', () => {
  let h: Harness;
  const open: Client[] = [];
  beforeAll(async () => {
    h = await createHarness({ listen: true, config: { logLevel: 'silent' } });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await h.close();
  });

  const socket = async (token?: string): Promise<Client> => {
    // Handshake sign-in is confirmed by advisor:connected (and calls:pending after it); the
    // listeners are attached before connecting, as those come right after the connection.
    let signedIn: Promise<unknown> = Promise.resolve();
    const s = await openSocket(h.url, {
      ...(token ? { token } : {}),
      before: (x) => {
        open.push(x);
        if (token)
          signedIn = Promise.all([
            nextEvent(x, 'advisor:connected'),
            nextEvent(x, 'calls:pending'),
          ]);
      },
    });
    await signedIn;
    return s;
  };

  /** The role's socket, signed in or holding a call key as that role would. */
  async function roleSocket(role: Role, cast: Cast, event: string): Promise<Client> {
    switch (role) {
      case 'anonymous':
        return socket();
      case 'visitor': {
        const s = await socket();
        if (event !== 'client:connect') {
          const r = await ask(s, 'client:connect', {
            callId: cast.callId,
            clientKey: cast.clientKey,
          });
          if (!r.ok) throw new Error(`visitor join failed ${JSON.stringify(r)}`);
        }
        return s;
      }
      case 'visitorWrongKey': {
        const s = await socket();
        const r = await ask(s, 'client:connect', {
          callId: cast.otherCallId,
          clientKey: cast.otherClientKey,
        });
        if (!r.ok) throw new Error(`visitor D join failed ${JSON.stringify(r)}`);
        return s;
      }
      case 'owner':
        return event === 'advisor:connect' ? socket() : socket(cast.owner.token);
      case 'otherAdvisor':
        return event === 'advisor:connect' ? socket() : socket(cast.other.token);
      case 'admin':
        return event === 'advisor:connect' ? socket() : socket(cast.admin.token);
    }
  }

  /** A room token the role can really get over HTTP: C's for its parties, D's for A and D's visitor. */
  async function roomTokenFor(role: Role, cast: Cast): Promise<string> {
    const get = async (callId: string, creds: { token?: string; clientKey?: string }) => {
      const res = await api<{ token: string }>(h.app, 'GET', `/api/calls/${callId}/join`, creds);
      if (res.status !== 200) throw new Error(`join ${res.status} ${JSON.stringify(res.body)}`);
      return res.data.token;
    };
    switch (role) {
      case 'anonymous':
        return 'forged.room.token';
      case 'visitor':
        return get(cast.callId, { clientKey: cast.clientKey });
      case 'visitorWrongKey':
        return get(cast.otherCallId, { clientKey: cast.otherClientKey });
      case 'owner':
        return get(cast.callId, { token: cast.owner.token });
      case 'otherAdvisor':
        return get(cast.otherCallId, { token: cast.other.token });
      case 'admin':
        return get(cast.callId, { token: cast.admin.token });
    }
  }

  /** Emits an ack-less event, then a ping: the pong comes after any refusal the event caused. */
  async function emitThenPong(s: Client, event: string, payload: unknown): Promise<unknown[]> {
    const errors: unknown[] = [];
    const onError = (e: unknown) => void errors.push(e);
    s.on('error', onError);
    const pong = nextEvent(s, 'pong');
    const emit = s.emit.bind(s) as unknown as (e: string, p?: unknown) => void;
    if (payload === undefined) emit(event);
    else emit(event, payload);
    emit('ping');
    await pong;
    s.off('error', onError);
    return errors;
  }

  it('answers every client event as the table says, for every role', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    const rows = [
      ...Object.entries<SocketRow>(SOCKET_EXPECTED).map(([e, r]) => [e, e, r] as const),
      ...SOCKET_VARIANTS,
    ];
    for (const [label, event, row] of rows) {
      for (const role of ROLES) {
        const cast = await newCast(h.app, h.db.db, row.state ?? 'pending', h.clock.now());
        const needsToken = event === 'rtc:join' || row.joinRtcFirst || event === 'rtc:leave';
        const roomToken =
          needsToken && row.state === 'active' ? await roomTokenFor(role, cast) : '';
        const s = await roleSocket(role, cast, event);
        const allowed = row.allow.includes(role);
        const payload = row.payload({ cast, role, roomToken });
        cells += 1;
        let outcome: string;
        if (event === 'rtc:leave') {
          // A witness (C's visitor) sits in C's video room; nobody else's leave may remove it.
          const witness = await socket();
          const vt = await roomTokenFor('visitor', cast);
          const joined = await ask(witness, 'rtc:join', { callId: cast.callId, token: vt });
          if (!joined.ok) throw new Error(`witness join ${JSON.stringify(joined)}`);
          await emitThenPong(s, event, payload);
          const inRoom = (await h.app.realtime.io.in(`rtc:${cast.callId}`).fetchSockets()).map(
            (x) => x.id,
          );
          outcome = inRoom.includes(witness.id ?? '') ? 'allowed' : 'witness removed';
        } else if (row.noAck) {
          if (row.joinRtcFirst) await ask(s, 'rtc:join', { callId: cast.callId, token: roomToken });
          const errors = await emitThenPong(s, event, payload);
          const refused = errors.some((e) =>
            REFUSAL_CODES.includes((e as { code?: string }).code ?? ''),
          );
          outcome = errors.length === 0 ? 'allowed' : refused ? 'refused' : JSON.stringify(errors);
        } else {
          if (row.joinRtcFirst)
            await ask(s, 'rtc:join', {
              callId: cast.callId,
              token: roomToken,
              ...(row.joinAs ? { role: row.joinAs } : {}),
            });
          const res: AckResult = await ask(s, event, payload);
          outcome = res.ok
            ? 'allowed'
            : REFUSAL_CODES.includes(res.error.code)
              ? 'refused'
              : `${res.error.code}: ${res.error.message}`;
        }
        const expected = allowed ? 'allowed' : 'refused';
        if (outcome !== expected)
          mismatches.push(`${label} as ${role}: expected ${expected}, got ${outcome}`);
        for (const x of open.splice(0)) x.disconnect();
      }
    }
    expect(cells).toBe(
      (Object.keys(SOCKET_EXPECTED).length + SOCKET_VARIANTS.length) * ROLES.length,
    );
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('refuses impersonation: typing as admin without being one, or as an advisor with a call key', async () => {
    const cast = await newCast(h.app, h.db.db, 'active', h.clock.now());
    const owner = await socket(cast.owner.token);
    expect(
      await ask(owner, 'call:typing', { callId: cast.callId, isTyping: true, userType: 'admin' }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const visitor = await socket();
    expect(
      (await ask(visitor, 'client:connect', { callId: cast.callId, clientKey: cast.clientKey })).ok,
    ).toBe(true);
    expect(
      await ask(visitor, 'call:typing', {
        callId: cast.callId,
        isTyping: true,
        userType: 'advisor',
      }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(
      await ask(visitor, 'call:notes', { callId: cast.callId, notes: 'visitor writes notes' }),
    ).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    // Advisor A cannot accept B's call in B's name either.
    const pending = await newCast(h.app, h.db.db, 'pending', h.clock.now());
    const a = await socket(pending.other.token);
    expect(
      await ask(a, 'call:accept', { callId: pending.callId, advisorId: pending.owner.id }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const row = await h.db.db
      .selectFrom('calls')
      .select(['status', 'advisor_id'])
      .where('id', '=', pending.callId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', advisor_id: pending.owner.id });
  });
});
