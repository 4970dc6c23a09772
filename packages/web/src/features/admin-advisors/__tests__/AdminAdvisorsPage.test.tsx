import type { Advisor } from '@belleza/contract';
import { screen, waitFor, within } from '@testing-library/react';
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
  status: 'available',
  online: true,
  profile: { ...makeAdvisor().profile, expertise: ['Coloración', 'Cortes'] },
  stats: { totalCalls: 12, completedCalls: 10, averageRating: 4.64, totalDuration: 120 },
});
const marco = makeAdvisor({
  advisorId: 'adv_marco',
  name: 'Marco Ruiz',
  email: 'marco@belleza.test',
  status: 'busy',
  online: true,
  profile: { ...makeAdvisor().profile, title: 'Maquillador', expertise: ['Maquillaje'] },
});

function signInAdmin(advisors: Advisor[] = [admin, lucia, marco]) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  return mockFetch({ 'GET /api/advisors/me': ok(admin), 'GET /api/advisors': ok(advisors) });
}

const lastRequest = (api: ReturnType<typeof mockFetch>, method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === path).at(-1);

async function openCreateForm() {
  const user = userEvent.setup();
  await screen.findByRole('row', { name: /Lucía Torres/ });
  await user.click(screen.getByRole('button', { name: 'Agregar asesor' }));
  const dialog = await screen.findByRole('dialog', { name: 'Agregar asesor' });
  return { user, dialog };
}

