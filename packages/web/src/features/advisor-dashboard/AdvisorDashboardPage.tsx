/**
 * The advisor's waiting room (docs/product.md#advisor-dashboard): status and sound controls,
 * today's figures, pending and active calls kept live by the socket (10 s polling as a fallback,
 * paused while the call screen is open), the ringing popup, and the advisor call screen once a
 * call is accepted; below, her booked appointments ('Mis citas') and her past consultations.
 * This file composes the layout; the socket's side effects live in use-dashboard-realtime, her
 * answers to calls in use-call-actions, her status select in use-status-change.
 */
import type { Call } from '@belleza/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadFailed, Spinner, toast } from '@/components/ui';
import { useAuth } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';
import { useVisitorAwayAtOpen } from './api/call-presence';
import { DASHBOARD_POLL_MS, dashboardQuery } from './api/dashboard';
import { CallsPanel } from './components/CallsPanel';
import { CallScreenSlot } from './components/CallScreenSlot';
import { DashboardHeader } from './components/DashboardHeader';
import { ErrorBanner, SessionInfo, StatCards, type BannerError } from './components/DashboardParts';
import { AfterCallCard } from './components/AfterCallCard';
import { AppointmentsPanel } from './components/AppointmentsPanel';
import { ServiceOutcomesPanel } from './components/ServiceOutcomesPanel';
import { EndCallConfirm } from './components/EndCallConfirm';
import { IncomingCallOffer } from './components/IncomingCallOffer';
import { PastCallsPanel } from './components/PastCallsPanel';
import { StatusBar } from './components/StatusBar';
import { VisitorAwayNotice } from './components/VisitorAwayNotice';
import type { VisitorPresence } from './hooks/use-advisor-socket';
import { useCallActions } from './hooks/use-call-actions';
import { useCallScreen } from './hooks/use-call-screen';
import { useDashboardRealtime } from './hooks/use-dashboard-realtime';
import { useIncomingCallAlert } from './hooks/use-incoming-call-alert';
import { useRingtone } from './hooks/use-ringtone';
import { useSoundSetting } from './hooks/use-sound-setting';
import { useStatusChange } from './hooks/use-status-change';
import './advisor-dashboard.css';

const EMPTY: readonly Call[] = [];

