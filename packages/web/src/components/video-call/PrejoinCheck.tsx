/**
 * Before the visitor's call connects: explain why we need the camera and microphone BEFORE the
 * browser asks, then show a preview, a microphone level meter and device choice; when access was
 * refused, explain how to re-allow it, with retry and "continue with audio only". The privacy
 * blur can be chosen here (docs/product.md#privacy-blur): the preview shows it, and the call's
 * page starts with it (the choice is remembered on the device).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundChoice } from '../call-media/BackgroundChoice';
import { useBackground } from '../../lib/background/use-background';
import { acquireLocalMedia, stopStream, type MediaFailure } from '../../lib/webrtc';
import type { MediaChoice } from './ClientVideoModal';
import { useMicLevel } from './use-mic-level';
import './video-call.css';

type Phase = 'intro' | 'requesting' | 'preview' | 'blocked';

export type PrejoinCheckProps = {
  onJoin: (choice: MediaChoice) => void;
  onCancel?: () => void;
  /** The confirm button's text; defaults to 'Entrar a la videollamada'. */
  joinLabel?: string;
  /** injectable for tests */
  mediaDevices?: MediaDevices | undefined;
};

type Devices = { cameras: MediaDeviceInfo[]; mics: MediaDeviceInfo[] };

async function alreadyGranted(): Promise<boolean> {
  try {
    const perms = navigator.permissions;
    if (!perms?.query) return false;
    const [cam, mic] = await Promise.all([
      perms.query({ name: 'camera' }),
      perms.query({ name: 'microphone' }),
    ]);
    return cam.state === 'granted' && mic.state === 'granted';
  } catch {
    return false;
  }
}

