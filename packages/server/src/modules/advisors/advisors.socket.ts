/**
 * An advisor's status over the socket (`advisor:status`): admins set anyone's, an advisor her own
 * (the service decides). Becoming available may free room for a queued call.
 */
import { advisorStatusPayload } from '@belleza/contract';
import type { CallsService } from '../calls/calls.service.js';
import type { SocketContext } from '../realtime/socket-context.js';
import type { AdvisorsService } from './advisors.service.js';

export type AdvisorsSocketDeps = {
  advisors: Pick<AdvisorsService, 'setStatus'>;
  calls: Pick<CallsService, 'drainQueue'>;
};

export function registerAdvisorsHandlers(ctx: SocketContext, deps: AdvisorsSocketDeps): void {
  ctx.socket.on(
    'advisor:status',
    ctx.handle('advisor:status', advisorStatusPayload, async ({ advisorId, status }) => {
      const user = await ctx.requireAdvisor();
      const advisor = await deps.advisors.setStatus(advisorId, status, { actor: user });
      if (status === 'available') await deps.calls.drainQueue();
      return { advisorId: advisor.advisorId, status: advisor.status };
    }),
  );
}
