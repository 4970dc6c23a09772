/**
 * The visitor's close-up screen with its hook, as she uses it: the rear camera opened and sent on
 * the links in place of her front camera, torch and zoom only when the camera has them, the still
 * with the lighting check, sending it or cancelling, and her camera back as it was at the end;
 * a desktop webcam (no rear camera) and a camera that is off. Cameras, links and stills are
 * stood in for; what the parent hears is checked message by message.
 */
import type { CloseupState, VideoSource } from '@belleza/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../components/video-call/__tests__/test-utils';
import type { PostToParent } from '../parent-messages';
import type { CloseupCapabilities, CloseupConstraints } from './camera-capabilities';
import { CloseupCapture } from './CloseupCapture';
import type { LightingCheck } from './lighting';
import type { PreparedStill } from './take-still';
import { useCloseup, type CloseupOptions } from './use-closeup';

class Track {
  readyState: 'live' | 'ended' = 'live';
  kind = 'video';
  applied: CloseupConstraints[] = [];
  constructor(
    readonly label: string,
    private readonly caps: CloseupCapabilities = {},
  ) {}
  getCapabilities() {
    return this.caps;
  }
  getSettings() {
    return { width: 640, height: 480 };
  }
  applyConstraints(c: CloseupConstraints) {
    this.applied.push(c);
    return Promise.resolve();
  }
  stop() {
    this.readyState = 'ended';
  }
}

class Stream {
  constructor(private tracks: Track[]) {}
  removeTrack(track: Track) {
    this.tracks = this.tracks.filter((t) => t !== track);
  }
  addTrack(track: Track) {
    this.tracks = [...this.tracks, track];
  }
  getVideoTracks() {
    return this.tracks;
  }
  getTracks() {
    return this.tracks;
  }
}

const GOOD: LightingCheck = {
  meanLuma: 140,
  highlightBlueRed: 0.98,
  tooDark: false,
  tooYellow: false,
};
const YELLOW: LightingCheck = { ...GOOD, highlightBlueRed: 0.6, tooYellow: true };
const DARK: LightingCheck = { ...GOOD, meanLuma: 30, tooDark: true };

type Harness = Omit<CloseupOptions, 'post' | 'showVideo'> & {
  onPost: PostToParent;
  onShow: (track: MediaStreamTrack | null, source: VideoSource) => Promise<void>;
  startRef: { current: ((by: string) => Promise<void>) | null };
};

function Harness({ onPost, onShow, startRef, ...options }: Harness) {
  const closeup = useCloseup({ ...options, post: onPost, showVideo: onShow });
  useEffect(() => {
    startRef.current = closeup.start;
  });
  return <CloseupCapture closeup={closeup} />;
}

