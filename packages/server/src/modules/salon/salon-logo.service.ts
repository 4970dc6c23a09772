/**
 * The salon's logo, through the photo pipeline of advisors' and catalogue photos
 * (lib/square-photo.ts): square renditions of SALON_LOGO_SIZES in each format under one version,
 * the profile row carrying it. Admins set and remove it (audited as `salon.update`); a rendition is
 * public, it is on every page.
 */
import {
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  SALON_LOGO_FORMATS,
  SALON_LOGO_SIZES,
  type CataloguePhoto,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { photoTooLarge, unsupportedPhoto, type PhotoUpload } from '../../lib/photo-input.js';
import { renderSquarePhoto, type SquareFormat } from '../../lib/square-photo.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deleteSalonLogo,
  findSalonLogoRendition,
  findSalonProfile,
  replaceSalonLogo,
  upsertSalonProfile,
} from './salon.repository.js';
import { emptySalonRow, salonLogoOf } from './salon.service.js';

export const SALON_LOGO_UPLOAD: PhotoUpload = {
  maxBytes: PHOTO_UPLOAD_MAX_BYTES,
  accepted: PHOTO_UPLOAD_TYPES,
};
export const salonLogoTooLarge = () => photoTooLarge(SALON_LOGO_UPLOAD);
export const unsupportedSalonLogo = () => unsupportedPhoto(SALON_LOGO_UPLOAD);

type Actor = Pick<AuthUser, 'advisorId' | 'isAdmin'>;

const logoNotFound = () => notFound('IMAGE_NOT_FOUND', 'Logo');

export type SalonLogoService = ReturnType<typeof createSalonLogoService>;

export function createSalonLogoService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { audit: AuditService },
) {
  const { db, clock } = deps;
  const { audit } = services;

  function checkRights(actor: Actor | null): Actor {
    if (!actor) throw new AppError('UNAUTHENTICATED', 401, 'Sign in first');
    if (!actor.isAdmin) throw new AppError('FORBIDDEN', 403, 'Administrators only');
    return actor;
  }

  return {
    checkRights,

    async upload(actor: Actor | null, bytes: Buffer): Promise<CataloguePhoto> {
      const by = checkRights(actor);
      const photo = await renderSquarePhoto(
        bytes,
        SALON_LOGO_UPLOAD,
        SALON_LOGO_SIZES,
        SALON_LOGO_FORMATS,
      );
      await db.transaction().execute(async (trx) => {
        const now = clock.now().toISOString();
        const row = (await findSalonProfile(trx)) ?? emptySalonRow(now);
        await replaceSalonLogo(
          trx,
          photo.version,
          photo.renditions.map((r) => ({
            size: r.size,
            format: r.format,
            content_type: r.contentType,
            data: r.data,
          })),
          now,
        );
        await upsertSalonProfile(trx, {
          ...row,
          logo_version: photo.version,
          updated_at: now,
          updated_by: by.advisorId,
        });
        await audit.record(
          by.advisorId,
          'salon.update',
          'salon',
          { logo: { from: row.logo_version, to: photo.version } },
          trx,
        );
      });
      const dto = salonLogoOf(photo.version);
      if (!dto) throw logoNotFound();
      return dto;
    },

    async remove(actor: Actor | null): Promise<void> {
      const by = checkRights(actor);
      await db.transaction().execute(async (trx) => {
        const row = await findSalonProfile(trx);
        if (!row || row.logo_version === null) return;
        const now = clock.now().toISOString();
        await deleteSalonLogo(trx);
        await upsertSalonProfile(trx, {
          ...row,
          logo_version: null,
          updated_at: now,
          updated_by: by.advisorId,
        });
        await audit.record(
          by.advisorId,
          'salon.update',
          'salon',
          { logo: { from: row.logo_version, to: null } },
          trx,
        );
      });
    },

    /** One rendition (public). None, or another version than `version`: 404 IMAGE_NOT_FOUND. */
    async rendition(
      file: string,
      version?: string,
    ): Promise<{ data: Buffer; contentType: `image/${SquareFormat}`; isPublic: true }> {
      const [sizeText, extension] = file.split('.');
      const format = SALON_LOGO_FORMATS.find((f) => f === extension);
      if (!format) throw logoNotFound();
      const row = await findSalonLogoRendition(db, Number(sizeText), format);
      if (!row || (version !== undefined && version !== row.version)) throw logoNotFound();
      return { data: row.data, contentType: row.content_type, isPublic: true };
    },
  };
}
