/**
 * The salon's gallery (docs/decisions.md, the salon's catalogue): photos an admin uploads, each
 * with a required alt text and an optional caption. An item is on the landing once it has its
 * photo. Changes are audited as `gallery.create|update|delete`.
 */
import type {
  createGalleryItemBodySchema,
  GalleryItem,
  PublicGalleryItem,
  UpdateGalleryItemBody,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deleteCataloguePhoto,
  deleteGalleryItem,
  findGalleryItem,
  insertGalleryItem,
  listGallery,
  updateGalleryItem,
  type GalleryRow,
} from './catalogue.repository.js';
import { galleryDto, publicGalleryDto } from './catalogue.dto.js';

type Actor = Pick<AuthUser, 'advisorId'>;
type CreateInput = z.output<typeof createGalleryItemBodySchema>;

export const galleryItemNotFound = () => notFound('GALLERY_ITEM_NOT_FOUND', 'Gallery item');

export type GalleryService = ReturnType<typeof createGalleryService>;

export function createGalleryService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { audit: AuditService },
) {
  const { db, clock } = deps;
  const { audit } = services;

  return {
    async list(): Promise<GalleryItem[]> {
      return (await listGallery(db, false)).map(galleryDto);
    },

    async listPublic(): Promise<PublicGalleryItem[]> {
      const rows = await listGallery(db, true);
      return rows.flatMap((r) =>
        r.photo_version === null
          ? []
          : [publicGalleryDto({ ...r, photo_version: r.photo_version })],
      );
    },

    async create(actor: Actor, input: CreateInput): Promise<GalleryItem> {
      const now = clock.now().toISOString();
      const row: GalleryRow = {
        id: newId('gal'),
        alt: input.alt,
        caption: input.caption,
        position: input.position,
        photo_version: null,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await insertGalleryItem(trx, row);
        await audit.record(actor.advisorId, 'gallery.create', row.id, { alt: row.alt }, trx);
      });
      return galleryDto(row);
    },

    async update(actor: Actor, itemId: string, body: UpdateGalleryItemBody): Promise<GalleryItem> {
      const changes: Partial<GalleryRow> = { updated_at: clock.now().toISOString() };
      if (body.alt !== undefined) changes.alt = body.alt;
      if (body.caption !== undefined) changes.caption = body.caption;
      if (body.position !== undefined) changes.position = body.position;
      const row = await db.transaction().execute(async (trx) => {
        if (!(await updateGalleryItem(trx, itemId, changes))) throw galleryItemNotFound();
        await audit.record(actor.advisorId, 'gallery.update', itemId, body, trx);
        return findGalleryItem(trx, itemId);
      });
      if (!row) throw galleryItemNotFound();
      return galleryDto(row);
    },

    async remove(actor: Actor, itemId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await deleteGalleryItem(trx, itemId))) throw galleryItemNotFound();
        await deleteCataloguePhoto(trx, itemId);
        await audit.record(actor.advisorId, 'gallery.delete', itemId, null, trx);
      });
    },
  };
}
