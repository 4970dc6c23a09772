/**
 * Built-in WebRTC signalling over our Socket.IO (docs/architecture.md#built-in-webrtc). A socket
 * joins a call's rtc room only with a valid room token for that call; offers/answers/candidates are
 * relayed only to a peer room named after the same call, so signals can never cross calls. Works
 * across instances through the Socket.IO adapter (no per-process peer list).
 *
 * Rooms: `rtc:{callId}` (everyone in the call) and `rtc:{callId}:{peerId}` (one peer).
 *
 * An admin may join as a silent supervisor (docs/product.md#silent-supervision): the others link
 * to her and send her their media, she sends none (no description of hers may offer media) and is
 * no participant (the capacity and every page's count leave her out), until `rtc:speak`.
 */
import { randomUUID } from 'node:crypto';
import {
  rtcIceSchema,
  rtcJoinSchema,
  rtcLeaveSchema,
  rtcSignalSchema,
  rtcSpeakSchema,
  type ClientToServerEvents,
  type ParticipantType,
  type RtcPeer,
  type ServerToClientEvents,
} from '@belleza/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { VideoService } from './video.service.js';

type RtcSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type RtcNamespace = Namespace<ClientToServerEvents, ServerToClientEvents>;

/** What a joined socket remembers per call (kept in `socket.data.rtc`, visible to fetchSockets). */
export type RtcMembership = {
  peerId: string;
  userName: string;
  userType: ParticipantType;
  /** `type:id`: the same participant joining again (page reload, second tab) replaces the old peer */
  participant: string;
  /** the room token's holder and room, as verified at join: fresh ICE servers are minted for them */
  holder: { type: ParticipantType; id: string; room: string };
  /** unix ms; the token's expiry bounds the membership */
  exp: number;
  /** may tell the others its video is a shared screen (rtcSettings, at join time) */
  screenShare: boolean;
  /** a silent supervisor (an admin): sends no media and is no participant until she speaks */
  supervisor: boolean;
};
type RtcData = { rtc?: Record<string, RtcMembership> };

export type RtcSocketDeps = {
  video: Pick<
    VideoService,
    'verifyRoomToken' | 'rtcSettings' | 'onRoomClosed' | 'peerResumeKey' | 'isPeerResumeKey'
  >;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Whether the call still has this room open (active call); refuses joins after the end. */
  isRoomOpen?: (callId: string, roomName: string) => Promise<boolean>;
  /**
   * Whether the token's holder may still be in the room as what it says (an admin token of someone
   * no longer an admin may not): read at every join, since a token outlives a demotion.
   */
  mayJoin?: (claims: { type: ParticipantType; id: string }) => Promise<boolean>;
  /**
   * Whether this instance is shutting down: its sockets then close under their members, who join
   * again elsewhere keeping their peer ids, so the others are not told they left.
   */
  isClosing?: () => boolean;
};

export const rtcRoom = (callId: string) => `rtc:${callId}`;
export const rtcPeerRoom = (callId: string, peerId: string) => `rtc:${callId}:${peerId}`;

export const memberships = (data: unknown): Record<string, RtcMembership> => {
  const d = (data ?? {}) as RtcData;
  return d.rtc ?? {};
};

const toPeer = (callId: string, m: RtcMembership): RtcPeer => ({
  callId,
  peerId: m.peerId,
  userName: m.userName,
  userType: m.userType,
  ...(m.supervisor ? { supervisor: true as const } : {}),
});

/** An SDP in which this side offers or accepts to send media (any m-section sendrecv/sendonly). */
const sendsMedia = (sdp: string | undefined) =>
  Boolean(sdp && /^a=(sendrecv|sendonly)\s*$/m.test(sdp));

const failure = (err: unknown) => {
  if (err instanceof AppError)
    return { ok: false as const, error: { code: err.code, message: err.message } };
  return {
    ok: false as const,
    error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' },
  };
};

/** Namespaces whose room-closed listener is installed (once per Socket.IO server). */
const closers = new WeakSet<object>();

