/**
 * The advisor's own status select: saves the choice (shown at once, while it is saved) and asks
 * for the browser's notification permission when she becomes available and the admin allows
 * browser notifications. A refused save falls back to the stored status, with the error banner.
 */
import type { AdvisorStatus } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore } from '@/lib/auth-store';
import { updateStatus } from '../api/dashboard';

function requestNotificationPermission(): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'default') return;
  Notification.requestPermission().catch(() => undefined);
}

export type StatusChangeOptions = {
  advisorId: string | null;
  browserNotifications: boolean;
  /** shows the dashboard's error banner */
  fail: (message: string, err?: unknown) => void;
};

export function useStatusChange({ advisorId, browserNotifications, fail }: StatusChangeOptions) {
  const { t } = useTranslation('advisor');
  /** the status being saved, shown in place of the stored one until the server answers */
  const [savingStatus, setSavingStatus] = useState<AdvisorStatus | null>(null);

  const changeStatus = async (next: AdvisorStatus) => {
    if (!advisorId) {
      fail(t('errors.noAdvisorId'));
      return;
    }
    if (next === 'available' && browserNotifications) requestNotificationPermission();
    setSavingStatus(next);
    try {
      const updated = await updateStatus(advisorId, next);
      authStore.setAdvisor(updated);
    } catch (err) {
      // The select falls back to the stored status.
      fail(t('errors.status'), err);
    } finally {
      setSavingStatus(null);
    }
  };

  return { savingStatus, changeStatus };
}
