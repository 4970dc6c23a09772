import { describe, expect, it, vi } from 'vitest';
import type { LocalMedia, SignalingSocket } from '../../lib/webrtc';
import { joinWarmRoom, takeWarmMedia, takeWarmRoom, takeWarmSocket, warmUp } from './warm-room';

describe('warm room', () => {
  it('opens one socket and one media request however often it is warmed, and hands each over once', async () => {
    const socket = { id: 's' } as unknown as SignalingSocket;
    const media: LocalMedia = { stream: null, cameraError: null, micError: null };
    const connect = vi.fn(() => socket);
    const acquire = vi.fn(() => Promise.resolve(media));
    warmUp(null, { connect, acquire });
    expect(acquire).not.toHaveBeenCalled(); // no camera unless asked
    warmUp({ video: true, audio: true }, { connect, acquire });
    warmUp({ video: true, audio: true }, { connect, acquire });
    expect(connect).toHaveBeenCalledTimes(1);
    expect(acquire).toHaveBeenCalledTimes(1);
    expect(takeWarmSocket()).toBe(socket);
    expect(takeWarmSocket()).toBeNull();
    expect(await takeWarmMedia()).toBe(media);
    expect(takeWarmMedia()).toBeNull();
  });
});

describe('a room handed over in standby', () => {
  /** A connected signalling socket that records what it sends. */
  function fakeSocket() {
    const sent: { event: string; payload: unknown }[] = [];
    const socket = {
      connected: true,
      on: vi.fn(),
      off: vi.fn(),
      emit: vi.fn((event: string, payload: unknown) => sent.push({ event, payload })),
    } as unknown as SignalingSocket;
    return { socket, sent };
  }
  const request = { video: true, audio: true };
  const media: LocalMedia = { stream: null, cameraError: null, micError: null };

  it('joins a built-in room at once, from the message, and hands it over once to its screen', async () => {
    const { socket, sent } = fakeSocket();
    const acquire = vi.fn(() => Promise.resolve(media));
    joinWarmRoom({ roomUrl: '/rtc/call_7', token: 'tok-7', callId: 'call_7' }, request, {
      connect: () => socket,
      acquire,
    });
    expect(sent.map((s) => s.event)).toEqual(['rtc:join']);
    expect(sent[0]?.payload).toMatchObject({ callId: 'call_7', token: 'tok-7' });
    // Another token or call is not this room.
    expect(takeWarmRoom('call_7', 'tok-other')).toBeNull();
    const room = takeWarmRoom('call_7', 'tok-7');
    expect(room?.socket).toBe(socket);
    expect(await room?.media).toBe(media);
    // What the session said before the screen listened reaches it first.
    const heard: string[] = [];
    room?.listen((event) => heard.push(event.type));
    expect(heard).toEqual(['joining']);
    expect(takeWarmRoom('call_7', 'tok-7')).toBeNull();
    room?.session.leave();
  });

  it('leaves a Daily room, or a join without a token, to the room screen', () => {
    const { socket, sent } = fakeSocket();
    const deps = { connect: () => socket, acquire: vi.fn(() => Promise.resolve(media)) };
    joinWarmRoom(
      { roomUrl: 'https://salon.daily.co/call_8', token: 't', callId: 'call_8' },
      request,
      deps,
    );
    joinWarmRoom({ roomUrl: '/rtc/call_9', callId: 'call_9' }, request, deps);
    expect(sent).toEqual([]);
    expect(takeWarmRoom('call_8', 't')).toBeNull();
  });
});
