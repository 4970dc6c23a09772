/**
 * Built-in WebRTC video end to end: two browser contexts (visitor and advisor) join the same room
 * through /daily_video_call.html and must both decode the other's (fake) camera; a reload mid-call
 * recovers; a visitor without camera still connects with audio and the page says so; an admin
 * supervises silently (asks for no camera or microphone, is not counted) until she speaks.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { expectAccessible } from '../support/axe.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import {
  arrangeActiveCall,
  callToken,
  denyCamera,
  embedVideoPage,
  expectRemoteVideo,
  installRtcProbe,
  postedActions,
  rtcFacts,
  videoPagePath,
  type ActiveCall,
} from '../support/video.js';

const POLL = { timeout: 30_000, intervals: [100, 100, 250, 500] };

async function newParticipant(
  browser: Browser,
  baseURL: string,
  options: { noCamera?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] });
  await installRtcProbe(context);
  if (options.noCamera) await denyCamera(context);
  return { context, page: await context.newPage() };
}

type FrameWatch = { longestGapMs: number; joins: number };

/**
 * From now on, the page samples its decoded remote frames every 50 ms (the longest stretch with no
 * new frame is kept) and counts the `rtc:join`s its sockets send.
 */
async function watchFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __rtcProbe: { pcs: RTCPeerConnection[] };
      __frames?: FrameWatch;
    };
    const watch: FrameWatch = { longestGapMs: 0, joins: 0 };
    w.__frames = watch;
    let last = 0;
    let lastAt = performance.now();
    setInterval(() => {
      void (async () => {
        let frames = 0;
        for (const pc of w.__rtcProbe.pcs) {
          if (pc.connectionState === 'closed') continue;
          (await pc.getStats()).forEach(
            (s: { type: string; kind?: string; framesDecoded?: number }) => {
              if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
            },
          );
        }
        const now = performance.now();
        if (frames > last) {
          last = frames;
          lastAt = now;
        } else watch.longestGapMs = Math.max(watch.longestGapMs, Math.round(now - lastAt));
      })();
    }, 50);
    // Joins are seen on the wire: every WebSocket frame the page sends that carries rtc:join.
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data) {
      if (typeof data === 'string' && data.includes('"rtc:join"')) watch.joins += 1;
      return send.call(this, data);
    };
  });
}

/** Whether the page has sent an `rtc:join` since `watchFrames` (its socket came back and rejoined). */
const rejoined = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __frames: FrameWatch }).__frames.joins ?? 0) > 0);

/** RTCPeerConnections the page ever created. */
const createdConnections = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __rtcProbe: { pcs: unknown[] } }).__rtcProbe.pcs.length,
  );

const longestFrameGap = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: FrameWatch }).__frames.longestGapMs);

