/**
 * The calls module's shared vocabulary: who acts on a call, what the transitions hand to the
 * after-commit step, and the inputs of a request. Other modules import these types from here.
 */
import type { TestimonialsService } from '../catalogue/testimonials.service.js';
import type { Settings, callRequestBodySchema } from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { VideoService } from '../video/video.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { VideoParticipant, VideoRoom } from '../video/video.provider.js';
import type { CallRecord } from './calls.repository.js';
import type { WhatsappService } from '../whatsapp/whatsapp.service.js';

/** A signed-in advisor (admins included) acting on calls. */
export type UserActor = Pick<AuthUser, 'advisorId' | 'isAdmin' | 'name'>;
/** Who acts on a call: a visitor proving it with the call's clientKey, or a signed-in advisor. */
export type CallActor = { kind: 'client'; clientKey: string } | { kind: 'user'; user: UserActor };

/**
 * Who the actor is in a call's chat, and where the call stands: the sender of a message must know
 * whether the call still takes messages.
 */
export type ChatParticipant = VideoParticipant & { callStatus: CallRecord['status'] };

/**
 * A request's input. `remember` undefined (an internal caller, such as a booking's visitor
 * entering): what is kept of a returning client stays as it is.
 */
export type CallRequestInput = Omit<
  z.output<typeof callRequestBodySchema>,
  'remember' | 'whatsapp'
> & {
  remember?: boolean;
  whatsapp?: boolean;
};

export type WithdrawReason = 'timeout' | 'taken' | 'cancelled' | 'declined' | 'unavailable';

/**
 * What a committed transaction still has to tell the world. Transitions collect these while their
 * transaction runs; the effects step applies them only after it commits.
 */
export type Effect =
  | {
      kind: 'offered';
      callId: string;
      advisorId: string;
      /** the offer's instant when it is the call's first (its ring time is measured); else null */
      firstRingAt: string | null;
    }
  | { kind: 'queued'; callId: string }
  | { kind: 'withdrawn'; callId: string; advisorId: string; reason: WithdrawReason }
  | {
      kind: 'accepted';
      callId: string;
      advisorId: string;
      statusChanged: boolean;
      /** accepted by the server for the advisor (autoAcceptCalls): she must be alerted */
      auto: boolean;
      /** auto-accepted at the call's first offer: that instant (its ring time); else null */
      firstRingAt: string | null;
    }
  | { kind: 'cancelled'; callId: string }
  | { kind: 'ended'; callId: string; advisorId: string; room: VideoRoom | null; freed: boolean }
  | { kind: 'missedOffer'; advisorId: string }
  | { kind: 'queueChanged' }
  | { kind: 'drain' };

export type RouteResult = 'offered' | 'accepted' | 'queued' | 'no_answer' | 'not_queued';

/** What the calls service is built from; each part takes the slice it uses. */
export type CallsServiceDeps = Pick<Deps, 'db' | 'clock' | 'notifier' | 'log' | 'metrics'> & {
  config: Pick<
    Deps['config'],
    | 'callRequestGlobalLimit'
    | 'callRequestOpenLimit'
    | 'callRequestOpenPhoneLimit'
    | 'visitorGoneEndMs'
    | 'clientHashSecret'
  >;
  settings: { get(): Promise<Settings> };
  advisors: Pick<
    AdvisorsService,
    | 'writeStatus'
    | 'announceStatus'
    | 'recordMissedOffer'
    | 'resetMissedOffers'
    | 'markCallEnded'
    | 'counts'
    | 'publicPhotos'
  >;
  video: Pick<VideoService, 'createRoom' | 'createToken' | 'deleteRoom'>;
  /** e-mails, sent in the background: to the admin, a call nobody answered; to the visitor of a
   * completed call, her summary's link */
  mail: Pick<MailService, 'callUnanswered' | 'callCompleted'>;
  /** a rating whose visitor consented to its publication becomes an opinion for admins to publish */
  testimonials: Pick<TestimonialsService, 'recordConsentedRating'>;
  /** `call.ended` for the salon's CRM, recorded in the transaction that completes the call */
  webhooks: Pick<WebhooksService, 'callEnded'>;
  /** her WhatsApp consent, kept with the request; her summary's link there after a completed call */
  whatsapp?: Pick<WhatsappService, 'consent' | 'callCompleted'>;
};

/** A transition's outcome: whether it applied, and what its commit still has to tell. */
export type Applied = { applied: boolean; effects: Effect[] };
