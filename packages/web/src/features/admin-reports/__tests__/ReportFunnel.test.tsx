import type { FunnelData, FunnelSteps } from '@belleza/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { AdminReportsPage } from '../AdminReportsPage';
import { makeReport } from './fixtures';

const steps = (over: Partial<FunnelSteps>): FunnelSteps => ({
  consultations: 0,
  plans: 0,
  bookings: 0,
  attended: 0,
  notDone: 0,
  revenue: 0,
  consultationHours: 0,
  planRate: 0,
  bookingRate: 0,
  attendanceRate: 0,
  revenuePerHour: 0,
  ...over,
});

const ana = steps({
  consultations: 3,
  plans: 1,
  bookings: 2,
  attended: 1,
  notDone: 1,
  revenue: 80.5,
  consultationHours: 1.5,
  planRate: 33.33,
  bookingRate: 200,
  attendanceRate: 50,
  revenuePerHour: 53.67,
});
const oct = steps({
  consultations: 4,
  plans: 2,
  bookings: 4,
  attended: 1,
  notDone: 2,
  revenue: 80.5,
  consultationHours: 1.83,
  planRate: 50,
  bookingRate: 200,
  attendanceRate: 25,
  revenuePerHour: 43.91,
});

const funnel: FunnelData = {
  months: [
    { month: '2026-09', ...steps({}), advisors: [] },
    {
      month: '2026-10',
      ...oct,
      advisors: [
        { advisorId: 'adv_a', name: 'Ana Alva', ...ana },
        {
          advisorId: 'adv_b',
          name: 'Beatriz Bravo',
          ...steps({ consultations: 1, plans: 1, bookings: 2, notDone: 1, planRate: 100 }),
        },
      ],
    },
  ],
  advisors: [],
  total: oct,
};

/** The texts of a row's cells, its header first. */
const rowTexts = (table: HTMLElement, name: RegExp) =>
  Array.from(within(table).getByRole<HTMLTableRowElement>('row', { name }).cells, (c) =>
    c.textContent?.replace(/\s/g, ' '),
  );

describe("the reports' funnel", () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    await act(() => changeLanguage('es'));
  });

  it('shows each month for all stylists, then each stylist, with the rates and the money', async () => {
    mockFetch({
      'GET /api/reports': ok(makeReport()),
      'GET /api/reports/funnel': ok(funnel),
    });
    renderPage('/admin/reports', AdminReportsPage);
    const table = await screen.findByRole('region', { name: 'Embudo por mes y estilista' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Mes',
      'Estilista',
      'Consultas',
      'Planes (% de consultas)',
      'Reservados (% de planes)',
      'Realizados (% de reservados)',
      'No realizados',
      'Ingresos',
      'Horas de consulta',
      'Ingresos por hora',
    ]);
    const rows = within(table).getAllByRole('row');
    // header, September (all), October (all, Ana, Beatriz), total
    expect(rows).toHaveLength(6);
    expect(rowTexts(table, /Ana Alva/)).toEqual([
      expect.stringMatching(/oct/i),
      'Ana Alva',
      '3',
      '1 (33.3%)',
      '2 (200%)',
      '1 (50%)',
      '1',
      'S/ 80.50',
      '1.5',
      'S/ 53.67',
    ]);
    expect(rowTexts(table, /^Total/)).toEqual([
      'Total',
      'Todas',
      '4',
      '2 (50%)',
      '4 (200%)',
      '1 (25%)',
      '2',
      'S/ 80.50',
      '1.8',
      'S/ 43.91',
    ]);
  });

  it('downloads the CSV in the interface language', async () => {
    await act(() => changeLanguage('en'));
    const api = mockFetch({
      'GET /api/reports': ok(makeReport()),
      'GET /api/reports/funnel': ok(funnel),
      'GET /api/reports/funnel.csv': () =>
        new Response('\uFEFFMonth,Stylist\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('/admin/reports', AdminReportsPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = api.requests.find((r) => r.path === '/api/reports/funnel.csv');
    expect(csv).toBeDefined();
    const asked = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input as string), 'http://localhost'))
      .find((url) => url.pathname === '/api/reports/funnel.csv');
    expect(asked?.searchParams.get('months')).toBe('6');
    expect(asked?.searchParams.get('language')).toBe('en');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('funnel.csv');
    click.mockRestore();
  });

  it('says so when no consultation was answered', async () => {
    mockFetch({
      'GET /api/reports': ok(makeReport()),
      'GET /api/reports/funnel': ok({ months: [], advisors: [], total: steps({}) }),
    });
    renderPage('/admin/reports', AdminReportsPage);
    expect(
      await screen.findByText('Aún no hay consultas atendidas en estos meses.'),
    ).toBeInTheDocument();
  });
});