export function AdvisorDashboardPage() {
  const { t } = useTranslation('advisor');
  const { advisor, token } = useAuth();
  const advisorId = advisor?.advisorId ?? null;

  const [sessionStart] = useState(() => Date.now());
  const [soundEnabled, setSoundEnabled] = useSoundSetting();
  const { ringtone, audioState } = useRingtone();
  const [bannerError, setBannerError] = useState<BannerError | null>(null);
  const screen = useCallScreen();
  const screenCall = screen.call;
  const [confirmEnd, setConfirmEnd] = useState<Call | null>(null);
  /** calls whose visitor's page is away: when each ends by itself unless she is back */
  const [visitorAway, setVisitorAway] = useState<Record<string, string>>({});
  // Opened (or reloaded) while her visitor is away: the server says until when, until a live
  // event about that call says otherwise.
  const awayAtOpen = useVisitorAwayAtOpen(screenCall?.callId ?? null);
  const [toldLive, setToldLive] = useState<Record<string, true>>({});
  const screenAwayEndsAt = screenCall
    ? (visitorAway[screenCall.callId] ??
      (toldLive[screenCall.callId] ? undefined : (awayAtOpen.data ?? undefined)))
    : undefined;
  const onVisitorPresence = useCallback(
    (p: VisitorPresence) => {
      setToldLive((told) => (told[p.callId] ? told : { ...told, [p.callId]: true }));
      setVisitorAway((away) => {
        if (p.present || !p.endsAt) {
          if (!(p.callId in away)) return away;
          const { [p.callId]: _back, ...rest } = away;
          return rest;
        }
        return { ...away, [p.callId]: p.endsAt };
      });
      if (p.present) toast.info(t('visitorAway.backTitle'), t('visitorAway.back'));
    },
    [t],
  );

  const dashboard = useQuery({
    ...dashboardQuery(advisorId ?? ''),
    enabled: advisorId !== null,
    // Polled every 10 s as a fallback to the socket, but not while the video screen is open; also
    // in the background, so a hidden tab still learns about calls if the socket is down.
    refetchInterval: screenCall ? false : DASHBOARD_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const data = dashboard.data;
  const pendingCalls = data?.pendingCalls ?? EMPTY;
  // The admin's switches (system.enableNotifications, notifications.pushNotifications).
  const browserNotifications = data?.browserNotifications ?? false;
  const activeCalls = data?.activeCalls ?? EMPTY;

  const fail = (message: string, err?: unknown) =>
    setBannerError({ message, detail: err === undefined ? undefined : errorMessage(err) });
  const { savingStatus, changeStatus } = useStatusChange({ advisorId, browserNotifications, fail });
  const status = savingStatus ?? advisor?.status ?? 'offline';

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

  const { status: realtime, chat } = useDashboardRealtime({
    advisorId,
    token,
    pendingCalls,
    alert,
    ringtone,
    soundEnabled,
    browserNotifications,
    screen,
    onVisitorPresence,
  });
  const calls = useCallActions({ advisorId, alert, screen, fail });
  const { busyCallId, accepting } = calls;
  const accept = (call: Call) => void calls.accept(call);
  const decline = (call: Call) => void calls.decline(call);

  const handleTestSound = async () => {
    try {
      await ringtone.unlock();
      await ringtone.ring({ force: true });
    } catch {
      toast.error(t('toasts.errorTitle'), t('sound.testError'));
    }
  };

  return (
    <div className="advisor-dashboard">
      <DashboardHeader advisor={advisor} realtime={realtime} />

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
        onStatusChange={(s) => void changeStatus(s)}
        soundEnabled={soundEnabled}
        onSoundToggle={() => setSoundEnabled(!soundEnabled)}
        onTestSound={() => void handleTestSound()}
      />

      {screen.afterCall && (
        <AfterCallCard
          key={screen.afterCall.callId}
          call={screen.afterCall}
          onDone={() => screen.setAfterCall(null)}
        />
      )}

      <StatCards stats={data?.todayStats} />

      {dashboard.isPending && advisorId ? (
        <Spinner label={t('dashboard.loading')} />
      ) : dashboard.isError && !data ? (
        <LoadFailed
          className="advisor-past-calls__error"
          what={t('dashboard.loadFailed')}
          error={dashboard.error}
          retrying={dashboard.isFetching}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <CallsPanel
          activeCalls={activeCalls}
          pendingCalls={pendingCalls}
          reloading={dashboard.isFetching}
          busyCallId={busyCallId}
          onReload={() => void dashboard.refetch()}
          onRejoin={screen.setCall}
          onEnd={setConfirmEnd}
          onAccept={accept}
          onDecline={decline}
        />
      )}

      {advisorId && <ServiceOutcomesPanel advisorId={advisorId} />}
      {advisorId && <AppointmentsPanel advisorId={advisorId} />}

      {advisorId && <PastCallsPanel advisorId={advisorId} />}

      <SessionInfo startedAt={sessionStart} soundEnabled={soundEnabled} />

      <IncomingCallOffer
        call={alert.call}
        onCall={screenCall !== null}
        advisorId={advisorId}
        busyCallId={busyCallId}
        onAccept={accept}
        onDecline={decline}
        onClose={alert.close}
      />

      <EndCallConfirm
        call={confirmEnd}
        busy={confirmEnd !== null && busyCallId === confirmEnd.callId}
        onCancel={() => setConfirmEnd(null)}
        onConfirm={(call) => void calls.end(call).then(() => setConfirmEnd(null))}
      />

      <CallScreenSlot
        call={screenCall}
        warmCall={screenCall ? null : (accepting ?? alert.call)}
        accepting={accepting}
        advisorName={advisor?.name}
        acceptedToken={calls.acceptedToken}
        chat={chat}
        onEnd={calls.end}
        onClose={() => screen.setCall(null)}
        notice={
          screenCall && screenAwayEndsAt ? (
            <VisitorAwayNotice call={screenCall} endsAt={screenAwayEndsAt} />
          ) : null
        }
      />
    </div>
  );
}
