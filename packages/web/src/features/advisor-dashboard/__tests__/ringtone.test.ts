import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RING_GUARD_MS, createRingtone } from '../utils/ringtone';
import { FakeAudioContext, audio, ringCount } from './test-harness';

describe('Web Audio ringtone', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    audio.starts.length = 0;
    audio.state = 'running';
    vi.stubGlobal('AudioContext', FakeAudioContext);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is guarded: a ring within 1.4 s of the last one is skipped', async () => {
    const ringtone = createRingtone();
    await expect(ringtone.ring()).resolves.toBe(true);
    vi.advanceTimersByTime(RING_GUARD_MS - 1);
    await expect(ringtone.ring()).resolves.toBe(false);
    vi.advanceTimersByTime(1);
    await expect(ringtone.ring()).resolves.toBe(true);
    expect(ringCount()).toBe(2);
  });

  it('reports blocked audio, refuses to ring silently, and unlocks', async () => {
    audio.state = 'suspended';
    const ringtone = createRingtone();
    expect(ringtone.state()).toBe('blocked');
    await expect(ringtone.ring()).rejects.toThrow(/blocked/);
    expect(ringCount()).toBe(0);
    audio.state = 'running';
    await expect(ringtone.unlock()).resolves.toBe('ready');
    await expect(ringtone.ring()).resolves.toBe(true);
  });

  it('says unsupported without Web Audio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const ringtone = createRingtone();
    expect(ringtone.state()).toBe('unsupported');
    await expect(ringtone.ring()).rejects.toThrow();
  });
});
