/**
 * How long the call has lasted, on both call screens (docs/decisions.md, "Every screen fits every
 * size"): minutes and seconds, hours once past the hour; ticks every second. The stylist's counts
 * from the call's start, the visitor's from when she joined its video.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const ELAPSED_TICK_MS = 1_000;

/** 0:00 style: 'mm:ss' under an hour, 'h:mm:ss' after; never negative (a skewed clock). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** `since` in epoch ms; nothing is shown until it is known. */
export function CallElapsed({ since }: { since: number | null }) {
  const { t } = useTranslation('video');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), ELAPSED_TICK_MS);
    return () => window.clearInterval(timer);
  }, [since]);
  if (since === null) return null;
  const time = formatElapsed(now - since);
  // A timer is not announced on every tick; its label says what the figure is.
  return (
    <span className="vc-elapsed" role="timer" aria-label={t('elapsed.label', { time })}>
      {time}
    </span>
  );
}

/**
 * When she first joined each call's video in this page (epoch ms): the visitor's screen has no
 * start time of its own, and a minimised screen opened again goes on counting from there.
 */
const joinedAt = new Map<string, number>();

/** The visitor's counter: shown once she joined the call's video, from that moment on. */
export function VisitorElapsed({ callId, joined }: { callId: string; joined: boolean }) {
  return joined || joinedAt.has(callId) ? <JoinedElapsed callId={callId} /> : null;
}

function JoinedElapsed({ callId }: { callId: string }) {
  const [since] = useState(() => joinedAt.get(callId) ?? Date.now());
  useEffect(() => {
    if (!joinedAt.has(callId)) joinedAt.set(callId, since);
  }, [callId, since]);
  return <CallElapsed since={since} />;
}
