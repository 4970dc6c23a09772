/**
 * Drawing on a photo (docs/product.md#drawing-on-a-photo): the stylist marks balayage zones or a
 * brow shape on a snapshot or a shared photo and sends the drawn copy to the chat; the original
 * stays as it was. Strokes are kept as points in the photo's own pixels, so the drawing lands where
 * it was made at any on-screen size, and the copy is rendered at the photo's full resolution.
 */
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';

export const MARKUP_COLORS = [
  { id: 'rose', value: '#ff4f8b' },
  { id: 'gold', value: '#ffd23f' },
  { id: 'white', value: '#ffffff' },
  { id: 'black', value: '#111111' },
] as const;
type ColorId = (typeof MARKUP_COLORS)[number]['id'];

type Point = { x: number; y: number };
type Stroke = { color: string; width: number; points: Point[] };

/** JPEG quality of the drawn copy (the server re-encodes it anyway). */
const QUALITY = 0.9;

function paint(ctx: CanvasRenderingContext2D, image: CanvasImageSource, strokes: Stroke[]) {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    ctx.strokeStyle = stroke.color;
    ctx.lineWidth = stroke.width;
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    // A tap is a dot.
    if (rest.length === 0) ctx.lineTo(first.x + 0.01, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
}

type Props = {
  /** the photo's address (an object URL of its bytes) */
  src: string;
  /** what the photo shows, for the canvas' description */
  alt: string;
  onSend: (drawn: Blob) => void;
  onClose: () => void;
};

export function PhotoMarkup({ src, alt, onSend, onClose }: Props) {
  const { t } = useTranslation('video');
  const ref = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const imageRef = useRef<HTMLImageElement | null>(null);
  const drawing = useRef<Stroke | null>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [color, setColor] = useState<ColorId>('rose');
  const [ready, setReady] = useState(false);
  const [sending, setSending] = useState(false);
  useFocusTrap(ref, true);

  useEffect(() => {
    const image = new Image();
    image.onload = () => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      imageRef.current = image;
      setReady(true);
    };
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src]);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (ready && ctx && imageRef.current) paint(ctx, imageRef.current, strokes);
  }, [ready, strokes]);

  /** The pointer's place in the photo's own pixels. */
  const pointOf = (event: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * canvas.width,
      y: ((event.clientY - box.top) / box.height) * canvas.height,
    };
  };
  const lineWidth = () => Math.max(4, Math.round((canvasRef.current?.width ?? 1000) / 150));
  const colorValue = MARKUP_COLORS.find((c) => c.id === color)?.value ?? '#ff4f8b';

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!ready) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = { color: colorValue, width: lineWidth(), points: [pointOf(event)] };
    setStrokes((s) => [...s, drawing.current as Stroke]);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    const next = { ...stroke, points: [...stroke.points, pointOf(event)] };
    drawing.current = next;
    setStrokes((s) => [...s.slice(0, -1), next]);
  };
  const onPointerUp = () => {
    drawing.current = null;
  };

  const send = () => {
    const canvas = canvasRef.current;
    if (!canvas || strokes.length === 0 || sending) return;
    setSending(true);
    canvas.toBlob(
      (blob) => {
        setSending(false);
        if (!blob) return;
        onSend(blob);
        onClose();
      },
      'image/jpeg',
      QUALITY,
    );
  };

  return (
    <div
      ref={ref}
      className="vc-markup"
      role="dialog"
      aria-modal="true"
      aria-labelledby="vc-markup-title"
      data-over-call=""
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <h3 id="vc-markup-title" className="vc-markup__title">
        {t('markup.title')}
      </h3>
      <div className="vc-markup__stage">
        <canvas
          ref={canvasRef}
          className="vc-markup__canvas"
          role="img"
          aria-label={t('markup.canvas', { photo: alt, count: strokes.length })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
      </div>
      <div className="vc-markup__tools">
        <fieldset className="vc-markup__colors">
          <legend className="visually-hidden">{t('markup.color')}</legend>
          {MARKUP_COLORS.map((c) => (
            <label
              key={c.id}
              className="vc-markup__swatch"
              style={{ '--swatch': c.value } as CSSProperties}
            >
              <input
                type="radio"
                name="vc-markup-color"
                value={c.id}
                checked={color === c.id}
                onChange={() => setColor(c.id)}
              />
              <span className="visually-hidden">{t(`markup.colors.${c.id}`)}</span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={strokes.length === 0}
          onClick={() => setStrokes((s) => s.slice(0, -1))}
        >
          {t('markup.undo')}
        </button>
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={strokes.length === 0}
          onClick={() => setStrokes([])}
        >
          {t('markup.clear')}
        </button>
      </div>
      <div className="vc-markup__actions">
        <button type="button" className="vc-button" data-autofocus="" onClick={onClose}>
          {t('markup.cancel')}
        </button>
        <button
          type="button"
          className="vc-button vc-button--primary"
          disabled={strokes.length === 0 || sending}
          onClick={send}
        >
          {t('markup.send')}
        </button>
      </div>
    </div>
  );
}
