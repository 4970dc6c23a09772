/**
 * The calls module's socket events: a visitor asks for a call (`call:request`) or comes back to
 * hers (`client:connect`), the advisor accepts it, both end it, change its status or say they are
 * typing, and the advisor saves her notes. Each one is a call of the calls service; the realtime
 * gateway registers them for every connected socket.
 */
import {
  callAcceptPayload,
  callEndPayload,
  callNotesPayload,
  callRequestBodySchema,
  callRequestPayload,
  callStatusPayload,
  callTypingPayload,
  clientConnectPayload,
} from '@belleza/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { VisitorRequestLimits } from '../../lib/limits.js';
import type { Notifier } from '../../lib/notifier.js';
import { advisorRoom, callRoom } from '../realtime/realtime.notifier.js';
import type { PresenceService } from '../realtime/presence.service.js';
import type { SocketContext } from '../realtime/socket-context.js';
import type { CallsService } from './calls.service.js';

export type CallsSocketDeps = {
  calls: Pick<
    CallsService,
    | 'accept'
    | 'end'
    | 'saveNotes'
    | 'verifyClient'
    | 'ringingNews'
    | 'request'
    | 'cancel'
    | 'status'
    | 'visitorConnected'
  >;
  /** where each call's visitor is: her page's sockets */
  presence: Pick<PresenceService, 'visitorJoined' | 'visitorLeft'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  notifier: Notifier;
  /** the same counts as the HTTP requests' (per address and per phone) */
  limits: VisitorRequestLimits;
  /** The client's address (behind the trusted proxies), the key of the per-address limit. */
  addressOf: () => string;
};

export function registerCallsHandlers(ctx: SocketContext, deps: CallsSocketDeps): void {
  const { socket } = ctx;
  const { calls, notifier, presence } = deps;

  /** A visitor's page is in its call's room: she is there until this socket closes. */
  const visitorHere = async (callId: string) => {
    await presence.visitorJoined(socket.id, callId);
    await calls.visitorConnected(callId);
  };
  socket.on('disconnect', () => {
    // This instance is shutting down under her: her page joins again (elsewhere), and until then
    // her row simply ages out like a dead instance's.
    if (ctx.isClosed()) return;
    presence
      .visitorLeft(socket.id)
      .catch((err: unknown) => deps.log.error({ err }, 'visitor presence not saved'));
  });

  socket.on(
    'call:accept',
    ctx.handle('call:accept', callAcceptPayload, async ({ callId, advisorId }) =>
      calls.accept(await ctx.requireAdvisor(), callId, advisorId),
    ),
  );

  socket.on(
    'call:end',
    ctx.handle('call:end', callEndPayload, async ({ callId, endedBy }) =>
      calls.end(await ctx.actorFor(callId), callId, endedBy),
    ),
  );

  socket.on(
    'call:notes',
    ctx.handle('call:notes', callNotesPayload, async ({ callId, notes, clientInfo }) =>
      calls.saveNotes(await ctx.requireAdvisor(), callId, { notes, clientInfo }),
    ),
  );

  socket.on(
    'client:connect',
    ctx.handle('client:connect', clientConnectPayload, async ({ callId, clientId, clientKey }) => {
      await calls.verifyClient(callId, clientKey);
      ctx.rememberClientKey(callId, clientKey);
      await socket.join(callRoom(callId));
      await visitorHere(callId);
      // Read again once in the room: news from between the first read and the join (an offer, an
      // accept) is in this snapshot, and anything later comes as an event.
      const call = await calls.verifyClient(callId, clientKey);
      // Rung before she joined: the offer's news (her title, her photo) went out without her.
      const ringing = await calls.ringingNews(callId);
      if (ringing) socket.emit('call:queue:updated', ringing);
      const payload = { callId, clientId: clientId ?? call.clientId };
      if (call.advisorId) notifier.toAdvisor(call.advisorId, 'client:connected', payload);
      notifier.toAdmins('client:connected', payload);
      return call;
    }),
  );

  socket.on(
    'call:request',
    ctx.handle('call:request', callRequestPayload, async ({ clientInfo, consent, language }) => {
      await deps.limits.consume(deps.addressOf(), clientInfo.phone);
      const input = callRequestBodySchema.safeParse({
        name: clientInfo.name,
        phone: clientInfo.phone,
        email: clientInfo.email,
        subject: clientInfo.subject,
        message: clientInfo.message,
        consent,
        ...(language ? { language } : {}),
      });
      if (!input.success) {
        const issue = input.error.issues[0];
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          `Invalid call:request payload: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
        );
      }
      const created = await calls.request(input.data, { address: deps.addressOf() });
      ctx.rememberClientKey(created.callId, created.clientKey);
      await socket.join(callRoom(created.callId));
      await visitorHere(created.callId);
      return created;
    }),
  );

  socket.on(
    'call:status',
    ctx.handle('call:status', callStatusPayload, async ({ callId, status, additionalData }) => {
      const actor = await ctx.actorFor(callId);
      const reason =
        typeof additionalData?.reason === 'string'
          ? additionalData.reason.slice(0, 500)
          : undefined;
      switch (status) {
        case 'accepted':
        case 'active':
          if (actor.kind !== 'user')
            throw new AppError('FORBIDDEN', 403, 'Only advisors accept calls');
          return calls.accept(actor.user, callId);
        case 'completed':
          return calls.end(actor, callId);
        case 'cancelled':
          return { result: await calls.cancel(actor, callId, reason) };
        case 'pending':
          throw new AppError('BAD_REQUEST', 400, 'A call cannot go back to pending');
        default: {
          const never: never = status;
          throw new AppError('BAD_REQUEST', 400, `Unknown status ${String(never)}`);
        }
      }
    }),
  );

  socket.on(
    'call:typing',
    ctx.handle('call:typing', callTypingPayload, async (p) => {
      const actor = await ctx.actorFor(p.callId);
      const role =
        actor.kind === 'client'
          ? 'client'
          : actor.user.isAdmin && p.userType === 'admin'
            ? 'admin'
            : 'advisor';
      if (role !== p.userType)
        throw new AppError('FORBIDDEN', 403, `You cannot type as ${p.userType}`);
      // status() applies the same rule as GET /status: the key, the call's advisor or an admin.
      const call = await calls.status(actor, p.callId);
      let target = socket.to(callRoom(p.callId));
      if (call.advisorId) target = target.to(advisorRoom(call.advisorId));
      target.emit('call:typing', p);
      return null;
    }),
  );
}
