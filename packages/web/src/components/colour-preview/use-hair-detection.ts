/**
 * Finds the hair of a still on this device, once per still: the segmentation runtime loads on
 * first use (from this origin). A browser that cannot run it, or a failure, leaves the stylist
 * to paint the hair herself.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { Still } from './mask-tools';

export type DetectionStatus = 'working' | 'found' | 'noFace' | 'failed' | 'unsupported';

export function useHairDetection(source: RefObject<HTMLCanvasElement | null>, still: Still | null) {
  const [state, setState] = useState<{ status: DetectionStatus; mask: Uint8Array | null }>({
    status: 'working',
    mask: null,
  });
  useEffect(() => {
    const canvas = source.current;
    if (!still || !canvas) return;
    let live = true;
    import('@/lib/segmentation')
      .then(async ({ detectHair, VisionUnavailable }) => {
        try {
          const found = await detectHair(canvas, still.image);
          if (live) setState({ status: found.face ? 'found' : 'noFace', mask: found.mask });
        } catch (error) {
          const unsupported = error instanceof VisionUnavailable && error.reason === 'unsupported';
          if (live) setState({ status: unsupported ? 'unsupported' : 'failed', mask: null });
        }
      })
      .catch(() => live && setState({ status: 'failed', mask: null }));
    return () => {
      live = false;
    };
  }, [source, still]);
  return state;
}
