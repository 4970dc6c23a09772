/**
 * The visitor's hair intake on the stylist's dashboard: the ringing popup shows it (photo and
 * patch-test flag), reads it again when a photo arrives (`call:intake:updated`), and hands it to
 * the call screen to keep beside the notes.
 */
import type { Intake } from '@belleza/contract';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '@/lib/socket';
import { ok, photoBytes } from '@/test/fetch-mock';
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

/** Lets the fetches, the texts' namespace and the photo's bytes arrive (fake timers). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await tick(10);
}

const NOW = new Date('2026-11-20T15:00:30.000Z');

const intake = (over: Partial<Intake> = {}): Intake => ({
  chemicalHistory: ['none'],
  allergies: '',
  photos: { current: null, inspiration: null },
  patchTest: { needed: true, reasons: ['first_colour'] },
  updatedAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  sockets.length = 0;
  server.answers = {};
  server.history = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:intake'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the hair intake on the dashboard', () => {
  it('rings with her intake, and shows her photo once it arrives', async () => {
    let stored = intake();
    server.answers = {
      'GET /api/calls/c1/intake': () =>
        new Response(JSON.stringify({ success: true, data: stored }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      'GET /api/calls/c1/intake/photos/current': photoBytes,
    };
    const { api } = await renderDashboard();
    const call = makeCall({ callId: 'c1', name: 'Lucía Ramos' });
    server.dashboard = makeDashboard({ pendingCalls: [call] });
    await serverEmit('call:new', call);
    await tick();
    const dialog = screen.getByRole('alertdialog', { name: 'Llamada entrante' });
    await settle();
    const panel = within(dialog).getByRole('region', { name: 'Ficha de cabello' });
    expect(within(panel).getByRole('note')).toHaveTextContent(
      'Hacer prueba de alergia antes de cualquier color',
    );
    expect(within(panel).getByText(/primer color/)).toBeVisible();
    expect(within(panel).queryByRole('img')).toBeNull();

    // Her photo reaches the server after the ring: the event makes the popup read it again.
    stored = intake({
      photos: { current: { width: 600, height: 800, bytes: 4000 }, inspiration: null },
    });
    await serverEmit('call:intake:updated', { callId: 'c1' });
    await settle();
    expect(within(panel).getByRole('img', { name: 'Su cabello ahora' })).toBeVisible();
    expect(api.requests.filter((r) => r.path === '/api/calls/c1/intake')).toHaveLength(2);
  });

  it('reads it again when the photo arrives while the first read is still on its way', async () => {
    const withPhoto = intake({
      photos: { current: { width: 600, height: 800, bytes: 4000 }, inspiration: null },
    });
    let reads = 0;
    let answerFirst: (() => void) | null = null;
    const json = (data: Intake) =>
      new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    server.answers = {
      'GET /api/calls/c3/intake': (_url, init) => {
        reads += 1;
        if (reads > 1) return json(withPhoto);
        // The first read was answered by the server before the photo was attached.
        return new Promise<Response>((resolve, reject) => {
          answerFirst = () => resolve(json(intake()));
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        });
      },
      'GET /api/calls/c3/intake/photos/current': photoBytes,
    };
    await renderDashboard();
    const call = makeCall({ callId: 'c3', name: 'Inés Quispe' });
    server.dashboard = makeDashboard({ pendingCalls: [call] });
    await serverEmit('call:new', call);
    await settle();
    expect(reads).toBe(1);
    await serverEmit('call:intake:updated', { callId: 'c3' });
    (answerFirst as (() => void) | null)?.();
    await settle();
    expect(reads).toBe(2);
    const dialog = screen.getByRole('alertdialog', { name: 'Llamada entrante' });
    expect(within(dialog).getByRole('img', { name: 'Su cabello ahora' })).toBeVisible();
  });

  it('keeps the intake on the call screen once she is in the call', async () => {
    server.answers = { 'GET /api/calls/c2/intake': ok(intake({ allergies: 'Látex' })) };
    const call = makeCall({
      callId: 'c2',
      status: 'active',
      acceptedAt: '2026-11-20T15:00:10.000Z',
      startedAt: '2026-11-20T15:00:10.000Z',
    });
    await renderDashboard({ dashboard: makeDashboard({ activeCalls: [call], activeCall: call }) });
    screen.getByRole('button', { name: 'Volver a la llamada' }).click();
    await settle();
    const callScreen = screen.getByRole('dialog', { name: 'Videollamada activa' });
    expect(within(callScreen).getByText('Látex')).toBeVisible();
  });
});
