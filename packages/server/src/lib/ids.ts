import { randomBytes, randomUUID, createHash, timingSafeEqual } from 'node:crypto';

/** App-generated ids, the same on SQLite and PostgreSQL. */
export const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '')}`;

/** A random secret for bearer tokens and client keys (256 bits, url-safe). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored hashed; a leaked database gives no usable token. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
};