function installRoomCloser(nsp: RtcNamespace, deps: RtcSocketDeps): void {
  if (closers.has(nsp)) return;
  closers.add(nsp);
  deps.video.onRoomClosed((room) => {
    if (room.provider !== 'builtin') return;
    const callId = room.name;
    nsp.to(rtcRoom(callId)).emit('rtc:closed', { callId, reason: 'ended' });
    nsp.in(rtcRoom(callId)).socketsLeave(rtcRoom(callId));
  });
}

/**
 * Takes a participant out of every built-in room she is in, on every instance: her page is told
 * 'rtc:closed' (`reason`) and leaves, and the others drop their link to her ('rtc:peer-left').
 * `participant` is `type:id` as in RtcMembership (e.g. an admin demoted meanwhile). It reads every
 * socket of the namespace through the adapter: a salon has a few dozen, and demotions are rare.
 */
export async function ejectParticipant(
  nsp: RtcNamespace,
  participant: string,
  reason: 'revoked',
): Promise<number> {
  let ejected = 0;
  for (const socket of await nsp.fetchSockets()) {
    for (const [callId, m] of Object.entries(memberships(socket.data))) {
      if (m.participant !== participant || !socket.rooms.has(rtcRoom(callId))) continue;
      socket.emit('rtc:closed', { callId, reason });
      socket.leave(rtcRoom(callId));
      socket.leave(rtcPeerRoom(callId, m.peerId));
      nsp.to(rtcRoom(callId)).emit('rtc:peer-left', { callId, peerId: m.peerId });
      ejected += 1;
    }
  }
  return ejected;
}

