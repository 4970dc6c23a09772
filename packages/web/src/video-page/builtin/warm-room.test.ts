import { describe, expect, it, vi } from 'vitest';
import type { LocalMedia, SignalingSocket } from '../../lib/webrtc';
import { takeWarmMedia, takeWarmSocket, warmUp } from './warm-room';

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
