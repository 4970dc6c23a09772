import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { LanguageToggle } from '@/components/language-toggle';
import { i18n, LANGUAGE_STORAGE_KEY, languageCookie, readStoredLanguage } from './i18n';

function Sample() {
  const { t } = useTranslation('common');
  return <button type="button">{t('header.logout')}</button>;
}

describe('i18n', () => {
  it('starts in Spanish', () => {
    expect(i18n.language).toBe('es');
    expect(i18n.t('common:header.logout')).toBe('Cerrar sesión');
  });

  it('reads the stored preference, defaulting to Spanish', () => {
    expect(readStoredLanguage()).toBe('es');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(readStoredLanguage()).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(readStoredLanguage()).toBe('es');
  });

  it('the ES/EN toggle switches the texts and stores preferred-language', async () => {
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageToggle />
        <Sample />
      </I18nextProvider>,
    );
    const group = screen.getByRole('group', { name: 'Idioma' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ES' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // The server sends `/` prerendered in the language this cookie names.
    expect(document.cookie).toContain('preferred-language=en');

    await user.click(screen.getByRole('button', { name: 'ES' }));
    expect(await screen.findByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.cookie).toContain('preferred-language=es');
  });

  it('marks the language cookie Secure on an HTTPS site, so it never travels over plain HTTP', () => {
    expect(languageCookie('en', 'https:')).toBe(
      'preferred-language=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
    // On plain HTTP (localhost, a salon's LAN address) a Secure cookie would not be kept at all.
    expect(languageCookie('es', 'http:')).toBe(
      'preferred-language=es; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });

  it('writes no language cookie from a framed page (the widget on a salon site, the video page)', async () => {
    const top = vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    try {
      await i18n.changeLanguage('en');
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
      expect(document.cookie).not.toContain('preferred-language=en');
    } finally {
      top.mockRestore();
    }
  });

  it('falls back to English for a key Spanish lacks', () => {
    i18n.addResource('en', 'common', 'onlyInEnglish', 'Only in English');
    expect(i18n.t('common:onlyInEnglish')).toBe('Only in English');
  });

  it('has the same keys in Spanish and English for every namespace', () => {
    const keys = (obj: unknown, prefix = ''): string[] =>
      typeof obj === 'object' && obj !== null
        ? Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    // Plural forms differ by language (Spanish has `_many`), so compare the base keys.
    const base = (list: string[]) =>
      [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    for (const ns of i18n.options.ns as string[]) {
      const es = i18n.getResourceBundle('es', ns) as unknown;
      const en = i18n.getResourceBundle('en', ns) as unknown;
      expect(
        base(keys(en)).filter((k) => k !== 'onlyInEnglish'),
        `namespace ${ns}`,
      ).toEqual(base(keys(es)));
    }
  });
});
