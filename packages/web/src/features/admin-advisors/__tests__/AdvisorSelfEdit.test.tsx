/**
 * An admin editing her own account: a new password or e-mail asks for her current password (the
 * server refuses the change without it); editing someone else asks for nothing of the kind.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const admin = makeAdvisor({
  advisorId: 'adv_admin',
  name: 'Ana Admin',
  email: 'ana@belleza.test',
  isAdmin: true,
});
const lucia = makeAdvisor({
  advisorId: 'adv_lucia',
  name: 'Lucía Torres',
  email: 'lucia@belleza.test',
});

function signInAdmin() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  return mockFetch({ 'GET /api/advisors/me': ok(admin), 'GET /api/advisors': ok([admin, lucia]) });
}

const putBodies = (api: ReturnType<typeof mockFetch>, path: string) =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === path).map((r) => r.body);

/** Types a value at once (typing key by key is slow and proves nothing more here). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

async function openEdit(name: string) {
  const user = userEvent.setup();
  renderApp('/admin/advisors');
  await user.click(await screen.findByRole('button', { name: `Editar a ${name}` }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Editar asesor' }));
  return { user, dialog };
}

describe('AdvisorFormModal: an admin editing her own account', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for her current password before a new password is sent, and sends it along', async () => {
    const api = signInAdmin();
    api.on('PUT /api/advisors/adv_admin', ok(admin));
    const { user, dialog } = await openEdit('Ana Admin');
    // Nothing sensitive changed yet: no extra field.
    expect(dialog.queryByLabelText('Tu contraseña actual')).not.toBeInTheDocument();
    await fill(user, dialog.getByLabelText('Contraseña'), 'nueva-clave-1');
    const current = dialog.getByLabelText('Tu contraseña actual');
    expect(current).toBeRequired();
    expect(current).toHaveAccessibleDescription(
      'Para cambiar tu correo o tu contraseña, confirma que eres tú',
    );
    // Left blank: refused on the spot, nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    expect(current).toHaveAccessibleDescription(expect.stringContaining('obligatorio'));
    expect(putBodies(api, '/api/advisors/adv_admin')).toHaveLength(0);

    await fill(user, current, 'clave-actual-1');
    await user.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Asesor actualizado exitosamente')).toBeInTheDocument();
    expect(putBodies(api, '/api/advisors/adv_admin')).toEqual([
      expect.objectContaining({ password: 'nueva-clave-1', currentPassword: 'clave-actual-1' }),
    ]);
  });

  it('asks for it for a new e-mail too, and explains a wrong one from the server', async () => {
    const api = signInAdmin();
    api.on(
      'PUT /api/advisors/adv_admin',
      fail(400, 'CURRENT_PASSWORD_INVALID', 'The current password is not correct'),
    );
    const { user, dialog } = await openEdit('Ana Admin');
    await fill(user, dialog.getByLabelText('Correo electrónico'), 'ana.nueva@belleza.test');
    const current = dialog.getByLabelText('Tu contraseña actual');
    await fill(user, current, 'no-es-mi-clave');
    await user.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    const refused = 'La contraseña actual no es correcta. No se guardó ningún cambio.';
    // Said at the top of the form and on the field itself.
    expect((await dialog.findAllByRole('alert'))[0]).toHaveTextContent(refused);
    expect(current).toHaveAccessibleDescription(expect.stringContaining(refused));
    expect(putBodies(api, '/api/advisors/adv_admin')).toEqual([
      expect.objectContaining({
        email: 'ana.nueva@belleza.test',
        currentPassword: 'no-es-mi-clave',
      }),
    ]);
    // The form stays open for another try.
    expect(screen.getByRole('dialog', { name: 'Editar asesor' })).toBeInTheDocument();
  });

  it("does not ask for anything when she sets another advisor's password", async () => {
    const api = signInAdmin();
    api.on('PUT /api/advisors/adv_lucia', ok(lucia));
    const { user, dialog } = await openEdit('Lucía Torres');
    await fill(user, dialog.getByLabelText('Contraseña'), 'clave-de-lucia-1');
    expect(dialog.queryByLabelText('Tu contraseña actual')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Asesor actualizado exitosamente')).toBeInTheDocument();
    const [body] = putBodies(api, '/api/advisors/adv_lucia');
    expect(body).toMatchObject({ password: 'clave-de-lucia-1' });
    expect(body).not.toHaveProperty('currentPassword');
  });
});
