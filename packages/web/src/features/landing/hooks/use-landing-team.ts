/**
 * GET /api/team: the advisors an admin chose to show in the landing's team (name, title,
 * expertise). Like the availability, a plain fetch (the first load carries no TanStack Query or
 * zod); a failed or malformed read shows no cards, never fake people.
 */
import type { TeamMember } from '@belleza/contract';
import { useEffect, useState } from 'react';

export const TEAM_PATH = '/api/team';

const isMember = (value: unknown): value is TeamMember => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.advisorId === 'string' &&
    typeof v.name === 'string' &&
    typeof v.title === 'string' &&
    Array.isArray(v.expertise) &&
    v.expertise.every((e) => typeof e === 'string')
  );
};

/** The team, or null when the server could not be read or answered something else. */
export async function fetchLandingTeam(signal?: AbortSignal): Promise<TeamMember[] | null> {
  try {
    const res = await fetch(TEAM_PATH, { headers: { accept: 'application/json' }, signal });
    if (!res.ok) return null;
    const body = (await res.json()) as { success?: unknown; data?: unknown };
    return body.success === true && Array.isArray(body.data) && body.data.every(isMember)
      ? body.data
      : null;
  } catch {
    return null;
  }
}

/** null until read (or when the read failed); then the listed advisors, possibly none. */
export function useLandingTeam(): TeamMember[] | null {
  const [team, setTeam] = useState<TeamMember[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchLandingTeam(controller.signal).then((members) => {
      if (!controller.signal.aborted) setTeam(members);
    });
    return () => controller.abort();
  }, []);
  return team;
}
