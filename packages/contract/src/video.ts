import { z } from 'zod';
import { snapshotFailureReasonSchema } from './chat.js';
import { closeupStateSchema } from './closeup.js';
import { idSchema } from './common.js';
import { iceServerSchema, videoProviderSchema } from './settings.js';

export const participantTypeSchema = z.enum(['client', 'advisor', 'admin']);
export type ParticipantType = z.infer<typeof participantTypeSchema>;

/** GET /api/calls/{callId}/token */
export const callTokenSchema = z.object({
  token: z.string(),
  roomUrl: z.string(),
  roomName: z.string(),
  provider: videoProviderSchema,
  iceServers: z.array(iceServerSchema),
  expiresAt: z.string(),
});
export type CallToken = z.infer<typeof callTokenSchema>;

/**
 * GET /api/calls/{callId}/join — everything the caller needs to open the video page: the room,
 * a token for them (client with its key, the call's advisor, or an admin), and the video page URL
 * with those parameters already filled in.
 */
export const callJoinSchema = callTokenSchema.extend({
  callId: idSchema,
  userType: participantTypeSchema,
  userName: z.string(),
  videoPageUrl: z.string(),
});
export type CallJoin = z.infer<typeof callJoinSchema>;

/**
 * postMessage protocol between the video page and its parent (docs/product.md#video-page-protocol).
 */
export const VIDEO_PAGE_MESSAGE_TYPE = 'daily-video-call';
export const VIDEO_PAGE_CONTROL_TYPE = 'daily-video-call-control';
export const videoPageActionSchema = z.enum([
  'loading',
  'loaded',
  'joining',
  'joined',
  'connected-despite-error',
  'participant-joined',
  'participant-left',
  'left',
  'closed',
  'error',
  'camera-error',
  'mic-error',
  /** built-in only: media stopped flowing and the page is restarting ICE ('Reconectando…') */
  'reconnecting',
  /** Escape pressed while focus is inside the page: the parent answers as if pressed on it */
  'escape',
  /**
   * the answer to the 'snapshot' control: `image` is a still of the client's video as a JPEG
   * (built-in: the remote video; Daily: the visitor's page, from her own camera), absent when there
   * was no picture to take (`snapshotError` says why)
   */
  'snapshot',
  /**
   * a close-up request's progress on the visitor's page (`closeupState`), and with 'sent' its
   * full-resolution still (`image`)
   */
  'closeup',
  /**
   * a page whose parent hosts the call's control bar (`bar=parent`): its microphone, camera and
   * screen share as they are now (`media`), or none (absent) while it is not in the room
   */
  'media-state',
]);
export type VideoPageAction = z.infer<typeof videoPageActionSchema>;
/** What a Blob offers that the parent uses (it checks `instanceof Blob` before uploading). */
export type SnapshotImage = { size: number; type: string; arrayBuffer(): Promise<ArrayBuffer> };
const isSnapshotImage = (v: unknown): v is SnapshotImage =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SnapshotImage).size === 'number' &&
  typeof (v as SnapshotImage).arrayBuffer === 'function';

/**
 * The privacy blur (docs/product.md#privacy-blur): what her own video's background shows. 'off'
 * the camera as it is, 'blur' blurred behind her, 'replace' a plain soft colour behind her.
 */
export const backgroundModeSchema = z.enum(['off', 'blur', 'replace']);
export type BackgroundMode = z.infer<typeof backgroundModeSchema>;
/**
 * Below this many composited frames a second the blur would make her video stutter: it is
 * switched off with an explanation. The same figure is the bench's (bench/segmentation.bench.ts).
 */
export const BLUR_FLOOR_FPS = 15;
/**
 * Why the background cannot be changed on this device: the browser lacks what on-device vision
 * needs ('unsupported'), it failed to load ('failed'), or the device composites below the floor
 * ('too-slow'; she may try again).
 */
export const backgroundBlockedSchema = z.enum(['unsupported', 'failed', 'too-slow']);
export type BackgroundBlocked = z.infer<typeof backgroundBlockedSchema>;
export const videoPageBackgroundSchema = z.object({
  mode: backgroundModeSchema,
  /** the blur is being set up (the model loads, the first frames are measured) */
  starting: z.boolean(),
  blocked: backgroundBlockedSchema.nullable(),
});
export type VideoPageBackground = z.infer<typeof videoPageBackgroundSchema>;

