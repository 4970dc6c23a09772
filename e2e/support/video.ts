/**
 * Helpers for the video specs: arrange an active call through the HTTP API (a visitor requests,
 * an online advisor accepts), open the video page, and read WebRTC facts from a page
 * (remote <video> sizes, decoded frames, received audio) without any test hook in the product:
 * an init script records every RTCPeerConnection the page creates.
 */
import {
  CLIENT_KEY_HEADER,
  videoPageUrl,
  type CallRequestResponseData,
  type CallToken,
  type LoginResponseData,
  type ParticipantType,
  type VideoPageMessage,
} from '@belleza/contract';
import {
  expect,
  type Browser,
  type BrowserContext,
  type FrameLocator,
  type Page,
} from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { Api, uniqueEmail } from './api.js';
import { acceptRinging, requestConsultation, signInAvailable, type Visitor } from './screens.js';

/** Records peer connections and the wall-clock time (epoch ms) of the first decoded remote frame. */
const RTC_PROBE = () => {
  type Probe = { pcs: RTCPeerConnection[]; firstFrameAt: number | null };
  const w = window as unknown as { __rtcProbe?: Probe };
  if (w.__rtcProbe) return;
  const probe: Probe = { pcs: [], firstFrameAt: null };
  w.__rtcProbe = probe;
  const Native = window.RTCPeerConnection;
  const Wrapped = function (this: unknown, config?: RTCConfiguration) {
    const pc = new Native(config);
    probe.pcs.push(pc);
    return pc;
  } as unknown as typeof RTCPeerConnection;
  Wrapped.prototype = Native.prototype;
  Object.assign(Wrapped, { generateCertificate: Native.generateCertificate.bind(Native) });
  window.RTCPeerConnection = Wrapped;
  const timer = setInterval(() => {
    void (async () => {
      for (const pc of probe.pcs) {
        if (pc.connectionState === 'closed') continue;
        const stats = await pc.getStats();
        stats.forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
          if (
            probe.firstFrameAt === null &&
            s.type === 'inbound-rtp' &&
            s.kind === 'video' &&
            (s.framesDecoded ?? 0) > 0
          ) {
            probe.firstFrameAt = performance.timeOrigin + performance.now();
            clearInterval(timer);
          }
        });
      }
    })();
  }, 50);
};

export async function installRtcProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript(RTC_PROBE);
}

export type Participant = { context: BrowserContext; page: Page };

/** A person with a camera and microphone (fake devices, allowed) in a context of their own. */
export async function participant(browser: Browser, baseURL: string): Promise<Participant> {
  const context = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] });
  await installRtcProbe(context);
  return { context, page: await context.newPage() };
}

/** getUserMedia refuses the camera as a user who clicked "Block" would; the microphone still works. */
export async function denyCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const md = navigator.mediaDevices;
    const original = md.getUserMedia.bind(md);
    md.getUserMedia = (constraints?: MediaStreamConstraints) =>
      constraints?.video
        ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
        : original(constraints);
  });
}

export type RtcFacts = {
  /** decoded video frames over the page's open peer connections */
  framesDecoded: number;
  /** the same, per open connection (a mesh decodes every other participant) */
  framesPerConnection: number[];
  audioPacketsReceived: number;
  openConnections: number;
  remoteVideos: number;
  /** widest remote <video> (0 until a frame is shown) */
  maxRemoteVideoWidth: number;
  firstFrameAt: number | null;
};

/** `frame`: the video's iframe (a selector on the page, or a frame nested deeper, as a locator). */
export async function rtcFacts(page: Page, frame?: string | FrameLocator): Promise<RtcFacts> {
  const inner = typeof frame === 'string' ? page.frameLocator(frame) : frame;
  const target = inner ? inner.locator(':root') : page.locator(':root');
  return target.evaluate(async () => {
    const probe = (
      window as unknown as {
        __rtcProbe?: { pcs: RTCPeerConnection[]; firstFrameAt: number | null };
      }
    ).__rtcProbe;
    let framesDecoded = 0;
    let audioPacketsReceived = 0;
    let openConnections = 0;
    const framesPerConnection: number[] = [];
    for (const pc of probe?.pcs ?? []) {
      if (pc.connectionState === 'closed') continue;
      openConnections++;
      const before = framesDecoded;
      const stats = await pc.getStats();
      stats.forEach(
        (s: { type: string; kind?: string; framesDecoded?: number; packetsReceived?: number }) => {
          if (s.type !== 'inbound-rtp') return;
          if (s.kind === 'video') framesDecoded += s.framesDecoded ?? 0;
          if (s.kind === 'audio') audioPacketsReceived += s.packetsReceived ?? 0;
        },
      );
      framesPerConnection.push(framesDecoded - before);
    }
    const videos = [
      ...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]'),
    ];
    return {
      framesDecoded,
      framesPerConnection,
      audioPacketsReceived,
      openConnections,
      remoteVideos: videos.length,
      maxRemoteVideoWidth: Math.max(0, ...videos.map((v) => v.videoWidth)),
      firstFrameAt: probe?.firstFrameAt ?? null,
    };
  });
}