describe('AdminAdvisorsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows counts, the table and filters by search and status', async () => {
    signInAdmin();
    const user = userEvent.setup();
    renderApp('/admin/advisors');
    await screen.findByRole('row', { name: /Lucía Torres/ });
    const counts = screen.getByRole('list', { name: 'Resumen de asesores' });
    const count = (label: string) =>
      within(counts).getByText(label).previousElementSibling?.textContent;
    expect(count('Total')).toBe('3');
    // The admin is 'available' but has no live connection: not ringable, so not 'Disponible'.
    expect(count('Disponibles')).toBe('1');
    expect(count('Ocupados')).toBe('1');
    expect(count('No disponibles')).toBe('1');
    // One state per row: the admin chose 'available' but is not connected, so she reads
    // 'Sin conexión' (never 'Disponible' over 'Sin conexión'); her choice stays in the select.
    const row = (name: RegExp) => screen.getByRole('row', { name });
    expect(within(row(/Ana Admin/)).getByText('Sin conexión')).toBeInTheDocument();
    expect(within(row(/Ana Admin/)).queryByText('Disponible', { selector: '.badge' })).toBeNull();
    expect(
      within(row(/Lucía Torres/)).getByText('Disponible', { selector: '.badge' }),
    ).toBeVisible();
    expect(within(row(/Marco Ruiz/)).getByText('Ocupado', { selector: '.badge' })).toBeVisible();
    expect(count('Administradores')).toBe('1');
    expect(screen.getByRole('cell', { name: '4.6' })).toBeInTheDocument();

    // Accents and case do not matter.
    await user.type(screen.getByLabelText('Buscar'), 'CORTÉS');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /Lucía Torres/ })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Buscar'));
    await user.selectOptions(screen.getByLabelText('Estado'), 'busy');
    expect(screen.getByRole('row', { name: /Marco Ruiz/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Lucía Torres/ })).not.toBeInTheDocument();

    // The filter is by the state shown: 'Sin conexión' finds the unconnected admin.
    await user.selectOptions(screen.getByLabelText('Estado'), 'offline');
    expect(screen.getByRole('row', { name: /Ana Admin/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Lucía Torres/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Estado'), 'away');
    expect(
      screen.getByText('No se encontraron asesores con los filtros aplicados'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(screen.getAllByRole('row')).toHaveLength(4);
  }, 15_000);

  it("says 'No hay asesores registrados' when the list is empty", async () => {
    signInAdmin([]);
    renderApp('/admin/advisors');
    expect(await screen.findByText('No hay asesores registrados')).toBeInTheDocument();
  });

  it("shows 'Error al cargar asesores' with a retry when the list fails", async () => {
    const api = signInAdmin();
    api.on('GET /api/advisors', fail(500, 'INTERNAL_ERROR', 'boom'));
    renderApp('/admin/advisors');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Error al cargar asesores');
    api.on('GET /api/advisors', ok([lucia]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('row', { name: /Lucía Torres/ })).toBeInTheDocument();
  }, 15_000);

  it('changes an advisor status from the row select (POST status) and toasts', async () => {
    const api = signInAdmin();
    api.on('POST /api/advisors/adv_lucia/status', ok({ ...lucia, status: 'offline' }));
    const user = userEvent.setup();
    renderApp('/admin/advisors');
    const select = await screen.findByRole('combobox', { name: 'Estado de Lucía Torres' });
    expect(select).toHaveValue('available');
    await user.selectOptions(select, 'offline');
    expect(await screen.findByText('Estado de Lucía Torres: Desconectado')).toBeInTheDocument();
    expect(lastRequest(api, 'POST', '/api/advisors/adv_lucia/status')?.body).toEqual({
      status: 'offline',
    });
    expect(screen.getByRole('combobox', { name: 'Estado de Lucía Torres' })).toHaveValue('offline');
  });

  it('suspends a stylist from her row (PUT suspension): badge, status locked, then reinstates her', async () => {
    const api = signInAdmin();
    api.on(
      'PUT /api/advisors/adv_lucia/suspension',
      ok({ ...lucia, status: 'offline', statusReason: 'suspended', suspended: true }),
    );
    const user = userEvent.setup();
    renderApp('/admin/advisors');
    await user.click(await screen.findByRole('button', { name: 'Suspender a Lucía Torres' }));
    expect(
      await screen.findByText(
        'Lucía Torres quedó suspendida: no puede ponerse disponible ni recibir llamadas.',
      ),
    ).toBeInTheDocument();
    expect(lastRequest(api, 'PUT', '/api/advisors/adv_lucia/suspension')?.body).toEqual({
      suspended: true,
    });
    expect(screen.getByText('Suspendida')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Estado de Lucía Torres' });
    expect(select).toHaveValue('offline');
    expect(select).toBeDisabled();

    api.on('PUT /api/advisors/adv_lucia/suspension', ok({ ...lucia, status: 'offline' }));
    await user.click(screen.getByRole('button', { name: 'Reactivar a Lucía Torres' }));
    expect(
      await screen.findByText('Lucía Torres ya puede ponerse disponible otra vez.'),
    ).toBeInTheDocument();
    expect(lastRequest(api, 'PUT', '/api/advisors/adv_lucia/suspension')?.body).toEqual({
      suspended: false,
    });
    expect(screen.queryByText('Suspendida')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Estado de Lucía Torres' })).toBeEnabled();
  });

  it('keeps the stored status and explains when the status change fails', async () => {
    const api = signInAdmin();
    api.on(
      'POST /api/advisors/adv_lucia/status',
      fail(404, 'ADVISOR_NOT_FOUND', 'Advisor not found'),
    );
    const user = userEvent.setup();
    renderApp('/admin/advisors');
    const select = await screen.findByRole('combobox', { name: 'Estado de Lucía Torres' });
    await user.selectOptions(select, 'busy');
    expect(await screen.findByText('No se pudo cambiar el estado')).toBeInTheDocument();
    expect(select).toHaveValue('available');
  });

  it('create form: the defaults, the 12 timezones and working hours per weekday', async () => {
    signInAdmin();
    renderApp('/admin/advisors');
    const { dialog } = await openCreateForm();
    const d = within(dialog);
    const timezone = d.getByLabelText('Zona horaria');
    expect(timezone).toHaveValue('America/Lima');
    expect(within(timezone).getAllByRole('option')).toHaveLength(12);
    expect(d.getByLabelText('Máximo de llamadas simultáneas')).toHaveValue(1);
    expect(d.getByLabelText('Aceptar llamadas automáticamente')).not.toBeChecked();
    expect(d.getByLabelText('Administrador')).not.toBeChecked();
    expect(d.getByLabelText('Mostrar en la página de inicio')).not.toBeChecked();
    expect(d.getByLabelText('Contraseña')).toBeRequired();
    for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes']) {
      expect(d.getByLabelText(`Atiende el ${day}`)).toBeChecked();
      expect(d.getByLabelText(`Hora de inicio del ${day}`)).toHaveValue('09:00');
      expect(d.getByLabelText(`Hora de fin del ${day}`)).toHaveValue('17:00');
    }
    for (const day of ['Sábado', 'Domingo']) {
      expect(d.getByLabelText(`Atiende el ${day}`)).not.toBeChecked();
      expect(d.getByLabelText(`Hora de inicio del ${day}`)).toBeDisabled();
    }
  });

  it('specialties: Enter adds a trimmed chip without submitting, duplicates are refused, a click removes', async () => {
    const api = signInAdmin();
    renderApp('/admin/advisors');
    const { user, dialog } = await openCreateForm();
    const d = within(dialog);
    const input = d.getByLabelText('Especialidades');
    await user.type(input, '  Coloración  {Enter}');
    expect(d.getByRole('button', { name: 'Quitar Coloración' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    await user.type(input, 'coloracion{Enter}');
    expect(d.getByText('«coloracion» ya está en la lista')).toBeInTheDocument();
    expect(d.getAllByRole('button', { name: /^Quitar / })).toHaveLength(1);
    await user.clear(input);
    await user.type(input, 'Cortes{Enter}');
    expect(d.getAllByRole('button', { name: /^Quitar / })).toHaveLength(2);
    await user.click(d.getByRole('button', { name: 'Quitar Coloración' }));
    expect(d.queryByRole('button', { name: 'Quitar Coloración' })).not.toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Quitar Cortes' })).toBeInTheDocument();
    // Enter in the specialty field never submitted the form.
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/advisors')).toBe(false);
  });

  it('create: blocks invalid input with its messages, then posts the advisor and toasts', async () => {
    const api = signInAdmin();
    const created = makeAdvisor({
      advisorId: 'adv_new',
      name: 'Sofía Díaz',
      email: 'sofia@belleza.test',
    });
    api.on('POST /api/advisors', ok(created, 201));
    renderApp('/admin/advisors');
    const { user, dialog } = await openCreateForm();
    const d = within(dialog);

    await user.click(d.getByRole('button', { name: 'Crear asesor' }));
    expect(d.getByLabelText('Nombre')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(d.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'Mínimo 8 caracteres Este campo es obligatorio',
    );
    expect(d.getByText('Revisa los campos marcados.')).toBeInTheDocument();

    await user.type(d.getByLabelText('Nombre'), 'Sofía Díaz');
    await user.type(d.getByLabelText('Correo electrónico'), 'Sofia@Belleza.test');
    await user.type(d.getByLabelText('Contraseña'), 'sofia-clave-1');
    const max = d.getByLabelText('Máximo de llamadas simultáneas');
    await user.clear(max);
    await user.type(max, '11');
    // Saturday on, with an end before its start.
    await user.click(d.getByLabelText('Atiende el Sábado'));
    await user.clear(d.getByLabelText('Hora de fin del Sábado'));
    await user.type(d.getByLabelText('Hora de fin del Sábado'), '08:00');
    await user.click(d.getByRole('button', { name: 'Crear asesor' }));
    expect(max).toHaveAccessibleDescription(
      'Entre 1 y 10 Las llamadas concurrentes deben estar entre 1 y 10',
    );
    expect(d.getByText('La hora de fin debe ser posterior a la de inicio')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/advisors')).toBe(false);

    await user.clear(max);
    await user.type(max, '3');
    await user.clear(d.getByLabelText('Hora de fin del Sábado'));
    await user.type(d.getByLabelText('Hora de fin del Sábado'), '13:00');
    await user.type(d.getByLabelText('Especialidades'), 'Cortes{Enter}');
    await user.click(d.getByLabelText('Administrador'));
    await user.click(d.getByLabelText('Mostrar en la página de inicio'));
    await user.click(d.getByRole('button', { name: 'Crear asesor' }));

    expect(await screen.findByText('Asesor creado exitosamente')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const body = lastRequest(api, 'POST', '/api/advisors')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Sofía Díaz',
      email: 'sofia@belleza.test',
      password: 'sofia-clave-1',
      expertise: ['Cortes'],
      isAdmin: true,
      showOnLanding: true,
      maxConcurrentCalls: 3,
      timezone: 'America/Lima',
    });
    expect((body.workingHours as Record<string, unknown>).saturday).toEqual({
      start: '09:00',
      end: '13:00',
      enabled: true,
    });
  }, 20_000);

  it('create: a taken email is marked on the field', async () => {
    const api = signInAdmin();
    api.on(
      'POST /api/advisors',
      fail(409, 'EMAIL_TAKEN', 'Another advisor already uses this email'),
    );
    renderApp('/admin/advisors');
    const { user, dialog } = await openCreateForm();
    const d = within(dialog);
    await user.type(d.getByLabelText('Nombre'), 'Otra Lucía');
    await user.type(d.getByLabelText('Correo electrónico'), 'lucia@belleza.test');
    await user.type(d.getByLabelText('Contraseña'), 'secreto123');
    await user.click(d.getByRole('button', { name: 'Crear asesor' }));
    await waitFor(() =>
      expect(d.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
        'Ya existe una cuenta con ese correo.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Agregar asesor' })).toBeInTheDocument();
  });

  it('edit: starts from the advisor, a blank password is not sent, and the row updates', async () => {
    const api = signInAdmin();
    api.on('PUT /api/advisors/adv_lucia', ok({ ...lucia, name: 'Lucía T. Vega' }));
    const user = userEvent.setup();
    renderApp('/admin/advisors');
    await user.click(await screen.findByRole('button', { name: 'Editar a Lucía Torres' }));
    const d = within(await screen.findByRole('dialog', { name: 'Editar asesor' }));
    expect(d.getByLabelText('Nombre')).toHaveValue('Lucía Torres');
    expect(d.getByLabelText('Contraseña')).toHaveValue('');
    expect(d.getByLabelText('Contraseña')).not.toBeRequired();
    expect(d.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'Déjala en blanco para mantener la contraseña actual',
    );
    expect(d.getByRole('button', { name: 'Quitar Coloración' })).toBeInTheDocument();
    await user.clear(d.getByLabelText('Nombre'));
    await user.type(d.getByLabelText('Nombre'), 'Lucía T. Vega');
    await user.click(d.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Asesor actualizado exitosamente')).toBeInTheDocument();
    const body = lastRequest(api, 'PUT', '/api/advisors/adv_lucia')?.body as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ name: 'Lucía T. Vega', expertise: ['Coloración', 'Cortes'] });
    expect(screen.getByRole('row', { name: /Lucía T\. Vega/ })).toBeInTheDocument();
  });

  it('edit: demoting the last admin is refused with a clear message', async () => {
    const api = signInAdmin();
    api.on(
      'PUT /api/advisors/adv_admin',
      fail(409, 'LAST_ADMIN', 'At least one admin must remain'),
    );
    const user = userEvent.setup();
    renderApp('/admin/advisors');
    await user.click(await screen.findByRole('button', { name: 'Editar a Ana Admin' }));
    const d = within(await screen.findByRole('dialog', { name: 'Editar asesor' }));
    await user.click(d.getByLabelText('Administrador'));
    await user.click(d.getByRole('button', { name: 'Guardar cambios' }));
    expect(await d.findByRole('alert')).toHaveTextContent(
      'Debe quedar al menos un administrador: no puedes quitar ni eliminar al último.',
    );
  });

  it('delete: asks first, explains a refusal (active call), and removes the row once accepted', async () => {
    const api = signInAdmin();
    api.on(
      'DELETE /api/advisors/adv_marco',
      fail(409, 'ADVISOR_HAS_ACTIVE_CALL', 'The advisor is in a call; end it first'),
    );
    const user = userEvent.setup();
    renderApp('/admin/advisors');
    // Nobody can delete themself from the table.
    expect(await screen.findByRole('button', { name: 'Eliminar a Ana Admin' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Eliminar a Marco Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar asesor' });
    expect(dialog).toHaveTextContent('¿Seguro que quieres eliminar a Marco Ruiz?');
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No se puede eliminar: esta persona tiene una llamada activa. Finaliza la llamada primero.',
    );
    expect(screen.getByRole('row', { name: /Marco Ruiz/ })).toBeInTheDocument();

    api.on('DELETE /api/advisors/adv_marco', {
      status: 200,
      body: { success: true, message: 'Advisor deleted' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Asesor eliminado exitosamente')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Marco Ruiz/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the create form from the dashboard link (?new=1) once', async () => {
    signInAdmin();
    const { router } = renderApp('/admin/advisors?new=1');
    expect(await screen.findByRole('dialog', { name: 'Agregar asesor' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
