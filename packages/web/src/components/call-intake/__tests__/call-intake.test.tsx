import type { Intake } from '@belleza/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { setStoredToken, clearStoredToken } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, ok, photoBytes } from '@/test/fetch-mock';
import { CallIntakePanel, IntakeDetails } from '..';

const intakeOf = (over: Partial<Intake> = {}): Intake => ({
  chemicalHistory: ['henna'],
  allergies: 'Alergia al níquel',
  photos: { current: { width: 600, height: 800, bytes: 4000 }, inspiration: null },
  patchTest: { needed: true, reasons: ['allergy', 'first_colour', 'henna'] },
  updatedAt: '2026-12-04T18:00:00.000Z',
  ...over,
});

const renderIn = (ui: ReactElement) =>
  render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

describe('the hair intake as the stylist and the visitor read it', () => {
  beforeEach(() => {
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:intake-photo'),
      revokeObjectURL: vi.fn(),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearStoredToken();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('puts the patch-test flag first, with its reasons, then her photos and answers', async () => {
    const loadPhoto = vi.fn(() => Promise.resolve(new Blob(['jpeg'], { type: 'image/jpeg' })));
    renderIn(<IntakeDetails intake={intakeOf()} loadPhoto={loadPhoto} />);
    const intake = await screen.findByRole('region', { name: 'Ficha de cabello' });
    const flag = within(intake).getByRole('note');
    expect(flag).toHaveTextContent('Hacer prueba de alergia antes de cualquier color');
    expect(
      within(flag)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Declaró una alergia',
      'Sin tinte ni decoloración en los últimos 12 meses (primer color)',
      'Usó henna en los últimos 12 meses',
    ]);
    expect(await within(intake).findByRole('img', { name: 'Su cabello ahora' })).toHaveAttribute(
      'src',
      'blob:intake-photo',
    );
    // Only the photo she sent is asked for.
    expect(loadPhoto.mock.calls).toEqual([['current']]);
    expect(within(intake).getByText('Henna')).toBeVisible();
    expect(within(intake).getByText('Alergia al níquel')).toBeVisible();
  });

  it('raises no flag when none is needed, and says what she did not answer', async () => {
    renderIn(
      <IntakeDetails
        intake={intakeOf({
          chemicalHistory: [],
          allergies: '',
          photos: { current: null, inspiration: null },
          patchTest: { needed: false, reasons: [] },
        })}
        loadPhoto={() => Promise.reject(new Error('no photo'))}
      />,
    );
    const intake = await screen.findByRole('region', { name: 'Ficha de cabello' });
    expect(within(intake).queryByRole('note')).toBeNull();
    expect(within(intake).queryByRole('img')).toBeNull();
    expect(within(intake).getByText('No respondió')).toBeVisible();
    expect(within(intake).getByText('Ninguna declarada')).toBeVisible();
  });

  it('speaks to the visitor herself in her summary, and reads in English', async () => {
    const load = () => Promise.resolve(new Blob(['jpeg'], { type: 'image/jpeg' }));
    const { unmount } = renderIn(
      <IntakeDetails intake={intakeOf()} loadPhoto={load} audience="visitor" />,
    );
    expect(
      await screen.findByText(
        'Tu estilista te recomienda una prueba de alergia antes de cualquier color',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('img', { name: 'Tu cabello ahora' })).toBeVisible();
    unmount();
    await act(() => changeLanguage('en'));
    try {
      renderIn(<IntakeDetails intake={intakeOf()} loadPhoto={load} />);
      expect(await screen.findByRole('region', { name: 'Hair intake' })).toBeVisible();
      expect(screen.getByText('Do a patch test before any colour')).toBeVisible();
      expect(await screen.findByRole('img', { name: 'Her hair now' })).toBeVisible();
    } finally {
      await act(() => changeLanguage('es'));
    }
  });

  it('is fetched with the session for the call, and shows nothing when she sent none', async () => {
    setStoredToken('staff-token');
    const api = mockFetch({
      'GET /api/calls/call_1/intake': ok(intakeOf()),
      'GET /api/calls/call_1/intake/photos/current': photoBytes,
      'GET /api/calls/call_2/intake': ok(null),
    });
    renderIn(
      <>
        <CallIntakePanel callId="call_1" />
        <CallIntakePanel callId="call_2" />
      </>,
    );
    expect(await screen.findByRole('img', { name: 'Su cabello ahora' })).toBeVisible();
    expect(screen.getAllByRole('region', { name: 'Ficha de cabello' })).toHaveLength(1);
    await waitFor(() =>
      expect(api.requests.map((r) => r.path).sort()).toEqual([
        '/api/calls/call_1/intake',
        '/api/calls/call_1/intake/photos/current',
        '/api/calls/call_2/intake',
      ]),
    );
    for (const request of api.requests)
      expect(request.headers.get('authorization')).toBe('Bearer staff-token');
  });
});
