/**
 * The visitor's hair intake as staff read it (docs/product.md#hair-intake): the intake with its
 * patch-test flag, and its photos' bytes (an <img> cannot send the session's bearer token).
 */
import { callIntakeSchema, type Intake, type IntakePhotoSlot } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, requestBlob } from '@/lib/api-client';

const intakePath = (callId: string) => `/api/calls/${encodeURIComponent(callId)}/intake`;

export const intakeQueryKey = (callId: string) => ['call-intake', callId] as const;

/** GET /api/calls/{id}/intake: null when she sent none. */
export const intakeQuery = (callId: string) =>
  queryOptions({
    queryKey: intakeQueryKey(callId),
    queryFn: ({ signal }): Promise<Intake | null> =>
      api.get(intakePath(callId), { schema: callIntakeSchema, signal }),
  });

export const useCallIntake = (callId: string) => useQuery(intakeQuery(callId));

/** GET /api/calls/{id}/intake/photos/{slot}: the photo's bytes. */
export const fetchIntakePhoto = (callId: string, slot: IntakePhotoSlot): Promise<Blob> =>
  requestBlob(`${intakePath(callId)}/photos/${slot}`);
