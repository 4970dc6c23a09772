import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply } from '@/test/contract-fetch';
import { fail, mockFetch } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { PrivacyPage } from '../PrivacyPage';

describe('PrivacyPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the built-in policy while the salon has written none', async () => {
    mockFetch({ 'GET /api/privacy': reply('GET /api/privacy', { text: '' }) });
    renderPage('/privacidad', PrivacyPage);
    expect(await screen.findByRole('heading', { name: 'Tus derechos' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    expect(screen.getByText(/Ley N\.° 29733/)).toBeVisible();
    expect(screen.getByText(/En Belleza en Vivo cuidamos tus datos/)).toBeVisible();
    // What "Recuérdame" keeps, for how long, and how she withdraws it.
    expect(screen.getByRole('heading', { name: 'Si pides que te recordemos' })).toBeVisible();
    expect(
      screen.getByText(/nunca el número.*365 días sin que vuelvas.*sin marcar la casilla/),
    ).toBeVisible();
  });

  it("shows the salon's own text as plain paragraphs, markup included as text", async () => {
    mockFetch({
      'GET /api/privacy': reply('GET /api/privacy', {
        text: 'Responsable: Salón Rosa.\n\n<b>Tus datos</b> son tuyos.\nEscríbenos.',
      }),
    });
    renderPage('/privacidad', PrivacyPage);
    const article = await screen.findByRole('article');
    expect(await within(article).findByText('Responsable: Salón Rosa.')).toBeVisible();
    const second = within(article).getByText(/Tus datos<\/b> son tuyos\./);
    expect(second.tagName).toBe('P');
    expect(article.querySelector('b')).toBeNull();
    // Her text replaces the built-in one.
    expect(within(article).queryByRole('heading', { name: 'Tus derechos' })).toBeNull();
  });

  it(
    'falls back to the built-in policy when the text cannot be fetched',
    { timeout: 15_000 },
    async () => {
      const api = mockFetch({ 'GET /api/privacy': fail(500, 'INTERNAL_ERROR', 'boom') });
      renderPage('/privacidad', PrivacyPage);
      // after the query's own retries (two, about 3 s)
      expect(
        await screen.findByRole('heading', { name: 'Qué datos pedimos' }, { timeout: 8_000 }),
      ).toBeVisible();
      expect(api.requests.filter((r) => r.path === '/api/privacy')).toHaveLength(3);
    },
  );
});
