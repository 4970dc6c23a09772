/**
 * Recommendations and the visitor's summary (docs/product.md#recommendations,
 * docs/product.md#the-visitors-summary).
 *
 * Recommendations: the advisor who took the call and admins read and write them (another advisor
 * 403, unknown call 404), while the call is active and until RECOMMENDATIONS_EDIT_HOURS after it
 * ended (then 409 RECOMMENDATIONS_CLOSED; a call that never started or was cancelled: 409
 * CALL_NOT_ACTIVE).
 *
 * The summary: once a call that connected is completed, its visitor gets the path of her summary
 * (with her call key, or by e-mail); the summary key in it opens the summary — the call, the
 * recommendations, the chat with its photos — until `system.retentionDays` after the end. A wrong
 * or missing key, an unknown call, one not completed or one expired all answer the same 404
 * SUMMARY_NOT_FOUND. With the key she may delete a photo she sent or a snapshot of her video (as
 * during the call, through the chat's one deletion), or the whole chat.
 *
 * Retention: once a day, at PURGE_HOUR_LIMA in Lima, one instance (claimed in the database)
 * deletes the chat, photos, intake and summary of every call that ended more than `retentionDays` ago. The
 * calls themselves stay (reports).
 */
import {
  RECOMMENDATIONS_EDIT_HOURS,
  recommendationOutItemSchema,
  type CallSummary,
  type IntakePhotoSlot,
  type Recommendations,
  type RecommendationsBody,
  type SummaryLink,
} from '@belleza/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { hashSecret } from '../../lib/ids.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { CallsService, UserActor } from '../calls/calls.service.js';
import type { SalonServicesService } from '../catalogue/salon-services.service.js';
import type { ChatImageFile, ChatService } from '../chat/chat.service.js';
import type { SalonService } from '../salon/salon.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { createPlanCatalogue } from './summary-plan.js';
import { summaryExpiry, type SummaryLinksService } from './summary-links.service.js';
import {
  claimPurgeDay,
  findSummaryCall,
  hasSummaryKey,
  markPurgeDone,
  purgeSummariesOfCallsEndedBefore,
  markPlanGiven,
  upsertRecommendations,
  type SummaryCallRow,
} from './summary.repository.js';

/** The nightly purge runs from this hour of the Lima day (quiet: the salon is closed). */
export const PURGE_HOUR_LIMA = 3;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** Summary rows the purge deletes per statement. */
const PURGE_BATCH = 200;
/** Longer than any key the server makes: not even hashed. */
const KEY_MAX = 200;

export type SummaryServiceDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'instanceId'> & {
  settings: Pick<SettingsService, 'get'>;
  salon: Pick<SalonService, 'contacts'>;
  /** the visitor's call key, checked as on the calls module's other visitor routes */
  calls: Pick<
    CallsService,
    'verifyClient' | 'intakeOfCall' | 'purgeIntakesEndedBefore' | 'purgeReturningClients'
  >;
  chat: Pick<
    ChatService,
    | 'transcript'
    | 'imageFile'
    | 'intakePhotoOfCall'
    | 'deleteVisitorImage'
    | 'deleteChat'
    | 'purgeEndedBefore'
  >;
  links: Pick<SummaryLinksService, 'linkOf'>;
  /** `plan.created` for the salon's CRM, in the transaction of the first save with a plan */
  webhooks: Pick<WebhooksService, 'planCreated'>;
  /** the catalogue a plan's services come from */
  salonServices: Pick<SalonServicesService, 'byIds'>;
  advisors: Pick<AdvisorsService, 'liveRecords'>;
};

export type SummaryService = ReturnType<typeof createSummaryService>;

/** What one purge deleted. */
export type PurgeCounts = { messages: number; images: number; summaries: number; intakes: number };

/**
 * Items as stored (written through the contract's body schema; read back leniently): items saved
 * before plans took services from the catalogue have no service and no duration.
 */
const storedItemsSchema = z.array(
  recommendationOutItemSchema.extend({
    serviceId: recommendationOutItemSchema.shape.serviceId.default(null),
    durationMinutes: recommendationOutItemSchema.shape.durationMinutes.default(null),
  }),
);

const notYours = () => forbidden('This call is not yours');
const summaryNotFound = () => notFound('SUMMARY_NOT_FOUND', 'Summary');

