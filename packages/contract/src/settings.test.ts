import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MASK_VISIBLE_TAIL, SECRET_MASK, maskSecret } from './settings.js';

/** Every run of `size` characters of the secret: a mask may contain none of them. */
const windowsOf = (secret: string, size: number): string[] =>
  Array.from({ length: Math.max(0, secret.length - size + 1) }, (_, i) =>
    secret.slice(i, i + size),
  );

describe('maskSecret', () => {
  it('shows at most the last four characters of a secret of any length, never eight in a row', () => {
    for (let length = 1; length <= 64; length++) {
      const secret = randomBytes(48).toString('base64url').slice(0, length);
      const mask = maskSecret(secret);
      expect(mask.startsWith(SECRET_MASK), `length ${length}`).toBe(true);
      const shown = mask.slice(SECRET_MASK.length);
      expect(shown.length, `length ${length}`).toBeLessThanOrEqual(MASK_VISIBLE_TAIL);
      expect(secret.endsWith(shown), `length ${length}`).toBe(true);
      for (const part of windowsOf(secret, 8)) expect(mask).not.toContain(part);
    }
  });

  it('shows the tail of a key long enough to spare it (the 31 characters of a Daily key)', () => {
    const key = 'dk_7Qm2vX9pL4rT8wB3nH6yJ1cF5gK0';
    expect(key).toHaveLength(31);
    expect(maskSecret(key)).toBe('••••5gK0');
    // A short secret shows nothing of itself; no secret shows as no mask.
    expect(maskSecret('short-key01')).toBe(SECRET_MASK);
    expect(maskSecret('')).toBe('');
  });
});
