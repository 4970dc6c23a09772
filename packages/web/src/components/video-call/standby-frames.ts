/**
 * The video pages waiting in standby for their call's room (docs/decisions.md, "Video: joining
 * fast by warming the page before the click"), by call: whoever learns the room first (the
 * stylist's accept answer, the visitor's `call:accepted`) hands it over at once, from its own
 * handler, rather than after its screen has rendered again. Each frame takes it once.
 */
import type { VideoPageJoin } from '@belleza/contract';

const waiting = new Map<string, (join: VideoPageJoin) => void>();

/** A loaded standby page for `callId`; `take` sends it the room. Returns the unregister. */
export function registerStandbyFrame(callId: string, take: (join: VideoPageJoin) => void) {
  waiting.set(callId, take);
  return () => {
    if (waiting.get(callId) === take) waiting.delete(callId);
  };
}

/** Sends the room to the standby page of `callId`, if one is loaded; whether it was. */
export function handOverRoom(join: VideoPageJoin): boolean {
  const take = waiting.get(join.callId);
  if (!take) return false;
  waiting.delete(join.callId);
  take(join);
  return true;
}
