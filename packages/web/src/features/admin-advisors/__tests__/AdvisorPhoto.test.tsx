/**
 * An advisor's profile photo from the admins' advisors page: her initials until she has one, a
 * photo refused on the device when the server would refuse it anyway, the server's refusals in the
 * admin's words, an upload that shows the stored photo (read with the session) and stays in the
 * list, and its removal.
 */
import type { AdvisorPhoto } from '@belleza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { fail, mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const admin = makeAdvisor({ advisorId: 'adv_admin', name: 'Ana Admin', isAdmin: true });
const lucia = makeAdvisor({ advisorId: 'adv_lucia', name: 'Lucía Torres' });
const stored: AdvisorPhoto = { version: 'v2abc', sizes: [96, 192, 384], formats: ['avif', 'webp'] };

const PHOTO = '/api/advisors/adv_lucia/photo';
const webpBytes: MockAnswer = () =>
  new Response('webp-bytes', { status: 200, headers: { 'Content-Type': 'image/webp' } });

function signInAdmin() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  return mockFetch({
    'GET /api/advisors/me': ok(admin),
    'GET /api/advisors': ok([admin, lucia]),
    [`GET ${PHOTO}/192.webp`]: webpBytes,
  });
}

async function openLucia() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar a Lucía Torres' }));
  const dialog = await screen.findByRole('dialog', { name: 'Editar asesor' });
  const field = within(dialog).getByRole('group', { name: 'Foto de perfil' });
  const input = field.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { user, dialog, field, input };
}

const pick = (input: HTMLInputElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });

const jpeg = (bytes = 1024) => {
  const file = new File(['jpeg'], 'retrato.jpg', { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('advisor photo (admin)', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:retrato');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    vi.unstubAllGlobals();
  });

  it('refuses on the device what the server would refuse, and explains the server’s refusals', async () => {
    const api = signInAdmin();
    renderApp('/admin/advisors');
    const { field, input } = await openLucia();
    // No photo yet: her initials, and no 'Quitar foto'.
    expect(within(field).getByText('LT')).toBeInTheDocument();
    expect(within(field).queryByRole('button', { name: 'Quitar foto' })).toBeNull();
    expect(input).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/heic,image/heif',
    );

    pick(input, new File(['gif'], 'animado.gif', { type: 'image/gif' }));
    expect(within(field).getByRole('alert')).toHaveTextContent(
      'Solo fotos JPEG, PNG, WebP o HEIC.',
    );
    pick(input, jpeg(16 * 1024 * 1024));
    expect(within(field).getByRole('alert')).toHaveTextContent(
      'La foto es demasiado grande: hasta 15 MB.',
    );
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    api.on(`PUT ${PHOTO}`, fail(413, 'IMAGE_TOO_LARGE', 'more than 40 million pixels'));
    pick(input, jpeg());
    expect(await within(field).findByRole('alert')).toHaveTextContent(
      'La foto es demasiado grande: hasta 15 MB.',
    );
    api.on(`PUT ${PHOTO}`, {
      status: 415,
      body: {
        success: false,
        error: { code: 'UNSUPPORTED_IMAGE', message: 'HEIC', details: { format: 'heic' } },
      },
    });
    pick(input, new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' }));
    await waitFor(() =>
      expect(within(field).getByRole('alert')).toHaveTextContent(
        'Esta foto HEIC no se puede leer: compártela como JPEG o elige «Más compatible» en los ajustes de la cámara.',
      ),
    );
    expect(within(field).getByText('LT')).toBeInTheDocument();
  });

  it('uploads the picked photo as it is, shows the stored one, keeps it in the list, then removes it', async () => {
    const api = signInAdmin();
    api.on(`PUT ${PHOTO}`, ok(stored));
    api.on(`DELETE ${PHOTO}`, { status: 200, body: { success: true, message: 'Photo removed' } });
    renderApp('/admin/advisors');
    const { user, field, input } = await openLucia();

    const file = jpeg();
    pick(input, file);
    const photo = await within(field).findByRole('img', { name: 'Foto de Lucía Torres' });
    expect(photo).toHaveAttribute('src', 'blob:retrato');
    expect(within(field).getByRole('status')).toHaveTextContent('Foto guardada.');
    const put = api.requests.find((r) => r.method === 'PUT' && r.path === PHOTO);
    // The file itself, with its own type (no multipart, no JSON).
    expect(put?.body).toBe(file);
    expect(put?.headers.get('content-type')).toBe('image/jpeg');
    expect(put?.headers.get('authorization')).toBe('Bearer tok-admin');
    // The preview is the stored 192 px WebP of this version, read with the session.
    const read = api.requests.find((r) => r.method === 'GET' && r.path === `${PHOTO}/192.webp`);
    expect(read?.headers.get('authorization')).toBe('Bearer tok-admin');
    expect(within(field).getByRole('button', { name: 'Cambiar foto' })).toBeEnabled();

    // Closed and opened again: the list knows her photo.
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const again = await openLucia();
    expect(
      await within(again.field).findByRole('img', { name: 'Foto de Lucía Torres' }),
    ).toBeInTheDocument();

    await user.click(within(again.field).getByRole('button', { name: 'Quitar foto' }));
    expect(await within(again.field).findByText('LT')).toBeInTheDocument();
    expect(within(again.field).queryByRole('img')).toBeNull();
    expect(within(again.field).getByRole('status')).toHaveTextContent('Foto quitada.');
    expect(api.requests.filter((r) => r.method === 'DELETE' && r.path === PHOTO)).toHaveLength(1);
    expect(within(again.field).getByRole('button', { name: 'Subir foto' })).toBeEnabled();
  });
});