export function PrejoinCheck({ onJoin, onCancel, joinLabel, mediaDevices }: PrejoinCheckProps) {
  const { t } = useTranslation('video');
  const devicesApi =
    mediaDevices ?? (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices);
  const [phase, setPhase] = useState<Phase>('intro');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<MediaFailure | null>(null);
  const [micError, setMicError] = useState<MediaFailure | null>(null);
  const [devices, setDevices] = useState<Devices>({ cameras: [], mics: [] });
  const [cameraId, setCameraId] = useState<string | undefined>();
  const [micId, setMicId] = useState<string | undefined>();
  const videoRef = useRef<HTMLVideoElement>(null);
  // Opened on request: the keyboard and the screen reader go where the new content is.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const streamRef = useRef<MediaStream | null>(null);
  const level = useMicLevel(stream);
  const [blurred, setBlurred] = useState<MediaStreamTrack | null>(null);
  const background = useBackground({ stream, cameraOn: true, onTrack: setBlurred });
  const preview = useMemo(() => (blurred ? new MediaStream([blurred]) : stream), [blurred, stream]);

  const request = useCallback(
    async (ids: { camera?: string | undefined; mic?: string | undefined } = {}) => {
      setPhase('requesting');
      stopStream(streamRef.current);
      const media = await acquireLocalMedia(
        { videoDeviceId: ids.camera, audioDeviceId: ids.mic },
        devicesApi,
      );
      streamRef.current = media.stream;
      setStream(media.stream);
      setCameraError(media.cameraError);
      setMicError(media.micError);
      if (media.stream && devicesApi?.enumerateDevices) {
        const all = await devicesApi.enumerateDevices().catch(() => []);
        setDevices({
          cameras: all.filter((d) => d.kind === 'videoinput' && d.deviceId),
          mics: all.filter((d) => d.kind === 'audioinput' && d.deviceId),
        });
        const settings = (kind: 'video' | 'audio') =>
          media.stream
            ?.getTracks()
            .find((tr) => tr.kind === kind)
            ?.getSettings().deviceId;
        setCameraId(settings('video'));
        setMicId(settings('audio'));
      }
      setPhase(media.cameraError || media.micError ? 'blocked' : 'preview');
    },
    [devicesApi],
  );

  // Permission already given on an earlier visit: no need to explain the prompt again.
  useEffect(() => {
    let cancelled = false;
    void alreadyGranted().then((granted) => {
      if (granted && !cancelled) void request();
    });
    return () => {
      cancelled = true;
    };
  }, [request]);

  useEffect(() => () => stopStream(streamRef.current), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const hasVideo = (stream?.getVideoTracks().length ?? 0) > 0;
    video.srcObject = hasVideo ? preview : null;
    if (hasVideo) video.play().catch(() => undefined);
  }, [stream, preview, phase]);

  const join = (audioOnly: boolean) => {
    stopStream(streamRef.current);
    streamRef.current = null;
    onJoin({
      ...(cameraId && !audioOnly ? { videoDeviceId: cameraId } : {}),
      ...(micId ? { audioDeviceId: micId } : {}),
      audioOnly,
    });
  };

  const failure = cameraError ?? micError;
  const micWorks = !micError && (stream?.getAudioTracks().length ?? 0) > 0;
  const hasVideo = (stream?.getVideoTracks().length ?? 0) > 0;

  return (
    <section className="vc-prejoin" aria-labelledby="vc-prejoin-title">
      <h2 id="vc-prejoin-title" ref={titleRef} tabIndex={-1}>
        {t('prejoin.title')}
      </h2>

      {phase === 'intro' && (
        <>
          <p>{t('prejoin.intro')}</p>
          <p className="vc-hint">{t('prejoin.promptHint')}</p>
          <div className="vc-actions">
            {onCancel && (
              <button type="button" className="vc-button" onClick={onCancel}>
                {t('prejoin.cancel')}
              </button>
            )}
            <button
              type="button"
              className="vc-button vc-button--primary"
              onClick={() => void request()}
            >
              {t('prejoin.allow')}
            </button>
          </div>
        </>
      )}

      {phase === 'requesting' && (
        <p role="status">
          <span className="vc-spinner" aria-hidden="true" /> {t('prejoin.requesting')}
        </p>
      )}

      {(phase === 'preview' || phase === 'blocked') && (
        <div className="vc-prejoin__preview">
          {hasVideo ? (
            <video
              ref={videoRef}
              className="vc-prejoin__video"
              autoPlay
              playsInline
              muted
              aria-label={t('prejoin.previewLabel')}
            />
          ) : (
            <div className="vc-prejoin__novideo">{t('page.cameraOff')}</div>
          )}
          {hasVideo && background.state && (
            <BackgroundChoice
              state={background.state}
              onChoose={background.setMode}
              buttonClass="vc-button"
            />
          )}
          {micWorks && (
            <div className="vc-meter">
              <span id="vc-meter-label">{t('prejoin.micLevel')}</span>
              <div
                className="vc-meter__bar"
                role="meter"
                aria-labelledby="vc-meter-label"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(level * 100)}
              >
                <div className="vc-meter__fill" style={{ width: `${Math.round(level * 100)}%` }} />
              </div>
              <small className="vc-hint">{t('prejoin.micHint')}</small>
            </div>
          )}
          {devices.cameras.length > 1 && hasVideo && (
            <label className="vc-field">
              {t('prejoin.camera')}
              <select
                value={cameraId ?? ''}
                onChange={(e) => {
                  setCameraId(e.target.value);
                  void request({ camera: e.target.value, mic: micId });
                }}
              >
                {devices.cameras.map((d, i) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {d.label || `${t('prejoin.camera')} ${i + 1}`}
                  </option>
                ))}
              </select>
            </label>
          )}
          {devices.mics.length > 1 && micWorks && (
            <label className="vc-field">
              {t('prejoin.microphone')}
              <select
                value={micId ?? ''}
                onChange={(e) => {
                  setMicId(e.target.value);
                  void request({ camera: cameraId, mic: e.target.value });
                }}
              >
                {devices.mics.map((d, i) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {d.label || `${t('prejoin.microphone')} ${i + 1}`}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}

      {phase === 'blocked' && failure && (
        <div className="vc-recovery" role="alert">
          <h3>
            {failure.kind === 'permission' && cameraError && !micError
              ? t('prejoin.cameraDeniedOnly')
              : failure.kind === 'permission'
                ? t('prejoin.deniedTitle')
                : failure.kind === 'not-found'
                  ? t('prejoin.notFound')
                  : failure.kind === 'in-use'
                    ? t('prejoin.inUse')
                    : failure.kind === 'unsupported'
                      ? t('prejoin.unsupported')
                      : t('prejoin.deniedTitle')}
          </h3>
          {failure.kind === 'permission' && (
            <>
              <p>{t('prejoin.stepsTitle')}</p>
              <ol>
                <li>{t('prejoin.step1')}</li>
                <li>{t('prejoin.step2')}</li>
                <li>{t('prejoin.step3')}</li>
                <li>{t('prejoin.step4')}</li>
              </ol>
            </>
          )}
          <div className="vc-actions">
            <button
              type="button"
              className="vc-button vc-button--primary"
              onClick={() => void request({ camera: cameraId, mic: micId })}
            >
              {t('prejoin.retry')}
            </button>
            {micWorks && (
              <button type="button" className="vc-button" onClick={() => join(true)}>
                {t('prejoin.audioOnly')}
              </button>
            )}
          </div>
        </div>
      )}

      {phase === 'preview' && (
        <div className="vc-actions">
          {onCancel && (
            <button type="button" className="vc-button" onClick={onCancel}>
              {t('prejoin.cancel')}
            </button>
          )}
          <button
            type="button"
            className="vc-button vc-button--primary"
            onClick={() => join(false)}
          >
            {joinLabel ?? t('prejoin.join')}
          </button>
        </div>
      )}
    </section>
  );
}
