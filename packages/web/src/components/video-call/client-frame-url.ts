/**
 * The addresses of the visitor's video page: the room's page (with the devices her pre-join check
 * chose) and the standby page that warms up while the call is not yet accepted
 * (docs/product.md#video-page).
 */
import { PARENT_BAR_QUERY, videoPageUrl, videoStandbyUrl } from '@belleza/contract';

export type MediaChoice = { videoDeviceId?: string; audioDeviceId?: string; audioOnly?: boolean };

export type ClientFrame = {
  callId: string;
  roomUrl: string;
  token?: string | undefined;
  userName?: string | undefined;
  media?: MediaChoice;
};

export function buildClientFrameUrl(p: ClientFrame): string {
  return videoPageUrl(
    {
      roomUrl: p.roomUrl,
      userName: p.userName?.trim() || 'Cliente',
      userType: 'client',
      token: p.token,
      callId: p.callId,
    },
    // The modal shows the call's one control bar; the page draws none.
    [...deviceParams(p.media), PARENT_BAR_QUERY],
  );
}

function deviceParams(media: MediaChoice | undefined): string[] {
  const extra: string[] = [];
  if (media?.videoDeviceId) extra.push(`camera=${encodeURIComponent(media.videoDeviceId)}`);
  if (media?.audioDeviceId) extra.push(`mic=${encodeURIComponent(media.audioDeviceId)}`);
  if (media?.audioOnly) extra.push('audioOnly=1');
  return extra;
}

/** The standby page: the camera warms up only when the visitor already checked it. */
export function buildClientStandbyUrl(media: MediaChoice | undefined): string {
  return [
    videoStandbyUrl({ userType: 'client', media: media !== undefined, parentBar: true }),
    ...deviceParams(media),
  ].join('&');
}
