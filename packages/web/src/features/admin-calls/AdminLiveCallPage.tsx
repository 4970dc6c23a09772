/**
 * An admin inside a live call (docs/product.md#admin-live-call): the video page in a frame, joined
 * as 'admin' with a token of her own, and the call's chat beside it (photos, full-size view and
 * drawing included).
 * A full-screen page of its own, in the tab 'Unirse' opened: leaving it leaves only the admin (the
 * call goes on), and a call that ends says so, with the way back to Admin → Llamadas.
 */
import { videoPageUrl, type VideoPageMessage } from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  CallChatPanel,
  ChatToggle,
  useCallChat,
  useVideoPageMessages,
  VIDEO_FRAME_ALLOW,
} from '@/components/video-call';
import { useAuth } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';
import { formatTime } from '@/lib/format';
import { adminCallsKeys, useAdminCallToken, useCallDetails } from './api/calls';
import { useAdminCallSocket } from './hooks/use-admin-call-socket';
import { clientNameOf } from './utils/labels';
import { ADMIN_CALLS_PATH } from './utils/live-call';
import './admin-calls.css';

/** How the admin's own video is doing, as the video page tells it. */
type Media = 'connecting' | 'joined' | 'reconnecting';

/** The side-by-side layout's breakpoint (video-call.css): below it the chat is a sheet over the video. */
const WIDE_SCREEN = '(min-width: 769px)';
const isWideScreen = () =>
  typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN).matches;

