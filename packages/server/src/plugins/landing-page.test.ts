/** Which prerendered landing page answers `/` when the build lacks the chosen language's file. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { landingPageFile } from './landing-page.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('landingPageFile', () => {
  it('falls back to the Spanish page when the chosen language was not built, and to none', () => {
    dir = mkdtempSync(join(tmpdir(), 'belleza-landing-'));
    expect(landingPageFile(dir, 'preferred-language=en')).toBeNull();
    writeFileSync(join(dir, 'landing.html'), 'es');
    expect(landingPageFile(dir, 'preferred-language=en')).toBe('landing.html');
    writeFileSync(join(dir, 'landing.en.html'), 'en');
    expect(landingPageFile(dir, 'preferred-language=en')).toBe('landing.en.html');
    expect(landingPageFile(dir, 'preferred-language=../../etc/passwd')).toBe('landing.html');
  });
});
