/**
 * The visitor's hair intake (docs/product.md#hair-intake): stored with her request (calls.request),
 * its photos attached while the call waits (the chat's photo pipeline stores them, then calls
 * `attachIntakePhoto`), read by the stylist the call rings or who took it and by admins, with the
 * patch-test flag the rules give.
 */
import {
  chemicalTreatmentSchema,
  type ChemicalTreatment,
  type Intake,
  type IntakePhotoSlot,
} from '@belleza/contract';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.js';
import { notPending, requireCall, requireStaffOf, verifyKey } from './calls.access.js';
import type { CallRecord } from './calls.repository.js';
import type { CallActor, CallsServiceDeps, ChatParticipant } from './calls.types.js';
import { patchTestReasonsOf } from './intake.rules.js';
import {
  findIntake,
  findIntakeView,
  purgeIntakesOfCallsEndedBefore,
  setIntakePhoto,
  type IntakePhotoMeta,
  type IntakeSlotColumn,
  type IntakeView,
} from './intake.repository.js';

export const intakeNotFound = () =>
  new AppError('INTAKE_NOT_FOUND', 404, 'This call has no intake, or not that photo');

const storedHistory = z.array(chemicalTreatmentSchema);
const slotColumn: Record<IntakePhotoSlot, IntakeSlotColumn> = {
  current: 'current_image_id',
  inspiration: 'inspiration_image_id',
};

/** The stored JSON, read back; a row written otherwise reads as not answered. */
function historyOf(json: string): ChemicalTreatment[] {
  try {
    const parsed = storedHistory.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const photoDto = (meta: IntakePhotoMeta | null) =>
  meta ? { width: meta.width, height: meta.height, bytes: meta.size_bytes } : null;

export function toIntakeDto(view: IntakeView): Intake {
  const chemicalHistory = historyOf(view.chemical_history);
  const reasons = patchTestReasonsOf({ chemicalHistory, allergies: view.allergies });
  return {
    chemicalHistory,
    allergies: view.allergies,
    photos: { current: photoDto(view.current), inspiration: photoDto(view.inspiration) },
    patchTest: { needed: reasons.length > 0, reasons },
    updatedAt: view.updated_at,
  };
}

/** Who reads a call's intake: the visitor (key), the advisor it rings or who took it, an admin. */
function requireReader(call: CallRecord, actor: CallActor): void {
  if (actor.kind === 'client') verifyKey(call, actor.clientKey);
  else requireStaffOf(call, actor.user);
}

export function createCallIntake(deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'notifier'>) {
  const { db, clock, notifier } = deps;

  // The lookups, once the caller's right to the call is settled (by the call's reader check or,
  // for the summary, by her summary key).
  async function intakeOf(callId: string): Promise<Intake | null> {
    const view = await findIntakeView(db, callId);
    return view ? toIntakeDto(view) : null;
  }
  async function photoIdOf(callId: string, slot: IntakePhotoSlot): Promise<string> {
    const id = (await findIntake(db, callId))?.[slotColumn[slot]] ?? null;
    if (id === null) throw intakeNotFound();
    return id;
  }

  return {
    /** GET /api/calls/{id}/intake: null when she sent none. */
    async intake(actor: CallActor, callId: string): Promise<Intake | null> {
      requireReader(await requireCall(db, callId), actor);
      return intakeOf(callId);
    },

    /** For the visitor's summary, which checked her summary key itself. */
    intakeOfCall: intakeOf,

    /**
     * Who may add a photo to the intake: only the visitor (her call's key), while her call waits
     * (409 CALL_NOT_PENDING after), and only to an intake she sent (404 INTAKE_NOT_FOUND).
     */
    async intakeUploader(actor: CallActor, callId: string): Promise<ChatParticipant> {
      const call = await requireCall(db, callId);
      if (actor.kind !== 'client') throw forbidden('Only the visitor adds photos to her intake');
      verifyKey(call, actor.clientKey);
      if (call.status !== 'pending') throw notPending();
      if (!(await findIntake(db, callId))) throw intakeNotFound();
      return {
        type: 'client',
        id: call.clientId,
        name: call.clientInfo.name,
        callStatus: call.status,
      };
    },

    /**
     * The slot now shows the photo (stored by the chat's pipeline); answers the photo it showed
     * before (for the caller to delete) and the intake. The stylist it rings and admins hear
     * `call:intake:updated`.
     */
    async attachIntakePhoto(
      callId: string,
      slot: IntakePhotoSlot,
      imageId: string,
    ): Promise<{ replaced: string | null; intake: Intake }> {
      const before = await findIntake(db, callId);
      if (!before) throw intakeNotFound();
      const column = slotColumn[slot];
      if (!(await setIntakePhoto(db, callId, column, imageId, clock.now().toISOString())))
        throw intakeNotFound();
      const view = await findIntakeView(db, callId);
      if (!view) throw intakeNotFound();
      const call = await requireCall(db, callId);
      if (call.advisorId) notifier.toAdvisor(call.advisorId, 'call:intake:updated', { callId });
      notifier.toAdmins('call:intake:updated', { callId });
      return { replaced: before[column], intake: toIntakeDto(view) };
    },

    /** The photo of a slot, for a reader of the intake (404 INTAKE_NOT_FOUND when none). */
    async intakePhotoId(actor: CallActor, callId: string, slot: IntakePhotoSlot): Promise<string> {
      requireReader(await requireCall(db, callId), actor);
      return photoIdOf(callId, slot);
    },

    /** Retention: the intakes of calls that ended before `cutoff` (their photos go with the chat's). */
    purgeIntakesEndedBefore: (cutoff: string): Promise<number> =>
      purgeIntakesOfCallsEndedBefore(db, cutoff),

    /** For the visitor's summary: the photo of a slot, or 404 INTAKE_NOT_FOUND. */
    intakePhotoIdOfCall: photoIdOf,
  };
}
