/**
 * The advisor's shared screen in a built-in room (docs/product.md#screen-sharing): the
 * browser's picker, the screen sent on every link in place of the camera, and the camera back
 * when she stops (with the button or the browser's own "Stop sharing").
 */
import { useCallback, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyMediaError, stopStream, type MeshSession } from '../../lib/webrtc';
import { canCaptureScreen, type BuiltinRoomState } from './room-state';

/**
 * The shared screen while it is shared; `picking` while the browser's picker is open; `allowed`
 * as the last join ack said.
 */
export type ScreenCapture = { stream: MediaStream | null; picking: boolean; allowed: boolean };

/** A shared screen ends with the room (the call ended, or this page leaves it). */
export function endScreenShare(capture: ScreenCapture): void {
  stopStream(capture.stream);
  capture.stream = null;
}

export type ScreenShareOptions = {
  sessionRef: RefObject<MeshSession | null>;
  /** the page left the room: a screen picked meanwhile has nowhere to go */
  leftRef: RefObject<boolean>;
  setState: Dispatch<SetStateAction<BuiltinRoomState>>;
  /** what goes back on the links as her camera (the privacy blur's track, or null: the camera) */
  cameraTrack: () => MediaStreamTrack | null;
};

export function useScreenShare({ sessionRef, leftRef, setState, cameraTrack }: ScreenShareOptions) {
  const { t } = useTranslation('video');
  const screenRef = useRef<ScreenCapture>({ stream: null, picking: false, allowed: false });

  const stopScreenShare = useCallback(() => {
    const stream = screenRef.current.stream;
    if (!stream) return;
    screenRef.current.stream = null;
    setState((s) => ({ ...s, sharingScreen: false }));
    // The camera goes back on every link first, so nobody is left with a frozen picture.
    const session = sessionRef.current;
    if (session)
      void session.shareScreen(cameraTrack(), 'camera').finally(() => stopStream(stream));
    else stopStream(stream);
  }, [sessionRef, setState, cameraTrack]);

  const startScreenShare = useCallback(async () => {
    const session = sessionRef.current;
    const capture = screenRef.current;
    if (!session || !capture.allowed || capture.stream || capture.picking || !canCaptureScreen())
      return;
    capture.picking = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch (err) {
      // Closing the picker, or refusing it, is NotAllowedError: the camera simply stays.
      const cancelled = classifyMediaError(err).name === 'NotAllowedError';
      setState((s) => ({
        ...s,
        screenShareError: cancelled ? null : t('page.screenShare.failed'),
      }));
      return;
    } finally {
      capture.picking = false;
    }
    const track = stream.getVideoTracks()[0];
    if (!track || sessionRef.current !== session || leftRef.current) {
      stopStream(stream);
      return;
    }
    // Text and fine lines stay sharp (at the cost of motion) on a slow link.
    track.contentHint = 'detail';
    capture.stream = stream;
    // The browser's own "Stop sharing" ends the track: back to the camera as with the button.
    track.addEventListener('ended', () => {
      if (screenRef.current.stream === stream) stopScreenShare();
    });
    setState((s) => ({ ...s, sharingScreen: true, screenShareError: null }));
    await session.shareScreen(track);
  }, [t, stopScreenShare, sessionRef, leftRef, setState]);

  return { screenRef, startScreenShare, stopScreenShare };
}