test.describe('built-in video call', () => {
  // A private server: calls are routed to this spec's advisors only (no other spec's advisor online).
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  let adminApi: Api;
  let call: ActiveCall | undefined;
  test.beforeAll(async ({}, workerInfo) => {
    server = await startServer(4350 + workerInfo.parallelIndex);
    adminApi = await Api.login(server.url);
  });
  test.afterAll(async () => {
    await server.stop();
  });
  test.afterEach(async () => {
    if (!call) return;
    await call.end().catch(() => undefined);
    call.close();
    call = undefined;
  });

  test('visitor and advisor see each other; time from accept to first decoded frame', async ({
    browser,
  }) => {
    const visitor = await newParticipant(browser, server.url);
    const advisor = await newParticipant(browser, server.url);
    call = await arrangeActiveCall(server.url, adminApi);
    const [clientTok, advisorTok] = await Promise.all([
      callToken(server.url, call, 'client'),
      callToken(server.url, call, 'advisor'),
    ]);
    expect(clientTok.provider).toBe('builtin');
    await Promise.all([
      visitor.page.goto(videoPagePath(clientTok, call.callId, 'Ana Visitante', 'client')),
      advisor.page.goto(videoPagePath(advisorTok, call.callId, call.advisorName, 'advisor')),
    ]);

    await expectRemoteVideo(visitor.page);
    await expectRemoteVideo(advisor.page);
    await expect(
      visitor.page.getByRole('figure').filter({ hasText: call.advisorName }),
    ).toBeVisible();
    await expect(advisor.page.getByLabel('Video de Ana Visitante')).toBeVisible();

    const first = {
      visitor: (await rtcFacts(visitor.page)).firstFrameAt,
      advisor: (await rtcFacts(advisor.page)).firstFrameAt,
    };
    expect(first.visitor).not.toBeNull();
    expect(first.advisor).not.toBeNull();
    console.log(
      `[video] accept → first decoded remote frame: visitor ${Math.round(first.visitor! - call.acceptedAt)} ms, advisor ${Math.round(first.advisor! - call.acceptedAt)} ms`,
    );
    await visitor.context.close();
    await advisor.context.close();
  });

  test('one side reloads mid-call and the video resumes on both sides', async ({ browser }) => {
    const visitor = await newParticipant(browser, server.url);
    const advisor = await newParticipant(browser, server.url);
    call = await arrangeActiveCall(server.url, adminApi, 'Bea Recarga');
    const [clientTok, advisorTok] = await Promise.all([
      callToken(server.url, call, 'client'),
      callToken(server.url, call, 'advisor'),
    ]);
    await visitor.page.goto(videoPagePath(clientTok, call.callId, 'Bea Recarga', 'client'));
    await advisor.page.goto(videoPagePath(advisorTok, call.callId, call.advisorName, 'advisor'));
    await expectRemoteVideo(visitor.page);
    await expectRemoteVideo(advisor.page);

    const reloadedAt = Date.now();
    await visitor.page.reload();
    await expectRemoteVideo(visitor.page);
    // The advisor dropped the old link and decodes the visitor's new one: exactly one remote tile.
    await expect.poll(async () => (await rtcFacts(advisor.page)).openConnections, POLL).toBe(1);
    await expect(advisor.page.getByTestId('remote-video')).toHaveCount(1);
    await expectRemoteVideo(advisor.page);
    const after = await rtcFacts(visitor.page);
    console.log(
      `[video] reload → first decoded remote frame again: ${Math.round(after.firstFrameAt! - reloadedAt)} ms`,
    );
    await visitor.context.close();
    await advisor.context.close();
  });

  test('the server restarts mid-call (SIGTERM, back on the same database): the video never stops', async ({
    browser,
  }) => {
    const visitor = await newParticipant(browser, server.url);
    const advisor = await newParticipant(browser, server.url);
    call = await arrangeActiveCall(server.url, adminApi, 'Rita Reinicio');
    const [clientTok, advisorTok] = await Promise.all([
      callToken(server.url, call, 'client'),
      callToken(server.url, call, 'advisor'),
    ]);
    await visitor.page.goto(videoPagePath(clientTok, call.callId, 'Rita Reinicio', 'client'));
    await advisor.page.goto(videoPagePath(advisorTok, call.callId, call.advisorName, 'advisor'));
    await expectRemoteVideo(visitor.page);
    await expectRemoteVideo(advisor.page);
    for (const p of [visitor.page, advisor.page]) await watchFrames(p);

    await server.kill('SIGTERM');
    // While no server runs at all, the media goes on: it never went through the server.
    const whileDown = await rtcFacts(visitor.page);
    await expect
      .poll(async () => (await rtcFacts(visitor.page)).framesDecoded, POLL)
      .toBeGreaterThan(whileDown.framesDecoded + 10);
    await server.start();
    // Both pages join the room again over their new sockets, as the same peers: nobody's link
    // closes, none opens, and each decodes the other as before.
    for (const p of [visitor.page, advisor.page]) {
      await expect.poll(() => rejoined(p), POLL).toBe(true);
      const facts = await rtcFacts(p);
      expect(facts.openConnections).toBe(1);
      expect(await createdConnections(p)).toBe(1);
      await expect(p.getByTestId('remote-video')).toHaveCount(1);
      const now = facts.framesDecoded;
      await expect.poll(async () => (await rtcFacts(p)).framesDecoded, POLL).toBeGreaterThan(now);
    }
    const gaps = await Promise.all([visitor.page, advisor.page].map(longestFrameGap));
    console.log(
      `[video] server restart mid-call: longest time without a new decoded frame: visitor ${gaps[0]} ms, advisor ${gaps[1]} ms`,
    );
    await visitor.context.close();
    await advisor.context.close();
  });

  test('a visitor whose camera is refused is told so and still connects with audio', async ({
    browser,
  }) => {
    const visitor = await newParticipant(browser, server.url, { noCamera: true });
    const advisor = await newParticipant(browser, server.url);
    call = await arrangeActiveCall(server.url, adminApi, 'Carla Sin Cámara');
    const [clientTok, advisorTok] = await Promise.all([
      callToken(server.url, call, 'client'),
      callToken(server.url, call, 'advisor'),
    ]);
    await embedVideoPage(
      visitor.page,
      server.url,
      videoPagePath(clientTok, call.callId, 'Carla Sin Cámara', 'client'),
    );
    await advisor.page.goto(videoPagePath(advisorTok, call.callId, call.advisorName, 'advisor'));

    await expect.poll(() => postedActions(visitor.page), POLL).toContain('camera-error');
    await expect.poll(() => postedActions(visitor.page), POLL).toContain('connected-despite-error');
    const actions = await postedActions(visitor.page);
    expect(actions).not.toContain('mic-error');
    expect(actions.indexOf('loading')).toBeLessThan(actions.indexOf('joined'));

    const page = visitor.page.frameLocator('#video');
    await expect(
      page.getByText('No pudimos usar tu cámara: continúas solo con audio.'),
    ).toBeVisible();
    // The visitor sees the advisor; the advisor hears the visitor.
    await expectRemoteVideo(visitor.page, '#video');
    await expect
      .poll(async () => (await rtcFacts(advisor.page)).audioPacketsReceived, POLL)
      .toBeGreaterThan(0);
    await expect(advisor.page.getByLabel('Video de Carla Sin Cámara')).toBeAttached();
    await visitor.context.close();
    await advisor.context.close();
  });
  test('an admin supervises silently (no camera or microphone asked, not counted, the others told), then speaks: a mesh of three where everyone decodes both others', async ({
    browser,
  }, testInfo) => {
    const visitor = await newParticipant(browser, server.url);
    // The visitor reads the call in English, the admin in Spanish: one axe scan in each.
    await visitor.context.addInitScript(() => localStorage.setItem('preferred-language', 'en'));
    const advisor = await newParticipant(browser, server.url);
    const boss = await newParticipant(browser, server.url);
    await boss.context.addInitScript(() => {
      const md = navigator.mediaDevices;
      const real = md.getUserMedia.bind(md);
      const w = window as unknown as { gumCalls: number };
      w.gumCalls = 0;
      md.getUserMedia = (constraints) => {
        w.gumCalls += 1;
        return real(constraints);
      };
    });
    const gumCalls = () =>
      boss.page.evaluate(() => (window as unknown as { gumCalls: number }).gumCalls);
    call = await arrangeActiveCall(server.url, adminApi, 'Diana Tres');
    const [clientTok, advisorTok, adminTok] = await Promise.all([
      callToken(server.url, call, 'client'),
      callToken(server.url, call, 'advisor'),
      callToken(server.url, call, 'admin', adminApi),
    ]);
    // The admin's answer carries the room too: the admin UI opens it in a new tab.
    expect(adminTok.roomUrl).toBe(clientTok.roomUrl);
    await visitor.page.goto(videoPagePath(clientTok, call.callId, 'Diana Tres', 'client'));
    await advisor.page.goto(videoPagePath(advisorTok, call.callId, call.advisorName, 'advisor'));
    // As Admin → Llamadas → 'Unirse' opens it: supervising.
    await boss.page.goto(
      videoPagePath(adminTok, call.callId, 'Admin', 'admin').replace('#', '&supervise=1#'),
    );

    // She watches and hears both, sends nothing, and is told that the visitor knows.
    await expect(boss.page.getByText('La clienta ve que estás supervisando.')).toBeVisible();
    await expect(boss.page.getByTestId('remote-video')).toHaveCount(2);
    await expect
      .poll(
        async () => (await rtcFacts(boss.page)).framesPerConnection.filter((n) => n > 0).length,
        POLL,
      )
      .toBe(2);
    // The visitor and the stylist: told, and still a call of two (no tile, not counted).
    await expect(visitor.page.getByText('A salon supervisor joined')).toBeVisible();
    await expect(advisor.page.getByText('Una supervisora del salón se unió')).toBeVisible();
    await expect(visitor.page.getByRole('region', { name: '2 participants' })).toBeVisible();
    await expect(advisor.page.getByRole('region', { name: '2 participantes' })).toBeVisible();
    for (const page of [visitor.page, advisor.page])
      await expect(page.getByTestId('remote-video')).toHaveCount(1);
    expect(await gumCalls()).toBe(0);
    await expectAccessible(boss.page, 'the admin supervising (es)');
    await expectAccessible(visitor.page, 'the visitor told of a supervisor (en)');
    for (const [who, page] of [
      ['admin supervising', boss.page],
      ['visitor told', visitor.page],
    ] as const) {
      const shot = testInfo.outputPath(`${who.replace(' ', '-')}.png`);
      await page.screenshot({ path: shot });
      await testInfo.attach(who, { path: shot, contentType: 'image/png' });
    }

    await boss.page.getByRole('button', { name: 'Hablar con cámara' }).click();
    await expect(boss.page.getByRole('button', { name: 'Silenciar micrófono' })).toBeVisible();
    expect(await gumCalls()).toBeGreaterThan(0);
    await expect(visitor.page.getByRole('region', { name: '3 participants' })).toBeVisible();
    await expect(visitor.page.getByText('A salon supervisor joined')).toBeHidden();
    for (const page of [visitor.page, advisor.page, boss.page]) {
      await expect(page.getByTestId('remote-video')).toHaveCount(2);
      await expect
        .poll(
          async () => (await rtcFacts(page)).framesPerConnection.filter((n) => n > 0).length,
          POLL,
        )
        .toBe(2);
    }
    await expect(boss.page.getByLabel('Video de Diana Tres')).toBeVisible();
    await expect(visitor.page.getByLabel(`Video of ${ADMIN.name}`)).toBeVisible();
    for (const p of [visitor, advisor, boss]) await p.context.close();
  });
});
