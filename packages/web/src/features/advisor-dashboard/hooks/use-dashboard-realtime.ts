/**
 * The dashboard's reactions to the advisor's socket beyond the query cache (which
 * use-advisor-socket patches itself): her status changed elsewhere, an offer withdrawn, her call
 * ended by the other side, a call about to reach its maximum duration, and a call the server
 * accepted for her (auto-accept). Socket handlers run between renders, so what they read is kept
 * in refs as last rendered.
 */
import type { AdvisorStatus, Call } from '@belleza/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui';
import { authStore } from '@/lib/auth-store';
import type { Ringtone } from '../utils/ringtone';
import { flagTitle } from '../utils/title-flag';
import { useAdvisorSocket, type VisitorPresence, type WithdrawReason } from './use-advisor-socket';
import type { CallScreen } from './use-call-screen';
import { showNotification, type IncomingAlert } from './use-incoming-call-alert';

export type DashboardRealtimeOptions = {
  advisorId: string | null;
  token: string | null;
  pendingCalls: readonly Call[];
  alert: IncomingAlert;
  ringtone: Ringtone;
  soundEnabled: boolean;
  /** the admin's switches (system.enableNotifications, notifications.pushNotifications) */
  browserNotifications: boolean;
  screen: CallScreen;
  /** The visitor of one of her calls lost her page's connection, or is back. */
  onVisitorPresence: (presence: VisitorPresence) => void;
};

export function useDashboardRealtime({
  advisorId,
  token,
  pendingCalls,
  alert,
  ringtone,
  soundEnabled,
  browserNotifications,
  screen,
  onVisitorPresence,
}: DashboardRealtimeOptions) {
  const { t } = useTranslation('advisor');
  const browserNotificationsRef = useRef(browserNotifications);
  useEffect(() => {
    browserNotificationsRef.current = browserNotifications;
  }, [browserNotifications]);
  const pendingIdsRef = useRef(new Set<string>());
  useEffect(() => {
    pendingIdsRef.current = new Set(pendingCalls.map((c) => c.callId));
  }, [pendingCalls]);
  const onVisitorPresenceRef = useRef(onVisitorPresence);
  useEffect(() => {
    onVisitorPresenceRef.current = onVisitorPresence;
  }, [onVisitorPresence]);
  const soundEnabledRef = useRef(soundEnabled);
  useEffect(() => {
    soundEnabledRef.current = soundEnabled;
  }, [soundEnabled]);
  const { callRef: screenCallRef, setCall: setScreenCall, setAfterCall, endingIdsRef } = screen;

  const socketEvents = useMemo(
    () => ({
      onAdvisorStatus: (next: AdvisorStatus, reason: string | null | undefined) => {
        const current = authStore.getState().advisor;
        if (!current) return;
        const statusReason =
          reason === undefined && next === current.status ? current.statusReason : (reason ?? null);
        if (current.status === next && current.statusReason === statusReason) return;
        authStore.setAdvisor({ ...current, status: next, statusReason });
      },
      onWithdrawn: (callId: string, reason: WithdrawReason) => {
        const wasShown = alert.currentId() === callId || pendingIdsRef.current.has(callId);
        if (wasShown && reason !== 'declined')
          toast.info(t('withdrawn.title'), t(`withdrawn.${reason}`));
      },
      onCallEnded: (call: Call) => {
        // Ended here: 'Finalizar' announces it itself, once.
        if (endingIdsRef.current.has(call.callId)) return;
        if (screenCallRef.current?.callId !== call.callId) return;
        setScreenCall(null);
        if (call.startedAt) setAfterCall(call);
        toast.info(t('calls.endedTitle'), t('calls.endedByOther'));
      },
      onVisitorPresence: (presence: VisitorPresence) => onVisitorPresenceRef.current(presence),
      onEndingSoon: (_callId: string, minutesLeft: number) => {
        toast.warning(t('endingSoon.title'), t('endingSoon.message', { count: minutesLeft }));
      },
      onAutoAccepted: (call: Call) => {
        // Nobody pressed 'Aceptar' (auto-accept): the same alert as a call (sound, browser
        // notification, title), and straight to the call screen, where the visitor is waiting.
        const name = call.clientInfo.name?.trim() || t('incoming.clientFallback');
        if (soundEnabledRef.current) void ringtone.ring().catch(() => undefined);
        if (browserNotificationsRef.current)
          showNotification(t('autoAccepted.title'), t('autoAccepted.body', { name }), call.callId);
        flagTitle(t('autoAccepted.title'));
        toast.info(t('autoAccepted.title'), t('autoAccepted.body', { name }));
        if (!screenCallRef.current) setScreenCall(call);
      },
    }),
    [alert, t, ringtone, endingIdsRef, screenCallRef, setScreenCall, setAfterCall],
  );
  return useAdvisorSocket(advisorId, token, socketEvents);
}
