/**
 * The opinions the salon may publish (docs/decisions.md, the salon's catalogue): a visitor's rating
 * after her call when she ticked the consent (her first name only, from the name she gave), or one
 * an admin entered by hand (source 'manual'). None is on the landing until an admin publishes it.
 * A visitor's words stay hers: an admin publishes, hides or removes them, never rewrites them.
 * Changes are audited as `testimonial.create|update|delete`.
 */
import type {
  createTestimonialBodySchema,
  PublicTestimonial,
  Testimonial,
  UpdateTestimonialBody,
} from '@belleza/contract';
import { TESTIMONIAL_NAME_MAX } from '@belleza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.js';
import type { TestimonialsTable } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deleteTestimonial,
  findTestimonial,
  insertTestimonial,
  listTestimonials,
  updateTestimonial,
} from './catalogue.repository.js';
import { publicTestimonialDto, testimonialDto } from './catalogue.dto.js';

type Actor = Pick<AuthUser, 'advisorId'>;
type CreateInput = z.output<typeof createTestimonialBodySchema>;

const testimonialNotFound = () => notFound('TESTIMONIAL_NOT_FOUND', 'Opinion');

/** The first word of the name she gave: never her surname. */
export const firstNameOf = (name: string): string =>
  (name.trim().split(/\s+/)[0] ?? '').slice(0, TESTIMONIAL_NAME_MAX);

export type TestimonialsService = ReturnType<typeof createTestimonialsService>;

export function createTestimonialsService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { audit: AuditService },
) {
  const { db, clock } = deps;
  const { audit } = services;

  return {
    async list(): Promise<Testimonial[]> {
      return (await listTestimonials(db, false)).map(testimonialDto);
    },

    async listPublic(): Promise<PublicTestimonial[]> {
      return (await listTestimonials(db, true)).map(publicTestimonialDto);
    },

    /**
     * A visitor's consented rating, kept unpublished for an admin to choose; inside the rating's
     * own transaction (`trx`). A name with no word in it gives nothing to publish under.
     */
    async recordConsentedRating(
      trx: Db,
      p: { callId: string; clientName: string; rating: number; comment: string | null },
    ): Promise<void> {
      const firstName = firstNameOf(p.clientName);
      if (!firstName) return;
      const now = clock.now().toISOString();
      await insertTestimonial(trx, {
        id: newId('tst'),
        call_id: p.callId,
        first_name: firstName,
        rating: p.rating,
        comment: p.comment,
        source: 'visitor',
        published: 0,
        created_at: now,
        updated_at: now,
      });
    },

    async create(actor: Actor, input: CreateInput): Promise<Testimonial> {
      const now = clock.now().toISOString();
      const row: TestimonialsTable = {
        id: newId('tst'),
        call_id: null,
        first_name: input.firstName,
        rating: input.rating,
        comment: input.comment ? input.comment : null,
        source: 'manual',
        published: input.published ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await insertTestimonial(trx, row);
        await audit.record(actor.advisorId, 'testimonial.create', row.id, { manual: true }, trx);
      });
      return testimonialDto(row);
    },

    async update(
      actor: Actor,
      testimonialId: string,
      body: UpdateTestimonialBody,
    ): Promise<Testimonial> {
      const result = await db.transaction().execute(async (trx) => {
        const current = await findTestimonial(trx, testimonialId);
        if (!current) throw testimonialNotFound();
        const rewrites =
          body.firstName !== undefined || body.rating !== undefined || body.comment !== undefined;
        if (rewrites && current.source !== 'manual')
          throw new AppError(
            'TESTIMONIAL_NOT_EDITABLE',
            409,
            "A visitor's opinion can be published or hidden, not rewritten",
          );
        const changes: Parameters<typeof updateTestimonial>[2] = {
          updated_at: clock.now().toISOString(),
        };
        if (body.firstName !== undefined) changes.first_name = body.firstName;
        if (body.rating !== undefined) changes.rating = body.rating;
        if (body.comment !== undefined) changes.comment = body.comment ? body.comment : null;
        if (body.published !== undefined) changes.published = body.published ? 1 : 0;
        await updateTestimonial(trx, testimonialId, changes);
        await audit.record(actor.advisorId, 'testimonial.update', testimonialId, body, trx);
        return findTestimonial(trx, testimonialId);
      });
      if (!result) throw testimonialNotFound();
      return testimonialDto(result);
    },

    async remove(actor: Actor, testimonialId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await deleteTestimonial(trx, testimonialId))) throw testimonialNotFound();
        await audit.record(actor.advisorId, 'testimonial.delete', testimonialId, null, trx);
      });
    },
  };
}