/** What the parent's control bar shows of the page's own media (the 'media-state' message). */
export const videoPageMediaSchema = z.object({
  micOn: z.boolean(),
  cameraOn: z.boolean(),
  /** the page has a microphone / a camera to switch (she allowed it, it exists) */
  hasMic: z.boolean(),
  hasCamera: z.boolean(),
  /** null: she may not share her screen (not the stylist, or the salon's settings say no) */
  sharingScreen: z.boolean().nullable(),
  /** her video's background (absent: not offered here, e.g. no camera or a Daily room) */
  background: videoPageBackgroundSchema.optional(),
});
export type VideoPageMedia = z.infer<typeof videoPageMediaSchema>;

export const videoPageMessageSchema = z.object({
  type: z.literal(VIDEO_PAGE_MESSAGE_TYPE),
  action: videoPageActionSchema,
  callId: z.string().optional(),
  participantCount: z.number().int().nonnegative().optional(),
  participantName: z.string().optional(),
  /** with 'media-state' */
  media: videoPageMediaSchema.optional(),
  /** human text, already in the page's language */
  error: z.string().optional(),
  /**
   * with 'snapshot': the JPEG, a Blob passed by structured clone (the page and its parent share the
   * origin); typed by its shape, as this package is built without the DOM's types
   */
  image: z.custom<SnapshotImage>(isSnapshotImage).optional(),
  /**
   * with 'snapshot' and no image: the camera is off (or no video arrived yet), or taking it failed
   */
  snapshotError: snapshotFailureReasonSchema.optional(),
  /** with 'closeup': where the close-up is; 'sent' comes with its `image` */
  closeupState: closeupStateSchema.optional(),
  /** what failed, for parents that word it themselves (the advisor call screen's error texts) */
  errorCode: z
    .enum([
      'room-url-missing',
      'sdk-unavailable',
      'init-failed',
      'join-refused',
      'room-full',
      'call-not-active',
      'connection',
      /** media never flowed (or could not recover) within the bounded time: ICE/TURN trouble */
      'ice-failed',
    ])
    .optional(),
});
export type VideoPageMessage = z.infer<typeof videoPageMessageSchema>;
/** What a page opened in standby (`standby=1`, no room yet) needs to join once the call is accepted. */
export const videoPageJoinSchema = z.object({
  roomUrl: z.string().min(1).max(2000),
  token: z.string().max(4000).optional(),
  callId: z.string().max(64),
  userName: z.string().max(120).optional(),
});
export type VideoPageJoin = z.infer<typeof videoPageJoinSchema>;

export const videoPageControlSchema = z.object({
  type: z.literal(VIDEO_PAGE_CONTROL_TYPE),
  /**
   * 'prepare': a standby page opens the camera and microphone now (the call is being accepted);
   * 'snapshot': take a still of the client's video and answer with a 'snapshot' message (the
   * built-in room draws the remote client video; a visitor's Daily room captures her own camera);
   * 'closeup': the stylist asked for a close-up (`closeup` says who); the visitor's built-in page
   * turns to the rear camera and answers with 'closeup' messages; 'closeup-cancel': the request
   * is over (the call screen closed), the camera goes back;
   * 'toggle-mic', 'toggle-camera', 'toggle-share': the parent's control bar was pressed;
   * 'set-background': the bar's background choice (`background`)
   */
  action: z.enum([
    'leave',
    'close',
    'retry',
    'join',
    'prepare',
    'snapshot',
    'closeup',
    'closeup-cancel',
    'toggle-mic',
    'toggle-camera',
    'toggle-share',
    'set-background',
  ]),
  /** with 'set-background' */
  background: backgroundModeSchema.optional(),
  /** with 'join' */
  join: videoPageJoinSchema.optional(),
  /** with 'closeup': the stylist who asked, as the chat names her */
  closeup: z.object({ requestedBy: z.string().max(200) }).optional(),
});
export type VideoPageControl = z.infer<typeof videoPageControlSchema>;

