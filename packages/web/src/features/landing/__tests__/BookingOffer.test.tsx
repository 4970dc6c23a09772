/** The offer shows only when the salon takes bookings (the slots answer says `enabled`). */
import type { SlotsResponse } from '@belleza/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { slotsQueryOptions } from '@/components/appointment-slots';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { BookingOffer } from '../consultation/BookingStep';

const answer = (enabled: boolean): SlotsResponse => ({
  enabled,
  slotMinutes: 20,
  horizonEndsAt: '2026-12-08T15:00:00.000Z',
  slots: [],
  advisors: [],
});

/** Renders once the slots were read, so the first render already knows the answer. */
async function renderOffer(enabled: boolean) {
  mockFetch({ 'GET /api/appointments/slots': ok(answer(enabled)) });
  const queryClient = createQueryClient();
  await queryClient.prefetchQuery(slotsQueryOptions({ subject: 'makeup' }));
  render(
    <AppProviders queryClient={queryClient}>
      <BookingOffer subject="makeup" busy={false} onBook={() => undefined} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BookingOffer', () => {
  it('offers a booking when the salon takes them', async () => {
    await renderOffer(true);
    expect(screen.getByRole('button', { name: 'Reservar una cita' })).toBeVisible();
  });

  it('offers nothing when the salon does not take bookings', async () => {
    await renderOffer(false);
    expect(screen.queryByRole('button', { name: 'Reservar una cita' })).toBeNull();
    expect(screen.queryByText(/Reserva una videoconsulta/)).toBeNull();
  });
});
