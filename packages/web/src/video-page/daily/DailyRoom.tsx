/**
 * A Daily.co room on the video page. daily-js (~270 kB) is imported here only, dynamically, so no
 * other page pays for it. Daily's events are translated to the video page's messages
 * (docs/product.md#video-page-protocol). On the visitor's page the 'snapshot' control is answered
 * with a still of her own camera (docs/product.md#snapshots):
 * Daily's frame is another origin, so no page of ours can read the video it shows.
 */
import type { ParticipantType } from '@belleza/contract';
import type DailyIframe from '@daily-co/daily-js';
import type { DailyCall, DailyEventObjectCameraError, DailyParticipant } from '@daily-co/daily-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listenToParentControl, type PostToParent } from '../parent-messages';
import { answerOwnCameraSnapshot } from '../snapshot';

type Props = {
  roomUrl: string;
  token: string | undefined;
  userName: string;
  /** whose page this is: only the visitor's answers 'snapshot' with a picture (her camera) */
  userType: ParticipantType;
  /**
   * an admin supervising: Daily has no receive-only member, so she joins with her camera and
   * microphone off and a name that says what she is (docs/decisions.md, silent supervision)
   */
  supervise?: boolean;
  post: PostToParent;
};

type Stage = 'loading' | 'in-call' | 'left' | 'error';

// Daily refuses a second instance ("Duplicate DailyIframe instances"): the previous one must be
// destroyed (awaited) before the next is created, also across StrictMode's double effects.
let lastDestroy: Promise<void> = Promise.resolve();

const participantCount = (call: DailyCall) => Object.keys(call.participants()).length;
const nameOf = (p: DailyParticipant) => p.user_name || '';

export function DailyRoom({ roomUrl, token, userName, userType, supervise = false, post }: Props) {
  const { t } = useTranslation('video');
  const containerRef = useRef<HTMLDivElement>(null);
  const callRef = useRef<DailyCall | null>(null);
  const [stage, setStage] = useState<Stage>('loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const postRef = useRef(post);
  useEffect(() => {
    postRef.current = post;
  });

  useEffect(() => {
    let cancelled = false;
    const emit: PostToParent = (action, extra) => postRef.current(action, extra);
    emit('loading');

    const start = async () => {
      await lastDestroy;
      let Daily: typeof DailyIframe;
      try {
        Daily = (await import('@daily-co/daily-js')).default;
      } catch {
        if (cancelled) return;
        setStage('error');
        setError(t('errors.sdkUnavailable'));
        emit('error', { error: t('errors.sdkUnavailable'), errorCode: 'sdk-unavailable' });
        return;
      }
      if (cancelled || !containerRef.current) return;
      let call: DailyCall;
      try {
        call = Daily.createFrame(containerRef.current, {
          showLeaveButton: true,
          iframeStyle: { width: '100%', height: '100%', border: '0' },
        });
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        setStage('error');
        setError(t('errors.init', { detail }));
        emit('error', { error: t('errors.init', { detail }), errorCode: 'init-failed' });
        return;
      }
      callRef.current = call;
      call
        .on('loading', () => emit('loading'))
        .on('loaded', () => emit('loaded'))
        .on('joining-meeting', () => emit('joining'))
        .on('joined-meeting', () => {
          setStage('in-call');
          emit('joined', { participantCount: participantCount(call) });
        })
        .on('participant-joined', (e) =>
          emit('participant-joined', {
            participantName: nameOf(e.participant),
            participantCount: participantCount(call),
          }),
        )
        .on('participant-left', (e) =>
          emit('participant-left', {
            participantName: nameOf(e.participant),
            participantCount: participantCount(call),
          }),
        )
        .on('left-meeting', () => {
          setStage('left');
          emit('left');
        })
        .on('camera-error', (e: DailyEventObjectCameraError) => {
          const err = e.error;
          const blocked =
            err.type === 'permissions'
              ? err.blockedMedia
              : err.type === 'not-found'
                ? err.missingMedia
                : err.type === 'mic-in-use'
                  ? ['audio']
                  : err.type === 'cam-in-use'
                    ? ['video']
                    : ['video', 'audio'];
          if (blocked.includes('video')) emit('camera-error', { error: t('page.cameraDenied') });
          if (blocked.includes('audio')) emit('mic-error', { error: t('page.micDenied') });
        })
        .on('error', (e) => {
          const message = e.errorMsg || t('errors.connection');
          setStage('error');
          setError(message);
          emit('error', { error: message, errorCode: 'connection' });
        });
      try {
        await call.join({
          url: roomUrl,
          ...(token ? { token } : {}),
          ...(supervise
            ? {
                userName: t('page.supervision.dailyName', { name: userName }),
                startVideoOff: true,
                startAudioOff: true,
              }
            : { userName }),
        });
      } catch (err) {
        if (cancelled) return;
        const detail = err instanceof Error ? err.message : String(err);
        setStage('error');
        setError(t('errors.init', { detail }));
        emit('error', { error: t('errors.init', { detail }), errorCode: 'init-failed' });
      }
    };
    void start();

    return () => {
      cancelled = true;
      const call = callRef.current;
      callRef.current = null;
      if (call) lastDestroy = call.destroy().catch(() => undefined);
    };
  }, [roomUrl, token, userName, supervise, attempt, t]);

  useEffect(
    () =>
      listenToParentControl((action) => {
        const call = callRef.current;
        if (action === 'join' || action === 'prepare') return; // standby's business (VideoCallPage)
        if (action === 'snapshot') {
          // The client's video is this page's own camera on the visitor's page only; the stylist's
          // page cannot read the visitor's (her still is asked of the visitor's device instead).
          if (userType === 'client') void answerOwnCameraSnapshot(postRef.current, call);
          else postRef.current('snapshot', { snapshotError: 'failed' });
          return;
        }
        if (action === 'retry') {
          setStage('loading');
          setError(null);
          setAttempt((n) => n + 1);
          return;
        }
        void (async () => {
          await call?.leave().catch(() => undefined);
          if (action === 'close') postRef.current('closed');
        })();
      }),
    [userType],
  );

  return (
    <div className="vp-room vp-room--daily" data-stage={stage}>
      {supervise && stage === 'in-call' && (
        <p className="vp-banner vp-banner--info" role="status">
          {t('page.supervision.dailySilent')} <strong>{t('page.supervision.told')}</strong>
        </p>
      )}
      <div ref={containerRef} className="vp-daily-frame" />
      {stage === 'loading' && <p className="vp-waiting">{t('page.connecting')}</p>}
      {stage === 'error' && (
        <div className="vp-message" role="alert">
          <p>{error ?? t('errors.connection')}</p>
          <button type="button" className="vp-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('page.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
