/**
 * GET /api/team: the advisors an admin chose to show in the landing's team (name, title,
 * expertise, photo). Like the availability, a plain fetch (the first load carries no TanStack
 * Query or zod); a failed or malformed read shows no cards, never fake people.
 */
import type { TeamMember } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { readPublic } from './read-public';

export const TEAM_PATH = '/api/team';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** null (no photo), or a version with the sizes and formats to build its addresses from. */
const isPhoto = (value: unknown): value is TeamMember['photo'] =>
  value === null ||
  (isRecord(value) &&
    typeof value.version === 'string' &&
    Array.isArray(value.sizes) &&
    value.sizes.length > 0 &&
    value.sizes.every((s) => Number.isInteger(s) && Number(s) > 0) &&
    Array.isArray(value.formats) &&
    value.formats.every((f) => f === 'avif' || f === 'webp'));

const isMember = (value: unknown): value is TeamMember =>
  isRecord(value) &&
  typeof value.advisorId === 'string' &&
  typeof value.name === 'string' &&
  typeof value.title === 'string' &&
  Array.isArray(value.expertise) &&
  value.expertise.every((e) => typeof e === 'string') &&
  isPhoto(value.photo);

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