/** Called by the realtime gateway for every connected socket. */
export function registerRtcHandlers(socket: RtcSocket, deps: RtcSocketDeps): void {
  installRoomCloser(socket.nsp, deps);
  const data = socket.data as RtcData;

  const leave = (callId: string) => {
    const mine = memberships(data)[callId];
    if (!mine) return;
    delete memberships(data)[callId];
    socket.to(rtcRoom(callId)).emit('rtc:peer-left', { callId, peerId: mine.peerId });
    void socket.leave(rtcRoom(callId));
    void socket.leave(rtcPeerRoom(callId, mine.peerId));
  };

  socket.on('rtc:join', async (payload, ack) => {
    try {
      const parsed = rtcJoinSchema.safeParse(payload);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', 400, 'Invalid rtc:join payload');
      const { callId, token, role = 'participant', resume } = parsed.data;
      const claims = await deps.video.verifyRoomToken(token, callId);
      if (role === 'supervisor' && claims.type !== 'admin')
        throw new AppError('FORBIDDEN', 403, 'Only an admin may supervise a call');
      if (deps.mayJoin && !(await deps.mayJoin(claims)))
        throw new AppError('FORBIDDEN', 403, 'You may no longer join this call');
      if (deps.isRoomOpen && !(await deps.isRoomOpen(callId, claims.room))) {
        throw new AppError('CALL_NOT_ACTIVE', 409, 'This call is not active');
      }
      const { iceServers, iceServersTtlMs, maxParticipants, screenShare } =
        await deps.video.rtcSettings(claims);
      const participant = `${claims.type}:${claims.id}`;
      // Back after a dropped connection with the key of her last join: the same peer for the
      // others, whose links to her never closed.
      const resumed =
        resume !== undefined &&
        (await deps.video.isPeerResumeKey(
          { callId, participant, peerId: resume.peerId },
          resume.key,
        ));
      const peerId = resumed ? resume.peerId : randomUUID();
      if (memberships(data)[callId]?.peerId !== peerId) leave(callId);

      const me: RtcMembership = {
        peerId,
        userName: claims.name,
        userType: claims.type,
        participant,
        holder: { type: claims.type, id: claims.id, room: claims.room },
        exp: claims.exp * 1000,
        screenShare,
        supervisor: role === 'supervisor',
      };
      // Join first, then list: two peers joining at once each see the other.
      data.rtc = { ...memberships(data), [callId]: me };
      await socket.join([rtcRoom(callId), rtcPeerRoom(callId, me.peerId)]);

      const peers: RtcPeer[] = [];
      let participants = me.supervisor ? 0 : 1;
      for (const other of await socket.nsp.in(rtcRoom(callId)).fetchSockets()) {
        if (other.id === socket.id) continue;
        const theirs = memberships(other.data)[callId];
        if (!theirs) continue;
        if (theirs.participant === me.participant && theirs.peerId === me.peerId) {
          // Her own previous connection, not yet timed out: it goes, the peer stays.
          other.leave(rtcRoom(callId));
          other.leave(rtcPeerRoom(callId, theirs.peerId));
          continue;
        }
        if (theirs.participant === me.participant) {
          // Same person again (reload, new tab): the newest wins, the old peer is dropped.
          other.emit('rtc:closed', { callId, reason: 'replaced' });
          other.leave(rtcRoom(callId));
          other.leave(rtcPeerRoom(callId, theirs.peerId));
          socket.to(rtcRoom(callId)).emit('rtc:peer-left', { callId, peerId: theirs.peerId });
          continue;
        }
        peers.push(toPeer(callId, theirs));
        if (!theirs.supervisor) participants += 1;
      }
      // A silent supervisor takes no participant's place.
      if (!me.supervisor && participants > maxParticipants) {
        delete memberships(data)[callId];
        await socket.leave(rtcRoom(callId));
        await socket.leave(rtcPeerRoom(callId, me.peerId));
        throw new AppError(
          'CAPACITY_REACHED',
          409,
          `This room allows ${maxParticipants} participants`,
        );
      }
      socket
        .to(rtcRoom(callId))
        .emit('rtc:peer-joined', { ...toPeer(callId, me), ...(resumed ? { resumed } : {}) });
      const resumeKey = await deps.video.peerResumeKey({ callId, participant, peerId });
      ack?.({
        ok: true,
        data: { peerId: me.peerId, resumeKey, peers, iceServers, iceServersTtlMs, screenShare },
      });
    } catch (err) {
      if (!(err instanceof AppError)) deps.log.error({ err }, 'rtc:join failed');
      ack?.(failure(err));
    }
  });

  socket.on('rtc:signal', (payload) => {
    const parsed = rtcSignalSchema.safeParse(payload);
    if (!parsed.success) {
      socket.emit('error', { code: 'VALIDATION_ERROR', message: 'Invalid rtc:signal payload' });
      return;
    }
    const signal = parsed.data;
    const mine = memberships(data)[signal.callId];
    if (!mine || !socket.rooms.has(rtcRoom(signal.callId))) {
      socket.emit('error', { code: 'FORBIDDEN', message: 'Join the room before signalling' });
      return;
    }
    if (mine.exp <= deps.clock.now().getTime()) {
      socket.emit('rtc:closed', { callId: signal.callId, reason: 'ended' });
      leave(signal.callId);
      return;
    }
    if (signal.videoSource === 'screen' && !mine.screenShare) {
      socket.emit('error', { code: 'FORBIDDEN', message: 'Screen sharing is not allowed here' });
      return;
    }
    // Only the visitor's phone turns to its rear camera for a close-up.
    if (signal.videoSource === 'closeup' && mine.userType !== 'client') {
      socket.emit('error', { code: 'FORBIDDEN', message: 'Only the visitor sends a close-up' });
      return;
    }
    if (mine.supervisor && sendsMedia(signal.description?.sdp)) {
      socket.emit('error', {
        code: 'FORBIDDEN',
        message: 'A supervisor sends no media until she speaks (rtc:speak)',
      });
      return;
    }
    // Only the peer room of the same call: a peer id of another call simply matches nobody.
    socket.to(rtcPeerRoom(signal.callId, signal.to)).emit('rtc:signal', {
      ...signal,
      from: mine.peerId,
      userName: mine.userName,
      userType: mine.userType,
    });
  });

  // Fresh ICE servers for a member of the room, while the call and her right to it last: the
  // same checks as a join, on what the join verified (the token is not sent again).
  socket.on('rtc:ice', async (payload, ack) => {
    try {
      const parsed = rtcIceSchema.safeParse(payload);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', 400, 'Invalid rtc:ice payload');
      const { callId } = parsed.data;
      const mine = memberships(data)[callId];
      if (!mine || !socket.rooms.has(rtcRoom(callId)))
        throw new AppError('FORBIDDEN', 403, 'Join the room first');
      const { holder } = mine;
      const open =
        mine.exp > deps.clock.now().getTime() &&
        (!deps.isRoomOpen || (await deps.isRoomOpen(callId, holder.room)));
      if (!open) {
        socket.emit('rtc:closed', { callId, reason: 'ended' });
        leave(callId);
        throw new AppError('CALL_NOT_ACTIVE', 409, 'This call is not active');
      }
      if (deps.mayJoin && !(await deps.mayJoin(holder)))
        throw new AppError('FORBIDDEN', 403, 'You may no longer join this call');
      const { iceServers, iceServersTtlMs } = await deps.video.rtcSettings({
        type: holder.type,
        id: holder.id,
        exp: Math.floor(mine.exp / 1000),
      });
      ack?.({ ok: true, data: { iceServers, iceServersTtlMs } });
    } catch (err) {
      if (!(err instanceof AppError)) deps.log.error({ err }, 'rtc:ice failed');
      ack?.(failure(err));
    }
  });

  // A supervisor starts to speak: from now on she is a participant (counted, her media relayed).
  socket.on('rtc:speak', async (payload, ack) => {
    try {
      const parsed = rtcSpeakSchema.safeParse(payload);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', 400, 'Invalid rtc:speak payload');
      const { callId } = parsed.data;
      const mine = memberships(data)[callId];
      if (!mine || !socket.rooms.has(rtcRoom(callId)))
        throw new AppError('FORBIDDEN', 403, 'Join the room first');
      if (!mine.supervisor)
        throw new AppError('FORBIDDEN', 403, 'Only a supervisor can start to speak');
      if (deps.mayJoin && !(await deps.mayJoin(mine.holder)))
        throw new AppError('FORBIDDEN', 403, 'You may no longer join this call');
      const { maxParticipants } = await deps.video.rtcSettings({
        type: mine.holder.type,
        id: mine.holder.id,
        exp: Math.floor(mine.exp / 1000),
      });
      let participants = 1;
      for (const other of await socket.nsp.in(rtcRoom(callId)).fetchSockets()) {
        const theirs = other.id === socket.id ? undefined : memberships(other.data)[callId];
        if (theirs && !theirs.supervisor) participants += 1;
      }
      if (participants > maxParticipants)
        throw new AppError(
          'CAPACITY_REACHED',
          409,
          `This room allows ${maxParticipants} participants`,
        );
      mine.supervisor = false;
      socket.to(rtcRoom(callId)).emit('rtc:peer-speaks', { callId, peerId: mine.peerId });
      ack?.({ ok: true, data: { peerId: mine.peerId } });
    } catch (err) {
      if (!(err instanceof AppError)) deps.log.error({ err }, 'rtc:speak failed');
      ack?.(failure(err));
    }
  });

  socket.on('rtc:leave', (payload) => {
    const parsed = rtcLeaveSchema.safeParse(payload);
    if (parsed.success) leave(parsed.data.callId);
  });

  socket.on('disconnecting', () => {
    if (deps.isClosing?.()) return;
    for (const [callId, mine] of Object.entries(memberships(data))) {
      // Out of the room already: her new connection took the peer over (a resumed join).
      if (!socket.rooms.has(rtcRoom(callId))) continue;
      socket.to(rtcRoom(callId)).emit('rtc:peer-left', { callId, peerId: mine.peerId });
    }
  });
}
