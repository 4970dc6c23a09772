/**
 * "Recuérdame para mi próxima consulta" on the real landing route: unticked by default and then
 * nothing asks to keep her; ticked, the token the salon answers stays in this browser and goes with
 * her next request, and the waiting dialog names the stylist who attended her; unticked later, the
 * token goes.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { RETURN_TOKEN_STORAGE_KEY } from '../consultation/return-token';
import { SAVED_CALL_STORAGE_KEY } from '../consultation/saved-call';
import { createdCall, openAvailability, statusData } from './fixtures';
import { closeLandingPage, openLandingPage } from './render-landing';

vi.mock('@/lib/socket', async (importOriginal) => {
  const { visitorSocket } = await import('@/test/fake-socket');
  return { ...(await importOriginal<object>()), createSocket: () => visitorSocket() };
});

const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

async function openForm() {
  await openLandingPage();
  await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
  fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
  return screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' });
}

function fillForm(dialog: HTMLElement) {
  const values = {
    Nombre: 'Ana Visitante',
    Teléfono: '+51 999 888 777',
    Mensaje: 'Quiero un cambio de look',
  };
  for (const [label, value] of Object.entries(values))
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
}

const rememberBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', { name: 'Recuérdame para mi próxima consulta' });

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  closeLandingPage();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('returning clients on the request form', () => {
  it('is unticked, says what is kept, and sends nothing about it unless ticked', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': ok(createdCall(), 201),
      'GET /api/calls/call_1/status': ok(statusData()),
    });
    window.localStorage.setItem(RETURN_TOKEN_STORAGE_KEY, 'old-token');
    const dialog = await openForm();
    const box = rememberBox(dialog);
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /guardamos un código sacado de tu teléfono \(nunca el número\).*365 días/,
    );
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));
    await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    const body = api.requests.find((r) => r.path === '/api/calls/request')?.body as object;
    expect(body).not.toHaveProperty('remember');
    expect(body).not.toHaveProperty('returnToken');
    // Unticked: this browser forgets her too.
    expect(window.localStorage.getItem(RETURN_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ticked: keeps the answered token, sends it next time, and names her stylist', async () => {
    window.localStorage.setItem(RETURN_TOKEN_STORAGE_KEY, 'token-of-last-visit');
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': ok(
        createdCall({
          advisorId: 'adv_ana',
          queuePosition: null,
          returnToken: 'token-of-last-visit',
          returningAdvisorName: 'Ana Quispe',
        }),
        201,
      ),
      'GET /api/calls/call_1/status': ok(statusData({ advisorId: 'adv_ana', queuePosition: null })),
    });
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(rememberBox(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    expect(within(waiting).getByTestId('ringing-stylist')).toHaveTextContent(
      'Te estamos conectando con Ana Quispe, quien te atendió la última vez.',
    );
    expect(api.requests.find((r) => r.path === '/api/calls/request')?.body).toMatchObject({
      remember: true,
      returnToken: 'token-of-last-visit',
    });
    expect(window.localStorage.getItem(RETURN_TOKEN_STORAGE_KEY)).toBe('token-of-last-visit');
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toContain('"returningWith"');
  });

  it('a first visit ticked keeps the new token; no name is shown without one', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': ok(createdCall({ returnToken: 'fresh-token' }), 201),
      'GET /api/calls/call_1/status': ok(statusData()),
    });
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(rememberBox(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    expect(within(waiting).queryByText(/quien te atendió la última vez/)).toBeNull();
    expect(window.localStorage.getItem(RETURN_TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });
});