export function createSummaryService(deps: SummaryServiceDeps) {
  const { db, clock, log, instanceId, settings, salon, calls, chat, links, webhooks } = deps;
  const { bookableServices, resolveItems } = createPlanCatalogue(deps);
  /** No purge check before this instant (in memory; the database decides who purges). */
  let nextPurgeCheck = 0;

  async function requireCall(callId: string): Promise<SummaryCallRow> {
    const call = await findSummaryCall(db, callId);
    if (!call) throw notFound('CALL_NOT_FOUND', 'Call');
    return call;
  }

  /** The advisor who took the call, or an admin. */
  function requireAdvisorOf(call: SummaryCallRow, user: UserActor): void {
    if (user.isAdmin) return;
    if (call.accepted_at === null || call.advisor_id !== user.advisorId) throw notYours();
  }

  const editableUntil = (call: SummaryCallRow): string | null =>
    call.status === 'completed' && call.ended_at !== null
      ? new Date(Date.parse(call.ended_at) + RECOMMENDATIONS_EDIT_HOURS * HOUR_MS).toISOString()
      : null;

  function requireEditable(call: SummaryCallRow): void {
    if (call.status === 'active') return;
    const until = editableUntil(call);
    if (until === null) {
      throw new AppError(
        'CALL_NOT_ACTIVE',
        409,
        'Recommendations are written during the call or right after it',
      );
    }
    if (clock.now().toISOString() > until) {
      throw new AppError(
        'RECOMMENDATIONS_CLOSED',
        409,
        `Recommendations can be changed until ${RECOMMENDATIONS_EDIT_HOURS} hours after the call`,
        { editableUntil: until },
      );
    }
  }

  function itemsOf(call: SummaryCallRow): Recommendations['items'] {
    if (call.items === null) return [];
    try {
      const parsed = storedItemsSchema.safeParse(JSON.parse(call.items));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through: logged below
    }
    log.warn({ callId: call.id }, 'stored recommendation items are invalid; shown as none');
    return [];
  }

  function toRecommendations(call: SummaryCallRow): Recommendations {
    return {
      callId: call.id,
      text: call.recommendations ?? '',
      items: itemsOf(call),
      updatedAt: call.updated_at,
      editableUntil: editableUntil(call),
    };
  }

  /**
   * The call behind a summary key, or SUMMARY_NOT_FOUND whatever is wrong: the key is looked up
   * by its hash among the summary's keys (only hashes are stored), as session tokens are.
   */
  async function openSummary(
    key: string | undefined,
    callId: string,
  ): Promise<{ call: SummaryCallRow & { ended_at: string }; expiresAt: string }> {
    const call = await findSummaryCall(db, callId);
    const given = key ?? '';
    const keyMatches =
      given.length > 0 &&
      given.length <= KEY_MAX &&
      (await hasSummaryKey(db, callId, hashSecret(given)));
    if (!call || !keyMatches || call.status !== 'completed' || call.started_at === null)
      throw summaryNotFound();
    const endedAt = call.ended_at;
    if (endedAt === null) throw summaryNotFound();
    const { system } = await settings.get();
    const expiresAt = summaryExpiry(endedAt, system.retentionDays);
    if (clock.now().toISOString() > expiresAt) throw summaryNotFound();
    return { call: { ...call, ended_at: endedAt }, expiresAt };
  }

  async function summaryOf(callId: string, key: string | undefined): Promise<CallSummary> {
    const { call, expiresAt } = await openSummary(key, callId);
    const { system } = await settings.get();
    const { name, ...salonContacts } = await salon.contacts(system.defaultLanguage);
    const durationSeconds =
      call.duration_seconds !== null
        ? Number(call.duration_seconds)
        : call.started_at !== null
          ? (Date.parse(call.ended_at) - Date.parse(call.started_at)) / 1000
          : null;
    const { text, items, updatedAt } = toRecommendations(call);
    const bookable = await bookableServices(call, items);
    return {
      callId: call.id,
      siteName: name,
      salonContacts,
      contactUrl: system.contactUrl === '' ? null : system.contactUrl,
      clientName: call.client_name,
      subject: call.subject,
      advisor: { name: call.advisor_name ?? '', title: call.advisor_title || null },
      startedAt: call.started_at,
      endedAt: call.ended_at,
      durationMinutes:
        durationSeconds === null ? null : Math.max(0, Math.ceil(durationSeconds / 60)),
      recommendations: {
        text,
        items: items.map((i) => ({
          ...i,
          bookable: i.serviceId !== null && bookable.has(i.serviceId),
        })),
        updatedAt,
      },
      messages: await chat.transcript(call.id),
      intake: await calls.intakeOfCall(call.id),
      expiresAt,
    };
  }

  /** Deletes the chat, photos and summaries of calls that ended `retentionDays` before `now`. */
  async function purge(now: Date): Promise<PurgeCounts & { cutoff: string }> {
    const { system } = await settings.get();
    const cutoff = new Date(now.getTime() - system.retentionDays * DAY_MS).toISOString();
    const { messages, images } = await chat.purgeEndedBefore(cutoff);
    let summaries = 0;
    for (;;) {
      const n = await purgeSummariesOfCallsEndedBefore(db, cutoff, PURGE_BATCH);
      summaries += n;
      if (n < PURGE_BATCH) break;
    }
    const intakes = await calls.purgeIntakesEndedBefore(cutoff);
    // Returning clients are kept longer than the summaries (their own period).
    await calls.purgeReturningClients(now);
    return { messages, images, summaries, intakes, cutoff };
  }

  return {
    /** GET /api/calls/{id}/recommendations: the advisor who took the call, or an admin. */
    async recommendations(user: UserActor, callId: string): Promise<Recommendations> {
      const call = await requireCall(callId);
      requireAdvisorOf(call, user);
      return toRecommendations(call);
    },

    /** PUT /api/calls/{id}/recommendations: replaces them while the edit window is open. */
    async saveRecommendations(
      user: UserActor,
      callId: string,
      body: RecommendationsBody,
    ): Promise<Recommendations> {
      const call = await requireCall(callId);
      requireAdvisorOf(call, user);
      requireEditable(call);
      const savedAt = clock.now().toISOString();
      const items = await resolveItems(body.items);
      // The first save that gives the call a plan tells the CRM (once: webhooks.service.ts).
      const creates =
        (body.text !== '' || items.length > 0) &&
        (call.recommendations ?? '') === '' &&
        (call.items ?? '[]') === '[]';
      await db.transaction().execute(async (trx) => {
        await upsertRecommendations(trx, {
          call_id: callId,
          recommendations: body.text,
          items: JSON.stringify(items),
          updated_at: savedAt,
          updated_by: user.advisorId,
        });
        if (body.text !== '' || items.length > 0) await markPlanGiven(trx, callId, savedAt);
        if (creates) {
          const advisorId = call.advisor_id ?? user.advisorId;
          await webhooks.planCreated(trx, { callId, advisorId, text: body.text, items, savedAt });
        }
      });
      return toRecommendations(await requireCall(callId));
    },

    /**
     * GET /api/calls/{id}/summary-link: the visitor (her call key: 403 INVALID_CLIENT_KEY, 404
     * CALL_NOT_FOUND as on the call's other routes) of a call that connected and is completed,
     * until it expires; otherwise 404 SUMMARY_NOT_FOUND.
     */
    async link(clientKey: string, callId: string): Promise<SummaryLink> {
      const call = await calls.verifyClient(callId, clientKey);
      if (call.status !== 'completed' || call.startedAt === null || call.endedAt === null)
        throw summaryNotFound();
      const link = await links.linkOf(callId, call.endedAt, clientKey);
      if (!link) throw summaryNotFound();
      return link;
    },

    /**
     * The call behind a summary key with its plan's items, for booking a service from it
     * (SUMMARY_NOT_FOUND whatever is wrong with the key, as for reading the summary).
     */
    async openPlan(key: string | undefined, callId: string) {
      const { call } = await openSummary(key, callId);
      return { call, items: toRecommendations(call).items };
    },

    /** GET /api/summaries/{id} with the summary key. */
    summary: (key: string | undefined, callId: string): Promise<CallSummary> =>
      summaryOf(callId, key),

    /** GET /api/summaries/{id}/images/{imageId}: a photo of that call's chat (else 404). */
    async image(key: string | undefined, callId: string, imageId: string): Promise<ChatImageFile> {
      await openSummary(key, callId);
      return chat.imageFile(callId, imageId);
    },

    /** GET /api/summaries/{id}/intake/photos/{slot}: a photo of that call's intake (else 404). */
    async intakePhoto(
      key: string | undefined,
      callId: string,
      slot: IntakePhotoSlot,
    ): Promise<ChatImageFile> {
      await openSummary(key, callId);
      return chat.intakePhotoOfCall(callId, slot);
    },

    /**
     * DELETE /api/summaries/{id}/images/{imageId}: a photo the visitor sent or a snapshot of her
     * video; the new summary.
     */
    async deleteImage(
      key: string | undefined,
      callId: string,
      imageId: string,
    ): Promise<CallSummary> {
      await openSummary(key, callId);
      await chat.deleteVisitorImage(callId, imageId);
      log.info({ callId, imageId }, 'the visitor deleted a photo from her summary');
      return summaryOf(callId, key);
    },

    /** DELETE /api/summaries/{id}/messages: the call's whole chat; the new summary. */
    async deleteChat(key: string | undefined, callId: string): Promise<CallSummary> {
      await openSummary(key, callId);
      const deleted = await chat.deleteChat(callId);
      log.info({ callId, ...deleted }, 'the visitor deleted the chat of her summary');
      return summaryOf(callId, key);
    },

    /**
     * The nightly purge, from PURGE_HOUR_LIMA on each Lima day, once across instances (the day is
     * claimed in the database). Called by the sweeper every tick; cheap when it is not due. The
     * number of rows it deleted (0 when it did not run here).
     */
    async purgeIfDue(now: Date = clock.now()): Promise<number> {
      if (now.getTime() < nextPurgeCheck) return 0;
      const day = limaDateOf(now);
      const dueAt = Date.parse(limaDayBoundsUtc(day).start) + PURGE_HOUR_LIMA * HOUR_MS;
      if (now.getTime() < dueAt) {
        nextPurgeCheck = dueAt;
        return 0;
      }
      nextPurgeCheck = dueAt + DAY_MS;
      if (!(await claimPurgeDay(db, { day, instanceId, now: now.toISOString() }))) return 0;
      const { cutoff, ...counts } = await purge(now);
      const purged = counts.messages + counts.images + counts.summaries + counts.intakes;
      await markPurgeDone(db, day, { now: clock.now().toISOString(), purged });
      log.info({ day, cutoff, ...counts }, 'retention purge done');
      return purged;
    },
  };
}
