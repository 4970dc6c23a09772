/**
 * The advisor's full-screen call (SPEC §2 "Advisor video-call screen", §4, §8): header with the
 * client and start time, the video page in a frame (token fetched for the advisor), a connecting
 * overlay forced away after 15 s, an error overlay with retry, and the private notes panel.
 */
import {
  callSubjects,
  parseRoomUrl,
  DISPLAY_LOCALE,
  DISPLAY_TIME_ZONE,
  SNAPSHOT_ANSWER_TIMEOUT_MS,
  videoPageUrl,
  videoStandbyUrl,
  type Call,
  type CallToken,
  type SnapshotFailed,
  type VideoPageJoin,
  type VideoPageMessage,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { errorMessage } from '@/lib/errors';
import { CallNotesPanel } from './CallNotesPanel';
import { CallConfirmDialog } from './CallConfirmDialog';
import { useCallNotes } from './use-call-notes';
import { useCallRecommendations } from './use-call-recommendations';
import { RecommendationsEditor } from './RecommendationsEditor';
import { useVideoPageMessages, VIDEO_FRAME_ALLOW } from './use-video-page-messages';
import { useVideoToasts } from './use-video-toasts';
import { fetchCallNotes, fetchCallToken, requestSnapshot, saveCallNotes } from './video-call.api';
import { CallChatPanel, ChatToggle } from './CallChatPanel';
import { useCallChat, type ChatLink } from './use-call-chat';
import './video-call.css';

export const ADVISOR_LOAD_TIMEOUT_MS = 15_000;
export const RETRY_RESTART_MS = 100;

export type AdvisorCallScreenProps = {
  call: Call;
  advisorName?: string | undefined;
  /** Ends the call (the dashboard calls the API); the screen shows 'Finalizando...' meanwhile. */
  onEnd: () => Promise<void> | void;
  /** Closes the screen; the call stays active. */
  onClose: () => void;
  /**
   * While the call still rings: the screen stays hidden and its video page warms up (code and
   * signalling socket, not the camera). Accepting turns this off and the same page joins at once.
   */
  standby?: boolean;
  /** In standby: 'Aceptar' was pressed, so the camera may start while the accept is confirmed. */
  preparing?: boolean;
  /**
   * The room token, already asked for when the accept answered (so it does not wait for this
   * screen to render); the first attempt uses it, a retry asks again.
   */
  token?: Promise<CallToken> | undefined;
  /** Her socket for the call's chat (null while disconnected); without the prop, no chat. */
  chat?: ChatLink | null;
};

type Phase = 'connecting' | 'loaded' | 'error';

export function formatStartTime(
  iso: string | null,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  if (!iso) return t('advisor.startedNow');
  try {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return t('advisor.timeUnavailable');
    const time = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
      timeZone: DISPLAY_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
    return t('advisor.startedAt', { time });
  } catch {
    return t('advisor.timeUnavailable');
  }
}

const STANDBY_SRC = videoStandbyUrl({ userType: 'advisor', media: false });

export function AdvisorCallScreen({
  call,
  advisorName,
  onEnd,
  onClose,
  standby = false,
  preparing = false,
  token: acceptedToken,
  chat,
}: AdvisorCallScreenProps) {
  const { t } = useTranslation('video');
  const toast = useVideoToasts();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [frameSrc, setFrameSrc] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [ending, setEnding] = useState(false);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const screenRef = useRef<HTMLDivElement>(null);
  // A full-screen call takes the keyboard while shown; focus that leaves it (a click elsewhere, Tab
  // out of the video frame) comes back, except to what is drawn over the call on purpose.
  useFocusTrap(screenRef, !standby, { reclaim: true });
  const escapeRef = useRef<() => void>(() => undefined);
  const [notesOpen, setNotesOpen] = useState(true);
  /** Daily: what the visitor's device answers (its still arrived, or why none), read when it does. */
  const snapshotEventsRef = useRef<{
    onVisitorSnapshot: () => void;
    onFailed: (failure: SnapshotFailed) => void;
  }>({ onVisitorSnapshot: () => undefined, onFailed: () => undefined });
  const chatPanel = useCallChat(chat ?? null, call.callId, 'advisor', {
    onVisitorSnapshot: () => snapshotEventsRef.current.onVisitorSnapshot(),
    onFailed: (failure) => snapshotEventsRef.current.onFailed(failure),
  });
  /**
   * 'Tomar foto del video' waits for the still (issue 15 §3): from the page (built-in), or from
   * the visitor's device (Daily: the pending request, its id once the server answered, and the
   * timer that gives up on it).
   */
  const [snapping, setSnapping] = useState(false);
  const snapRequestRef = useRef<{ requestId: string | null; timer: number } | null>(null);
  // Read by the page's message handler, which outlives renders.
  const sendPhotoRef = useRef(chatPanel.sendPhoto);
  const openChatRef = useRef(chatPanel.openPanel);
  useEffect(() => {
    sendPhotoRef.current = chatPanel.sendPhoto;
    openChatRef.current = chatPanel.openPanel;
  });
  /** media lost its path mid-call; the page is restarting ICE */
  const [reconnecting, setReconnecting] = useState(false);
  /** the frame still holds the standby page: the room is handed over by message */
  const [warm, setWarm] = useState(standby);
  const [frameReady, setFrameReady] = useState(false);
  const [joinInfo, setJoinInfo] = useState<{ roomUrl: string; token: string } | null>(null);
  const joinSent = useRef(false);
  /** Read by the token fetch, which hands a ready standby page the room at once. */
  const frameReadyRef = useRef(false);
  const sendControlRef = useRef<(action: 'join', join: VideoPageJoin) => void>(() => undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** The Daily request is over (its still arrived, it failed, or it timed out). */
  const endSnapRequest = useCallback(() => {
    const pending = snapRequestRef.current;
    if (pending) window.clearTimeout(pending.timer);
    snapRequestRef.current = null;
    setSnapping(false);
  }, []);
  useEffect(() => endSnapRequest, [endSnapRequest]);
  useEffect(() => {
    snapshotEventsRef.current = {
      onVisitorSnapshot: () => {
        if (!snapRequestRef.current) return;
        endSnapRequest();
        // Into the chat, as her still arrives there (she was told at once on her side).
        openChatRef.current();
      },
      onFailed: ({ requestId, reason }) => {
        const pending = snapRequestRef.current;
        // (Its id is known once the request's answer is in; a failure may come first.)
        if (!pending || (pending.requestId !== null && pending.requestId !== requestId)) return;
        endSnapRequest();
        toast.error(
          t('toasts.warningTitle'),
          t(reason === 'camera-off' ? 'snapshot.visitorCameraOff' : 'snapshot.visitorFailed'),
        );
      },
    };
  });

  const name = advisorName?.trim() || t('advisor.advisorFallback');
  const saveNotes = useCallback(
    (notes: string) => saveCallNotes(call.callId, notes),
    [call.callId],
  );
  const loadNotes = useCallback(() => fetchCallNotes(call.callId), [call.callId]);
  // A ringing call has no notes on the server yet.
  const notes = useCallNotes(call.callId, saveNotes, standby ? undefined : loadNotes);
  const recommendations = useCallRecommendations(call.callId, !standby);

  const fail = useCallback((message: string) => {
    setPhase('error');
    setError(message);
  }, []);

  // Fetch the advisor's token and mount the frame; again on every retry.
  useEffect(() => {
    if (standby) return;
    let cancelled = false;
    void (async () => {
      let token: { token: string; roomUrl: string };
      try {
        token = await (attempt === 0 && acceptedToken
          ? acceptedToken
          : fetchCallToken(call.callId, 'advisor'));
      } catch (err) {
        if (!cancelled) fail(t('errors.token', { error: errorMessage(err) }));
        return;
      }
      if (cancelled) return;
      const roomUrl = token.roomUrl || call.dailyRoomUrl;
      if (!roomUrl) {
        fail(t('errors.roomUrlMissing'));
        return;
      }
      if (warm) {
        // The standby page is ready: hand it the room now rather than after another render.
        if (frameReadyRef.current && !joinSent.current) {
          joinSent.current = true;
          sendControlRef.current('join', {
            roomUrl,
            token: token.token,
            callId: call.callId,
            userName: name,
          });
        } else setJoinInfo({ roomUrl, token: token.token });
        return;
      }
      // SPEC §7: the advisor's room opens with the token as `t` and the advisor's name.
      setFrameSrc(
        `${videoPageUrl({ roomUrl, userName: name, userType: 'advisor', callId: call.callId })}&t=${encodeURIComponent(token.token)}`,
      );
    })();
    return () => {
      cancelled = true;
    };
  }, [standby, warm, attempt, acceptedToken, call.callId, call.dailyRoomUrl, name, fail, t]);

  // SPEC §4: after 15 s of connecting, completion is forced.
  useEffect(() => {
    if (standby || phase !== 'connecting') return;
    const timer = window.setTimeout(
      () => setPhase((p) => (p === 'connecting' ? 'loaded' : p)),
      ADVISOR_LOAD_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [standby, phase, attempt]);

  const handleMessage = useCallback(
    (m: VideoPageMessage) => {
      switch (m.action) {
        case 'joined':
        case 'connected-despite-error':
          setPhase('loaded');
          setError(null);
          setReconnecting(false);
          break;
        case 'reconnecting':
          setReconnecting(true);
          break;
        case 'error':
          setReconnecting(false);
          fail(
            m.errorCode === 'sdk-unavailable'
              ? t('errors.sdkUnavailable')
              : m.errorCode === 'room-url-missing'
                ? t('errors.roomUrlMissing')
                : m.error || t('errors.connection'),
          );
          break;
        case 'camera-error':
          toast.error(t('toasts.warningTitle'), t('toasts.cameraError'));
          break;
        case 'mic-error':
          toast.error(t('toasts.warningTitle'), t('toasts.micError'));
          break;
        case 'participant-joined':
          toast.info(
            t('toasts.participantTitle'),
            t('toasts.participantJoined', { name: m.participantName || t('toasts.someone') }),
          );
          break;
        case 'participant-left':
          toast.info(
            t('toasts.participantTitle'),
            t('toasts.participantLeft', { name: m.participantName || t('toasts.someone') }),
          );
          break;
        case 'loaded':
          frameReadyRef.current = true;
          setFrameReady(true);
          break;
        case 'loading':
        case 'joining':
        case 'left':
        case 'closed':
          break;
        case 'escape':
          escapeRef.current();
          break;
        case 'snapshot':
          setSnapping(false);
          if (m.image instanceof Blob) {
            // Into the chat, where the client is told at once and may delete it.
            sendPhotoRef.current(m.image, 'snapshot');
            openChatRef.current();
          } else toast.error(t('toasts.warningTitle'), t('snapshot.failed'));
          break;
        default: {
          const never: never = m.action;
          void never;
        }
      }
    },
    [fail, t, toast],
  );
  const { sendControl } = useVideoPageMessages(frameRef, handleMessage);
  useEffect(() => {
    sendControlRef.current = (action, join) => sendControl(action, join);
  }, [sendControl]);

  // 'Aceptar' pressed: the camera starts now, alongside the accept and token requests.
  const prepareSent = useRef(false);
  useEffect(() => {
    if (!warm || !frameReady || !(preparing || !standby) || prepareSent.current) return;
    prepareSent.current = true;
    sendControl('prepare');
  }, [warm, frameReady, preparing, standby, sendControl]);

  // Accepted while the standby page waited: hand it the room.
  useEffect(() => {
    if (!warm || !joinInfo || !frameReady || joinSent.current) return;
    joinSent.current = true;
    sendControl('join', { ...joinInfo, callId: call.callId, userName: name });
  }, [warm, joinInfo, frameReady, sendControl, call.callId, name]);

  const handleRetry = () => {
    // A retry loads the page afresh with its room, as without standby.
    setWarm(false);
    setFrameSrc(null);
    setPhase('connecting');
    setError(null);
    window.setTimeout(() => setAttempt((a) => a + 1), RETRY_RESTART_MS);
  };

  const flushNotes = async () => {
    try {
      await notes.flush();
    } catch {
      toast.error(t('notes.title'), t('notes.saveFailed'));
    }
    // The recommendations say so in their panel; the dashboard's after-call card retries.
    await recommendations.flush().catch(() => undefined);
  };

  const handleEnd = async () => {
    if (ending) return;
    setEnding(true);
    try {
      await flushNotes();
      sendControl('leave');
      await onEnd();
    } finally {
      if (mounted.current) setEnding(false);
    }
  };

  const handleClose = async () => {
    await flushNotes();
    onClose();
  };

  // Escape, here or inside the video, minimises (the call goes on); the question answers it first.
  useEffect(() => {
    escapeRef.current = () => {
      if (!standby && !confirmingEnd) void handleClose();
    };
  });
  useEffect(() => {
    if (standby) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) escapeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [standby]);

  const clientName = call.clientInfo.name?.trim() || t('advisor.clientFallback');
  // A still goes to the chat. The built-in room draws the client's video itself; Daily's frame is
  // another origin, so there the visitor's own device takes it when asked (through the server).
  const provider = parseRoomUrl(call.dailyRoomUrl ?? '')?.provider;
  const canSnap = chat !== undefined && provider !== undefined;
  const takeSnapshot = () => {
    setSnapping(true);
    if (provider === 'builtin') {
      sendControl('snapshot');
      return;
    }
    const timer = window.setTimeout(() => {
      endSnapRequest();
      toast.error(t('toasts.warningTitle'), t('snapshot.noAnswer'));
    }, SNAPSHOT_ANSWER_TIMEOUT_MS);
    snapRequestRef.current = { requestId: null, timer };
    requestSnapshot(call.callId).then(
      ({ requestId }) => {
        const pending = snapRequestRef.current;
        if (pending?.timer === timer) pending.requestId = requestId;
      },
      (err: unknown) => {
        if (snapRequestRef.current?.timer !== timer) return;
        endSnapRequest();
        toast.error(t('toasts.warningTitle'), errorMessage(err, t('snapshot.failed')));
      },
    );
  };
  const rawSubject = call.clientInfo.subject?.trim();
  const subject = !rawSubject
    ? t('advisor.subjectFallback')
    : (callSubjects as readonly string[]).includes(rawSubject)
      ? t(`advisor.subjects.${rawSubject}`)
      : rawSubject;

  return (
    <div
      className="vc-overlay vc-overlay--advisor"
      role="dialog"
      aria-modal="true"
      aria-labelledby="vc-advisor-title"
      hidden={standby}
      ref={screenRef}
      tabIndex={-1}
    >
      <div className="vc-header">
        <div className="vc-header__info">
          <h2 id="vc-advisor-title" className="vc-title">
            {t('advisor.title')}
          </h2>
          <p className="vc-client">{clientName}</p>
          <p className="vc-subject">{subject}</p>
          <p className="vc-meta">
            <span>{t('advisor.advisorLabel', { name })}</span>
            <span> · </span>
            <span>{formatStartTime(call.startedAt ?? call.acceptedAt, t)}</span>
          </p>
          {reconnecting && phase !== 'error' && (
            <p className="vc-reconnecting" role="status">
              {t('advisor.reconnecting')}
            </p>
          )}
        </div>
        <div className="vc-header__actions">
          {!notesOpen && (
            <button type="button" className="vc-button" onClick={() => setNotesOpen(true)}>
              {t('advisor.showNotes')}
            </button>
          )}
          {canSnap && (
            <button
              type="button"
              className="vc-button"
              disabled={snapping || phase !== 'loaded'}
              onClick={takeSnapshot}
            >
              {snapping ? t('snapshot.taking') : t('snapshot.take')}
            </button>
          )}
          {chat !== undefined && !chatPanel.open && (
            <ChatToggle
              focusOnShow={chatPanel.closed}
              unread={chatPanel.unread}
              onClick={chatPanel.openPanel}
            />
          )}
          {/* Back to the dashboard, the call goes on: the secondary way out. */}
          <button
            type="button"
            className="vc-button"
            aria-label={t('advisor.close')}
            onClick={() => void handleClose()}
          >
            {t('advisor.minimize')}
          </button>
          {/* Ending is for both sides: it asks first. */}
          <button
            type="button"
            className="vc-button vc-button--danger"
            disabled={ending}
            onClick={() => setConfirmingEnd(true)}
          >
            {ending ? t('advisor.ending') : t('advisor.end')}
          </button>
        </div>
      </div>

      <div className="vc-body">
        <div className="vc-stage">
          {(warm || frameSrc) && (
            <iframe
              key={attempt}
              ref={frameRef}
              className="vc-frame"
              title={t('advisor.frameTitle')}
              src={warm ? STANDBY_SRC : (frameSrc ?? undefined)}
              allow={VIDEO_FRAME_ALLOW}
              allowFullScreen
              onError={() => fail(t('errors.loadFailed'))}
            />
          )}
          {phase === 'connecting' && (
            <div className="vc-cover" role="status">
              <span className="vc-spinner" aria-hidden="true" />
              <p>{t('advisor.connecting')}</p>
            </div>
          )}
          {phase === 'error' && (
            <div className="vc-cover vc-cover--error" role="alert">
              <h3>{t('advisor.errorTitle')}</h3>
              <p>{error ?? t('errors.connection')}</p>
              <button type="button" className="vc-button vc-button--primary" onClick={handleRetry}>
                {t('advisor.retry')}
              </button>
            </div>
          )}
        </div>
        {confirmingEnd && (
          <CallConfirmDialog
            title={t('advisor.confirmEnd.title')}
            message={t('advisor.confirmEnd.message', { name: clientName })}
            actions={[
              { label: t('advisor.confirmEnd.keep'), onClick: () => setConfirmingEnd(false) },
              {
                label: ending ? t('advisor.ending') : t('advisor.confirmEnd.confirm'),
                danger: true,
                disabled: ending,
                onClick: () => void handleEnd().then(() => setConfirmingEnd(false)),
              },
            ]}
          />
        )}
        {notesOpen && (
          <CallNotesPanel
            notes={notes.notes}
            status={notes.status}
            onChange={notes.setNotes}
            onClear={notes.clear}
            recommendations={
              <RecommendationsEditor recommendations={recommendations} clientName={clientName} />
            }
            onClose={() => {
              void flushNotes();
              setNotesOpen(false);
            }}
          />
        )}
        {chatPanel.open && <CallChatPanel chat={chatPanel} />}
      </div>
    </div>
  );
}
