import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { changeLanguage } from '@/lib/i18n';
import { renderPage } from '@/test/render-page';
import { AdminReportsPage } from '../AdminReportsPage';
import { emptyReport, makeReport } from './fixtures';

const section = (name: string) =>
  screen.getByRole('heading', { name }).closest('section') as HTMLElement;

/** The stat card whose label is `label`, inside `container`. */
const stat = (container: HTMLElement, label: string) =>
  within(container).getByText(label).closest('.reports-stat') as HTMLElement;

/** The text of the cell in the row named `row`, under the column header named `column`. */
function cellUnder(container: HTMLElement, row: RegExp, column: string): string {
  const table = within(container).getByRole('table');
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent === column);
  expect(index, `column '${column}'`).toBeGreaterThanOrEqual(0);
  // a row's cells, its header included, in column order
  const { cells } = within(table).getByRole<HTMLTableRowElement>('row', { name: row });
  return cells[index]?.textContent ?? '';
}

describe('AdminReportsPage bookings', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('es'));
  });

  it("shows the window's bookings in a 'Citas' card group with the attendance rate", async () => {
    mockFetch({ 'GET /api/reports': ok(makeReport()) });
    renderPage('/admin/reports', AdminReportsPage);
    await screen.findByText('Total de llamadas');
    const citas = section('Citas');
    expect(stat(citas, 'Citas reservadas')).toHaveTextContent('44');
    expect(stat(citas, 'Atendidas')).toHaveTextContent('34');
    expect(stat(citas, 'Sin asistencia')).toHaveTextContent('5');
    expect(stat(citas, 'Canceladas')).toHaveTextContent('15');
    expect(stat(citas, 'Tasa de asistencia')).toHaveTextContent(/87[.,]2\s?%/);
  });

  it('adds the month rows and the advisor rows their booking columns', async () => {
    mockFetch({ 'GET /api/reports': ok(makeReport()) });
    renderPage('/admin/reports', AdminReportsPage);
    await screen.findByText('Total de llamadas');
    const months = section('Tendencias mensuales');
    expect(cellUnder(months, /nov/i, 'Citas reservadas')).toBe('11');
    expect(cellUnder(months, /nov/i, 'Citas atendidas')).toBe('9');
    expect(cellUnder(months, /nov/i, 'Citas sin asistencia')).toBe('1');
    expect(cellUnder(months, /nov/i, 'Citas canceladas')).toBe('3');
    expect(cellUnder(months, /jun/i, 'Citas reservadas')).toBe('0');

    const advisors = section('Rendimiento de asesores');
    expect(cellUnder(advisors, /Lucía Torres/, 'Citas atendidas')).toBe('12');
    expect(cellUnder(advisors, /Lucía Torres/, 'Citas sin asistencia')).toBe('2');
    expect(cellUnder(advisors, /Mario Paz/, 'Citas atendidas')).toBe('0');
    expect(cellUnder(advisors, /Mario Paz/, 'Citas sin asistencia')).toBe('4');
  });

  it('keeps the monthly table for months with bookings but no calls', async () => {
    const empty = emptyReport();
    mockFetch({
      'GET /api/reports': ok({
        ...empty,
        months: empty.months.map((m) =>
          m.month === '2026-11' ? { ...m, appointmentsBooked: 3, appointmentsCancelled: 1 } : m,
        ),
        appointments: { booked: 3, attended: 0, noShow: 0, cancelled: 1, attendanceRate: 0 },
      }),
    });
    renderPage('/admin/reports', AdminReportsPage);
    await screen.findByText('Total de llamadas');
    expect(screen.queryByText('No hay datos mensuales disponibles')).not.toBeInTheDocument();
    const months = section('Tendencias mensuales');
    expect(cellUnder(months, /nov/i, 'Citas reservadas')).toBe('3');
    expect(cellUnder(months, /nov/i, 'Citas canceladas')).toBe('1');
    // nothing attended or missed yet: a rate of 0, not N/A or NaN
    expect(stat(section('Citas'), 'Tasa de asistencia')).toHaveTextContent(
      /^Tasa de asistencia0\s?%/,
    );
  });

  it('speaks English too', async () => {
    await act(() => changeLanguage('en'));
    mockFetch({ 'GET /api/reports': ok(makeReport()) });
    renderPage('/admin/reports', AdminReportsPage);
    await screen.findByText('Total Calls');
    const appointments = section('Appointments');
    expect(stat(appointments, 'No-shows')).toHaveTextContent('5');
    expect(stat(appointments, 'Attendance rate')).toHaveTextContent(/87[.,]2\s?%/);
    expect(cellUnder(section('Monthly Trends'), /nov/i, 'Appointments booked')).toBe('11');
  });
});