/**
 * How a socket is in a built-in room (docs/product.md#silent-supervision): a participant sends and
 * receives; a supervisor (admins only) receives and sends nothing, is no participant of the call
 * (not counted, no tile), until she speaks (`rtc:speak`).
 */
export const rtcRoleSchema = z.enum(['participant', 'supervisor']);
export type RtcRole = z.infer<typeof rtcRoleSchema>;
/** Built-in WebRTC signalling, relayed over Socket.IO and scoped to `call:{id}`. */
export const rtcJoinSchema = z.object({
  callId: idSchema,
  token: z.string().min(1).max(2000),
  /** 'participant' when absent */
  role: rtcRoleSchema.optional(),
  /**
   * Joining again after the signalling connection dropped (a server restart, a network blip): the
   * peer id and key of the last join. When the key proves the id is this participant's, she keeps
   * it and the others keep their links to her (their media never stopped); otherwise she gets a
   * new id, as on any join.
   */
  resume: z
    .object({ peerId: z.string().min(1).max(100), key: z.string().min(1).max(200) })
    .optional(),
});
export const rtcPeerSchema = z.object({
  callId: idSchema,
  peerId: z.string(),
  userName: z.string(),
  userType: participantTypeSchema,
  /** present (true) while the peer is a silent supervisor: no media from her, not a participant */
  supervisor: z.literal(true).optional(),
  /**
   * present (true) on `rtc:peer-joined` when she came back as the same peer after a dropped
   * connection: her link to each of the others is still open (the media never stopped)
   */
  resumed: z.literal(true).optional(),
});
export type RtcPeer = z.infer<typeof rtcPeerSchema>;
/** `rtc:speak`: a supervisor starts to speak (she becomes a participant, her media may flow). */
export const rtcSpeakSchema = z.object({ callId: idSchema });
/** To the room: that supervisor is a participant from now on (her tile, the count, her media). */
export const rtcPeerSpeaksSchema = z.object({ callId: idSchema, peerId: z.string() });
/**
 * What a participant's video shows: her camera, a window or tab she shares
 * (docs/product.md#screen-sharing), or the visitor's rear camera while she takes a close-up
 * (docs/product.md#close-up-photos).
 */
export const videoSourceSchema = z.enum(['camera', 'screen', 'closeup']);
export type VideoSource = z.infer<typeof videoSourceSchema>;
export const rtcSignalSchema = z.object({
  callId: idSchema,
  to: z.string().min(1).max(100),
  description: z
    .object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().max(100_000).optional(),
    })
    .optional(),
  candidate: z
    .object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().nullable().optional(),
      usernameFragment: z.string().max(200).nullable().optional(),
    })
    .nullable()
    .optional(),
  /**
   * What the sender's video shows from now on. Sent on its own (no description, no candidate) when
   * it changes, and to each new link while a screen is shared: the track is swapped in place
   * (`replaceTrack`), so nothing in the SDP says so. 'screen' only from a participant the join ack
   * allowed to share.
   */
  videoSource: videoSourceSchema.optional(),
});
export type RtcSignal = z.infer<typeof rtcSignalSchema>;
/** A relayed signal names its sender, so a peer that missed `rtc:peer-joined` can still label it. */
export const rtcSignalFromSchema = rtcSignalSchema.extend({
  from: z.string(),
  userName: z.string(),
  userType: participantTypeSchema,
});
export type RtcSignalFrom = z.infer<typeof rtcSignalFromSchema>;
/** Ack of `rtc:join`: who I am, who is already there, and the ICE servers to use (from settings). */
export const rtcJoinedSchema = z.object({
  peerId: z.string(),
  /** Proof that `peerId` is this participant's in this call: sent back in `resume` to keep it. */
  resumeKey: z.string(),
  peers: z.array(rtcPeerSchema),
  iceServers: z.array(iceServerSchema),
  /**
   * How long from now the TURN credentials in `iceServers` stay valid (ms); null when they carry
   * none. The page asks for fresh ones (`rtc:ice`) before then.
   */
  iceServersTtlMs: z.number().int().nonnegative().nullable(),
  /** Whether this participant may share a screen: advisors, while `video.enableScreenShare` is on. */
  screenShare: z.boolean(),
});
export type RtcJoined = z.infer<typeof rtcJoinedSchema>;
/** `rtc:ice`: a joined participant asks for fresh ICE servers (its TURN credential runs out). */
export const rtcIceSchema = z.object({ callId: idSchema });
/** Ack of `rtc:ice`: the ICE servers to use from now on, and how long their credentials last. */
export const rtcIceServersSchema = rtcJoinedSchema.pick({
  iceServers: true,
  iceServersTtlMs: true,
});
export type RtcIceServers = z.infer<typeof rtcIceServersSchema>;
export const rtcLeaveSchema = z.object({ callId: idSchema });

