/**
 * Client-side checks of the consultation and callback forms, with the contract's own schemas so
 * the browser and the server agree. Errors are keys of the `consultation:validation` texts.
 */
import {
  callRequestBodySchema,
  callbackRequestBodySchema,
  type CallRequestBody,
  type CallSubject,
  type CallbackRequestBody,
  type Language,
} from '@belleza/contract';
import type { z } from 'zod';

export type ValidationKey = 'required' | 'phone' | 'email' | 'consent' | 'tooLong' | 'invalid';

export type RequestFormValues = {
  name: string;
  phone: string;
  email: string;
  subject: CallSubject;
  message: string;
  consent: boolean;
};

export type CallbackFormValues = {
  name: string;
  phone: string;
  preferredTime: string;
  message: string;
  consent: boolean;
};

export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

export type Validated<F extends string, B> =
  { ok: true; body: B } | { ok: false; errors: FieldErrors<F> };

/** Contract messages are 'validation.<key>'; anything else (zod's own) is a generic key. */
function keyOf(issue: z.core.$ZodIssue): ValidationKey {
  const m = /^validation\.(required|phone|email|consent)$/.exec(issue.message);
  if (m?.[1]) return m[1] as ValidationKey;
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'invalid_value' && issue.path[0] === 'consent') return 'consent';
  return 'invalid';
}

/** The first error of each form field among a contract schema's issues (the booking form's too). */
export function fieldErrorsOf<F extends string>(
  issues: readonly z.core.$ZodIssue[],
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    errors[field as F] ??= keyOf(issue);
  }
  return errors;
}

const requestFields = ['name', 'phone', 'email', 'message', 'consent'] as const;
export type RequestField = (typeof requestFields)[number];

/**
 * Name, phone and message required, email optional, consent required. The request carries `company`
 * empty, `source: 'website'`, and the message appended to the subject.
 */
export function validateRequestForm(
  values: RequestFormValues,
  subjectLabel: string,
  language: Language,
): Validated<RequestField, CallRequestBody> {
  const message = values.message.trim();
  const body = {
    name: values.name,
    phone: values.phone,
    email: values.email,
    subject: message ? `${subjectLabel}: ${message}` : subjectLabel,
    message,
    company: '',
    source: 'website',
    consent: values.consent,
    language,
  };
  const parsed = callRequestBodySchema.safeParse(body);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues, requestFields);
  // The contract lets API users omit the message; the form requires it.
  if (!message) errors.message ??= 'required';
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: body as CallRequestBody };
}

const callbackFields = ['name', 'phone', 'preferredTime', 'message', 'consent'] as const;
export type CallbackField = (typeof callbackFields)[number];

export function validateCallbackForm(
  values: CallbackFormValues,
): Validated<CallbackField, CallbackRequestBody> {
  const body = {
    name: values.name,
    phone: values.phone,
    preferredTime: values.preferredTime,
    message: values.message,
    consent: values.consent,
  };
  const parsed = callbackRequestBodySchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, errors: fieldErrorsOf(parsed.error.issues, callbackFields) };
  return { ok: true, body: body as CallbackRequestBody };
}
