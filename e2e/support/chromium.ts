/**
 * How Debian's Chromium is launched everywhere (e2e, benches): headless on a machine with no GPU,
 * no background traffic, and for video a fake camera and microphone that need no permission prompt.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** QUIET_ARGS plus fake media devices; QUIC off (WebRTC and Socket.IO only over UDP/TCP we see). */
export const VIDEO_ARGS = [
  ...QUIET_ARGS,
  '--disable-quic',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
] as const;

/** VIDEO_ARGS for pages on 127.0.0.1, where WebRTC needs leave to use loopback candidates. */
export const LOOPBACK_VIDEO_ARGS = [...VIDEO_ARGS, '--allow-loopback-in-peer-connection'] as const;
