import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../components/video-call/__tests__/test-utils';
import type { SignalingSocket } from '../../lib/webrtc';
import { useBuiltinRoom } from './use-builtin-room';

type Handler = (...args: unknown[]) => void;

class FakeSocket {
  connected = false;
  emitted: { event: string; payload: unknown; ack?: Handler }[] = [];
  private handlers = new Map<string, Set<Handler>>();
  on(event: string, h: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(h);
    return this;
  }
  off(event: string, h: Handler) {
    this.handlers.get(event)?.delete(h);
    return this;
  }
  emit(event: string, payload: unknown, ack?: Handler) {
    this.emitted.push({ event, payload, ...(ack ? { ack } : {}) });
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  deliver(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    for (const h of [...(this.handlers.get(event) ?? [])]) h(payload);
  }
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={testI18n}>{children}</I18nextProvider>
);
const flush = () => act(async () => {});

function setup() {
  const socket = new FakeSocket();
  const post = vi.fn();
  // jsdom has no media devices: camera and microphone both fail, the call still goes on.
  const hook = renderHook(
    () =>
      useBuiltinRoom({
        callId: 'call_1',
        token: 'tok',
        post,
        connect: () => socket as unknown as SignalingSocket,
      }),
    { wrapper },
  );
  const actions = () => post.mock.calls.map((c) => c[0] as string);
  return { socket, post, hook, actions };
}

describe('built-in room on the video page', () => {
  it('reports loading, the media problems, joining and joined (despite the errors) to the parent', async () => {
    const { socket, post, actions, hook } = setup();
    await flush();
    expect(actions()).toEqual(['loading', 'camera-error', 'mic-error', 'loaded', 'joining']);
    socket.deliver('connect');
    const join = socket.emitted.find((e) => e.event === 'rtc:join')!;
    expect(join.payload).toEqual({ callId: 'call_1', token: 'tok' });
    act(() => join.ack!({ ok: true, data: { peerId: 'p-1', peers: [], iceServers: [] } }));
    expect(actions().slice(-3)).toEqual(['joining', 'joined', 'connected-despite-error']);
    expect(post).toHaveBeenCalledWith('joined', { participantCount: 1 });
    expect(hook.result.current.state.stage).toBe('joined');
  });

  it('tells the parent about a lost server once per outage, not once per reconnect attempt', async () => {
    const { socket, actions } = setup();
    await flush();
    act(() => {
      socket.deliver('connect_error');
      socket.deliver('connect_error');
      socket.deliver('connect_error');
    });
    expect(actions().filter((a) => a === 'error')).toHaveLength(1);
    act(() => socket.deliver('connect'));
    act(() => socket.deliver('connect_error'));
    expect(actions().filter((a) => a === 'error')).toHaveLength(2);
  });

  it("a refused join is an error with the page's wording and code", async () => {
    const { socket, post } = setup();
    await flush();
    socket.deliver('connect');
    const join = socket.emitted.find((e) => e.event === 'rtc:join')!;
    act(() => join.ack!({ ok: false, error: { code: 'CAPACITY_REACHED', message: 'full' } }));
    expect(post).toHaveBeenLastCalledWith('error', {
      error: 'La videollamada está completa',
      errorCode: 'room-full',
    });
  });

  it('leaving before the room was joined keeps it out until asked back', async () => {
    const { socket, hook, post } = setup();
    act(() => hook.result.current.leave('closed'));
    expect(post).toHaveBeenCalledWith('closed');
    await flush();
    socket.deliver('connect');
    expect(socket.emitted.filter((e) => e.event === 'rtc:join')).toHaveLength(0);
    act(() => hook.result.current.rejoin());
    expect(socket.emitted.filter((e) => e.event === 'rtc:join')).toHaveLength(1);
  });
});
