/** The advisor's private notes on a call, and the visitor's rating once it is over. */
import type { CallNotes, CallStatusData, ClientInfo } from '@belleza/contract';
import { AppError } from '../../lib/app-error.js';
import { requireCall, requireStaffOf, verifyKey } from './calls.access.js';
import { statusData } from './calls.dto.js';
import { rateCall } from './calls.repository.js';
import type { CallsServiceDeps, UserActor } from './calls.types.js';
import { findNotes, upsertNotes } from './notes.repository.js';

export function createCallNotes(
  deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'notifier' | 'testimonials'>,
) {
  const { db, clock, notifier, testimonials } = deps;
  return {
    /** The call's advisor or an admin; private to them. */
    async saveNotes(
      user: UserActor,
      callId: string,
      body: { notes: string; clientInfo?: Partial<ClientInfo> | undefined },
    ): Promise<CallNotes> {
      const call = await requireCall(db, callId);
      requireStaffOf(call, user);
      const now = clock.now().toISOString();
      await upsertNotes(db, { callId, advisorId: user.advisorId, notes: body.notes, now });
      const payload = {
        callId,
        notes: body.notes,
        ...(body.clientInfo ? { clientInfo: body.clientInfo } : {}),
      };
      if (call.advisorId) notifier.toAdvisor(call.advisorId, 'call:notes:updated', payload);
      if (user.advisorId !== call.advisorId)
        notifier.toAdvisor(user.advisorId, 'call:notes:updated', payload);
      return { callId, notes: body.notes, updatedAt: now };
    },

    async notes(user: UserActor, callId: string): Promise<CallNotes> {
      const call = await requireCall(db, callId);
      requireStaffOf(call, user);
      const found = await findNotes(db, callId);
      return { callId, notes: found?.notes ?? '', updatedAt: found?.updatedAt ?? null };
    },

    /**
     * The visitor (key), once, after completion. With `publish` (her explicit consent) the rating
     * also becomes an unpublished opinion under her first name, in the same transaction.
     */
    async rate(
      clientKey: string,
      callId: string,
      body: { rating: number; comment?: string | undefined; publish?: boolean | undefined },
    ): Promise<CallStatusData> {
      const call = await requireCall(db, callId);
      verifyKey(call, clientKey);
      if (call.status !== 'completed')
        throw new AppError('CALL_NOT_COMPLETED', 409, 'Only a completed call can be rated');
      const comment = body.comment ? body.comment : null;
      await db.transaction().execute(async (trx) => {
        const ok = await rateCall(trx, callId, {
          rating: body.rating,
          comment,
          now: clock.now().toISOString(),
        });
        if (!ok) throw new AppError('CALL_ALREADY_RATED', 409, 'This call has already been rated');
        if (body.publish === true)
          await testimonials.recordConsentedRating(trx, {
            callId,
            clientName: call.clientInfo.name,
            rating: body.rating,
            comment,
          });
      });
      return statusData(await requireCall(db, callId), null);
    },
  };
}
