import { loggableUrl } from './lib/log-url.js';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createContainer, type Container } from './container.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/kysely.js';
import { systemClock, type Clock } from './lib/clock.js';
import { nullNotifier, type Notifier } from './lib/notifier.js';
import { advisorsRoutes } from './modules/advisors/advisors.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { callRoutes } from './modules/calls/call.routes.js';
import { callsRoutes } from './modules/calls/calls.routes.js';
import { callbacksRoutes } from './modules/callbacks/callbacks.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { salonRoutes } from './modules/salon/salon.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { healthRoutes } from './modules/system/health.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { videoRoutes } from './modules/video/video.routes.js';
import { mediaStatsRoutes } from './modules/video/media-stats.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { chatImagesRoutes } from './modules/chat/chat-images.routes.js';
import { summaryRoutes } from './modules/summary/summary.routes.js';
import { planBookingsRoutes } from './modules/summary/plan-bookings.routes.js';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.js';
import { deskRoutes } from './modules/desk/desk.routes.js';
import { embedStorageRoutes } from './modules/embed/embed-storage.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes.js';
import { attachRealtime, type Realtime } from './modules/realtime/realtime.gateway.js';
import { createSocketNotifier, fanOutNotifier } from './modules/realtime/realtime.notifier.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { slowRequestsPlugin } from './plugins/slow-requests.js';
import { httpMetricsPlugin } from './plugins/http-metrics.js';
import { createMetrics } from './lib/metrics.js';
import {
  LANDING_FILE,
  createLandingPages,
  isServerOnlyAsset,
  landingLanguage,
  landingPageFile,
} from './plugins/landing-page.js';
import { createDocumentSender, siteIdentityOf } from './plugins/site-documents.js';
import { corsOptions } from './plugins/cors.js';
import { allowFraming, embedRoutes } from './plugins/embed-documents.js';
import { trustFunction } from './lib/client-address.js';
import { Redis } from 'ioredis';

export type BuildOptions = {
  clock?: Clock;
  /** An already open database (tests share one across app restarts). */
  database?: DatabaseHandle;
  /** Extra notifier for tests (events are also sent over Socket.IO). */
  notifier?: Notifier;
  instanceId?: string;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
};

/** Secrets that must never reach a log line, wherever an object holding them is logged. */
const REDACTED_LOG_PATHS = [
  'turn.secret',
  '*.turn.secret',
  'config.turn.secret',
  '*.config.turn.secret',
  'TURN_SECRET',
  '*.TURN_SECRET',
  'smtp.url',
  '*.smtp.url',
  'config.smtp.url',
  '*.config.smtp.url',
  'SMTP_URL',
  '*.SMTP_URL',
  'metricsToken',
  '*.metricsToken',
  'config.metricsToken',
  '*.config.metricsToken',
  'METRICS_TOKEN',
  '*.METRICS_TOKEN',
  'clientHashSecret',
  '*.clientHashSecret',
  'config.clientHashSecret',
  '*.config.clientHashSecret',
  'CLIENT_HASH_SECRET',
  '*.CLIENT_HASH_SECRET',
  'whatsapp.accessToken',
  '*.whatsapp.accessToken',
  'config.whatsapp.accessToken',
  'whatsapp.appSecret',
  '*.whatsapp.appSecret',
  'config.whatsapp.appSecret',
  'whatsapp.verifyToken',
  '*.whatsapp.verifyToken',
  'config.whatsapp.verifyToken',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
];

export type App = FastifyInstance & { container: Container; realtime: Realtime };

const here = dirname(fileURLToPath(import.meta.url));
const defaultWebDist = resolve(here, '../../web/dist');