function setup({
  rear = new Track('rear', { torch: true, zoom: { min: 1, max: 5, step: 0.5 } }),
  lighting = GOOD,
  cameraOn = true,
}: { rear?: Track | Error; lighting?: LightingCheck; cameraOn?: boolean } = {}) {
  const front = new Track('front');
  const posted: Array<[CloseupState | undefined, boolean]> = [];
  const onPost = vi.fn<PostToParent>((action, extra) => {
    if (action === 'closeup') posted.push([extra?.closeupState, extra?.image !== undefined]);
  });
  const shown: Array<[string | null, VideoSource]> = [];
  const onShow = vi.fn((track: MediaStreamTrack | null, source: VideoSource) => {
    shown.push([track ? (track as unknown as Track).label : null, source]);
    return Promise.resolve();
  });
  const getUserMedia = vi.fn(() =>
    rear instanceof Track
      ? Promise.resolve(new Stream([rear]) as unknown as MediaStream)
      : Promise.reject(rear),
  );
  const takeStill = vi.fn(() => Promise.resolve(new Blob(['raw'])));
  const image = new Blob(['jpeg'], { type: 'image/jpeg' });
  const prepare = vi.fn((): Promise<PreparedStill> =>
    Promise.resolve({ image, width: 4032, height: 3024, lighting }),
  );
  const startRef: Harness['startRef'] = { current: null };
  const localStream = new Stream([front]);
  renderWithI18n(
    <Harness
      onPost={onPost}
      onShow={onShow}
      startRef={startRef}
      localStream={localStream as unknown as MediaStream}
      cameraOn={cameraOn}
      media={{ getUserMedia }}
      takeStill={takeStill}
      prepare={prepare}
    />,
  );
  const ask = () => act(() => startRef.current?.('Eva Estilista'));
  return { front, rear, posted, shown, getUserMedia, takeStill, image, ask, localStream };
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.stubGlobal('MediaStream', Stream);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:still', revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const dialog = () => screen.getByRole('dialog', { name: 'Foto de detalle' });

describe('the close-up on the visitor’s page', () => {
  it('turns to the rear camera on the links, offers torch and zoom, sends the still and puts the front camera back', async () => {
    const user = userEvent.setup();
    const { rear, posted, shown, getUserMedia, image, ask } = setup();
    await ask();

    expect(dialog()).toHaveAccessibleDescription(/Eva Estilista te pide una foto de detalle/);
    const asked = getUserMedia.mock.calls[0] as unknown as [MediaStreamConstraints];
    expect(asked[0].audio).toBe(false);
    expect((asked[0].video as MediaTrackConstraints).facingMode).toEqual({ exact: 'environment' });
    expect(shown).toEqual([['rear', 'closeup']]);
    expect(posted).toEqual([['rear-camera', false]]);
    expect(screen.getByRole('status')).toHaveTextContent('Usando la cámara de atrás');
    // Not mirrored: the preview never carries the self-view's flip class.
    expect(screen.getByLabelText('Lo que ve la cámara para la foto de detalle')).not.toHaveClass(
      'vp-local__video',
    );

    // Torch and zoom, by keyboard.
    const torch = screen.getByRole('button', { name: 'Linterna' });
    expect(torch).toHaveAttribute('aria-pressed', 'false');
    torch.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(torch).toHaveAttribute('aria-pressed', 'true'));
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    zoom.focus();
    expect(zoom).toHaveFocus();
    fireEvent.change(zoom, { target: { value: '1.5' } });
    await waitFor(() => expect(zoom).toHaveValue('1.5'));
    const track = rear as Track;
    expect(track.applied).toEqual([{ advanced: [{ torch: true }] }, { advanced: [{ zoom: 1.5 }] }]);

    await user.click(screen.getByRole('button', { name: 'Tomar foto' }));
    expect(await screen.findByRole('img', { name: /4032 × 3024 píxeles/ })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Buena luz');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enviar foto' }));
    expect(posted).toEqual([
      ['rear-camera', false],
      ['sent', true],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The front camera goes back on the links, the torch off, the rear camera closed.
    expect(shown).toEqual([
      ['rear', 'closeup'],
      ['front', 'camera'],
    ]);
    expect(track.applied.at(-1)).toEqual({ advanced: [{ torch: false }] });
    expect(track.readyState).toBe('ended');
    expect(image.size).toBeGreaterThan(0);
  });

  it('says "Acércate a una ventana, sin flash" for a yellow or dark still, and she may still send it', async () => {
    const user = userEvent.setup();
    const yellow = setup({ lighting: YELLOW });
    await yellow.ask();
    await user.click(screen.getByRole('button', { name: 'Tomar foto' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Acércate a una ventana, sin flash');
    expect(alert).toHaveTextContent('La luz es muy amarilla');
    // Another one, then send anyway.
    await user.click(screen.getByRole('button', { name: 'Tomar otra' }));
    expect(screen.getByRole('button', { name: 'Tomar foto' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Tomar foto' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(yellow.takeStill).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Enviar foto' }));
    expect(yellow.posted.at(-1)).toEqual(['sent', true]);
  });

  it('tells a dark still apart', async () => {
    const user = userEvent.setup();
    const dark = setup({ lighting: DARK });
    await dark.ask();
    await user.click(screen.getByRole('button', { name: 'Tomar foto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La foto salió oscura');
  });

  it('on a desktop webcam (no rear camera) says so and uses the camera she has, with no switch on the links', async () => {
    const user = userEvent.setup();
    const desk = setup({ rear: new DOMException('none', 'OverconstrainedError') });
    await desk.ask();
    expect(desk.posted).toEqual([['same-camera', false]]);
    expect(desk.shown).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('no tiene cámara de atrás');
    // No torch or zoom on this webcam.
    expect(screen.queryByRole('button', { name: 'Linterna' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Tomar foto' }));
    await screen.findByRole('button', { name: 'Enviar foto' });
    // The still comes from her front camera's track itself.
    expect(desk.takeStill).toHaveBeenCalledWith(desk.front);
    // Escape cancels, and her camera stays live.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(desk.posted.at(-1)).toEqual(['cancelled', false]);
    expect(desk.front.readyState).toBe('live');
  });

  it('cancelling puts her front camera back on the links', async () => {
    const user = userEvent.setup();
    const c = setup();
    await c.ask();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(c.posted).toEqual([
      ['rear-camera', false],
      ['cancelled', false],
    ]);
    await waitFor(() =>
      expect(c.shown).toEqual([
        ['rear', 'closeup'],
        ['front', 'camera'],
      ]),
    );
    expect((c.rear as Track).readyState).toBe('ended');
  });

  it('on a phone that opens one camera at a time, stops the front one for the rear, then opens it again in its place', async () => {
    const user = userEvent.setup();
    const c = setup();
    const rear = c.rear as Track;
    const reopened = new Track('front again');
    let calls = 0;
    c.getUserMedia.mockImplementation(() => {
      calls += 1;
      if (calls === 1) return Promise.reject(new DOMException('busy', 'NotReadableError'));
      return Promise.resolve(new Stream([calls === 2 ? rear : reopened]) as unknown as MediaStream);
    });
    await c.ask();
    expect(c.front.readyState).toBe('ended');
    expect(c.posted).toEqual([['rear-camera', false]]);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(c.shown).toEqual([
        ['rear', 'closeup'],
        ['front again', 'camera'],
      ]),
    );
    // Opened as it was, and in the call's stream in place of the stopped one.
    const asked = c.getUserMedia.mock.calls[2] as unknown as [MediaStreamConstraints];
    expect(asked[0].video).toEqual({ width: { ideal: 640 }, height: { ideal: 480 } });
    expect(c.localStream.getVideoTracks()).toEqual([reopened]);
    expect(rear.readyState).toBe('ended');
  });

  it('with her camera off, answers camera-off and shows nothing', async () => {
    const off = setup({ cameraOn: false });
    await off.ask();
    expect(off.posted).toEqual([['camera-off', false]]);
    expect(off.getUserMedia).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a camera that refuses (permission) is a failure she can close', async () => {
    const user = userEvent.setup();
    const refused = setup({ rear: new DOMException('no', 'NotAllowedError') });
    await refused.ask();
    expect(refused.posted).toEqual([['failed', false]]);
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos usar tu cámara');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A failure is told once.
    expect(refused.posted).toEqual([['failed', false]]);
  });
});
