/**
 * Advisors' profile photos (docs/product.md#advisor-photos). An admin sets or removes anyone's
 * photo, an advisor her own; the upload becomes square renditions (advisors.photo-encoder.ts)
 * stored together under one version. The renditions are public while the advisor is on the landing
 * (its team shows them); otherwise only signed-in staff read them, and anyone else gets the same
 * 404 as for no photo.
 *
 *   checkRights(actor|null, advisorId)            401 / 403 / 404 ADVISOR_NOT_FOUND, before a body is read
 *   upload(actor, advisorId, bytes) → AdvisorPhoto  413/415 for what is not a usable photo
 *   remove(actor, advisorId)                       no photo is fine (nothing to do)
 *   rendition(viewer|null, advisorId, file, version?) → ServedPhoto   404 IMAGE_NOT_FOUND
 * Changes are audited as `advisor.update` with `{ photo: { from, to } }` (versions, or null).
 */
import {
  ADVISOR_PHOTO_FORMATS,
  ADVISOR_PHOTO_SIZES,
  type AdvisorPhoto,
  type AdvisorPhotoFormat,
  type advisorPhotoParams,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deletePhoto,
  findPhotoVersion,
  findRendition,
  replacePhoto,
} from './advisor-photos.repository.js';
import { findLiveAdvisor } from './advisors.repository.js';
import { renderAdvisorPhoto } from './advisors.photo-encoder.js';

/** Who changes a photo: the signed-in advisor. */
type Actor = Pick<AuthUser, 'advisorId' | 'isAdmin'>;

export type AdvisorPhotoFile = z.output<typeof advisorPhotoParams>['file'];

/** One rendition's bytes and what the route needs to serve them. */
export type ServedPhoto = {
  data: Buffer;
  contentType: `image/${AdvisorPhotoFormat}`;
  version: string;
  /** the advisor is on the landing: anyone may read (and cache) it */
  isPublic: boolean;
};

export type AdvisorPhotosService = ReturnType<typeof createAdvisorPhotosService>;

/** The photo as the DTOs carry it (advisor, team member): every upload has every rendition. */
export const photoOf = (version: string): AdvisorPhoto => ({
  version,
  sizes: [...ADVISOR_PHOTO_SIZES],
  formats: [...ADVISOR_PHOTO_FORMATS],
});
export const photoDto = (version: string | null): AdvisorPhoto | null =>
  version === null ? null : photoOf(version);

const photoNotFound = () => notFound('IMAGE_NOT_FOUND', 'Photo');

/** '192.webp' → [192, 'webp'] (the route's schema only lets those names through). */
function parseFile(file: AdvisorPhotoFile): [number, AdvisorPhotoFormat] {
  const [size, extension] = file.split('.');
  const format = ADVISOR_PHOTO_FORMATS.find((f) => f === extension);
  if (!format) throw photoNotFound();
  return [Number(size), format];
}

export function createAdvisorPhotosService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { audit: AuditService },
) {
  const { db, clock } = deps;
  const { audit } = services;

  /** An admin for anyone, an advisor for herself; the advisor must exist (and not be deleted). */
  async function checkRights(actor: Actor | null, advisorId: string): Promise<Actor> {
    if (!actor) throw new AppError('UNAUTHENTICATED', 401, 'Sign in first');
    if (!actor.isAdmin && actor.advisorId !== advisorId)
      throw forbidden('You can only change your own photo');
    if (!(await findLiveAdvisor(db, advisorId))) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
    return actor;
  }

  return {
    checkRights,

    async upload(actor: Actor | null, advisorId: string, bytes: Buffer): Promise<AdvisorPhoto> {
      const by = await checkRights(actor, advisorId);
      const photo = await renderAdvisorPhoto(bytes);
      await db.transaction().execute(async (trx) => {
        // Deleted while the photo was being made: nothing is stored for her.
        if (!(await findLiveAdvisor(trx, advisorId)))
          throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
        const previous = await findPhotoVersion(trx, advisorId);
        await replacePhoto(
          trx,
          advisorId,
          photo.version,
          photo.renditions.map((r) => ({
            size: r.size,
            format: r.format,
            content_type: r.contentType,
            data: r.data,
          })),
          clock.now().toISOString(),
        );
        await audit.record(
          by.advisorId,
          'advisor.update',
          advisorId,
          { photo: { from: previous, to: photo.version } },
          trx,
        );
      });
      return photoOf(photo.version);
    },

    async remove(actor: Actor | null, advisorId: string): Promise<void> {
      const by = await checkRights(actor, advisorId);
      await db.transaction().execute(async (trx) => {
        const previous = await deletePhoto(trx, advisorId);
        if (previous !== null)
          await audit.record(
            by.advisorId,
            'advisor.update',
            advisorId,
            { photo: { from: previous, to: null } },
            trx,
          );
      });
    },

    /**
     * One rendition: to anyone while the advisor is on the landing, to signed-in staff always
     * (a live advisor). No photo, a hidden advisor's for a visitor, a deleted advisor's, or another
     * version than `version`: one and the same 404.
     */
    async rendition(
      viewer: AuthUser | null,
      advisorId: string,
      file: AdvisorPhotoFile,
      version?: string,
    ): Promise<ServedPhoto> {
      const [size, format] = parseFile(file);
      const row = await findRendition(db, advisorId, size, format, viewer === null);
      if (!row || (version !== undefined && version !== row.version)) throw photoNotFound();
      return {
        data: row.data,
        contentType: row.content_type,
        version: row.version,
        isPublic: row.onLanding,
      };
    },
  };
}