/** Connection quality a page computes from `getStats()` (see `classifyQuality` in the web). */
export const connectionQualitySchema = z.enum(['good', 'weak', 'bad']);
export type ConnectionQuality = z.infer<typeof connectionQualitySchema>;
/** How the selected ICE pair connects: `relay` when either end is a TURN relay. */
export const candidateTypeSchema = z.enum(['host', 'srflx', 'prflx', 'relay']);
export type CandidateType = z.infer<typeof candidateTypeSchema>;

/**
 * `rtc:stats`: what one participant's page measures of its link (sent every few seconds while in
 * the room). The server relays the quality to the other peers (`rtc:peer-stats`) and keeps the
 * figures with the call for the admin's call details.
 */
export const rtcStatsSchema = z.object({
  callId: idSchema,
  quality: connectionQualitySchema,
  /** selected pair: this side's candidate type and the other side's */
  localCandidateType: candidateTypeSchema.nullable(),
  remoteCandidateType: candidateTypeSchema.nullable(),
  /** round-trip time of the selected pair, ms */
  rttMs: z.number().nonnegative().max(600_000).nullable(),
  /** share of packets lost over the last interval, 0–100 */
  packetLossPct: z.number().min(0).max(100).nullable(),
  /** received bitrate over the last interval, kbit/s */
  bitrateKbps: z.number().nonnegative().max(1_000_000).nullable(),
  /** from joining the room to the first decoded remote frame (or first audio), ms */
  timeToFirstFrameMs: z.number().int().nonnegative().max(3_600_000).nullable(),
});
export type RtcStats = z.infer<typeof rtcStatsSchema>;
/** Relayed to the other peers of the call: how the sender's link is doing. */
export const rtcPeerStatsSchema = z.object({
  callId: idSchema,
  peerId: z.string(),
  quality: connectionQualitySchema,
});
export type RtcPeerStats = z.infer<typeof rtcPeerStatsSchema>;

/** GET /api/calls/{callId}/media-stats (admin): the last figures each participant reported. */
export const callMediaStatsSchema = z.object({
  participantType: participantTypeSchema,
  participantName: z.string(),
  quality: connectionQualitySchema,
  localCandidateType: candidateTypeSchema.nullable(),
  remoteCandidateType: candidateTypeSchema.nullable(),
  rttMs: z.number().nullable(),
  packetLossPct: z.number().nullable(),
  bitrateKbps: z.number().nullable(),
  timeToFirstFrameMs: z.number().int().nullable(),
  /** the worst quality reported during the call */
  worstQuality: connectionQualitySchema,
  reports: z.number().int(),
  updatedAt: z.string(),
});
export type CallMediaStats = z.infer<typeof callMediaStatsSchema>;
export const rtcPeerLeftSchema = z.object({ callId: idSchema, peerId: z.string() });
/** The room is gone for this socket: the call ended, or the same participant joined elsewhere. */
export const rtcClosedSchema = z.object({
  callId: idSchema,
  /** ended: the call ended; replaced: she joined again elsewhere; revoked: she lost the right to be in it (an admin demoted) */
  reason: z.enum(['ended', 'replaced', 'revoked']),
});
export type RtcClosed = z.infer<typeof rtcClosedSchema>;

/**
 * Built-in rooms live at a same-origin path (`/rtc/<roomName>`); Daily rooms at
 * `https://<domain>.daily.co/<room>`. The video page tells them apart with `parseRoomUrl`.
 */
