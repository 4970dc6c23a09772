/**
 * Photos of the salon's services and gallery items, through the advisors' photo pipeline
 * (lib/square-photo.ts): square renditions of CATALOGUE_PHOTO_SIZES in each format, stored under
 * one version, the owner row carrying it. Admins set and remove them; a rendition is public while
 * its owner is (an active service; any gallery item), and signed-in staff read every one.
 *
 *   checkRights(actor|null, kind, ownerId)      401 / 403 / 404, before a body is read
 *   upload(actor, kind, ownerId, bytes)         413/415 for what is not a usable photo
 *   remove(actor, kind, ownerId)
 *   rendition(viewer|null, kind, ownerId, file, version?)   404 IMAGE_NOT_FOUND
 */
import {
  CATALOGUE_PHOTO_FORMATS,
  CATALOGUE_PHOTO_SIZES,
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  type CataloguePhoto,
} from '@belleza/contract';
import type { Db } from '../../db/kysely.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { photoTooLarge, unsupportedPhoto, type PhotoUpload } from '../../lib/photo-input.js';
import { renderSquarePhoto, type SquareFormat } from '../../lib/square-photo.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deleteCataloguePhoto,
  findCatalogueRendition,
  findGalleryItem,
  findService,
  replaceCataloguePhoto,
  updateGalleryItem,
  updateService,
} from './catalogue.repository.js';
import { cataloguePhotoOf } from './catalogue.dto.js';
import { galleryItemNotFound } from './gallery.service.js';
import { serviceNotFound } from './salon-services.service.js';

export const CATALOGUE_PHOTO_UPLOAD: PhotoUpload = {
  maxBytes: PHOTO_UPLOAD_MAX_BYTES,
  accepted: PHOTO_UPLOAD_TYPES,
};
export const cataloguePhotoTooLarge = () => photoTooLarge(CATALOGUE_PHOTO_UPLOAD);
export const unsupportedCataloguePhoto = () => unsupportedPhoto(CATALOGUE_PHOTO_UPLOAD);

/** A catalogue photo's renditions (the demo data stores its drawn photos through this too). */
export const renderCataloguePhoto = (bytes: Buffer) =>
  renderSquarePhoto(bytes, CATALOGUE_PHOTO_UPLOAD, CATALOGUE_PHOTO_SIZES, CATALOGUE_PHOTO_FORMATS);

export type PhotoOwnerKind = 'service' | 'gallery';

type Actor = Pick<AuthUser, 'advisorId' | 'isAdmin'>;

export type ServedCataloguePhoto = {
  data: Buffer;
  contentType: `image/${SquareFormat}`;
  version: string;
  isPublic: boolean;
};

type Owner = { photoVersion: string | null; isPublic: boolean };

async function findOwner(db: Db, kind: PhotoOwnerKind, id: string): Promise<Owner | null> {
  if (kind === 'service') {
    const row = await findService(db, id);
    return row ? { photoVersion: row.photo_version, isPublic: Number(row.active) === 1 } : null;
  }
  const row = await findGalleryItem(db, id);
  return row ? { photoVersion: row.photo_version, isPublic: true } : null;
}

const ownerNotFound = (kind: PhotoOwnerKind) =>
  kind === 'service' ? serviceNotFound() : galleryItemNotFound();

async function setOwnerVersion(
  db: Db,
  kind: PhotoOwnerKind,
  id: string,
  version: string | null,
  now: string,
) {
  const changes = { photo_version: version, updated_at: now };
  return kind === 'service' ? updateService(db, id, changes) : updateGalleryItem(db, id, changes);
}

const photoNotFound = () => notFound('IMAGE_NOT_FOUND', 'Photo');

export type CataloguePhotosService = ReturnType<typeof createCataloguePhotosService>;

export function createCataloguePhotosService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { audit: AuditService },
) {
  const { db, clock } = deps;
  const { audit } = services;
  const auditAction = (kind: PhotoOwnerKind) =>
    kind === 'service' ? 'service.update' : 'gallery.update';

  async function checkRights(
    actor: Actor | null,
    kind: PhotoOwnerKind,
    ownerId: string,
  ): Promise<Actor> {
    if (!actor) throw new AppError('UNAUTHENTICATED', 401, 'Sign in first');
    if (!actor.isAdmin) throw new AppError('FORBIDDEN', 403, 'Administrators only');
    if (!(await findOwner(db, kind, ownerId))) throw ownerNotFound(kind);
    return actor;
  }

  return {
    checkRights,

    async upload(
      actor: Actor | null,
      kind: PhotoOwnerKind,
      ownerId: string,
      bytes: Buffer,
    ): Promise<CataloguePhoto> {
      const by = await checkRights(actor, kind, ownerId);
      const photo = await renderCataloguePhoto(bytes);
      await db.transaction().execute(async (trx) => {
        const owner = await findOwner(trx, kind, ownerId);
        // Removed while the photo was being made: nothing is stored for it.
        if (!owner) throw ownerNotFound(kind);
        const now = clock.now().toISOString();
        await replaceCataloguePhoto(
          trx,
          ownerId,
          photo.version,
          photo.renditions.map((r) => ({
            size: r.size,
            format: r.format,
            content_type: r.contentType,
            data: r.data,
          })),
          now,
        );
        await setOwnerVersion(trx, kind, ownerId, photo.version, now);
        await audit.record(
          by.advisorId,
          auditAction(kind),
          ownerId,
          { photo: { from: owner.photoVersion, to: photo.version } },
          trx,
        );
      });
      const dto = cataloguePhotoOf(photo.version);
      if (!dto) throw photoNotFound();
      return dto;
    },

    async remove(actor: Actor | null, kind: PhotoOwnerKind, ownerId: string): Promise<void> {
      const by = await checkRights(actor, kind, ownerId);
      await db.transaction().execute(async (trx) => {
        const owner = await findOwner(trx, kind, ownerId);
        if (!owner) throw ownerNotFound(kind);
        if (owner.photoVersion === null) return;
        await deleteCataloguePhoto(trx, ownerId);
        await setOwnerVersion(trx, kind, ownerId, null, clock.now().toISOString());
        await audit.record(
          by.advisorId,
          auditAction(kind),
          ownerId,
          { photo: { from: owner.photoVersion, to: null } },
          trx,
        );
      });
    },

    /**
     * One rendition: to anyone while its owner is public, to signed-in staff always. No photo,
     * a hidden owner's for a visitor, or another version than `version`: one and the same 404.
     */
    async rendition(
      viewer: AuthUser | null,
      kind: PhotoOwnerKind,
      ownerId: string,
      file: string,
      version?: string,
    ): Promise<ServedCataloguePhoto> {
      const [sizeText, extension] = file.split('.');
      const format = CATALOGUE_PHOTO_FORMATS.find((f) => f === extension);
      if (!format) throw photoNotFound();
      const owner = await findOwner(db, kind, ownerId);
      if (!owner || (!owner.isPublic && viewer === null)) throw photoNotFound();
      const row = await findCatalogueRendition(db, ownerId, Number(sizeText), format);
      if (!row || (version !== undefined && version !== row.version)) throw photoNotFound();
      return {
        data: row.data,
        contentType: row.content_type,
        version: row.version,
        isPublic: owner.isPublic,
      };
    },
  };
}
