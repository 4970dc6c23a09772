/**
 * Row types of every table (snake_case, as stored). Timestamps are UTC ISO-8601 strings and
 * booleans are 0/1 integers on both SQLite and PostgreSQL; repositories normalise them. The
 * salon's own content (catalogue, opinions, gallery, profile) is in schema-salon.ts.
 */
import type { WebhookTables } from './schema-webhooks.js'; // the webhook outbox's tables
import type {
  PhotoRenditionColumns,
  CataloguePhotosTable,
  GalleryItemsTable,
  SalonLogoTable,
  SalonProfileTable,
  SalonServicesTable,
  SalonServiceStylistsTable,
  TestimonialsTable,
} from './schema-salon.js';

export type {
  CataloguePhotosTable,
  GalleryItemsTable,
  SalonLogoTable,
  SalonProfileTable,
  SalonServicesTable,
  SalonServiceStylistsTable,
  TestimonialsTable,
} from './schema-salon.js';
import type { ReturningClientsTable } from './returning-clients.table.js';
import type { WhatsappTables } from './whatsapp.table.js'; // the WhatsApp channel's tables

export type AdvisorsTable = {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  status: 'available' | 'busy' | 'offline';
  status_reason: string | null;
  is_admin: number;
  /** 1 when an admin lists the advisor in the landing's team */
  show_on_landing: number;
  title: string;
  phone: string;
  bio: string;
  timezone: string;
  /** JSON array of strings */
  expertise: string;
  auto_accept_calls: number;
  max_concurrent_calls: number;
  /** JSON WorkingHours */
  working_hours: string;
  /** consecutive offers that timed out; two in a row switch the advisor offline */
  missed_offers_in_row: number;
  /** when the advisor last finished a call (routing prefers the longest idle) */
  last_call_ended_at: string | null;
  /** set while an admin has suspended her: she cannot be available until it is lifted */
  suspended_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

export type AdvisorSessionsTable = {
  id: string;
  advisor_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  revoked_at: string | null;
};

/** One row per connected advisor socket, refreshed by the heartbeat; shared by all instances. */
export type SocketConnectionsTable = {
  socket_id: string;
  advisor_id: string;
  instance_id: string;
  connected_at: string;
  last_seen_at: string;
};

/** One visitor socket joined to its call; `disconnected_at` once it closed (kept for the grace). */
export type VisitorConnectionsTable = {
  socket_id: string;
  call_id: string;
  instance_id: string;
  last_seen_at: string;
  disconnected_at: string | null;
};

export type CallsTable = {
  id: string;
  status: 'pending' | 'active' | 'completed' | 'cancelled';
  /** the advisor the call is offered to (pending) or handled by (active/completed); null while queued */
  advisor_id: string | null;
  client_id: string;
  client_key_hash: string;
  client_name: string;
  client_email: string;
  client_phone: string;
  /** digits only, for returning-client detection and the open requests per phone */
  client_phone_normalized: string;
  /** hash of the client address that asked (null for calls from before it was kept) */
  client_address_hash: string | null;
  subject: string;
  message: string;
  source: string;
  language: 'es' | 'en';
  consent_at: string | null;
  requested_at: string;
  /** deadline of the current offer; null when not offered */
  offer_expires_at: string | null;
  accepted_at: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  rating: number | null;
  rating_comment: string | null;
  rated_at: string | null;
  reason: string | null;
  ended_by: 'client' | 'advisor' | 'admin' | 'system' | null;
  room_provider: string | null;
  room_name: string | null;
  room_url: string | null;
  room_expires_at: string | null;
  estimated_wait_seconds: number | null;
  /** the smallest 'minutes left' warning sent before maxCallDuration (5, then 1); null: none yet */
  end_warned_minutes: number | null;
  updated_at: string;
  /** the booking the visitor entered this call from; its advisor is rung first */
  appointment_id: string | null;
  /** when the visitor's page first joined the call over its socket; null: never (not watched) */
  client_connected_at: string | null;
  /** an active call whose visitor has no live connection: since when (announced once); else null */
  client_absent_since: string | null;
  /** when the call was first given a plan (text or items); kept after the summary is purged */
  plan_at: string | null;
};

export type CallOffersTable = {
  id: string;
  call_id: string;
  advisor_id: string;
  offered_at: string;
  expires_at: string;
  responded_at: string | null;
  outcome: 'pending' | 'accepted' | 'declined' | 'timeout' | 'withdrawn';
};

export type CallNotesTable = {
  call_id: string;
  advisor_id: string;
  notes: string;
  updated_at: string;
};

export type SettingsTable = {
  section: string;
  /** JSON of the section */
  value: string;
  updated_at: string;
  updated_by: string | null;
};

export type AuditLogTable = {
  id: string;
  actor_id: string | null;
  action: string;
  target: string | null;
  /** JSON, secrets masked */
  changes: string;
  created_at: string;
};

export type CallbacksTable = {
  id: string;
  name: string;
  phone: string;
  preferred_time: string;
  message: string;
  status: 'open' | 'done';
  consent_at: string;
  created_at: string;
  done_at: string | null;
  done_by: string | null;
};

/** One row per participant of a call: the last figures its page reported (`rtc:stats`). */
export type CallMediaStatsTable = {
  call_id: string;
  participant_type: 'client' | 'advisor' | 'admin';
  /** clientId, advisorId or the admin's advisorId (as in the room token) */
  participant_id: string;
  participant_name: string;
  quality: 'good' | 'weak' | 'bad';
  /** the worst quality reported during the call */
  worst_quality: 'good' | 'weak' | 'bad';
  local_candidate_type: 'host' | 'srflx' | 'prflx' | 'relay' | null;
  remote_candidate_type: 'host' | 'srflx' | 'prflx' | 'relay' | null;
  rtt_ms: number | null;
  packet_loss_pct: number | null;
  bitrate_kbps: number | null;
  /** the first non-null value reported; later reports never change it */
  time_to_first_frame_ms: number | null;
  /** reports stored (throttled ones are not counted) */
  reports: number;
  created_at: string;
  updated_at: string;
};

/** Chat in the call (docs/product.md#chat): a row per message, oldest first by (created_at, id). */
export type CallMessagesTable = {
  call_id: string;
  /** the sender's UUID for the message: unique within the call */
  id: string;
  sender_type: 'client' | 'advisor' | 'admin';
  /** the advisor's id (advisor or admin), or the call's client_id for the visitor */
  sender_id: string;
  sender_name: string;
  /** trimmed plain text, stored as sent (no HTML processing); may be '' when it shows a photo */
  body: string;
  /**
   * the photo it shows: a `call_images` row of the same call, uploaded by the same sender (checked
   * by the chat service; no foreign key)
   */
  image_id: string | null;
  created_at: string;
};

/**
 * Photos in the chat (docs/product.md#photos): each one re-encoded by the server as a JPEG (no
 * EXIF, GPS, XMP or ICC), its bytes here so every instance serves it. Read only with the call's
 * access.
 */
export type CallImagesTable = {
  /** `img_…` (newId): random, and every read checks the call anyway */
  id: string;
  call_id: string;
  uploader_type: 'client' | 'advisor' | 'admin';
  /** the advisor's id (advisor or admin), or the call's client_id for the visitor */
  uploader_id: string;
  /**
   * 'photo' (sent from a device), 'snapshot' (a still of the visitor's video, by the advisor),
   * 'preview' (the stylist's colour preview), 'closeup' (a full-resolution still her phone took
   * when the stylist asked) or 'intake' (a photo of her intake, never in the chat)
   */
  kind: 'photo' | 'snapshot' | 'preview' | 'closeup' | 'intake';
  content_type: 'image/jpeg';
  width: number;
  height: number;
  size_bytes: number;
  /** BLOB on SQLite, bytea on PostgreSQL */
  data: Buffer;
  created_at: string;
};

/**
 * The visitor's hair intake (docs/product.md#hair-intake), one per call, written with her request;
 * its photos are `call_images` rows of the call (kind 'intake').
 */
export type CallIntakesTable = {
  call_id: string;
  /** JSON array of ChemicalTreatment names; '[]' = not answered */
  chemical_history: string;
  /** '' = none declared */
  allergies: string;
  current_image_id: string | null;
  inspiration_image_id: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * Advisors' profile photos (docs/product.md#advisor-photos): one row per rendition (square, `size`
 * px, WebP or AVIF) of an advisor's one photo, written by the server from the upload's pixels (no
 * metadata). Public while the advisor is on the landing; staff see every live advisor's.
 */
export type AdvisorPhotosTable = PhotoRenditionColumns & { advisor_id: string };

/**
 * Recommendations and the visitor's summary (docs/product.md#the-visitors-summary): one row per
 * call, made on first need (the advisor writes recommendations, the visitor asks for her link, or
 * her e-mail goes out).
 */
export type CallSummariesTable = {
  call_id: string;
  /** the recommendations' free text ('' when none) */
  recommendations: string;
  /** JSON array of RecommendationItem */
  items: string;
  /** when the recommendations were last written; null while never */
  updated_at: string | null;
  /** the advisor (or admin) who last wrote them */
  updated_by: string | null;
  /** when an instance claimed the visitor's e-mail with the link; null: not (yet) sent */
  emailed_at: string | null;
};

/**
 * A key that opens a visitor's summary (`x-summary-key`): its SHA-256 only, one per link handed
 * out (her page's, her e-mail's); deleted with the summary. See decisions.md.
 */
export type SummaryKeysTable = {
  /** SHA-256 (hex) of the key */
  key_hash: string;
  call_id: string;
  created_at: string;
};

/** One row per America/Lima day whose retention purge an instance claimed (and maybe finished). */
export type RetentionPurgesTable = {
  /** YYYY-MM-DD, Lima */
  day: string;
  claimed_at: string;
  claimed_by: string;
  finished_at: string | null;
  /** rows deleted (messages, photos, summaries) */
  purged: number | null;
};

/** One row per America/Lima day whose summary e-mail an instance claimed (and maybe sent). */
export type DailySummaryMailsTable = {
  /** YYYY-MM-DD, Lima */
  day: string;
  claimed_at: string;
  /** instance id of the claimer */
  claimed_by: string;
  attempts: number;
  /** null while the claimer sends, or after it failed */
  sent_at: string | null;
};

/** A booked consultation (docs/product.md#appointments): one advisor for one slot. */
export type AppointmentsTable = {
  /** `apt_…` (newId) */
  id: string;
  advisor_id: string;
  status: 'booked' | 'cancelled' | 'attended' | 'no_show';
  starts_at: string;
  ends_at: string;
  /** ends_at plus the buffer in force when booked: the advisor is not bookable before it */
  held_until: string;
  subject: 'skin_care' | 'makeup' | 'hair_care' | 'nail_care' | 'general';
  client_name: string;
  client_phone: string;
  /** the phone's digits: the same person however she types it */
  client_phone_digits: string;
  /** hash of the client address that booked (null for bookings from before it was kept) */
  client_address_hash: string | null;
  client_email: string;
  message: string;
  language: 'es' | 'en';
  /** the visitor's time zone for her e-mails (America/Lima when unknown) */
  time_zone: string;
  /** the call she entered with */
  call_id: string | null;
  cancelled_by: 'client' | 'advisor' | 'admin' | null;
  created_at: string;
  updated_at: string;
  /** when the 24 h / 1 h reminder was claimed */
  reminded_day_at: string | null;
  reminded_hour_at: string | null;
  /** a video consultation, or an in-salon service booked from a plan */
  kind: 'consultation' | 'service';
  /** a service booking: the service as it was when booked (null for a consultation) */
  service_id: string | null;
  service_name: string | null;
  service_minutes: number | null;
  service_price_cents: number | null;
  /** the call whose plan the service was booked from */
  plan_call_id: string | null;
  /** booked at the reception by this staff member (null: by the client herself) */
  booked_by_id: string | null;
  booked_by_name: string | null;
  /** 1: the staff member who booked confirmed the client's consent given by word of mouth */
  verbal_consent: number;
  /** a service's outcome: the final price in cents when done (status 'attended'), else null */
  outcome_price_cents: number | null;
  /** when the outcome was (last) recorded, and the id of the advisor or admin who did */
  outcome_at: string | null;
  outcome_by: string | null;
};

/**
 * A key that opens a booking's manage page (`x-appointment-key`): its SHA-256 only, one per link
 * handed out (the booking's answer, each e-mail); deleted with the booking. See decisions.md.
 */
export type AppointmentKeysTable = {
  /** SHA-256 (hex) of the key */
  key_hash: string;
  appointment_id: string;
  created_at: string;
};

/** A "¿Olvidaste tu contraseña?" link: the SHA-256 of its token, valid until `expires_at`, once. */
export type PasswordResetsTable = {
  id: string;
  advisor_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

/**
 * A visitor's e-mail address as the "one e-mail until confirmed" rule knows it (decisions.md): the
 * SHA-256 of the address, never the address.
 */
export type EmailConfirmationsTable = {
  /** SHA-256 (hex) of the address, trimmed and lower-cased */
  email_hash: string;
  /** when its first e-mail was claimed (the one with the confirmation link) */
  first_mailed_at: string;
  /** SHA-256 (hex) of that link's token; null once used */
  token_hash: string | null;
  /** when its owner confirmed it; null while it is not */
  confirmed_at: string | null;
};

/** The admin report's rollups (modules/reports): figures of finished history, by what they cover. */
export type ReportRollupsTable = {
  /** e.g. `segment:2026-11`, `segment:2026-12/2026-12-04`, `clients:<start>/<end>` */
  key: string;
  /** the covered rows' fingerprint when the figures were computed */
  fingerprint: string;
  /** JSON of the figures */
  figures: string;
  updated_at: string;
};
export type Database = WebhookTables &
  WhatsappTables & {
    advisors: AdvisorsTable;
    advisor_sessions: AdvisorSessionsTable;
    socket_connections: SocketConnectionsTable;
    visitor_connections: VisitorConnectionsTable;
    calls: CallsTable;
    call_offers: CallOffersTable;
    call_notes: CallNotesTable;
    settings: SettingsTable;
    audit_log: AuditLogTable;
    callbacks: CallbacksTable;
    call_media_stats: CallMediaStatsTable;
    call_messages: CallMessagesTable;
    call_images: CallImagesTable;
    call_intakes: CallIntakesTable;
    daily_summary_mails: DailySummaryMailsTable;
    call_summaries: CallSummariesTable;
    retention_purges: RetentionPurgesTable;
    appointments: AppointmentsTable;
    appointment_keys: AppointmentKeysTable;
    summary_keys: SummaryKeysTable;
    advisor_photos: AdvisorPhotosTable;
    password_resets: PasswordResetsTable;
    email_confirmations: EmailConfirmationsTable;
    salon_services: SalonServicesTable;
    salon_service_stylists: SalonServiceStylistsTable;
    testimonials: TestimonialsTable;
    gallery_items: GalleryItemsTable;
    catalogue_photos: CataloguePhotosTable;
    salon_profile: SalonProfileTable;
    salon_logo: SalonLogoTable;
    report_rollups: ReportRollupsTable;
    returning_clients: ReturningClientsTable;
  };