/**
 * Each open peer connection's selected candidate pair: the candidate types ('host', 'srflx',
 * 'prflx', 'relay') and the remote address. A remote relay candidate often shows as 'prflx' (its
 * check arrived before its signalling), so its address tells where it is.
 */
export type SelectedPath = { local: string; remote: string; remoteAddress: string };

export async function selectedPaths(page: Page, frame?: string): Promise<SelectedPath[]> {
  const target = frame ? page.frameLocator(frame).locator(':root') : page.locator(':root');
  return target.evaluate(async () => {
    type Stat = {
      type: string;
      id: string;
      selectedCandidatePairId?: string;
      localCandidateId?: string;
      remoteCandidateId?: string;
      candidateType?: string;
      address?: string;
    };
    const probe = (window as unknown as { __rtcProbe?: { pcs: RTCPeerConnection[] } }).__rtcProbe;
    const paths: { local: string; remote: string; remoteAddress: string }[] = [];
    for (const pc of probe?.pcs ?? []) {
      if (pc.connectionState === 'closed') continue;
      const byId = new Map<string, Stat>();
      (await pc.getStats()).forEach((s: Stat) => byId.set(s.id, s));
      const transport = [...byId.values()].find((s) => s.type === 'transport');
      const pair = byId.get(transport?.selectedCandidatePairId ?? '');
      if (!pair) continue;
      const remote = byId.get(pair.remoteCandidateId ?? '');
      paths.push({
        local: byId.get(pair.localCandidateId ?? '')?.candidateType ?? '?',
        remote: remote?.candidateType ?? '?',
        remoteAddress: remote?.address ?? '?',
      });
    }
    return paths;
  });
}

const REMOTE_VIDEO_POLL = { timeout: 30_000, intervals: [100, 100, 250, 500] };

/** Waits until the page (or its video frame) shows a remote video with decoded frames. */
export async function expectRemoteVideo(page: Page, frame?: string | FrameLocator): Promise<void> {
  await expect
    .poll(async () => (await rtcFacts(page, frame)).maxRemoteVideoWidth, REMOTE_VIDEO_POLL)
    .toBeGreaterThan(0);
  await expect
    .poll(async () => (await rtcFacts(page, frame)).framesDecoded, REMOTE_VIDEO_POLL)
    .toBeGreaterThan(0);
}

export type ActiveCall = {
  callId: string;
  clientKey: string;
  advisorApi: Api;
  advisorId: string;
  advisorName: string;
  /** epoch ms right after the accept request answered */
  acceptedAt: number;
  /** ends the call (as its advisor) */
  end: () => Promise<void>;
  /** disconnects the advisor's socket */
  close: () => void;
};

type Ack = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };

/**
 * Connects an advisor's socket the way the dashboard does (token in the handshake, then
 * `advisor:connect`), which makes them "online" for routing.
 */
