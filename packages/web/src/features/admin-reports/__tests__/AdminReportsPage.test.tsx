import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/lib/api-client';
import { fail, hang, jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { AdminReportsPage } from '../AdminReportsPage';
import { emptyReport, makeReport } from './fixtures';
import { renderPage } from '@/test/render-page';

const section = (name: string) =>
  screen.getByRole('heading', { name }).closest('section') as HTMLElement;

describe('AdminReportsPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows 'Cargando reportes...' until the first answer", async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({ 'GET /api/reports': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage('/admin/reports', AdminReportsPage);
    expect(await screen.findByText('Cargando reportes...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizando...' })).toBeDisabled();
    answer(jsonResponse(200, { success: true, data: makeReport() }));
    expect(await screen.findByText('Total de llamadas')).toBeInTheDocument();
    expect(screen.queryByText('Cargando reportes...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
  });

  it(
    'renders the cards, advisor performance, monthly trends, analysis and service level',
    { timeout: 20_000 },
    async () => {
      const api = mockFetch({ 'GET /api/reports': ok(makeReport()) });
      renderPage('/admin/reports', AdminReportsPage);
      expect(await screen.findByRole('heading', { name: 'Reportes' })).toBeInTheDocument();
      await screen.findByText('Total de llamadas');
      expect(api.requests.find((r) => r.path === '/api/reports')).toBeDefined();

      expect(screen.getByText('120')).toBeInTheDocument();
      expect(
        screen.getByText(/\+12[.,]5\s?% vs\. los mismos días del mes anterior/),
      ).toBeInTheDocument();
      expect(screen.getByText('Tiempo promedio')).toBeInTheDocument();
      expect(screen.getByText('14 min')).toBeInTheDocument();
      expect(screen.getByText(/80\s?% completadas/)).toBeInTheDocument();
      expect(screen.getByText('4.6 ★')).toBeInTheDocument();
      expect(screen.getByText('Destacado: Lucía Torres')).toBeInTheDocument();

      const advisors = section('Rendimiento de asesores');
      const lucia = within(advisors).getByRole('row', { name: /Lucía Torres/ });
      expect(within(lucia).getByText('Admin')).toBeInTheDocument();
      expect(within(lucia).getByText('4.7 ★')).toBeInTheDocument();
      expect(within(lucia).getByText('15 min')).toBeInTheDocument();
      // No money: the salon has entered no prices, so no amount is made up from call minutes.
      expect(within(advisors).queryByRole('columnheader', { name: /Ingresos/ })).toBeNull();
      expect(within(advisors).queryByText(/S\/|\$/)).toBeNull();
      expect(within(lucia).getByText('38 s')).toBeInTheDocument();
      expect(within(lucia).getByText('Disponible').closest('.badge')).toHaveClass('badge--success');
      const mario = within(advisors).getByRole('row', { name: /Mario Paz/ });
      expect(within(mario).queryByText('Admin')).not.toBeInTheDocument();
      expect(within(mario).getByText('Sin calificaciones')).toBeInTheDocument();
      expect(within(mario).getByText('1 h 15 min')).toBeInTheDocument();
      expect(within(mario).getByText('1 min 35 s')).toBeInTheDocument();
      expect(within(mario).getByText('Ocupado').closest('.badge')).toHaveClass('badge--warning');

      const months = section('Tendencias mensuales');
      // header + six months
      expect(within(months).getAllByRole('row')).toHaveLength(7);
      const june = within(months).getByRole('row', { name: /jun/i });
      expect(within(june).getByText('Sin calificaciones')).toBeInTheDocument();

      const detail = section('Análisis detallado');
      expect(within(detail).getByText(/85[.,]5\s?%/)).toBeInTheDocument();
      expect(within(detail).getByText('1 d 4 h')).toBeInTheDocument();
      expect(within(detail).getByText(/12[.,]3\s?%/)).toBeInTheDocument();

      const service = section('Nivel de servicio');
      expect(within(service).getByText('48 s')).toBeInTheDocument();
      expect(within(service).getByText(/88[.,]4\s?%/)).toBeInTheDocument();
      expect(within(service).getByText('10')).toBeInTheDocument();
      expect(within(service).getByText('5')).toBeInTheDocument();

      // The charts arrive in their own chunk (the first import of recharts takes a while in jsdom).
      expect(
        await screen.findByRole(
          'figure',
          { name: 'Tendencia mensual de llamadas' },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('figure', { name: 'Llamadas por asesor' })).toBeInTheDocument();
    },
  );

  it('shows the empty states and no satisfaction without data', async () => {
    mockFetch({ 'GET /api/reports': ok(emptyReport()) });
    renderPage('/admin/reports', AdminReportsPage);
    expect(await screen.findByText('No hay datos de rendimiento disponibles')).toBeInTheDocument();
    expect(screen.getByText('No hay datos mensuales disponibles')).toBeInTheDocument();
    expect(screen.getByText('Sin calificaciones')).toBeInTheDocument();
    expect(screen.getByText('Sin asesor destacado')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it("shows 'Error al cargar reportes' with the detail when the load fails", async () => {
    mockFetch({ 'GET /api/reports': fail(403, 'FORBIDDEN', 'Admins only') });
    renderPage('/admin/reports', AdminReportsPage);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error al cargar reportes');
    expect(banner).toHaveTextContent('No tienes permiso para realizar esta acción.');
    expect(screen.queryByText('Total de llamadas')).not.toBeInTheDocument();
  });

  it('says when the reports do not arrive in time, and loads them on retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockFetch({ 'GET /api/reports': hang });
    renderPage('/admin/reports', AdminReportsPage);
    expect(await screen.findByText('Cargando reportes...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error al cargar reportes');
    expect(banner).toHaveTextContent('El servidor no respondió a tiempo.');
    expect(screen.queryByText('Cargando reportes...')).not.toBeInTheDocument();

    api.on('GET /api/reports', ok(makeReport()));
    fireEvent.click(within(banner).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Total de llamadas')).toBeInTheDocument();
    expect(screen.queryByText('Error al cargar reportes')).not.toBeInTheDocument();
  });

  it('refreshes with a success toast, and an error toast when the refresh fails', async () => {
    const api = mockFetch({ 'GET /api/reports': ok(makeReport()) });
    const user = userEvent.setup();
    renderPage('/admin/reports', AdminReportsPage);
    await screen.findByText('Total de llamadas');

    api.on('GET /api/reports', ok(makeReport({ totalCalls: 121 })));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Reportes actualizados correctamente')).toBeInTheDocument();
    expect(screen.getByText('121')).toBeInTheDocument();

    api.on('GET /api/reports', fail(400, 'BAD_REQUEST', 'nope'));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Error al actualizar los reportes')).toBeInTheDocument();
    // The last figures stay on screen under the banner.
    expect(screen.getByText('Error al cargar reportes')).toBeInTheDocument();
    expect(screen.getByText('121')).toBeInTheDocument();
  });
});