export const BUILTIN_ROOM_PATH = '/rtc/';
export const builtinRoomUrl = (roomName: string): string =>
  `${BUILTIN_ROOM_PATH}${encodeURIComponent(roomName)}`;

export type ParsedRoomUrl =
  { provider: 'builtin'; roomName: string } | { provider: 'daily'; roomName: string; url: string };

/**
 * Which provider a room URL belongs to; null when it is not a usable room URL. Plain string
 * parsing (no `URL`), so the contract stays free of DOM/Node globals.
 */
export function parseRoomUrl(roomUrl: string): ParsedRoomUrl | null {
  const m = /^(?:(https?):\/\/([^/?#\s]+))?(\/[^?#\s]*)(?:[?#].*)?$/i.exec(roomUrl.trim());
  if (!m) return null;
  const [, scheme, host, path = ''] = m;
  const isDailyHost = host !== undefined && /\.daily\.co(:\d+)?$/i.test(host);
  const builtin = /^\/rtc\/([^/]+)\/?$/.exec(path);
  if (builtin?.[1] && !isDailyHost) {
    try {
      return { provider: 'builtin', roomName: decodeURIComponent(builtin[1]) };
    } catch {
      return null;
    }
  }
  // Daily rooms are always absolute URLs on another origin; a bare path is never a Daily room.
  const room = /^\/([A-Za-z0-9_-]+)\/?$/.exec(path)?.[1];
  if (room && scheme && host)
    return { provider: 'daily', roomName: room, url: `${scheme.toLowerCase()}://${host}/${room}` };
  return null;
}

/**
 * The standalone video page (second Vite entry) and its query parameters
 * (docs/product.md#video-page).
 */
export const VIDEO_PAGE_PATH = '/daily_video_call.html';
export const videoPageQuerySchema = z.object({
  roomUrl: z.string().min(1),
  userName: z.string().max(120).optional(),
  userType: participantTypeSchema.default('client'),
  /** room token: in the address's fragment, never its query (see videoPageUrl) */
  token: z.string().max(4000).optional(),
  callId: z.string().max(64).optional(),
});
export type VideoPageQuery = z.input<typeof videoPageQuerySchema>;

/**
 * In a video page's query: its parent screen shows the call's one control bar (microphone, camera,
 * screen share beside its own chat, notes and end), so the page draws none and reports its media
 * ('media-state') and obeys the bar ('toggle-*' controls) instead.
 */
export const PARENT_BAR_QUERY = 'bar=parent';

/**
 * A video page warmed up before the call is accepted, so the video starts the moment it is: it
 * loads its code, opens the signalling socket and, with `media`, the camera the visitor already
 * checked, then waits for a 'join' control message carrying the room and token.
 */
export function videoStandbyUrl(q: {
  userType: z.input<typeof participantTypeSchema>;
  /** acquire the camera and microphone while waiting */
  media: boolean;
  /** the parent hosts the control bar (PARENT_BAR_QUERY) */
  parentBar?: boolean;
}): string {
  return `${VIDEO_PAGE_PATH}?standby=1&userType=${q.userType}${q.media ? '&warmMedia=1' : ''}${
    q.parentBar ? `&${PARENT_BAR_QUERY}` : ''
  }`;
}

/**
 * The video page's address. The room token goes in the fragment (`#token=…`): a browser never
 * sends a fragment to the server nor in a Referer, so no request log or proxy ever sees it (a
 * token in the query was replayable from the log). `extraQuery` (already encoded `k=v` pieces)
 * goes before the fragment.
 */
export function videoPageUrl(q: VideoPageQuery, extraQuery: string[] = []): string {
  const params: [string, string | undefined][] = [
    ['roomUrl', q.roomUrl],
    ['userName', q.userName || undefined],
    ['userType', q.userType ?? 'client'],
    ['callId', q.callId || undefined],
  ];
  const query = [
    ...params
      .filter((p): p is [string, string] => p[1] !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
    ...extraQuery,
  ].join('&');
  const fragment = q.token ? `#token=${encodeURIComponent(q.token)}` : '';
  return `${VIDEO_PAGE_PATH}?${query}${fragment}`;
}
