/**
 * The landing tells the truth about now: 'Fuera de horario' only outside working hours; inside
 * them with nobody free it says so and offers the call-back and a booking (not "come back Monday");
 * with everyone busy it says so and offers the wait.
 */
import type { Availability, SlotsResponse } from '@belleza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { closedAvailability, openAvailability } from './fixtures';
import { openLandingPage } from './render-landing';

vi.mock('@/lib/socket', async (importOriginal) => {
  const { visitorSocket } = await import('@/test/fake-socket');
  return { ...(await importOriginal<object>()), createSocket: () => visitorSocket() };
});

const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

const slots: SlotsResponse = {
  enabled: true,
  slotMinutes: 20,
  horizonEndsAt: '2026-12-08T15:00:00.000Z',
  slots: [{ startsAt: '2026-11-20T17:20:00.000Z', endsAt: '2026-11-20T17:40:00.000Z' }],
  advisors: [],
};

async function landingSays(availability: Availability, text: RegExp) {
  mockFetch({
    'GET /api/availability': ok(availability),
    'GET /api/appointments/slots': ok(slots),
  });
  await openLandingPage();
  await screen.findAllByTestId('availability', {}, SLOW);
  await waitFor(() => expect(screen.getAllByTestId('availability')[0]).toHaveTextContent(text));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('availability on the landing', () => {
  it('inside working hours with nobody free: open, no next opening, call-back and booking offered', async () => {
    // The next opening the server still sends (Tuesday) is not what she is told.
    const nobodyFree: Availability = { ...closedAvailability, withinHours: true };
    await landingSays(nobodyFree, /^En horario de atención · ahora no hay estilistas libres$/);
    expect(screen.queryByText(/Fuera de horario/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Ahora no hay estilistas libres' },
      SLOW,
    );
    expect(
      within(dialog).getByText(
        /^Estamos en horario de atención, pero en este momento nadie del equipo/,
      ),
    ).toBeVisible();
    expect(within(dialog).queryByText(/Próxima atención/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Pedir que me llamen' })).toBeVisible();
    expect(
      await within(dialog).findByRole('button', { name: 'Reservar una cita' }, SLOW),
    ).toBeVisible();
  });

  it('outside working hours: closed until the next opening', async () => {
    await landingSays(closedAvailability, /^Fuera de horario · volvemos el martes, 24\/11, 09:00/);
  });

  it('open with everyone busy: says so, with the wait', async () => {
    const allBusy: Availability = {
      ...openAvailability,
      availableAdvisors: 0,
      estimatedWaitTime: 600,
    };
    await landingSays(allBusy, /^Todo el equipo está atendiendo · espera estimada 10 minutos$/);
    expect(screen.queryByText(/^Estilistas en línea/)).toBeNull();
  });

  it('open with someone free: online, with the wait', async () => {
    await landingSays(openAvailability, /^Estilistas en línea · espera estimada 2 minutos$/);
  });
});
