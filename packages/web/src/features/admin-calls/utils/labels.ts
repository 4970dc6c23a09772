/**
 * How calls read on the admin calls page: status labels and subjects (docs/product.md#call-states).
 */
import {
  CLIENT_LEFT_REASON,
  MAX_DURATION_REASON,
  NO_ANSWER_REASON,
  callSubjects,
  type Call,
  type CallStatus,
  type CallSubject,
} from '@belleza/contract';
import type { BadgeTone } from '@/components/ui';
import type { TFunction } from 'i18next';

/** `accepted` is only a realtime event name: it reads as a call in progress. */
export const statusKey = (status: CallStatus): string =>
  `admin-calls:status.${status === 'accepted' ? 'active' : status}`;

export const statusTone: Record<CallStatus, BadgeTone> = {
  pending: 'warning',
  active: 'info',
  accepted: 'info',
  completed: 'success',
  cancelled: 'neutral',
};

export const clientNameOf = (call: Call, t: TFunction): string =>
  call.clientInfo.name.trim() || t('admin-calls:anonymousClient');

const isSubject = (value: string): value is CallSubject =>
  (callSubjects as readonly string[]).includes(value);

/** Known subject ids read as their names; free text (subject + message) stays as typed. */
export function subjectLabel(subject: string, t: TFunction): string {
  const value = subject.trim();
  if (!value) return t('admin-calls:subjects.general');
  return isSubject(value) ? t(`admin-calls:subjects.${value}`) : value;
}

/** The system's reason codes read as words; an admin's or visitor's reason stays as written. */
export function reasonLabel(reason: string | null, t: TFunction): string {
  if (!reason) return '';
  if (reason === NO_ANSWER_REASON) return t('admin-calls:reasons.noAnswer');
  if (reason === MAX_DURATION_REASON) return t('admin-calls:reasons.maxDuration');
  if (reason === CLIENT_LEFT_REASON) return t('admin-calls:reasons.clientLeft');
  return reason;
}