/** Builds the whole app from a typed config: no globals, no import-time side effects. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      // Fastify's request fields, with secret query values replaced (lib/log-url.ts).
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: loggableUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 256 * 1024,
    // Forwarded headers only from the proxies the operator named (TRUST_PROXY); off by default.
    trustProxy: trustFunction(config.trustProxy) || false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    openDatabase(config.databaseUrl, {
      onConnectionError: (err) => app.log.warn({ err }, 'database connection lost; reconnecting'),
      onLongWait: (wait) =>
        app.log.warn(wait, 'a query waited %d ms for the SQLite connection', wait.waitedMs),
    });
  await migrateToLatest(database.db, database.schema);
  if (!options.database) app.addHook('onClose', () => database.close());

  // Limits (HTTP per address, the chat's per sender) live in Redis when configured, so every
  // instance counts the same requests.
  const limitStore = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : null;
  if (limitStore) {
    limitStore.on('error', (err) => app.log.warn({ err }, 'redis (rate limits) error'));
    app.addHook('onClose', async () => {
      await limitStore.quit().catch(() => limitStore.disconnect());
    });
  }

  // This app's own registry (apps built side by side never share a metric); see lib/metrics.ts.
  const metrics = createMetrics();

  // Services emit through one notifier: Socket.IO (bound below) plus the caller's (tests record).
  const socketNotifier = createSocketNotifier();
  const container = createContainer({
    config,
    db: database.db,
    dialect: database.dialect,
    clock: options.clock ?? systemClock,
    notifier: fanOutNotifier(socketNotifier, options.notifier ?? nullNotifier),
    instanceId: options.instanceId ?? randomUUID(),
    log: app.log,
    limitStore,
    metrics,
  });
  app.decorate('container', container);

  await app.register(errorHandlerPlugin);
  await app.register(slowRequestsPlugin);
  await app.register(httpMetricsPlugin, { metrics });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the on-device vision runtime (WebAssembly, served from here) may be
        // compiled; JavaScript's eval stays refused (docs/architecture.md#on-device-vision).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://*.daily.co'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://*.daily.co', 'wss://*.daily.co'],
        frameSrc: ["'self'", 'https://*.daily.co'],
        workerSrc: ["'self'", 'blob:'],
        // Only where the site is HTTPS: on a plain-HTTP deployment (a salon's LAN address) the
        // browser would rewrite the socket's ws:// to wss:// and realtime would never connect.
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only where the site is HTTPS (on plain HTTP browsers ignore it, and it would only
    // mislead whoever reads the headers); a year, subdomains included.
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // The site itself with credentials; the widget's origins (settings) to read, without; no one else.
  await app.register(
    cors,
    corsOptions({
      publicUrl: config.publicUrl,
      embedOrigins: async () => (await container.settings.get()).embed.allowedOrigins,
    }),
  );
  // The limit store made above; a Redis outage lets requests through (skipOnError).
  await app.register(rateLimit, {
    global: false,
    ...(limitStore ? { redis: limitStore, nameSpace: 'belleza-rl-', skipOnError: true } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Belleza en Vivo API', version: '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.register(authPlugin, {
    resolveSession: (token: string) => resolveSession(container, token),
  });

  // The operator's probes and metrics, at the root; open but for the metrics' own guard.
  await app.register(healthRoutes, { system: container.system });
  await app.register(metricsRoutes, { metrics: container.metricsService });

  await app.register(
    async (api) => {
      // Each plugin gets only the services it uses.
      await api.register(authRoutes, {
        auth: container.auth,
        passwordReset: container.passwordReset,
        config,
      });
      await api.register(advisorsRoutes, {
        advisors: container.advisors,
        advisorPhotos: container.advisorPhotos,
        calls: container.calls,
      });
      await api.register(catalogueRoutes, {
        salonServices: container.salonServices,
        testimonials: container.testimonials,
        gallery: container.gallery,
        cataloguePhotos: container.cataloguePhotos,
      });
      await api.register(salonRoutes, {
        salon: container.salon,
        salonLogo: container.salonLogo,
        goLive: container.goLive,
      });
      await api.register(settingsRoutes, { settings: container.settings, audit: container.audit });
      await api.register(mailRoutes, { mail: container.mail });
      await api.register(videoRoutes, { video: container.video });
      // One count per address and per phone for call and callback requests (the socket's too).
      const { requestLimits } = container;
      await api.register(callsRoutes, { calls: container.calls, requestLimits });
      await api.register(callRoutes, { calls: container.calls });
      await api.register(callbacksRoutes, { callbacks: container.callbacks, requestLimits });
      await api.register(mediaStatsRoutes, { mediaStats: container.mediaStats });
      await api.register(chatRoutes, { chat: container.chat });
      await api.register(chatImagesRoutes, { chat: container.chat });
      await api.register(summaryRoutes, { summary: container.summary });
      await api.register(planBookingsRoutes, { planBookings: container.planBookings });
      await api.register(appointmentsRoutes, { appointments: container.appointments });
      await api.register(deskRoutes, { desk: container.desk });
      await api.register(reportsRoutes, { reports: container.reports });
      await api.register(systemRoutes, { system: container.system });
      await api.register(webhooksRoutes, { webhooks: container.webhooks });
      await api.register(whatsappRoutes, { whatsapp: container.whatsapp });
      // The widget frame's saved consultation, in a partitioned cookie.
      await api.register(embedStorageRoutes, { config });
    },
    { prefix: '/api' },
  );

  // Socket.IO on the same HTTP server; closed before Fastify closes the server (open websockets
  // would otherwise keep it open). The sweeper runs only when configured (tests drive it by hand).
  const realtime = attachRealtime(app.server, { ...container, config });
  socketNotifier.bind(realtime.io);
  container.metricsService.countSocketsWith(() => realtime.io.of('/').sockets.size);
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    await container.sweeper.stop();
    await container.webhookWorker.stop();
    await container.whatsappWorker.stop();
    await container.whatsapp.idle();
    socketNotifier.unbind();
    await realtime.close();
    // Alerts already queued still go out (their SMTP timeouts bound the wait).
    await container.mail.idle();
    container.mail.close();
  });
  if (config.sweeper) {
    app.addHook('onReady', (done) => {
      container.sweeper.start();
      // The webhook worker beside it (its own loop: a slow receiver never delays the sweep).
      container.webhookWorker.start();
      container.whatsappWorker.start();
      done();
    });
  }

  const webDist = config.webDist ?? defaultWebDist;
  if (existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are answered by the handler below (HTML documents are personalised first).
      serve: false,
      index: false,
      // The web build writes .br/.gz beside each asset; browsers get the smallest they accept.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under /assets: cache for a year. The HTML shells must
        // always be revalidated so a deploy is picked up at once.
        // A route that chose its own (the widget script) keeps it.
        if (reply.hasHeader('cache-control')) return;
        reply.header(
          'cache-control',
          path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const sendDocument = createDocumentSender(webDist);
    const renderLanding = createLandingPages(
      webDist,
      {
        team: () => container.advisors.landingTeam(),
        services: () => container.salonServices.listPublic(),
        testimonials: () => container.testimonials.listPublic(),
        gallery: () => container.gallery.listPublic(),
      },
      app.log,
    );
    // The salon site's widget script and the page its iframe shows.
    await app.register(embedRoutes, { webDist, sendDocument, settings: container.settings });
    // SPA fallback: any other GET that is not API, docs or socket serves the app shell.
    app.get('/*', async (req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      // An unknown API path is an API 404 (JSON envelope), never the app shell.
      if (path.startsWith('/api/')) return reply.callNotFound();
      const asset = path.slice(1);
      const isFile =
        asset &&
        existsSync(join(webDist, asset)) &&
        !asset.includes('..') &&
        !isServerOnlyAsset(asset);
      if (isFile && !asset.endsWith('.html')) return reply.sendFile(asset);
      // An HTML document names the site and its default language as the admin set them.
      const [{ system, embed }, salon] = await Promise.all([
        container.settings.get(),
        container.salon.getPublic(),
      ]);
      const site = siteIdentityOf(system, salon);
      if (isFile)
        return sendDocument(req, allowFraming(reply, asset, embed.allowedOrigins), asset, site);
      // `/` is the landing page, rendered with the salon's content in the visitor's language, so
      // it paints complete before any JS runs (the build's prerendered file when it has no
      // renderer); every other path keeps the empty shell, so no page flashes the landing.
      if (path === '/') {
        const asked = new URLSearchParams(req.url.split('?')[1] ?? '').get('lang');
        const language = landingLanguage(req.headers.cookie, site.defaultLanguage, asked);
        const page = await renderLanding(language, salon, system.currency);
        if (page !== null)
          return sendDocument(req, varyOn(reply, 'Cookie'), LANDING_FILE, site, page);
      }
      const landing =
        path === '/' ? landingPageFile(webDist, req.headers.cookie, site.defaultLanguage) : null;
      if (landing) return sendDocument(req, varyOn(reply, 'Cookie'), landing, site);
      return sendDocument(req, reply, 'index.html', site);
    });
  }

  return app as unknown as App;
}

/** Adds `field` to the reply's Vary (CORS has put Origin there already). */
function varyOn(reply: FastifyReply, field: string): FastifyReply {
  const current = reply.getHeader('vary');
  return reply.header('vary', current ? `${String(current)}, ${field}` : field);
}

/** Session lookup used by the auth hook: revoked, expired or deleted-advisor sessions give null. */
function resolveSession(container: Container, token: string) {
  return container.sessions.resolve(token);
}
