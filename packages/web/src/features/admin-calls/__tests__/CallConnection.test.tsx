import type { CallMediaStats } from '@belleza/contract';
import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { fail, mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';
import { CallDetailsModal } from '../components/CallDetailsModal';
import { connectionPath } from '../utils/connection';
import { makeDetails } from './helpers';

// The machine is shared: give slow renders room rather than fail on the 1 s default.
configure({ asyncUtilTimeout: 4000 });

const figures = (o: Partial<CallMediaStats> = {}): CallMediaStats => ({
  participantType: 'client',
  participantName: 'Ana Visitante',
  quality: 'good',
  localCandidateType: 'relay',
  remoteCandidateType: 'srflx',
  rttMs: 42.4,
  packetLossPct: 0.4,
  bitrateKbps: 812.3,
  timeToFirstFrameMs: 1234,
  worstQuality: 'bad',
  reports: 12,
  updatedAt: '2026-11-22T15:10:00.000Z',
  ...o,
});

/** The details modal of call_1, opened, with these answers for its media stats. */
function openDetails(mediaStats: MockAnswer) {
  const api = mockFetch({
    'GET /api/calls/call_1': ok(makeDetails()),
    'GET /api/calls/call_1/media-stats': mediaStats,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CallDetailsModal callId="call_1" onClose={() => undefined} />
    </AppProviders>,
  );
  return api;
}

const connectionSection = async (name = 'Conexión') =>
  within(await screen.findByRole('region', { name }));

/** The value shown next to a label inside one participant's figures. */
const valueOf = (participant: HTMLElement, label: string) =>
  within(participant).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('CallDetailsModal › Conexión', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('es'));
  });

  it("lists each participant's path, figures and qualities", async () => {
    openDetails(
      ok([
        figures(),
        figures({
          participantType: 'advisor',
          participantName: 'Lucía Torres',
          quality: 'weak',
          worstQuality: 'weak',
          localCandidateType: 'host',
          remoteCandidateType: 'host',
          rttMs: null,
          packetLossPct: 12,
          bitrateKbps: 1500,
          timeToFirstFrameMs: null,
        }),
      ]),
    );
    const section = await connectionSection();
    const client = await section.findByRole('listitem', { name: 'Cliente: Ana Visitante' });
    expect(
      within(client).getByRole('heading', { name: 'Cliente: Ana Visitante' }),
    ).toBeInTheDocument();
    expect(valueOf(client, 'Ruta')).toBe('Por relé TURN (relay)');
    expect(valueOf(client, 'Ida y vuelta (RTT)')).toBe('42 ms');
    expect(valueOf(client, 'Pérdida de paquetes')).toBe('0.4 %');
    expect(valueOf(client, 'Tasa de bits recibida')).toBe('812 kbit/s');
    expect(valueOf(client, 'Hasta el primer fotograma')).toBe('1.2 s');
    expect(valueOf(client, 'Calidad')).toBe('Buena');
    expect(valueOf(client, 'Peor calidad')).toBe('Mala');
    expect(valueOf(client, 'Último informe')).toContain('22/11/2026');

    const advisor = section.getByRole('listitem', { name: 'Asesor: Lucía Torres' });
    expect(valueOf(advisor, 'Ruta')).toBe('Directa (host)');
    expect(valueOf(advisor, 'Ida y vuelta (RTT)')).toBe('—');
    expect(valueOf(advisor, 'Pérdida de paquetes')).toBe('12 %');
    expect(valueOf(advisor, 'Tasa de bits recibida')).toBe('1,500 kbit/s');
    expect(valueOf(advisor, 'Hasta el primer fotograma')).toBe('—');
    expect(valueOf(advisor, 'Calidad')).toBe('Débil');
    expect(valueOf(advisor, 'Peor calidad')).toBe('Débil');
  });

  it("says so when the call has no figures ('Sin datos de conexión para esta llamada')", async () => {
    openDetails(ok([]));
    const section = await connectionSection();
    expect(await section.findByText('Sin datos de conexión para esta llamada')).toBeInTheDocument();
    expect(section.queryByRole('list')).toBeNull();
  });

  it('shows an error with a retry that reads the figures again', async () => {
    // A 4xx is final (no automatic retries), so the error shows at once.
    const api = openDetails(fail(403, 'FORBIDDEN', 'Administrators only'));
    const section = await connectionSection();
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Error al cargar los datos de conexión',
    );
    // The rest of the details stay readable.
    expect(screen.getByText('ana@cliente.test')).toBeInTheDocument();

    api.on('GET /api/calls/call_1/media-stats', ok([figures()]));
    await userEvent.setup().click(section.getByRole('button', { name: 'Reintentar' }));
    expect(
      await section.findByRole('listitem', { name: 'Cliente: Ana Visitante' }),
    ).toBeInTheDocument();
  });

  it('reads in English too', async () => {
    await act(() => changeLanguage('en'));
    openDetails(ok([figures({ participantType: 'admin', participantName: 'Ana Admin' })]));
    const section = await connectionSection('Connection');
    const admin = await section.findByRole('listitem', { name: 'Admin: Ana Admin' });
    expect(valueOf(admin, 'Path')).toBe('Relayed by TURN (relay)');
    expect(valueOf(admin, 'Time to first frame')).toBe('1.2 s');
    expect(valueOf(admin, 'Worst quality')).toBe('Bad');
  });
});

describe('connectionPath', () => {
  it('names the pair after its least direct end', () => {
    expect(connectionPath('host', 'host')).toBe('host');
    expect(connectionPath('host', 'srflx')).toBe('srflx');
    expect(connectionPath('prflx', 'host')).toBe('prflx');
    expect(connectionPath('srflx', 'prflx')).toBe('srflx');
    expect(connectionPath('relay', 'host')).toBe('relay');
    expect(connectionPath('srflx', 'relay')).toBe('relay');
    expect(connectionPath(null, 'host')).toBe('host');
    expect(connectionPath(null, null)).toBe('unknown');
  });
});
