/**
 * Serving a stored photo rendition (advisors' portraits, the salon's catalogue photos): the bytes
 * as they are, with headers that keep them a picture, cached for good at a versioned address.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** A year: a versioned address never changes content. */
export const VERSIONED_CACHE_S = 31_536_000;
/** Without a version the address follows the current photo: a short cache. */
export const UNVERSIONED_CACHE_S = 300;

/** Bytes as they are, documented as binary: an upload's body and the served renditions. */
export const photoBytes = (error: string) =>
  z
    .custom<Buffer>((value) => Buffer.isBuffer(value), { error })
    .meta({ type: 'string', format: 'binary' });

export type ServedRendition = {
  data: Buffer;
  contentType: string;
  /** anyone may read (and cache) it */
  isPublic: boolean;
};

/** The served rendition: a Buffer is sent as it is; the headers keep it a picture. */
export function sendRendition(
  reply: FastifyReply,
  photo: ServedRendition,
  versioned: boolean,
): FastifyReply {
  const scope = photo.isPublic ? 'public' : 'private';
  const maxAge = versioned
    ? `max-age=${VERSIONED_CACHE_S}, immutable`
    : `max-age=${UNVERSIONED_CACHE_S}`;
  return reply
    .status(200)
    .header('content-type', photo.contentType)
    .header('content-length', String(photo.data.length))
    .header('cache-control', `${scope}, ${maxAge}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(photo.data);
}
