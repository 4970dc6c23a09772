/** The calls endpoints the video screens use (token for the advisor's frame, private notes). */
import {
  callNotesSchema,
  callTokenSchema,
  type CallToken,
  type ParticipantType,
} from '@belleza/contract';
import { api } from '../../lib/api-client';

const callPath = (callId: string) => `/api/calls/${encodeURIComponent(callId)}`;

/** GET /api/calls/{id}/token?userType=… (SPEC §7). */
export function fetchCallToken(callId: string, userType: ParticipantType): Promise<CallToken> {
  return api.get(`${callPath(callId)}/token`, { schema: callTokenSchema, query: { userType } });
}

/** POST /api/calls/{id}/notes (SPEC §7). */
export async function saveCallNotes(callId: string, notes: string): Promise<void> {
  await api.post(`${callPath(callId)}/notes`, { notes });
}

/** GET /api/calls/{id}/notes: what the server kept, for a screen opened on another device. */
export async function fetchCallNotes(callId: string): Promise<string> {
  return (await api.get(`${callPath(callId)}/notes`, { schema: callNotesSchema })).notes;
}
