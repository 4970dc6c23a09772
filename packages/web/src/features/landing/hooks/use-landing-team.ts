/**
 * GET /api/team: the advisors an admin chose to show in the landing's team (name, title,
 * expertise). Like the availability, a plain fetch (the first load carries no TanStack Query or
 * zod); a failed or malformed read shows no cards, never fake people.
 */
import type { TeamMember } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { readPublic } from './read-public';

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

const isTeam = (value: unknown): value is TeamMember[] =>
  Array.isArray(value) && value.every(isMember);

/** The team, or null when the server could not be read or answered something else. */
export const fetchLandingTeam = (signal?: AbortSignal): Promise<TeamMember[] | null> =>
  readPublic(TEAM_PATH, isTeam, signal);

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
