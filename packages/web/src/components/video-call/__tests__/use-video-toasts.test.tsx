import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToasts } from '../../ui/toast';
import { useVideoToasts } from '../use-video-toasts';

describe('video toasts', () => {
  it("takes good news and the call's people's news away with the call screen, and leaves warnings and errors", () => {
    const shown = renderHook(() => useToasts());
    const screen = renderHook(() => useVideoToasts());
    act(() => {
      screen.result.current.success('Conexión establecida', 'Conectado a la videollamada');
      screen.result.current.info('Videollamada', 'Eva salió de la llamada');
      screen.result.current.warning('Videollamada', 'Tu conexión es inestable');
      screen.result.current.error('Videollamada', 'No pudimos conectar la videollamada');
    });
    expect(shown.result.current).toHaveLength(4);
    act(() => screen.unmount());
    expect(shown.result.current.map((t) => t.message).sort()).toEqual([
      'No pudimos conectar la videollamada',
      'Tu conexión es inestable',
    ]);
  });
});
