/**
 * 'Mi perfil' offers the stylist her own photo: uploaded at once to her own photo route, shown
 * there, and known to the signed-in session; removed the same way.
 */
import type { AdvisorPhoto } from '@belleza/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { ProfileDialog } from '../components/ProfileDialog';

const eva = makeAdvisor({ advisorId: 'adv_eva', name: 'Eva Salas' });
const stored: AdvisorPhoto = { version: 'v9', sizes: [96, 192, 384], formats: ['avif', 'webp'] };
const PHOTO = '/api/advisors/adv_eva/photo';

function Page() {
  return <ProfileDialog advisor={eva} onClose={() => undefined} />;
}

describe('her photo in Mi perfil', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:eva');
    URL.revokeObjectURL = vi.fn();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-eva');
    authStore.setSession('tok-eva', eva);
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    vi.unstubAllGlobals();
  });

  it('uploads her photo to her own profile and removes it', async () => {
    const api = mockFetch({
      [`PUT ${PHOTO}`]: ok(stored),
      [`DELETE ${PHOTO}`]: { status: 200, body: { success: true } },
      [`GET ${PHOTO}/192.webp`]: () =>
        new Response('webp', { status: 200, headers: { 'Content-Type': 'image/webp' } }),
    });
    renderPage('/advisor/dashboard', Page);
    const dialog = await screen.findByRole('dialog', { name: 'Mi perfil' });
    const field = within(dialog).getByRole('group', { name: 'Foto de perfil' });
    const input = field.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');

    const file = new File(['png'], 'yo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(field).findByRole('img', { name: 'Foto de Eva Salas' })).toHaveAttribute(
      'src',
      'blob:eva',
    );
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toBe(file);
    expect(authStore.getState().advisor?.photo).toEqual(stored);

    await userEvent.setup().click(within(field).getByRole('button', { name: 'Quitar foto' }));
    expect(await within(field).findByText('ES')).toBeInTheDocument();
    expect(authStore.getState().advisor?.photo).toBeNull();
  });
});
