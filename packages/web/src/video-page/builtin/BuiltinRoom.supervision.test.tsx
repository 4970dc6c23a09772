/**
 * Silent supervision on the built-in room's screen: the admin's page asks for no camera or
 * microphone until 'Hablar', and the others' pages say a supervisor is there without counting her
 * or giving her a tile. The signalling socket and peer connections are stood in for.
 */
import type { ParticipantType } from '@belleza/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../components/video-call/__tests__/test-utils';
import type { SignalingSocket } from '../../lib/webrtc';
import { BuiltinRoom } from './BuiltinRoom';
import { SUPERVISOR_LEFT_NOTICE_MS } from './room-events';
import { FakePc, FakeSocket, FakeStream, fakeMedia, joinWithPeer } from './test-utils';

function renderRoom(userType: ParticipantType, supervise = false) {
  const socket = new FakeSocket();
  const post = vi.fn();
  const pcs: FakePc[] = [];
  const { readSample } = fakeMedia();
  renderWithI18n(
    <BuiltinRoom
      callId="call_1"
      token="tok"
      post={post}
      userType={userType}
      supervise={supervise}
      connect={() => socket as unknown as SignalingSocket}
      mesh={{
        monitor: { readSample },
        createPeerConnection: () => {
          const pc = new FakePc();
          pcs.push(pc);
          return pc as unknown as RTCPeerConnection;
        },
      }}
    />,
  );
  return { socket, post, pcs };
}

/** The browser's camera and microphone (jsdom has no mediaDevices): a microphone track. */
function devices() {
  const mic = { kind: 'audio', id: 'mic', enabled: true, stop: vi.fn() };
  const getUserMedia = vi.fn(() =>
    Promise.resolve(new FakeStream([mic as unknown as MediaStreamTrack]) as unknown as MediaStream),
  );
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { getUserMedia, mic };
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Controles de la llamada' });
const supervisor = {
  callId: 'call_1',
  peerId: 'p-9',
  userName: 'Admin',
  userType: 'admin' as const,
  supervisor: true as const,
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.useRealTimers();
});

describe('silent supervision in the built-in room', () => {
  it("the admin's page opens no camera or microphone until 'Hablar', then sends her microphone", async () => {
    const { getUserMedia, mic } = devices();
    const user = userEvent.setup();
    const { socket, pcs } = renderRoom('admin', true);
    await act(async () => {});
    joinWithPeer(socket, { userType: 'client' });
    expect(socket.sent.find((e) => e.event === 'rtc:join')?.payload).toMatchObject({
      role: 'supervisor',
    });
    expect(screen.getByText('La clienta ve que estás supervisando.')).toBeVisible();
    // She receives the visitor (her tile), but is not one of the call's participants.
    expect(screen.getByRole('region', { name: '1 participante' })).toBeInTheDocument();
    expect(within(toolbar()).queryByRole('button', { name: 'Silenciar micrófono' })).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();

    await user.click(within(toolbar()).getByRole('button', { name: 'Hablar' }));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: false }));
    const speak = socket.of('rtc:speak')[0];
    expect(speak?.payload).toEqual({ callId: 'call_1' });
    // Nothing goes out before the server made her a participant.
    expect(pcs.flatMap((pc) => pc.sent)).toEqual([]);
    act(() => speak?.ack?.({ ok: true, data: { peerId: 'p-1' } }));
    await screen.findByRole('button', { name: 'Silenciar micrófono' });
    expect(pcs.flatMap((pc) => pc.sent)).toEqual([mic]);
    expect(screen.queryByText('La clienta ve que estás supervisando.')).toBeNull();
    expect(screen.getByRole('region', { name: '2 participantes' })).toBeInTheDocument();
  });

  it("the others' pages say a supervisor is there, count her only once she speaks, and that she left", async () => {
    const { post, socket } = renderRoom('client');
    await act(async () => {});
    joinWithPeer(socket);
    act(() => socket.deliverNow('rtc:peer-joined', supervisor));
    expect(screen.getByText('Una supervisora del salón se unió')).toBeVisible();
    expect(screen.getByRole('region', { name: '2 participantes' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Video de Admin')).toBeNull();
    expect(post).not.toHaveBeenCalledWith(
      'participant-joined',
      expect.objectContaining({ participantName: 'Admin' }),
    );

    act(() => socket.deliverNow('rtc:peer-speaks', { callId: 'call_1', peerId: 'p-9' }));
    expect(screen.queryByText('Una supervisora del salón se unió')).toBeNull();
    expect(screen.getByRole('region', { name: '3 participantes' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('participant-joined', {
      participantName: 'Admin',
      participantCount: 3,
    });

    // Another who leaves while still silent: said for a moment, then the notice goes.
    vi.useFakeTimers();
    act(() => socket.deliverNow('rtc:peer-joined', { ...supervisor, peerId: 'p-8' }));
    act(() => socket.deliverNow('rtc:peer-left', { callId: 'call_1', peerId: 'p-8' }));
    expect(screen.getByText('La supervisora del salón salió')).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(SUPERVISOR_LEFT_NOTICE_MS);
    });
    expect(screen.queryByText('La supervisora del salón salió')).toBeNull();
  });
});
