/**
 * The call ringtone, synthesised with Web Audio (no audio file): two short two-tone bursts, about
 * 1.1 s long. Browsers keep an AudioContext suspended until the page has had a user gesture, so
 * `unlock()` is called from the first click/key press and `state` tells the UI to show an
 * 'activate sound' prompt while audio is still blocked. `ring()` is guarded: a second ring within
 * 1.4 s of the last one is skipped, so overlapping triggers never stack up.
 */
export const RING_GUARD_MS = 1_400;

export type AudioState = 'unsupported' | 'blocked' | 'ready';

type AudioContextCtor = new () => AudioContext;

function audioContextCtor(): AudioContextCtor | null {
  const w = globalThis as unknown as {
    AudioContext?: AudioContextCtor;
    webkitAudioContext?: AudioContextCtor;
  };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** [start offset s, duration s, frequencies Hz] */
const BURSTS: readonly [number, number, readonly number[]][] = [
  [0, 0.45, [880, 1175]],
  [0.6, 0.45, [880, 1175]],
];

export type Ringtone = {
  /** Current audio state (creates the context lazily). */
  state: () => AudioState;
  /** Resumes the context; call from a user gesture. Resolves to the new state. */
  unlock: () => Promise<AudioState>;
  /**
   * Plays one ring. Resolves true when it played, false when skipped by the guard; rejects when
   * audio is unsupported or still blocked.
   */
  ring: (options?: { force?: boolean }) => Promise<boolean>;
  /** Listens to state changes (blocked ⇄ ready). */
  subscribe: (listener: () => void) => () => void;
};

export function createRingtone(now: () => number = () => Date.now()): Ringtone {
  let ctx: AudioContext | null = null;
  let lastRingAt = Number.NEGATIVE_INFINITY;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };

  const context = (): AudioContext | null => {
    if (ctx) return ctx;
    const Ctor = audioContextCtor();
    if (!Ctor) return null;
    try {
      ctx = new Ctor();
      ctx.addEventListener?.('statechange', notify);
    } catch {
      return null;
    }
    return ctx;
  };

  const state = (): AudioState => {
    const c = context();
    if (!c) return 'unsupported';
    return c.state === 'running' ? 'ready' : 'blocked';
  };

  const unlock = async (): Promise<AudioState> => {
    const c = context();
    if (!c) return 'unsupported';
    if (c.state !== 'running') {
      try {
        // Bounded: a browser that still refuses may leave the promise pending.
        await Promise.race([c.resume(), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      } catch {
        // Still blocked: the prompt stays visible.
      }
    }
    notify();
    return state();
  };

  const play = (c: AudioContext) => {
    const t0 = c.currentTime + 0.02;
    for (const [offset, duration, freqs] of BURSTS) {
      const gain = c.createGain();
      gain.connect(c.destination);
      gain.gain.setValueAtTime(0.0001, t0 + offset);
      gain.gain.exponentialRampToValueAtTime(0.35, t0 + offset + 0.03);
      gain.gain.setValueAtTime(0.35, t0 + offset + duration - 0.08);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + offset + duration);
      for (const freq of freqs) {
        const osc = c.createOscillator();
        osc.type = 'sine';
        osc.frequency.setValueAtTime(freq, t0 + offset);
        osc.connect(gain);
        osc.start(t0 + offset);
        osc.stop(t0 + offset + duration + 0.02);
      }
    }
  };

  const ring = async ({ force = false }: { force?: boolean } = {}): Promise<boolean> => {
    const c = context();
    if (!c) throw new Error('Web Audio is not supported');
    if (!force && now() - lastRingAt < RING_GUARD_MS) return false;
    if (c.state !== 'running') {
      // Not awaited: without a user gesture the browser may leave resume() pending for ever.
      c.resume().catch(() => undefined);
      notify();
      throw new Error('Audio is blocked until the page is clicked');
    }
    lastRingAt = now();
    play(c);
    return true;
  };

  return {
    state,
    unlock,
    ring,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
