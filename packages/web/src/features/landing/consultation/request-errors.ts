/**
 * What the 'Error en la solicitud' toast says: 'Error al solicitar la consulta: {detail}', with our
 * own detail for no advisors online (and when they are back), maintenance and rate limits; any
 * other error gets the app's mapped text.
 */
import { noAdvisorsDetailsSchema } from '@belleza/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { errorMessage, retryWait } from '@/lib/errors';
import { formatOpening } from '../content/availability-text';

export type RequestErrorKind = 'noAdvisors' | 'maintenance' | 'rateLimited' | 'other';

export function requestErrorKind(error: unknown): RequestErrorKind {
  if (!isApiError(error)) return 'other';
  if (error.code === 'NO_ADVISORS_AVAILABLE') return 'noAdvisors';
  if (error.code === 'MAINTENANCE_MODE') return 'maintenance';
  if (error.code === 'RATE_LIMITED') return 'rateLimited';
  return 'other';
}

/** The `{detail}` of the failure toast. */
export function requestErrorDetail(error: unknown, t: TFunction<'consultation'>): string {
  switch (requestErrorKind(error)) {
    case 'noAdvisors': {
      const details = isApiError(error) ? noAdvisorsDetailsSchema.safeParse(error.details) : null;
      const when = formatOpening(details?.success ? details.data.nextOpening : null);
      return when ? t('errors.noAdvisorsUntil', { when }) : t('errors.noAdvisors');
    }
    case 'maintenance':
      return t('errors.maintenance');
    case 'rateLimited': {
      const wait = retryWait(error);
      return wait
        ? t(`errors.rateLimited${wait.unit}`, { count: wait.count })
        : t('errors.rateLimited');
    }
    case 'other':
      return errorMessage(error, t('errors.unknown'));
  }
}
