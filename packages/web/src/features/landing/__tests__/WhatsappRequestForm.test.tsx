/**
 * The WhatsApp choice on the consultation's request form, on the real landing route: offered
 * where the server sends WhatsApp messages, unticked, saying how to stop, and sent with the
 * request when she ticks it.
 */
import { defaultSettings } from '@belleza/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { createdCall, openAvailability, statusData } from './fixtures';
import { closeLandingPage, openLandingPage } from './render-landing';

vi.mock('@/lib/socket', async (importOriginal) => {
  const { visitorSocket } = await import('@/test/fake-socket');
  return { ...(await importOriginal<object>()), createSocket: () => visitorSocket() };
});

const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

const publicSettings = {
  system: {
    siteName: 'Salón',
    defaultLanguage: 'es',
    currency: defaultSettings.system.currency,
    maintenanceMode: false,
    maxCallDuration: 30,
  },
  video: { provider: 'builtin', enableScreenShare: true },
  daily: { maxParticipants: 2 },
  whatsapp: { enabled: true },
};

afterEach(() => {
  closeLandingPage();
  vi.unstubAllGlobals();
});

describe('WhatsApp on the request form', () => {
  it('is unticked, says how to stop, and goes with the request when ticked', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/settings/public': ok(publicSettings),
      'POST /api/calls/request': ok(createdCall(), 201),
      'GET /api/calls/call_1/status': ok(statusData()),
    });
    await openLandingPage();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' });
    const box = await within(dialog).findByRole('checkbox', { name: /también por WhatsApp/ }, SLOW);
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/responde BAJA/);
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Ana Visitante' } });
    fireEvent.change(within(dialog).getByLabelText('Teléfono'), {
      target: { value: '987 654 321' },
    });
    fireEvent.change(within(dialog).getByLabelText('Mensaje'), {
      target: { value: 'Quiero un cambio de look' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));
    await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    const body = api.requests.find((r) => r.path === '/api/calls/request')?.body;
    expect(body).toMatchObject({ phone: '987 654 321', whatsapp: true });
  });
});
