/**
 * The consultation's code loads on the first press (or reach) of a call button. When that load
 * fails (connection dropped, files replaced by a deploy) the visitor is told and can try again;
 * the page itself stays.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { openAvailability } from './fixtures';
import { openLandingPage } from './render-landing';

const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock('../consultation', async (importOriginal) => {
  attempts.count += 1;
  if (attempts.count === 1) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

// The lazy landing and consultation modules load for real: budgets for a busy machine.
const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

describe('loading the consultation', () => {
  it('a failed load is reported with a retry that then opens the request form', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLandingPage();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('No pudimos abrir la consulta. Revisa tu conexión.');
    expect(screen.getByRole('heading', { name: 'TU NUEVO LOOK empieza aquí' })).toBeVisible();

    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts.count).toBe(2);
  });
});
