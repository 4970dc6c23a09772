/**
 * Camera and microphone with graceful degradation: ask for both; if that fails, ask for each
 * alone, so a denied camera still gives an audio-only call and a denied microphone a silent one.
 */
export type MediaFailureKind = 'permission' | 'not-found' | 'in-use' | 'unsupported' | 'other';
export type MediaFailure = { kind: MediaFailureKind; name: string; message: string };

export type LocalMedia = {
  stream: MediaStream | null;
  cameraError: MediaFailure | null;
  micError: MediaFailure | null;
};

export type MediaRequest = {
  video?: boolean;
  audio?: boolean;
  videoDeviceId?: string | undefined;
  audioDeviceId?: string | undefined;
};

export function classifyMediaError(err: unknown): MediaFailure {
  const name =
    typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : 'Error';
  const message = err instanceof Error ? err.message : String(err);
  const kind: MediaFailureKind =
    name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError'
      ? 'permission'
      : name === 'NotFoundError' ||
          name === 'DevicesNotFoundError' ||
          name === 'OverconstrainedError'
        ? 'not-found'
        : name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError'
          ? 'in-use'
          : name === 'TypeError'
            ? 'unsupported'
            : 'other';
  return { kind, name, message };
}

const videoConstraints = (deviceId?: string): MediaTrackConstraints | boolean =>
  deviceId ? { deviceId: { exact: deviceId } } : { width: { ideal: 1280 }, height: { ideal: 720 } };
const audioConstraints = (deviceId?: string): MediaTrackConstraints | boolean =>
  deviceId
    ? { deviceId: { exact: deviceId }, echoCancellation: true, noiseSuppression: true }
    : { echoCancellation: true, noiseSuppression: true };

export async function acquireLocalMedia(
  request: MediaRequest = {},
  mediaDevices: MediaDevices | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.mediaDevices,
): Promise<LocalMedia> {
  const wantVideo = request.video ?? true;
  const wantAudio = request.audio ?? true;
  if (!mediaDevices?.getUserMedia) {
    const unsupported: MediaFailure = {
      kind: 'unsupported',
      name: 'NotSupportedError',
      message: 'getUserMedia is not available',
    };
    return {
      stream: null,
      cameraError: wantVideo ? unsupported : null,
      micError: wantAudio ? unsupported : null,
    };
  }
  if (!wantVideo && !wantAudio) return { stream: null, cameraError: null, micError: null };

  try {
    const stream = await mediaDevices.getUserMedia({
      video: wantVideo ? videoConstraints(request.videoDeviceId) : false,
      audio: wantAudio ? audioConstraints(request.audioDeviceId) : false,
    });
    return { stream, cameraError: null, micError: null };
  } catch (both) {
    if (!(wantVideo && wantAudio)) {
      const failure = classifyMediaError(both);
      return {
        stream: null,
        cameraError: wantVideo ? failure : null,
        micError: wantAudio ? failure : null,
      };
    }
  }

  // Both together failed: find out which one works on its own.
  const tracks: MediaStreamTrack[] = [];
  let cameraError: MediaFailure | null = null;
  let micError: MediaFailure | null = null;
  try {
    const audio = await mediaDevices.getUserMedia({
      audio: audioConstraints(request.audioDeviceId),
      video: false,
    });
    tracks.push(...audio.getAudioTracks());
  } catch (err) {
    micError = classifyMediaError(err);
  }
  try {
    const video = await mediaDevices.getUserMedia({
      video: videoConstraints(request.videoDeviceId),
      audio: false,
    });
    tracks.push(...video.getVideoTracks());
  } catch (err) {
    cameraError = classifyMediaError(err);
  }
  return { stream: tracks.length > 0 ? new MediaStream(tracks) : null, cameraError, micError };
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
