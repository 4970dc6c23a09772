import { z } from 'zod';

/** UTC instant as an ISO-8601 string (`2026-11-22T15:04:05.000Z`): the one representation everywhere. */
export const isoDateTime = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTime>;

export const idSchema = z.string().min(1).max(64);

/** Wraps a payload schema in the API's success envelope `{ success: true, data }`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const okMessage = z.object({ success: z.literal(true), message: z.string().optional() });

export const boundedText = (max: number) => z.string().trim().max(max);

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

/** What a visitor's consultation is about (the landing's services); also an appointment's subject. */
export const callSubjects = ['skin_care', 'makeup', 'hair_care', 'nail_care', 'general'] as const;
export const callSubjectSchema = z.enum(callSubjects);
export type CallSubject = z.infer<typeof callSubjectSchema>;

export const languageSchema = z.enum(['es', 'en']);
export type Language = z.infer<typeof languageSchema>;

/**
 * What a photo upload takes, the chat's and a profile's alike (the body is the photo itself): what
 * phones and browsers send, up to 15 MB. The server decodes and re-encodes it (lib/photo-input).
 */
export const PHOTO_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export const PHOTO_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
