import { useEffect, useState } from 'react';

/** Microphone level 0..1 from a Web Audio analyser (RMS of the waveform), updated every frame. */
export function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
    if (!stream || !track || !Ctor) return;
    const ctx = new Ctor();
    const source = ctx.createMediaStreamSource(new MediaStream([track]));
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) {
        const v = (s - 128) / 128;
        sum += v * v;
      }
      // Speech RMS rarely exceeds ~0.3; scale so normal talking fills most of the bar.
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 3));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void ctx.close().catch(() => undefined);
    };
  }, [stream]);
  return stream ? level : 0;
}
