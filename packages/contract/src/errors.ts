import { z } from 'zod';

/**
 * Every error the API can answer with. The web renders `t('errors.<CODE>', params)`;
 * the English message is for logs and API users.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  /** the database is unreachable for a moment (connection lost); retry */
  'DATABASE_UNAVAILABLE',
  // advisors
  'ADVISOR_NOT_FOUND',
  'EMAIL_TAKEN',
  /** a change of one's own password without the right current password */
  'CURRENT_PASSWORD_INVALID',
  /** a password-reset link that was used, expired or never existed */
  'RESET_LINK_INVALID',
  'LAST_ADMIN',
  'ADVISOR_HAS_ACTIVE_CALL',
  /** an admin suspended this advisor: she cannot be available nor take calls until it is lifted */
  'ADVISOR_SUSPENDED',
  'CANNOT_DELETE_SELF',
  // calls
  'NO_ADVISORS_AVAILABLE',
  'MAINTENANCE_MODE',
  'CAPACITY_REACHED',
  'CALL_NOT_FOUND',
  'CALL_NOT_PENDING',
  'CALL_NOT_ACTIVE',
  'CALL_NOT_COMPLETED',
  'CALL_ALREADY_TAKEN',
  'CALL_NOT_OFFERED',
  'CALL_ALREADY_RATED',
  'INVALID_CLIENT_KEY',
  /** so many calls from this client address, or with this phone, already wait for a stylist: details.max */
  'OPEN_REQUESTS_LIMIT',
  'CALLBACK_NOT_FOUND',
  // chat in the call
  /** a message id the call already holds for another sender or another text */
  'CHAT_ID_IN_USE',
  /** a photo over its upload's byte limit (15 MB), or with too many pixels to decode */
  'IMAGE_TOO_LARGE',
  /** not a photo the server can read (JPEG, PNG, WebP, AVIF-coded HEIF), or not sent as one */
  'UNSUPPORTED_IMAGE',
  /** the visitor already added CHAT_IMAGE_WAITING_MAX photos while waiting: more once a stylist takes the call */
  'WAITING_PHOTO_LIMIT',
  /** no such photo in this call; or no such advisor photo (none, another version, or not public) */
  'IMAGE_NOT_FOUND',
  /** the call has no intake (none was sent with the request), or not that photo */
  'INTAKE_NOT_FOUND',
  // the visitor's summary
  /** no summary for this call and key, or it expired: one answer, so nothing is revealed */
  'SUMMARY_NOT_FOUND',
  /** the recommendations' edit window (RECOMMENDATIONS_EDIT_HOURS after the end) has passed */
  'RECOMMENDATIONS_CLOSED',
  // appointments
  /** the chosen slot is no longer free (taken meanwhile, outside the hours, or too soon); details.alternatives holds the nearest free slots */
  'SLOT_UNAVAILABLE',
  /** a booking may go only to someone who takes consultations (not the owner's admin account) */
  'ADVISOR_NOT_BOOKABLE',
  /** so many bookings still to come with this phone, this e-mail or from this client address: details.max */
  'BOOKING_LIMIT',
  /** the visitor moved this booking BOOKING_CHANGES_DAILY_LIMIT times today: details.max */
  'BOOKING_CHANGE_LIMIT',
  /** no booking with this id and key: one answer, so nothing is revealed */
  'APPOINTMENT_NOT_FOUND',
  /** the booking can no longer be changed: cancelled, over, or already started */
  'APPOINTMENT_CLOSED',
  /** the salon does not take bookings (the setting is off) */
  'BOOKING_DISABLED',
  /** too early to enter the booked call: details.joinFrom says from when */
  'APPOINTMENT_NOT_OPEN',
  /** an in-salon service booking: there is no video call to enter */
  'APPOINTMENT_IN_SALON',
  // a service booking's outcome
  /** the booking has not started yet: its outcome can be recorded from details.startsAt on */
  'OUTCOME_TOO_EARLY',
  /** a video consultation: whether she came is the call's to say, not a recorded outcome */
  'OUTCOME_NOT_SERVICE',
  /** the outcome was recorded already: only an admin corrects it */
  'OUTCOME_ALREADY_RECORDED',
  // video
  'VIDEO_PROVIDER_ERROR',
  'VIDEO_PROVIDER_UNAUTHORIZED',
  'VIDEO_PROVIDER_RATE_LIMITED',
  'VIDEO_PROVIDER_UNREACHABLE',
  'VIDEO_NOT_CONFIGURED',
  'ROOM_NOT_READY',
  // e-mail
  /** SMTP_URL is not set: this server sends no e-mail */
  'EMAIL_NOT_CONFIGURED',
  /** a test e-mail was asked for without an address and no admin e-mail is saved */
  'EMAIL_RECIPIENT_MISSING',
  /** the SMTP server refused the message or could not be reached */
  'EMAIL_SEND_FAILED',
  /** an e-mail confirmation link that was used or never existed */
  'EMAIL_CONFIRM_LINK_INVALID',
  // the salon's catalogue, opinions and gallery
  'SERVICE_NOT_FOUND',
  /** the service cannot be booked in the salon now (not bookable, inactive, or nobody does it) */
  'SERVICE_NOT_BOOKABLE',
  /** the chosen stylist does not do this service (the catalogue says who does) */
  'SERVICE_NOT_DONE_BY_STYLIST',
  /** a service bookable in the salon needs its duration */
  'SERVICE_DURATION_REQUIRED',
  'TESTIMONIAL_NOT_FOUND',
  /** a visitor's opinion is hers: it may be published or hidden, not rewritten */
  'TESTIMONIAL_NOT_EDITABLE',
  'GALLERY_ITEM_NOT_FOUND',
  // outgoing webhooks
  'WEBHOOK_ENDPOINT_NOT_FOUND',
  'WEBHOOK_DELIVERY_NOT_FOUND',
  /** not an address the server may send to: not https, private/loopback, credentials; details.reason */
  'WEBHOOK_URL_REFUSED',
  /** WEBHOOK_ENDPOINTS_MAX endpoints exist already: details.max */
  'WEBHOOK_ENDPOINT_LIMIT',
  /** only a failed delivery can be retried by hand */
  'WEBHOOK_DELIVERY_NOT_FAILED',
  // WhatsApp (docs/architecture.md#whatsapp)
  /** WhatsApp is not configured on this server (the WHATSAPP_ settings) */
  'WHATSAPP_NOT_CONFIGURED',
  /** a webhook call without Meta's valid X-Hub-Signature-256 */
  'WHATSAPP_SIGNATURE_INVALID',
  /** Meta's webhook verification with another verify token */
  'WHATSAPP_VERIFY_FAILED',
  // the widget's frame
  /** a frame-only route (the embed storage) called from another site or origin than this app's */
  'CROSS_SITE_REQUEST',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
