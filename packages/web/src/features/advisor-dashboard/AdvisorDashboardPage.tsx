/**
 * The advisor's waiting room (SPEC §2 'Advisor dashboard', 'Incoming-call popup'; §4; §9):
 * status and sound controls, today's figures, pending and active calls kept live by the socket
 * (10 s polling as a fallback, paused while the call screen is open), the ringing popup, and the
 * advisor call screen once a call is accepted; below, her booked appointments (issue 16 §5) and
 * her past consultations (issue 15 §1).
 */
import type { AdvisorDashboard, AdvisorStatus, Call, CallToken } from '@belleza/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, toast } from '@/components/ui';
import { AdvisorCallScreen, fetchCallToken } from '@/components/video-call';
import { authStore, useAuth } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';
import {
  DASHBOARD_POLL_MS,
  acceptCall,
  dashboardKey,
  dashboardQuery,
  declineCall,
  endCall,
  updateStatus,
} from './api/dashboard';
import { pastCallsKeys } from './api/past-calls';
import { CallsPanel } from './components/CallsPanel';
import {
  ErrorBanner,
  RealtimeIndicator,
  SessionInfo,
  StatCards,
  type BannerError,
} from './components/DashboardParts';
import { AfterCallCard } from './components/AfterCallCard';
import { AppointmentsPanel } from './components/AppointmentsPanel';
import { EndCallConfirm } from './components/EndCallConfirm';
import { IncomingCallBanner } from './components/IncomingCallBanner';
import { IncomingCallPopup } from './components/IncomingCallPopup';
import { PastCallsPanel } from './components/PastCallsPanel';
import { ProfileDialog } from './components/ProfileDialog';
import { StatusBar } from './components/StatusBar';
import { useAdvisorSocket, type WithdrawReason } from './hooks/use-advisor-socket';
import { showNotification, useIncomingCallAlert } from './hooks/use-incoming-call-alert';
import { useRingtone } from './hooks/use-ringtone';
import { useSoundSetting } from './hooks/use-sound-setting';
import { moveToActive, removeCall, removePending } from './utils/call-lists';
import { flagTitle } from './utils/title-flag';
import './advisor-dashboard.css';

const EMPTY: readonly Call[] = [];

function requestNotificationPermission(): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'default') return;
  Notification.requestPermission().catch(() => undefined);
}

