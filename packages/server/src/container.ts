/**
 * Wiring: the only place that knows every module. Services are factory functions taking their
 * dependencies; routes and socket handlers receive the container.
 */
import type { Deps } from './deps.js';
import { createAdvisorsService } from './modules/advisors/advisors.service.js';
import { createAdvisorPhotosService } from './modules/advisors/advisor-photos.service.js';
import { createCataloguePhotosService } from './modules/catalogue/catalogue-photos.service.js';
import { createGalleryService } from './modules/catalogue/gallery.service.js';
import { createSalonServicesService } from './modules/catalogue/salon-services.service.js';
import { createTestimonialsService } from './modules/catalogue/testimonials.service.js';
import { createGoLiveService } from './modules/salon/go-live.service.js';
import { createSalonLogoService } from './modules/salon/salon-logo.service.js';
import { createSalonService } from './modules/salon/salon.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { createPasswordReset } from './modules/auth/password-reset.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createSystemService } from './modules/system/system.service.js';
import { createMetricsService } from './modules/metrics/metrics.service.js';
import { createVideoService } from './modules/video/video.service.js';
import { createMediaStatsService } from './modules/video/media-stats.service.js';
import { createCallsService } from './modules/calls/calls.service.js';
import { createCallbacksService } from './modules/callbacks/callbacks.service.js';
import { createPresenceService } from './modules/realtime/presence.service.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createChatService } from './modules/chat/chat.service.js';
import { createSummaryLinksService } from './modules/summary/summary-links.service.js';
import { createSummaryService } from './modules/summary/summary.service.js';
import { createPlanBookingsService } from './modules/summary/plan-bookings.service.js';
import { createAppointmentKeysService } from './modules/appointments/appointment-keys.service.js';
import { createAppointmentsService } from './modules/appointments/appointments.service.js';
import { createDeskService } from './modules/desk/desk.service.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';
import { createWebhookWorker } from './modules/webhooks/webhooks.worker.js';
import { createWhatsappService } from './modules/whatsapp/whatsapp.service.js';
import { createWhatsappWorker } from './modules/whatsapp/whatsapp.worker.js';
import { createSweeper } from './sweeper/sweeper.js';
import { createVisitorRequestLimits } from './lib/limits.js';

export function createContainer(deps: Deps) {
  // -- core (foundation): audit, settings, auth, advisors
  const audit = createAuditService(deps);
  const sessions = createSessionsService(deps);
  const advisors = createAdvisorsService(deps, { audit, sessions });
  const advisorPhotos = createAdvisorPhotosService(deps, { audit });
  const settings = createSettingsService(deps, { audit, advisors });
  const auth = createAuthService(deps, { advisors, sessions, audit });
  // -- outgoing webhooks: the changes below record their events in their own transactions
  const webhooks = createWebhooksService({ ...deps, audit });
  const webhookWorker = createWebhookWorker(deps);
  // -- the salon's catalogue: services, opinions (calls record consented ratings), gallery
  const salonServices = createSalonServicesService(deps, { audit, advisors });
  const testimonials = createTestimonialsService(deps, { audit });
  const gallery = createGalleryService(deps, { audit });
  const cataloguePhotos = createCataloguePhotosService(deps, { audit });
  // -- the salon's profile (name, contacts, hours) and what it lacks to go live
  const salon = createSalonService(deps, { audit, settings, advisors });
  const salonLogo = createSalonLogoService(deps, { audit });
  const goLive = createGoLiveService(deps, { salon, salonServices, advisors });
  // -- calls: video, calls, presence, reports, system
  const video = createVideoService({ ...deps, settings });
  const presence = createPresenceService(deps);
  // The visitor's summary link and booking keys before mail (her e-mails carry them), mail before
  // calls.
  const summaryLinks = createSummaryLinksService({ ...deps, settings });
  const appointmentKeys = createAppointmentKeysService(deps);
  const mail = createMailService({
    ...deps,
    settings,
    salon,
    summaries: summaryLinks,
    appointmentKeys,
  });
  // -- WhatsApp: bookings and calls queue their messages; the phone hash is the calls' (lazily:
  // calls are made just below, with this service)
  const phoneHash = (phone: string) => calls.phoneHash(phone);
  const whatsapp = createWhatsappService({ ...deps, phoneHash });
  const whatsappWorker = createWhatsappWorker({
    ...deps,
    whatsapp,
    client: whatsapp.client,
    phoneHash,
    appointmentKeys,
    summaries: summaryLinks,
  });
  const calls = createCallsService({
    ...deps,
    whatsapp,
    settings,
    advisors,
    video,
    mail,
    testimonials,
    webhooks,
  });
  const callbacks = createCallbacksService({ ...deps, mail });
  const mediaStats = createMediaStatsService({ ...deps, calls });
  const chat = createChatService({ ...deps, calls });
  const summary = createSummaryService({
    ...deps,
    settings,
    salon,
    calls,
    chat,
    links: summaryLinks,
    webhooks,
    salonServices,
    advisors,
  });
  const appointments = createAppointmentsService({
    ...deps,
    settings,
    advisors,
    calls,
    mail,
    webhooks,
    whatsapp,
    salonServices,
  });
  const desk = createDeskService({ salonServices, advisors, appointments });
  const planBookings = createPlanBookingsService({
    summary,
    salonServices,
    advisors,
    appointments,
  });
  const passwordReset = createPasswordReset(deps, { advisors, sessions, audit, mail });
  const sweeper = createSweeper({
    calls,
    presence,
    mail,
    summary,
    appointments,
    clock: deps.clock,
    log: deps.log,
  });
  // -- reports, system
  const reports = createReportsService(deps);
  const system = createSystemService({ ...deps, settings });
  // -- the operator's metrics: the gauges read at scrape time, and who may scrape
  const metricsService = createMetricsService({ ...deps, calls, system });
  // The visitor's call and callback requests, counted together over HTTP and the socket.
  const requestLimits = createVisitorRequestLimits(deps.config, deps.limitStore);
  return {
    ...deps,
    audit,
    sessions,
    advisors,
    advisorPhotos,
    salonServices,
    testimonials,
    gallery,
    cataloguePhotos,
    salon,
    salonLogo,
    goLive,
    settings,
    auth,
    video,
    presence,
    mail,
    calls,
    callbacks,
    mediaStats,
    chat,
    summaryLinks,
    summary,
    appointments,
    planBookings,
    desk,
    sweeper,
    reports,
    system,
    metricsService,
    requestLimits,
    passwordReset,
    webhooks,
    webhookWorker,
    whatsapp,
    whatsappWorker,
  };
}

export type Container = ReturnType<typeof createContainer>;
