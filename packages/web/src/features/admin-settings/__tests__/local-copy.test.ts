import { defaultSettings, SECRET_MASK, type Settings } from '@belleza/contract';
import { describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY, writeLocalCopy } from '../utils/local-copy';

const withKey = (apiKey: string): Settings => ({
  ...defaultSettings,
  daily: { ...defaultSettings.daily, apiKey },
});
const stored = () => window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '';

describe('the local copy of the settings', () => {
  it('keeps at most the last 4 characters of a Daily key typed on the page', () => {
    const key = 'dk_7Qm2vX9pL4rT8wB3nH6yJ1cF5gK0';
    expect(writeLocalCopy(withKey(key)).settings.daily.apiKey).toBe(`${SECRET_MASK}5gK0`);
    for (let i = 0; i + 8 <= key.length; i++) expect(stored()).not.toContain(key.slice(i, i + 8));
  });

  it('keeps the key the server answered masked as it came', () => {
    writeLocalCopy(withKey(`${SECRET_MASK}5gK0`));
    expect(stored()).toContain(`"apiKey":"${SECRET_MASK}5gK0"`);
  });
});