export async function connectAdvisor(
  baseUrl: string,
  advisorId: string,
  token: string,
): Promise<Socket> {
  const socket = io(baseUrl, { auth: { token }, transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  await new Promise<void>((resolve, reject) => {
    socket.emit('advisor:connect', { advisorId, token }, (res: Ack) =>
      res.ok ? resolve() : reject(new Error(`advisor:connect → ${res.error.code}`)),
    );
  });
  return socket;
}

/** A fresh advisor (own email), online and available, and a visitor's call that advisor accepted. */
export async function arrangeActiveCall(
  baseUrl: string,
  adminApi: Api,
  clientName = 'Ana Visitante',
): Promise<ActiveCall> {
  const email = uniqueEmail('video-advisor');
  const password = 'video-e2e-pass-123';
  const advisorName = 'Eva Estilista';
  await adminApi.createAdvisor({ name: advisorName, email, password });
  const login = await new Api(baseUrl).request<LoginResponseData>('POST', '/api/advisors/login', {
    email,
    password,
  });
  const advisorApi = new Api(baseUrl, login.token);
  const advisorId = login.advisor.advisorId;
  const socket = await connectAdvisor(baseUrl, advisorId, login.token);
  await advisorApi.request('POST', `/api/advisors/${advisorId}/status`, { status: 'available' });

  const visitor = new Api(baseUrl);
  const requested = await visitor.request<CallRequestResponseData>('POST', '/api/calls/request', {
    name: clientName,
    phone: '+51 999 888 777',
    message: 'Quiero un cambio de look',
    consent: true,
  });
  if (requested.advisorId !== advisorId) {
    socket.disconnect();
    throw new Error(
      `the call was offered to ${requested.advisorId ?? 'nobody (queued)'}, not to this spec's advisor`,
    );
  }
  await advisorApi.request('POST', `/api/calls/${requested.callId}/accept`, { advisorId });
  const acceptedAt = Date.now();
  return {
    callId: requested.callId,
    clientKey: requested.clientKey,
    advisorApi,
    advisorId,
    advisorName,
    acceptedAt,
    end: async () => {
      await advisorApi.request('POST', `/api/calls/${requested.callId}/end`, {});
    },
    close: () => socket.disconnect(),
  };
}

export async function callToken(
  baseUrl: string,
  call: ActiveCall,
  userType: ParticipantType,
  adminApi?: Api,
): Promise<CallToken> {
  const path = `/api/calls/${call.callId}/token?userType=${userType}`;
  if (userType === 'client')
    return new Api(baseUrl).request<CallToken>('GET', path, undefined, {
      [CLIENT_KEY_HEADER]: call.clientKey,
    });
  if (userType === 'admin' && adminApi) return adminApi.request<CallToken>('GET', path);
  return call.advisorApi.request<CallToken>('GET', path);
}

export function videoPagePath(
  token: CallToken,
  callId: string,
  userName: string,
  userType: ParticipantType,
): string {
  return videoPageUrl({ roomUrl: token.roomUrl, userName, userType, token: token.token, callId });
}

/**
 * Turns a page into a same-origin parent that embeds the video page in an iframe (as the client
 * modal does) and records every message the page posts to it.
 */
export async function embedVideoPage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/openapi.json`);
  await page.evaluate((src) => {
    const w = window as unknown as { __videoMessages: VideoPageMessage[] };
    w.__videoMessages = [];
    window.addEventListener('message', (e: MessageEvent) => {
      const data = e.data as { type?: string } | null;
      if (e.origin === location.origin && data?.type === 'daily-video-call')
        w.__videoMessages.push(e.data as VideoPageMessage);
    });
    document.body.innerHTML = '';
    const frame = document.createElement('iframe');
    frame.id = 'video';
    frame.allow = 'camera; microphone; fullscreen; display-capture; autoplay';
    frame.style.width = '800px';
    frame.style.height = '600px';
    frame.src = src;
    document.body.appendChild(frame);
  }, path);
}

export async function postedActions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __videoMessages: { action: string }[] }).__videoMessages.map(
      (m) => m.action,
    ),
  );
}

/**
 * Through the real screens: a new stylist signs in and sets herself available, a visitor asks from
 * the landing page, the stylist accepts from the ringing popup. Answers both people and when
 * 'Aceptar llamada' was pressed (epoch ms); the video is left to the caller to wait for.
 */
export async function stylistTakesVisitor(
  browser: Browser,
  baseURL: string,
  stylistName: string,
  visitor: Visitor,
  {
    stylistViewport,
    whileRinging,
    visitorBrowser = browser,
  }: {
    /** her window's size from the sign-in on */
    stylistViewport?: { width: number; height: number };
    /** the visitor in a browser of her own (another camera), else the stylist's */
    visitorBrowser?: Browser;
    /** looks at her ringing popup before she accepts */
    whileRinging?: (page: Page) => Promise<void>;
  } = {},
): Promise<{ stylist: Participant; visitor: Participant; acceptedAt: number }> {
  const adminApi = await Api.login(baseURL);
  const email = uniqueEmail('stylist');
  const password = 'stylist-pass-1234';
  await adminApi.createAdvisor({ name: stylistName, email, password });
  const stylist = await participant(browser, baseURL);
  if (stylistViewport) await stylist.page.setViewportSize(stylistViewport);
  await signInAvailable(stylist.page, email, password);
  const asking = await participant(visitorBrowser, baseURL);
  await requestConsultation(asking.page, visitor);
  if (whileRinging) {
    await stylist.page
      .getByRole('alertdialog', { name: 'Llamada entrante' })
      .getByText(visitor.name)
      .waitFor();
    await whileRinging(stylist.page);
  }
  const acceptedAt = await acceptRinging(stylist.page, visitor.name);
  return { stylist, visitor: asking, acceptedAt };
}