export function AdminLiveCallPage() {
  const { t } = useTranslation('admin-calls');
  const { callId = '' } = useParams();
  const { advisor } = useAuth();
  const queryClient = useQueryClient();
  const details = useCallDetails(callId);
  const token = useAdminCallToken(callId);
  const [endedLive, setEndedLive] = useState(false);
  const [left, setLeft] = useState(false);
  const [media, setMedia] = useState<Media>('connecting');
  /** Each (re)entry mounts a fresh frame. */
  const [entry, setEntry] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);

  const readCall = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: adminCallsKeys.details(callId) }),
    [queryClient, callId],
  );
  const link = useAdminCallSocket(callId, {
    onConnect: readCall,
    onEnded: () => setEndedLive(true),
    onVisitorPresence: readCall,
  });
  const chat = useCallChat(link, callId, 'admin');

  // On a laptop the chat is what she came for: open beside the video. On a phone it would cover
  // the video's controls, so it waits behind its button.
  const { openPanel } = chat;
  useEffect(() => {
    if (isWideScreen()) openPanel();
  }, [openPanel]);

  const handleMessage = useCallback(
    (m: VideoPageMessage) => {
      switch (m.action) {
        case 'joined':
        case 'connected-despite-error':
          setMedia('joined');
          break;
        case 'reconnecting':
          setMedia('reconnecting');
          break;
        case 'left':
        case 'closed':
          // The page left: its own 'Salir' button (the same as the header's), the same admin in
          // another tab, or the room closed because the call ended, which the call's status tells
          // (and which then shows instead).
          setLeft(true);
          readCall();
          break;
        // The page shows these itself (errors with their retry, devices, who came and went, and
        // its own bar here, so no media state comes); snapshots are the stylist's, close-ups the
        // visitor's.
        case 'media-state':
        case 'loading':
        case 'loaded':
        case 'joining':
        case 'error':
        case 'camera-error':
        case 'mic-error':
        case 'participant-joined':
        case 'participant-left':
        case 'escape':
        case 'snapshot':
        case 'closeup':
          break;
      }
    },
    [readCall],
  );
  const { sendControl } = useVideoPageMessages(frameRef, handleMessage);

  const status = details.data?.status;
  const ended = endedLive || status === 'completed' || status === 'cancelled';

  const handleLeave = () => {
    sendControl('leave');
    setLeft(true);
  };
  const handleEnter = () => {
    setLeft(false);
    setMedia('connecting');
    setEntry((n) => n + 1);
    void token.refetch();
  };

  const roomUrl = token.data?.roomUrl || details.data?.dailyRoomUrl || '';
  const frameSrc =
    token.data && roomUrl
      ? videoPageUrl(
          {
            roomUrl,
            token: token.data.token,
            userName: advisor?.name || 'Admin',
            userType: 'admin',
            callId,
          },
          // She watches and listens; the visitor is told, and her camera and microphone wait for
          // 'Hablar' (docs/product.md#silent-supervision).
          ['supervise=1'],
        )
      : null;
  const roomMissing = token.isSuccess && !roomUrl && !details.isPending;

  const call = details.data;
  const backToCalls = (
    <Link className="vc-button" to={ADMIN_CALLS_PATH}>
      {t('live.backToCalls')}
    </Link>
  );

  const loading = (
    <div className="vc-cover" role="status">
      <span className="vc-spinner" aria-hidden="true" />
      <p>{t('live.loading')}</p>
    </div>
  );
  const stage = () => {
    // A retry shows it too, over the error it retries.
    if (token.isFetching) return loading;
    if (token.isError || roomMissing)
      return (
        <div className="vc-cover vc-cover--error" role="alert">
          <h2>{t('live.error.title')}</h2>
          <p>{token.isError ? errorMessage(token.error) : t('live.error.roomMissing')}</p>
          <div className="vc-actions">
            <button
              type="button"
              className="vc-button vc-button--primary"
              onClick={() => void token.refetch()}
            >
              {t('actions.retry')}
            </button>
            {backToCalls}
          </div>
        </div>
      );
    if (!frameSrc) return loading;
    return (
      <iframe
        key={entry}
        ref={frameRef}
        className="vc-frame"
        title={t('live.frameTitle')}
        src={frameSrc}
        allow={VIDEO_FRAME_ALLOW}
        allowFullScreen
      />
    );
  };

  const notice = (title: string, message: string, action?: ReactNode) => (
    <div className="vc-cover ac-live__notice" role="status">
      <h2>{title}</h2>
      <p>{message}</p>
      <div className="vc-actions">
        {action}
        {backToCalls}
      </div>
    </div>
  );

  const inCall = !ended && !left;
  return (
    <main className="vc-overlay ac-live" aria-labelledby="ac-live-title">
      <header className="vc-header">
        <div className="vc-header__info">
          <h1 id="ac-live-title" className="vc-title">
            {t('live.title')}
          </h1>
          {call && (
            <>
              <p className="vc-client">{t('live.client', { name: clientNameOf(call, t) })}</p>
              {call.advisorInfo?.name && (
                <p className="vc-meta">{t('live.advisor', { name: call.advisorInfo.name })}</p>
              )}
            </>
          )}
          {inCall && frameSrc && (
            <p className={media === 'reconnecting' ? 'vc-reconnecting' : 'vc-meta'} role="status">
              {t(`live.media.${media}`)}
            </p>
          )}
        </div>
        {inCall && (
          <div className="vc-header__actions">
            {!chat.open && (
              <ChatToggle focusOnShow={chat.closed} unread={chat.unread} onClick={openPanel} />
            )}
            <button type="button" className="vc-button vc-button--danger" onClick={handleLeave}>
              {t('live.leave')}
            </button>
          </div>
        )}
      </header>

      {/* Without the call's details the header cannot say whose call it is (the video goes on). */}
      {details.isError && !call && (
        <div className="ac-live__details-failed" role="alert">
          <p>
            <strong>{t('live.detailsFailed')}</strong> {errorMessage(details.error)}
          </p>
          <button
            type="button"
            className="vc-button"
            disabled={details.isFetching}
            onClick={() => void details.refetch()}
          >
            {t('actions.retry')}
          </button>
        </div>
      )}
      {inCall && call?.visitorAwayEndsAt && (
        <p className="ac-live__away" role="alert">
          <strong>{t('live.visitorAway.title')}</strong>{' '}
          {t('live.visitorAway.body', { time: formatTime(call.visitorAwayEndsAt) })}
        </p>
      )}
      <div className="vc-body">
        <div className="vc-stage">
          {ended
            ? notice(t('live.ended.title'), t('live.ended.message'))
            : left
              ? notice(
                  t('live.left.title'),
                  t('live.left.message'),
                  <button
                    type="button"
                    className="vc-button vc-button--primary"
                    onClick={handleEnter}
                  >
                    {t('live.left.rejoin')}
                  </button>,
                )
              : stage()}
        </div>
        {inCall && chat.open && <CallChatPanel chat={chat} />}
      </div>
    </main>
  );
}
