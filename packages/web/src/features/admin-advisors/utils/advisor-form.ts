/**
 * The advisor form's rules (docs/product.md#advisor-form), kept out of the components so they are
 * tested directly: values as the form holds them, defaults, specialties as chips, and validation
 * through the contract's own schemas (the server validates with the same ones).
 */
import {
  createAdvisorBodySchema,
  defaultWorkingHours,
  updateAdvisorBodySchema,
  type Advisor,
  type advisorTimezones,
  type CreateAdvisorBody,
  type UpdateAdvisorBody,
  type WorkingHours,
} from '@belleza/contract';

export type AdvisorTimezone = (typeof advisorTimezones)[number];
export type AdvisorFormMode = 'create' | 'edit';

export type AdvisorFormValues = {
  name: string;
  email: string;
  password: string;
  title: string;
  phone: string;
  bio: string;
  expertise: string[];
  timezone: AdvisorTimezone;
  isAdmin: boolean;
  showOnLanding: boolean;
  autoAcceptCalls: boolean;
  /** What the number input holds; a blank or non-integer value is a validation error. */
  maxConcurrentCalls: string;
  workingHours: WorkingHours;
};

/** Field path ('email', 'workingHours.monday.end') → validation key ('validation.email'). */
export type AdvisorFormErrors = Record<string, string>;

export const EXPERTISE_MAX_LENGTH = 60;
export const EXPERTISE_MAX_ITEMS = 30;

const copyHours = (hours: WorkingHours): WorkingHours =>
  Object.fromEntries(Object.entries(hours).map(([day, d]) => [day, { ...d }])) as WorkingHours;

/** The defaults: Lima, no auto-accept, one call at a time, 09:00–17:00 Monday–Friday. */
export const emptyAdvisorForm = (): AdvisorFormValues => ({
  name: '',
  email: '',
  password: '',
  title: '',
  phone: '',
  bio: '',
  expertise: [],
  timezone: 'America/Lima',
  isAdmin: false,
  showOnLanding: false,
  autoAcceptCalls: false,
  maxConcurrentCalls: '1',
  workingHours: copyHours(defaultWorkingHours),
});

/** The edit form starts from the advisor as stored; the password stays blank (keeps the current one). */
export const advisorToForm = (advisor: Advisor): AdvisorFormValues => ({
  name: advisor.name,
  email: advisor.email,
  password: '',
  title: advisor.profile.title,
  phone: advisor.profile.phone,
  bio: advisor.profile.bio,
  expertise: [...advisor.profile.expertise],
  timezone: advisor.profile.timezone,
  isAdmin: advisor.profile.isAdmin,
  showOnLanding: advisor.profile.showOnLanding,
  autoAcceptCalls: advisor.settings.autoAcceptCalls,
  maxConcurrentCalls: String(advisor.settings.maxConcurrentCalls),
  workingHours: copyHours(advisor.settings.workingHours),
});

export type AddExpertiseResult =
  | { ok: true; list: string[] }
  | { ok: false; reason: 'empty' | 'duplicate' | 'tooLong' | 'tooMany'; item: string };

/**
 * A specialty is trimmed and added once. Duplicates are found ignoring case and accents
 * ('Coloración' = 'coloracion'), since they would read as the same chip.
 */
export function addExpertise(list: readonly string[], raw: string): AddExpertiseResult {
  const item = raw.trim().replace(/\s+/g, ' ');
  if (!item) return { ok: false, reason: 'empty', item };
  if (item.length > EXPERTISE_MAX_LENGTH) return { ok: false, reason: 'tooLong', item };
  const key = foldText(item);
  if (list.some((existing) => foldText(existing) === key))
    return { ok: false, reason: 'duplicate', item };
  if (list.length >= EXPERTISE_MAX_ITEMS) return { ok: false, reason: 'tooMany', item };
  return { ok: true, list: [...list, item] };
}

export const removeExpertise = (list: readonly string[], item: string): string[] =>
  list.filter((existing) => existing !== item);

/** Lower case without accents: for duplicate checks and search. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const MAX_CONCURRENT_KEY = 'validation.maxConcurrentCallsAdvisor';

type Issue = { path: PropertyKey[]; message: string };

function collectErrors(issues: readonly Issue[]): AdvisorFormErrors {
  const errors: AdvisorFormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    // zod's own type errors (e.g. NaN) carry English text; this field has one message for all.
    const message = path === 'maxConcurrentCalls' ? MAX_CONCURRENT_KEY : issue.message;
    errors[path] ??= message;
  }
  return errors;
}

export type AdvisorFormResult =
  | { ok: true; mode: 'create'; body: CreateAdvisorBody }
  | { ok: true; mode: 'edit'; body: UpdateAdvisorBody }
  | { ok: false; errors: AdvisorFormErrors };

/**
 * Validates with the contract schema of the mode. Create needs a password; on edit a blank one is
 * left out of the body, so the server keeps the current password.
 */
export function validateAdvisorForm(
  values: AdvisorFormValues,
  mode: AdvisorFormMode,
): AdvisorFormResult {
  const max = values.maxConcurrentCalls.trim();
  const { password, ...rest } = values;
  const candidate = {
    ...rest,
    maxConcurrentCalls: max === '' ? Number.NaN : Number(max),
    ...(mode === 'create' || password !== '' ? { password } : {}),
  };

  if (mode === 'create') {
    const parsed = createAdvisorBodySchema.safeParse(candidate);
    const errors = parsed.success ? {} : collectErrors(parsed.error.issues);
    // A missing password reads better as 'required' than as 'at least 8 characters'.
    if (password === '') errors.password = 'validation.required';
    if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, mode, body: parsed.data };
  }
  const parsed = updateAdvisorBodySchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, errors: collectErrors(parsed.error.issues) };
  return { ok: true, mode, body: parsed.data };
}
