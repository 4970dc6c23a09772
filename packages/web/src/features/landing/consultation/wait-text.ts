import type { TFunction } from 'i18next';

/** An estimate in seconds as visitors read it: under a minute, else whole minutes (rounded up). */
export function waitText(seconds: number | null | undefined, t: TFunction<'consultation'>): string {
  if (seconds === null || seconds === undefined) return t('wait.unknown');
  if (seconds < 60) return t('wait.lessThanMinute');
  return t('wait.minutes', { count: Math.ceil(seconds / 60) });
}
