/**
 * The hair intake (docs/product.md#hair-intake): what the visitor may tell the stylist before she
 * answers, all optional. With the request (`intake` of POST /api/calls/request) go her chemical
 * treatments of the last 12 months and her known allergies; her two photos follow with her call's
 * key (PUT /api/calls/{callId}/intake/photos/{slot}) while the call waits. The stylist the call
 * rings (or who took it) and admins read it (GET /api/calls/{callId}/intake), with the server's
 * patch-test flag; the visitor keeps it in her summary.
 */
import { z } from 'zod';
import { idSchema, isoDateTime, singleLine } from './common.js';

/** Chemical treatments she may declare; `none` ("ninguno") stands alone. */
export const chemicalTreatments = [
  'dye',
  'bleach',
  'straightening',
  'henna',
  'perm',
  'none',
] as const;
export const chemicalTreatmentSchema = z.enum(chemicalTreatments);
export type ChemicalTreatment = z.infer<typeof chemicalTreatmentSchema>;

/** Characters of her known allergies (one line). */
export const INTAKE_ALLERGIES_MAX = 300;

/** The photos of an intake: her hair as it is now, and the look she would like. */
export const intakePhotoSlots = ['current', 'inspiration'] as const;
export const intakePhotoSlotSchema = z.enum(intakePhotoSlots);
export type IntakePhotoSlot = z.infer<typeof intakePhotoSlotSchema>;

/**
 * Why the stylist is told to do a patch test before any colour (the rule is the server's,
 * docs/product.md#hair-intake): a declared allergy, no dye or bleach in the last 12 months (a
 * first colour), or henna (often mixed with PPD).
 */
export const patchTestReasons = ['allergy', 'first_colour', 'henna'] as const;
export const patchTestReasonSchema = z.enum(patchTestReasons);
export type PatchTestReason = z.infer<typeof patchTestReasonSchema>;

/** `intake` of the request: every part optional; an empty history is "not answered". */
export const intakeBodySchema = z
  .object({
    chemicalHistory: z
      .array(chemicalTreatmentSchema)
      .max(chemicalTreatments.length)
      .refine((list) => new Set(list).size === list.length, 'validation.intakeDuplicate')
      .refine((list) => !list.includes('none') || list.length === 1, 'validation.intakeNoneAlone')
      .default([]),
    allergies: singleLine(INTAKE_ALLERGIES_MAX).default(''),
  })
  .strict();
export type IntakeBody = z.input<typeof intakeBodySchema>;

/** A stored intake photo (re-encoded JPEG, no metadata): its bytes at GET …/intake/photos/{slot}. */
export const intakePhotoSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
});
export type IntakePhoto = z.infer<typeof intakePhotoSchema>;

/** GET /api/calls/{callId}/intake, the intake of the summary, and the photo upload's answer. */
export const intakeSchema = z.object({
  chemicalHistory: z.array(chemicalTreatmentSchema),
  allergies: z.string(),
  photos: z.object({
    current: intakePhotoSchema.nullable(),
    inspiration: intakePhotoSchema.nullable(),
  }),
  patchTest: z.object({
    needed: z.boolean(),
    reasons: z.array(patchTestReasonSchema),
  }),
  updatedAt: isoDateTime,
});
export type Intake = z.infer<typeof intakeSchema>;

/** GET /api/calls/{callId}/intake: null when she gave none. */
export const callIntakeSchema = intakeSchema.nullable();

export const intakePhotoParams = z.object({
  callId: idSchema,
  slot: intakePhotoSlotSchema,
});

/** `call:intake:updated`, to the stylist it rings and admins: a photo arrived, read it again. */
export const intakeUpdatedSchema = z.object({ callId: idSchema });
export type IntakeUpdated = z.infer<typeof intakeUpdatedSchema>;
