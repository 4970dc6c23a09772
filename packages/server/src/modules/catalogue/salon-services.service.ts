/**
 * The services the salon offers (docs/decisions.md, the salon's catalogue): admins list, create,
 * change and remove them, and say which stylists do each and whether visitors may book it in the
 * salon from a consultation's plan (docs/product.md#services-from-the-plan); the landing reads the
 * active ones' public fields. A bookable service needs its duration (400
 * SERVICE_DURATION_REQUIRED); a stylist who does not exist is 404 ADVISOR_NOT_FOUND. Changes are
 * audited as `service.create|update|delete`.
 */
import type {
  createServiceBodySchema,
  PublicService,
  SalonService,
  UpdateServiceBody,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deleteCataloguePhoto,
  deleteService,
  findService,
  insertService,
  listServices,
  setServiceStylists,
  stylistsOfServices,
  updateService,
  type ServiceRow,
} from './catalogue.repository.js';
import { publicServiceDto, serviceDto, toCents } from './catalogue.dto.js';

type Actor = Pick<AuthUser, 'advisorId'>;
type CreateInput = z.output<typeof createServiceBodySchema>;

export const serviceNotFound = () => notFound('SERVICE_NOT_FOUND', 'Service');

export type SalonServicesService = ReturnType<typeof createSalonServicesService>;

export function createSalonServicesService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { audit: AuditService; advisors: Pick<AdvisorsService, 'exists'> },
) {
  const { db, clock } = deps;
  const { audit, advisors } = services;

  async function checkStylists(ids: readonly string[] | undefined): Promise<void> {
    for (const id of ids ?? []) {
      if (!(await advisors.exists(id))) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
    }
  }

  const durationRequired = () =>
    new AppError(
      'SERVICE_DURATION_REQUIRED',
      400,
      'A service booked in the salon needs a duration',
    );

  return {
    async list(): Promise<SalonService[]> {
      const rows = await listServices(db, false);
      const stylists = await stylistsOfServices(db);
      return rows.map((r) => serviceDto(r, stylists.get(r.id)));
    },

    /** The active services, in display order: what the landing shows. */
    async listPublic(): Promise<PublicService[]> {
      return (await listServices(db, true)).map(publicServiceDto);
    },

    async get(serviceId: string): Promise<SalonService> {
      const row = await findService(db, serviceId);
      if (!row) throw serviceNotFound();
      const stylists = await stylistsOfServices(db, [serviceId]);
      return serviceDto(row, stylists.get(serviceId));
    },

    /** Several services by id, with their stylists (unknown ids left out): for plans and bookings. */
    async byIds(serviceIds: readonly string[]): Promise<Map<string, SalonService>> {
      const out = new Map<string, SalonService>();
      if (serviceIds.length === 0) return out;
      const stylists = await stylistsOfServices(db, serviceIds);
      for (const id of new Set(serviceIds)) {
        const row = await findService(db, id);
        if (row) out.set(id, serviceDto(row, stylists.get(id)));
      }
      return out;
    },

    async create(actor: Actor, input: CreateInput): Promise<SalonService> {
      if (input.bookable && input.durationMinutes === null) throw durationRequired();
      await checkStylists(input.stylistIds);
      const now = clock.now().toISOString();
      const row: ServiceRow = {
        id: newId('svc'),
        name: input.name,
        category: input.category,
        description: input.description,
        duration_minutes: input.durationMinutes,
        price_cents: toCents(input.price),
        active: input.active ? 1 : 0,
        position: input.position,
        photo_version: null,
        created_at: now,
        updated_at: now,
        bookable: input.bookable ? 1 : 0,
      };
      await db.transaction().execute(async (trx) => {
        await insertService(trx, row);
        await setServiceStylists(trx, row.id, input.stylistIds);
        await audit.record(actor.advisorId, 'service.create', row.id, { name: row.name }, trx);
      });
      return serviceDto(row, input.stylistIds);
    },

    async update(actor: Actor, serviceId: string, body: UpdateServiceBody): Promise<SalonService> {
      const changes: Partial<ServiceRow> = { updated_at: clock.now().toISOString() };
      if (body.name !== undefined) changes.name = body.name;
      if (body.category !== undefined) changes.category = body.category;
      if (body.description !== undefined) changes.description = body.description;
      if (body.durationMinutes !== undefined) changes.duration_minutes = body.durationMinutes;
      if (body.price !== undefined) changes.price_cents = toCents(body.price);
      if (body.active !== undefined) changes.active = body.active ? 1 : 0;
      if (body.position !== undefined) changes.position = body.position;
      if (body.bookable !== undefined) changes.bookable = body.bookable ? 1 : 0;
      const before = await findService(db, serviceId);
      if (!before) throw serviceNotFound();
      const bookable = body.bookable ?? Number(before.bookable) === 1;
      const duration =
        body.durationMinutes !== undefined ? body.durationMinutes : before.duration_minutes;
      if (bookable && duration === null) throw durationRequired();
      await checkStylists(body.stylistIds);
      await db.transaction().execute(async (trx) => {
        if (!(await updateService(trx, serviceId, changes))) throw serviceNotFound();
        if (body.stylistIds !== undefined)
          await setServiceStylists(trx, serviceId, body.stylistIds);
        await audit.record(actor.advisorId, 'service.update', serviceId, body, trx);
      });
      return this.get(serviceId);
    },

    async remove(actor: Actor, serviceId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await deleteService(trx, serviceId))) throw serviceNotFound();
        await deleteCataloguePhoto(trx, serviceId);
        await audit.record(actor.advisorId, 'service.delete', serviceId, null, trx);
      });
    },
  };
}
