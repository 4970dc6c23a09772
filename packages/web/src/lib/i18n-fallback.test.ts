/**
 * English is the fallback, but its files are downloaded only once English is in use: a fresh
 * i18n module (not the one the test set-up loaded fully) shows what a Spanish visitor gets.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as I18n from './i18n';

type I18nModule = typeof I18n;

async function freshI18n(): Promise<I18nModule> {
  vi.resetModules();
  return import('./i18n');
}

afterEach(() => {
  document.documentElement.lang = 'es';
});

describe('the English fallback', () => {
  it('supports exactly the contract languages', async () => {
    const { languageSchema } = await import('@belleza/contract');
    const { SUPPORTED_LANGUAGES } = await freshI18n();
    expect(SUPPORTED_LANGUAGES).toEqual(languageSchema.options);
  });

  it('is not downloaded while Spanish is active, and is complete once English is chosen', async () => {
    const { i18n, initI18n, changeLanguage } = await freshI18n();
    await initI18n(['common']);
    expect(i18n.t('common:header.logout')).toBe('Cerrar sesión');
    expect(i18n.getResourceBundle('en', 'common')).toEqual({});

    await changeLanguage('en');
    expect(i18n.t('common:header.logout')).toBe('Sign out');
    await i18n.loadNamespaces('errors');
    expect(Object.keys(i18n.getResourceBundle('en', 'errors') as object).length).toBeGreaterThan(0);
  });

  it('is downloaded at start when English is the stored preference', async () => {
    window.localStorage.setItem('preferred-language', 'en');
    const { i18n, initI18n } = await freshI18n();
    await initI18n(['common']);
    expect(i18n.language).toBe('en');
    expect(i18n.t('common:header.logout')).toBe('Sign out');
  });

  it('still fills a key Spanish lacks once loaded', async () => {
    const { i18n, initI18n, loadFallbackLanguage } = await freshI18n();
    await initI18n(['common']);
    await loadFallbackLanguage();
    i18n.addResource('en', 'common', 'onlyInEnglishToo', 'Only in English');
    expect(i18n.t('common:onlyInEnglishToo')).toBe('Only in English');
    expect(i18n.t('common:header.logout')).toBe('Cerrar sesión');
  });
});
