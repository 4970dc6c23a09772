/**
 * "Clienta que vuelve" on the stylist's dashboard: the ringing popup and the call screen show her
 * last consultation (date, stylist, recommendations, private notes when the server gives them),
 * warn when the request came from another browser, and show nothing for a new visitor.
 */
import type { ReturningClient } from '@belleza/contract';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '@/lib/socket';
import { ok } from '@/test/fetch-mock';
import { makeCall, makeDashboard } from './fixtures';
import {
  FakeAudioContext,
  FakeNotification,
  renderDashboard,
  server,
  serverEmit,
  sockets,
  tick,
} from './test-harness';

vi.mock('@/lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  const { FakeSocket, sockets: created } = await import('@/test/fake-socket');
  return {
    ...actual,
    createSocket: () => {
      const socket = new FakeSocket();
      created.push(socket);
      return socket;
    },
  };
});

// The call screen as a shell that shows what the dashboard gives it beside the notes.
vi.mock('@/components/video-call', () => ({
  fetchCallToken: () => Promise.resolve({ token: 'tok', roomUrl: 'builtin://room' }),
  AdvisorCallScreen: (props: { standby?: boolean; intake?: ReactNode }) =>
    props.standby ? null : (
      <div role="dialog" aria-label="Videollamada activa">
        {props.intake}
      </div>
    ),
}));

/** Lets the fetches and the texts' namespace arrive (fake timers). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await tick(10);
}

const NOW = new Date('2026-11-20T15:00:30.000Z');

const returning = (
  over: Partial<NonNullable<ReturningClient['returning']>> = {},
): ReturningClient => ({
  returning: {
    sameBrowser: true,
    lastCall: {
      callId: 'c0',
      endedAt: '2026-10-02T16:00:00.000Z',
      advisorId: 'adv_1',
      advisorName: 'Ana Quispe',
      ownCall: true,
      recommendations: {
        text: 'Hidratación semanal',
        items: [
          {
            serviceId: null,
            name: 'Mascarilla de keratina',
            note: 'dos veces por semana',
            url: null,
            pricePen: 85,
            durationMinutes: null,
          },
        ],
      },
      notes: 'Cabello teñido, puntas secas',
    },
    ...over,
  },
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  sockets.length = 0;
  server.answers = {};
  server.history = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function ring(callId: string) {
  await renderDashboard();
  const call = makeCall({ callId, name: 'Lucía Ramos' });
  server.dashboard = makeDashboard({ pendingCalls: [call] });
  await serverEmit('call:new', call);
  await tick();
  await settle();
  return screen.getByRole('alertdialog', { name: 'Llamada entrante' });
}

describe('a returning client on the dashboard', () => {
  it('rings with "Clienta que vuelve", her last consultation and its notes', async () => {
    server.answers = { 'GET /api/calls/c1/returning': ok(returning()) };
    const dialog = await ring('c1');
    const panel = within(dialog).getByRole('region', { name: 'Clienta que vuelve' });
    expect(panel).toHaveTextContent('Su última consulta fue contigo el');
    expect(panel).toHaveTextContent('Hidratación semanal');
    expect(within(panel).getByRole('listitem')).toHaveTextContent(
      'Mascarilla de keratina — dos veces por semana',
    );
    expect(panel).toHaveTextContent('Cabello teñido, puntas secas');
    expect(within(panel).queryByText(/otro navegador/)).toBeNull();
  });

  it("another stylist's visit: who attended her, no notes, and a warning from another browser", async () => {
    const base = returning().returning!;
    server.answers = {
      'GET /api/calls/c2/returning': ok(
        returning({
          sameBrowser: false,
          lastCall: { ...base.lastCall, advisorId: 'adv_9', ownCall: false, notes: null },
        }),
      ),
    };
    const dialog = await ring('c2');
    const panel = within(dialog).getByRole('region', { name: 'Clienta que vuelve' });
    expect(panel).toHaveTextContent('Su última consulta fue con Ana Quispe el');
    expect(panel).toHaveTextContent(
      'Pidió esta consulta desde otro navegador: confirma que es ella antes de hablar de su consulta anterior.',
    );
    expect(within(panel).queryByText('Notas privadas de esa consulta')).toBeNull();
  });

  it('shows nothing for a new visitor', async () => {
    server.answers = { 'GET /api/calls/c3/returning': ok({ returning: null }) };
    const dialog = await ring('c3');
    expect(within(dialog).queryByRole('region', { name: 'Clienta que vuelve' })).toBeNull();
    expect(within(dialog).getByText('Lucía Ramos')).toBeVisible();
  });

  it('keeps it on the call screen once she is in the call', async () => {
    server.answers = { 'GET /api/calls/c4/returning': ok(returning()) };
    const call = makeCall({
      callId: 'c4',
      status: 'active',
      acceptedAt: '2026-11-20T15:00:10.000Z',
      startedAt: '2026-11-20T15:00:10.000Z',
    });
    await renderDashboard({ dashboard: makeDashboard({ activeCalls: [call], activeCall: call }) });
    screen.getByRole('button', { name: 'Volver a la llamada' }).click();
    await settle();
    const callScreen = screen.getByRole('dialog', { name: 'Videollamada activa' });
    expect(within(callScreen).getByText('Clienta que vuelve')).toBeVisible();
    expect(within(callScreen).getByText('Hidratación semanal')).toBeVisible();
  });
});
