import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

/** Server refusals this page explains in its own words (contract error codes). */
const refusalCodes = new Set([
  'ADVISOR_HAS_ACTIVE_CALL',
  'LAST_ADMIN',
  'CANNOT_DELETE_SELF',
  'EMAIL_TAKEN',
  'ADVISOR_NOT_FOUND',
  'CURRENT_PASSWORD_INVALID',
]);

/** The text to show for a failed advisor mutation. */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && refusalCodes.has(error.code))
    return i18n.t(`admin-advisors:refusals.${error.code}`);
  return errorMessage(error, fallback);
}