export function AdvisorDashboardPage() {
  const { t } = useTranslation('advisor');
  const { advisor, token } = useAuth();
  const advisorId = advisor?.advisorId ?? null;
  const queryClient = useQueryClient();

  const [sessionStart] = useState(() => Date.now());
  const [soundEnabled, setSoundEnabled] = useSoundSetting();
  const { ringtone, audioState } = useRingtone();
  const [bannerError, setBannerError] = useState<BannerError | null>(null);
  const [savingStatus, setSavingStatus] = useState<AdvisorStatus | null>(null);
  const [busyCallId, setBusyCallId] = useState<string | null>(null);
  const [screenCall, setScreenCall] = useState<Call | null>(null);
  // The call whose 'Aceptar' is in flight: its warm call screen must outlive the popup, which
  // goes as soon as the socket says the call left the pending list.
  const [accepting, setAccepting] = useState<Call | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  /** The accepted call's room token, asked for as soon as the accept answers (issue 11 §6). */
  const [acceptedToken, setAcceptedToken] = useState<{
    callId: string;
    token: Promise<CallToken>;
  } | null>(null);
  const [confirmEnd, setConfirmEnd] = useState<Call | null>(null);
  /** The call that just ended, whose recommendations stay open on the dashboard (issue 15 §5). */
  const [afterCall, setAfterCall] = useState<Call | null>(null);

  const dashboard = useQuery({
    ...dashboardQuery(advisorId ?? ''),
    enabled: advisorId !== null,
    // SPEC §9: poll every 10 s, but not while the video screen is open; keep polling in the
    // background so a hidden tab still learns about calls if the socket is down.
    refetchInterval: screenCall ? false : DASHBOARD_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const data = dashboard.data;
  const pendingCalls = data?.pendingCalls ?? EMPTY;
  // The admin's switches (system.enableNotifications, notifications.pushNotifications).
  const browserNotifications = data?.browserNotifications ?? false;
  const browserNotificationsRef = useRef(browserNotifications);
  useEffect(() => {
    browserNotificationsRef.current = browserNotifications;
  }, [browserNotifications]);
  const activeCalls = data?.activeCalls ?? EMPTY;

  const status: AdvisorStatus = savingStatus ?? advisor?.status ?? 'offline';

  const patch = useCallback(
    (update: (d: AdvisorDashboard) => AdvisorDashboard) => {
      if (!advisorId) return;
      queryClient.setQueryData<AdvisorDashboard>(dashboardKey(advisorId), (d) =>
        d ? update(d) : d,
      );
    },
    [advisorId, queryClient],
  );

  const notification = useCallback(
    (call: Call) => ({
      title: t('incoming.title'),
      body: t('incoming.notificationBody', {
        name: call.clientInfo.name?.trim() || t('incoming.clientFallback'),
      }),
    }),
    [t],
  );
  const alert = useIncomingCallAlert({
    pendingCalls,
    status: savingStatus ? null : (advisor?.status ?? null),
    statusReason: advisor?.statusReason ?? null,
    soundEnabled,
    ringtone,
    blinkTitle: t('incoming.blinkTitle'),
    notification,
    browserNotifications,
  });

  // Pending ids as last rendered: socket handlers run before the next render.
  const pendingIdsRef = useRef(new Set<string>());
  useEffect(() => {
    pendingIdsRef.current = new Set(pendingCalls.map((c) => c.callId));
  }, [pendingCalls]);
  const soundEnabledRef = useRef(soundEnabled);
  useEffect(() => {
    soundEnabledRef.current = soundEnabled;
  }, [soundEnabled]);
  const screenCallRef = useRef<Call | null>(null);
  const endingIdsRef = useRef(new Set<string>());
  useEffect(() => {
    screenCallRef.current = screenCall;
  }, [screenCall]);

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
        // Ended here: 'Finalizar' says so itself, once (issue 14 §4).
        if (endingIdsRef.current.has(call.callId)) return;
        if (screenCallRef.current?.callId !== call.callId) return;
        setScreenCall(null);
        if (call.startedAt) setAfterCall(call);
        toast.info(t('calls.endedTitle'), t('calls.endedByOther'));
      },
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
    [alert, t, ringtone],
  );
  const { status: realtime, chat } = useAdvisorSocket(advisorId, token, socketEvents);

  const fail = (message: string, err?: unknown) =>
    setBannerError({ message, detail: err === undefined ? undefined : errorMessage(err) });

  const handleStatusChange = async (next: AdvisorStatus) => {
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
      // The selector falls back to the stored status (SPEC §4).
      fail(t('errors.status'), err);
    } finally {
      setSavingStatus(null);
    }
  };

  const handleAccept = async (call: Call) => {
    if (!advisorId) {
      fail(t('errors.noAdvisorId'));
      return;
    }
    setBusyCallId(call.callId);
    setAccepting(call);
    try {
      const { roomToken, ...accepted } = await acceptCall(call.callId, advisorId);
      // Normally in the accept's answer; asked for at once otherwise.
      const token = roomToken
        ? Promise.resolve(roomToken)
        : fetchCallToken(accepted.callId, 'advisor');
      token.catch(() => undefined); // the call screen reports a failure (and retries)
      setAcceptedToken({ callId: accepted.callId, token });
      patch((d) => moveToActive(d, accepted));
      if (alert.currentId() === call.callId) alert.close();
      const current = authStore.getState().advisor;
      if (current) authStore.setAdvisor({ ...current, status: 'busy', statusReason: 'in_call' });
      setScreenCall(accepted);
    } catch (err) {
      fail(t('errors.accept'), err);
      void queryClient.invalidateQueries({ queryKey: dashboardKey(advisorId) });
    } finally {
      setBusyCallId(null);
      setAccepting(null);
    }
  };

  const handleDecline = async (call: Call) => {
    if (!advisorId) {
      fail(t('errors.noAdvisorId'));
      return;
    }
    setBusyCallId(call.callId);
    try {
      await declineCall(call.callId);
      if (alert.currentId() === call.callId) alert.close();
      patch((d) => removePending(d, call.callId));
    } catch (err) {
      fail(t('errors.decline'), err);
      void queryClient.invalidateQueries({ queryKey: dashboardKey(advisorId) });
    } finally {
      setBusyCallId(null);
    }
  };

  const runEnd = async (call: Call): Promise<boolean> => {
    setBusyCallId(call.callId);
    endingIdsRef.current.add(call.callId);
    try {
      await endCall(call.callId);
      patch((d) => removeCall(d, call.callId));
      if (screenCallRef.current?.callId === call.callId) setScreenCall(null);
      setAfterCall(call);
      toast.success(t('calls.endedTitle'), t('calls.ended'));
      return true;
    } catch (err) {
      fail(t('errors.end'), err);
      return false;
    } finally {
      endingIdsRef.current.delete(call.callId);
      setBusyCallId(null);
      if (advisorId) {
        void queryClient.invalidateQueries({ queryKey: dashboardKey(advisorId) });
        // Also when the socket is down: the call she just ended joins her past consultations.
        void queryClient.invalidateQueries({ queryKey: pastCallsKeys.lists(advisorId) });
      }
    }
  };

  const handleTestSound = async () => {
    try {
      await ringtone.unlock();
      await ringtone.ring({ force: true });
    } catch {
      toast.error(t('toasts.errorTitle'), t('sound.testError'));
    }
  };

  const name = advisor?.name.trim() || t('dashboard.nameFallback');

  const warmCall = screenCall ? null : (accepting ?? alert.call);

  return (
    <div className="advisor-dashboard">
      <header className="advisor-dashboard__header">
        <div>
          <h2 className="advisor-dashboard__title">{t('dashboard.title')}</h2>
          <p className="advisor-dashboard__name">{t('dashboard.greeting', { name })}</p>
          <p className="advisor-dashboard__subtitle">{t('dashboard.waiting')}</p>
        </div>
        <div className="advisor-dashboard__header-actions">
          <RealtimeIndicator status={realtime} />
          {advisor && (
            <Button variant="secondary" size="sm" onClick={() => setProfileOpen(true)}>
              {t('profile.open')}
            </Button>
          )}
        </div>
      </header>
      {profileOpen && advisor && (
        <ProfileDialog advisor={advisor} onClose={() => setProfileOpen(false)} />
      )}

      {bannerError && <ErrorBanner error={bannerError} onDismiss={() => setBannerError(null)} />}

      {soundEnabled && audioState === 'blocked' && (
        <div className="advisor-audio-blocked" role="note">
          <p>{t('sound.blocked')}</p>
          <Button size="sm" onClick={() => void ringtone.unlock()}>
            {t('sound.unlock')}
          </Button>
        </div>
      )}

      <StatusBar
        status={status}
        statusReason={advisor?.statusReason ?? null}
        saving={savingStatus !== null}
        onStatusChange={(s) => void handleStatusChange(s)}
        soundEnabled={soundEnabled}
        onSoundToggle={() => setSoundEnabled(!soundEnabled)}
        onTestSound={() => void handleTestSound()}
      />

      {afterCall && (
        <AfterCallCard key={afterCall.callId} call={afterCall} onDone={() => setAfterCall(null)} />
      )}

      <StatCards stats={data?.todayStats} />

      {dashboard.isPending && advisorId ? (
        <Spinner label={t('dashboard.loading')} />
      ) : dashboard.isError && !data ? (
        <ErrorBanner
          error={{ message: t('dashboard.loadFailed'), detail: errorMessage(dashboard.error) }}
          onDismiss={() => void dashboard.refetch()}
        />
      ) : (
        <CallsPanel
          activeCalls={activeCalls}
          pendingCalls={pendingCalls}
          reloading={dashboard.isFetching}
          busyCallId={busyCallId}
          onReload={() => void dashboard.refetch()}
          onRejoin={setScreenCall}
          onEnd={setConfirmEnd}
          onAccept={(c) => void handleAccept(c)}
          onDecline={(c) => void handleDecline(c)}
        />
      )}

      {advisorId && <AppointmentsPanel advisorId={advisorId} />}

      {advisorId && <PastCallsPanel advisorId={advisorId} />}

      <SessionInfo startedAt={sessionStart} soundEnabled={soundEnabled} />

      {alert.call && !screenCall && (
        <IncomingCallPopup
          call={alert.call}
          advisorId={advisorId}
          busy={busyCallId === alert.call.callId}
          onAccept={() => alert.call && void handleAccept(alert.call)}
          onDecline={() => alert.call && void handleDecline(alert.call)}
          onClose={alert.close}
        />
      )}
      {alert.call && screenCall && (
        // On a call with room for another: the offer rings over the call screen, not behind it.
        <IncomingCallBanner
          call={alert.call}
          busy={busyCallId === alert.call.callId}
          onAccept={() => alert.call && void handleAccept(alert.call)}
          onDecline={() => alert.call && void handleDecline(alert.call)}
        />
      )}

      <EndCallConfirm
        call={confirmEnd}
        busy={confirmEnd !== null && busyCallId === confirmEnd.callId}
        onCancel={() => setConfirmEnd(null)}
        onConfirm={(call) => void runEnd(call).then(() => setConfirmEnd(null))}
      />

      {screenCall ? (
        <AdvisorCallScreen
          key={screenCall.callId}
          call={screenCall}
          advisorName={advisor?.name}
          token={acceptedToken?.callId === screenCall.callId ? acceptedToken.token : undefined}
          onEnd={async () => {
            await runEnd(screenCall);
          }}
          onClose={() => setScreenCall(null)}
          chat={chat}
        />
      ) : (
        warmCall && (
          // Warms the video page while the popup rings; the same instance becomes the call
          // screen on accept (same key), so the video starts without loading (issue 11 §6).
          <AdvisorCallScreen
            key={warmCall.callId}
            call={warmCall}
            advisorName={advisor?.name}
            standby
            preparing={accepting?.callId === warmCall.callId}
            onEnd={() => undefined}
            onClose={() => undefined}
          />
        )
      )}
    </div>
  );
}
