/**
 * The services the salon offers (docs/decisions.md, the salon's catalogue): admins list, create,
 * change and remove them; the landing reads the active ones' public fields. Changes are audited
 * as `service.create|update|delete`.
 */
import type {
  createServiceBodySchema,
  PublicService,
  SalonService,
  UpdateServiceBody,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deleteCataloguePhoto,
  deleteService,
  findService,
  insertService,
  listServices,
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
  services: { audit: AuditService },
) {
  const { db, clock } = deps;
  const { audit } = services;

  return {
    async list(): Promise<SalonService[]> {
      return (await listServices(db, false)).map(serviceDto);
    },

    /** The active services, in display order: what the landing shows. */
    async listPublic(): Promise<PublicService[]> {
      return (await listServices(db, true)).map(publicServiceDto);
    },

    async get(serviceId: string): Promise<SalonService> {
      const row = await findService(db, serviceId);
      if (!row) throw serviceNotFound();
      return serviceDto(row);
    },

    async create(actor: Actor, input: CreateInput): Promise<SalonService> {
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
      };
      await db.transaction().execute(async (trx) => {
        await insertService(trx, row);
        await audit.record(actor.advisorId, 'service.create', row.id, { name: row.name }, trx);
      });
      return serviceDto(row);
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
      await db.transaction().execute(async (trx) => {
        if (!(await updateService(trx, serviceId, changes))) throw serviceNotFound();
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
