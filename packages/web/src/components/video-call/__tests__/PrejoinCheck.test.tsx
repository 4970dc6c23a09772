import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrejoinCheck } from '../PrejoinCheck';
import { renderWithI18n } from './test-utils';

class FakeTrack {
  stopped = false;
  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId: string,
  ) {}
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return { deviceId: this.deviceId };
  }
}
class FakeStream {
  constructor(private readonly tracks: FakeTrack[] = []) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
}

const denied = () => Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });

type Constraints = { video?: unknown; audio?: unknown };
function fakeDevices(opts: { camera: 'ok' | 'denied'; mic: 'ok' | 'denied'; cameras?: number }) {
  const calls: Constraints[] = [];
  const tracksMade: FakeTrack[] = [];
  const deviceOf = (c: unknown, fallback: string) =>
    typeof c === 'object' && c !== null && 'deviceId' in c
      ? (c as { deviceId: { exact: string } }).deviceId.exact
      : fallback;
  const getUserMedia = vi.fn((c: Constraints) => {
    calls.push(c);
    if ((c.video && opts.camera === 'denied') || (c.audio && opts.mic === 'denied'))
      return Promise.reject(denied());
    const tracks: FakeTrack[] = [];
    if (c.audio) tracks.push(new FakeTrack('audio', deviceOf(c.audio, 'mic-1')));
    if (c.video) tracks.push(new FakeTrack('video', deviceOf(c.video, 'cam-1')));
    tracksMade.push(...tracks);
    return Promise.resolve(new FakeStream(tracks) as unknown as MediaStream);
  });
  const cameras = Array.from({ length: opts.cameras ?? 1 }, (_, i) => ({
    kind: 'videoinput',
    deviceId: `cam-${i + 1}`,
    label: `Cámara ${i + 1}`,
    groupId: 'g',
  }));
  const enumerateDevices = vi.fn(() =>
    Promise.resolve([
      ...cameras,
      { kind: 'audioinput', deviceId: 'mic-1', label: 'Micrófono', groupId: 'g' },
    ]),
  );
  return {
    api: { getUserMedia, enumerateDevices } as unknown as MediaDevices,
    getUserMedia,
    calls,
    tracksMade,
  };
}

const flush = () => act(async () => {});

beforeAll(() => {
  vi.stubGlobal('MediaStream', FakeStream);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  vi.clearAllMocks();
});

describe('PrejoinCheck', () => {
  it('explains before the browser asks, then previews and joins with the chosen devices', async () => {
    const devices = fakeDevices({ camera: 'ok', mic: 'ok' });
    const onJoin = vi.fn();
    renderWithI18n(<PrejoinCheck onJoin={onJoin} mediaDevices={devices.api} />);
    await flush();
    // Opened on request: the focus is on its title.
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
    expect(screen.getByText(/usaremos tu cámara y tu micrófono/)).toBeInTheDocument();
    expect(devices.getUserMedia).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Activar cámara y micrófono' }));
    await flush();
    expect(devices.getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Vista previa de tu cámara')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Nivel del micrófono' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Entrar a la videollamada' }));
    expect(onJoin).toHaveBeenCalledWith({
      videoDeviceId: 'cam-1',
      audioDeviceId: 'mic-1',
      audioOnly: false,
    });
    // The preview lets go of the camera so the call can take it.
    expect(devices.tracksMade.every((t) => t.stopped)).toBe(true);
  });

  it('offers a camera choice when there are several, and switches to the chosen one', async () => {
    const devices = fakeDevices({ camera: 'ok', mic: 'ok', cameras: 2 });
    renderWithI18n(<PrejoinCheck onJoin={vi.fn()} mediaDevices={devices.api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Activar cámara y micrófono' }));
    await flush();
    const select = screen.getByRole('combobox', { name: 'Cámara' });
    fireEvent.change(select, { target: { value: 'cam-2' } });
    await flush();
    expect(devices.calls.at(-1)?.video).toEqual({ deviceId: { exact: 'cam-2' } });
    expect(devices.tracksMade[1]?.stopped).toBe(true);
  });

  it('with the camera refused: recovery steps, retry, and continue with audio only', async () => {
    const devices = fakeDevices({ camera: 'denied', mic: 'ok' });
    const onJoin = vi.fn();
    renderWithI18n(<PrejoinCheck onJoin={onJoin} mediaDevices={devices.api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Activar cámara y micrófono' }));
    await flush();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('El micrófono funciona, pero no pudimos usar tu cámara.');
    expect(alert).toHaveTextContent('Cambia cámara y micrófono a «Permitir».');

    const before = devices.getUserMedia.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await flush();
    expect(devices.getUserMedia.mock.calls.length).toBeGreaterThan(before);

    fireEvent.click(screen.getByRole('button', { name: 'Continuar solo con audio' }));
    expect(onJoin).toHaveBeenCalledWith({ audioDeviceId: 'mic-1', audioOnly: true });
  });

  it('with everything refused: explains how to re-allow and offers only retry', async () => {
    const devices = fakeDevices({ camera: 'denied', mic: 'denied' });
    renderWithI18n(<PrejoinCheck onJoin={vi.fn()} mediaDevices={devices.api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Activar cámara y micrófono' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No tenemos permiso para usar tu cámara o micrófono',
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Continuar solo con audio' }),
    ).not.toBeInTheDocument();
  });
});
