/**
 * "Probar color" (docs/product.md#hair-colour-preview): on a still of the visitor, her hair is
 * marked on this device, the stylist corrects the mark with a brush and an eraser (or the keyboard:
 * arrows move the brush, Space paints; grow and shrink buttons), picks a shade of the salon's
 * chart and sees before and after side by side; 'Mostrar a la clienta' sends both, as one image,
 * to the call's chat (a photo of kind `preview`, kept in her summary as "Vista previa orientativa").
 */
import { shadeCode, type ColourShade } from '@belleza/contract';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { growMask as growBy } from '@/lib/segmentation/hair-mask';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { useColourChart } from './colour-chart.api';
import {
  composite,
  coverage,
  drawMasked,
  loadStill,
  stroke,
  type Still,
  type Tool,
} from './mask-tools';
import { recolour } from './recolour';
import { useHairDetection } from './use-hair-detection';
import './colour-preview.css';

export type ColourPreviewProps = {
  /** the still (an object URL of its bytes) */
  src: string;
  /** what the still shows, for the canvases' descriptions */
  alt: string;
  /** the before/after image and its caption (the shade), to send to the chat */
  onSend: (preview: Blob, caption: string) => void;
  onClose: () => void;
};

/** Brush radius, in hundredths of the still's width. */
const BRUSH_MIN = 1;
const BRUSH_MAX = 12;

export function ColourPreview({ src, alt, onSend, onClose }: ColourPreviewProps) {
  const { t } = useTranslation('colour-preview');
  const ref = useRef<HTMLDivElement>(null);
  const beforeRef = useRef<HTMLCanvasElement>(null);
  const afterRef = useRef<HTMLCanvasElement>(null);
  const sourceRef = useRef<HTMLCanvasElement | null>(null);
  const [still, setStill] = useState<Still | null>(null);
  const [failed, setFailed] = useState(false);
  const [edited, setEdited] = useState<Uint8Array | null>(null);
  /** bumped on every edit, so the drawing follows a mask changed in place */
  const [edits, setEdits] = useState(0);
  const [tool, setTool] = useState<Tool>('brush');
  const [brush, setBrush] = useState(4);
  const [showMask, setShowMask] = useState(true);
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const [shadeIndex, setShadeIndex] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const chart = useColourChart();
  const detection = useHairDetection(sourceRef, still);
  const painting = useRef<{ x: number; y: number } | null>(null);
  useFocusTrap(ref, true);

  useEffect(() => {
    const canvas = document.createElement('canvas');
    sourceRef.current = canvas;
    let live = true;
    loadStill(src, canvas).then(
      (s) => live && setStill(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [src]);

  // The detected mask until the stylist edits it; her edits are a copy of their own from then on.
  const detected = useMemo(() => {
    if (!still) return null;
    if (detection.mask) return detection.mask;
    const none = detection.status === 'failed' || detection.status === 'unsupported';
    return none ? new Uint8Array(still.width * still.height) : null;
  }, [still, detection]);
  const mask = edited ?? detected;
  const editable = (): Uint8Array | null => {
    if (edited) return edited;
    if (!detected) return null;
    const copy = detected.slice();
    setEdited(copy);
    return copy;
  };

  const shades = chart.data?.shades ?? [];
  const shade: ColourShade | null = shadeIndex === null ? null : (shades[shadeIndex] ?? null);
  const radius = still ? (brush / 100) * still.width : 1;

  const after = useMemo(() => {
    if (!still || !mask || !shade) return null;
    return recolour({
      width: still.width,
      height: still.height,
      pixels: still.image.data,
      mask,
      shade,
    });
    // `edits` stands for the mask's contents, changed in place while painting.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [still, mask, shade, edits]);

  useEffect(() => {
    const canvas = beforeRef.current;
    if (!canvas || !still || !mask) return;
    canvas.width = still.width;
    canvas.height = still.height;
    drawMasked(canvas, still, mask, showMask, cursor && { ...cursor, radius });
  }, [still, mask, showMask, cursor, radius, edits]);

  useEffect(() => {
    const canvas = afterRef.current;
    if (!canvas || !still) return;
    canvas.width = still.width;
    canvas.height = still.height;
    canvas
      .getContext('2d')
      ?.putImageData(
        new ImageData(new Uint8ClampedArray(after ?? still.image.data), still.width, still.height),
        0,
        0,
      );
  }, [still, after]);

  const paintAt = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const target = editable();
    if (!still || !target) return;
    stroke(target, still.width, still.height, from, to, radius, tool);
    setEdits((n) => n + 1);
  };
  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * event.currentTarget.width,
      y: ((event.clientY - box.top) / box.height) * event.currentTarget.height,
    };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const p = pointOf(event);
    painting.current = p;
    paintAt(p, p);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!painting.current) return;
    const p = pointOf(event);
    paintAt(painting.current, p);
    painting.current = p;
  };
  const onPointerUp = () => {
    painting.current = null;
  };

  /** Arrows move the brush by its radius, Space or Enter paints there, + and − size it. */
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!still) return;
    const here = cursor ?? { x: still.width / 2, y: still.height / 3 };
    const step = Math.max(2, radius);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = {
        x: Math.min(still.width - 1, Math.max(0, here.x + move[0])),
        y: Math.min(still.height - 1, Math.max(0, here.y + move[1])),
      };
      setCursor(next);
      if (event.shiftKey) paintAt(here, next);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      setCursor(here);
      paintAt(here, here);
    } else if (event.key === '+' || event.key === '-') {
      event.preventDefault();
      setBrush((b) => Math.min(BRUSH_MAX, Math.max(BRUSH_MIN, b + (event.key === '+' ? 1 : -1))));
    }
  };

  const covered = mask ? coverage(mask) : 0;
  const send = async () => {
    if (!still || !after || !shade || sending) return;
    setSending(true);
    const blob = await composite(still, after);
    setSending(false);
    if (!blob) return;
    onSend(blob, `${shadeCode(shade)} ${shade.name}`);
    onClose();
  };

  const status = failed
    ? t('status.stillFailed')
    : !still || detection.status === 'working'
      ? t('status.working')
      : detection.status === 'unsupported'
        ? t('status.unsupported')
        : detection.status === 'failed'
          ? t('status.failed')
          : detection.status === 'noFace'
            ? t('status.noFace')
            : t('status.found');

  return (
    <div
      ref={ref}
      className="cp-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby="cp-title"
      aria-describedby="cp-note"
      data-over-call=""
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <h3 id="cp-title" className="cp-dialog__title">
        {t('title')}
      </h3>
      <p id="cp-note" className="cp-dialog__note">
        {t('note')}
      </p>
      <p className="cp-dialog__status" role="status">
        {status}
      </p>
      <div className="cp-dialog__views">
        <figure className="cp-view">
          <canvas
            ref={beforeRef}
            className="cp-view__canvas cp-view__canvas--edit"
            tabIndex={0}
            role="img"
            aria-label={t('before', { photo: alt, percent: Math.round(covered * 100) })}
            aria-describedby="cp-keys"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
            onBlur={() => setCursor(null)}
          />
          <figcaption>{t('beforeCaption')}</figcaption>
        </figure>
        <figure className="cp-view">
          <canvas
            ref={afterRef}
            className="cp-view__canvas"
            role="img"
            aria-label={
              shade ? t('after', { shade: `${shadeCode(shade)} ${shade.name}` }) : t('afterNone')
            }
          />
          <figcaption>
            {shade ? `${t('afterCaption')}: ${shadeCode(shade)} ${shade.name}` : t('afterCaption')}
          </figcaption>
        </figure>
      </div>
      <p id="cp-keys" className="cp-dialog__keys">
        {t('keys')}
      </p>
      <MaskTools
        tool={tool}
        onTool={setTool}
        brush={brush}
        onBrush={setBrush}
        showMask={showMask}
        onShowMask={setShowMask}
        disabled={!mask}
        onGrow={(by) => {
          if (!still || !mask) return;
          setEdited(growMaskBy(mask, still, by));
        }}
        onReset={() => setEdited(null)}
        onClear={() => {
          if (still) setEdited(new Uint8Array(still.width * still.height));
        }}
      />
      <fieldset className="cp-shades">
        <legend>{t('shades')}</legend>
        {chart.isError && <p role="alert">{t('chartFailed')}</p>}
        <div className="cp-shades__list">
          {shades.map((s, i) => (
            <label
              key={shadeCode(s)}
              className="cp-shade"
              style={{ '--swatch': s.hex } as CSSProperties}
            >
              <input
                type="radio"
                name="cp-shade"
                value={shadeCode(s)}
                checked={shadeIndex === i}
                onChange={() => setShadeIndex(i)}
              />
              <span className="cp-shade__swatch" aria-hidden="true" />
              <span className="cp-shade__code">{shadeCode(s)}</span> {s.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="cp-dialog__actions">
        <button type="button" className="vc-button" data-autofocus="" onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="vc-button vc-button--primary"
          disabled={!after || covered === 0 || sending}
          onClick={() => void send()}
        >
          {t('send')}
        </button>
      </div>
    </div>
  );
}

function growMaskBy(mask: Uint8Array, still: Still, by: number): Uint8Array {
  const pixels = Math.max(1, Math.round(still.width / 100));
  return growBy(mask, still.width, still.height, by * pixels);
}

type ToolsProps = {
  tool: Tool;
  onTool: (tool: Tool) => void;
  brush: number;
  onBrush: (size: number) => void;
  showMask: boolean;
  onShowMask: (show: boolean) => void;
  disabled: boolean;
  onGrow: (by: number) => void;
  onReset: () => void;
  onClear: () => void;
};

function MaskTools({
  tool,
  onTool,
  brush,
  onBrush,
  showMask,
  onShowMask,
  disabled,
  onGrow,
  onReset,
  onClear,
}: ToolsProps) {
  const { t } = useTranslation('colour-preview');
  return (
    <div className="cp-tools">
      <fieldset className="cp-tools__tool">
        <legend>{t('tool')}</legend>
        {(['brush', 'eraser'] as const).map((id) => (
          <label key={id}>
            <input
              type="radio"
              name="cp-tool"
              value={id}
              checked={tool === id}
              onChange={() => onTool(id)}
            />
            {t(`tools.${id}`)}
          </label>
        ))}
      </fieldset>
      <label className="cp-tools__size">
        {t('brushSize')}
        <input
          type="range"
          min={BRUSH_MIN}
          max={BRUSH_MAX}
          value={brush}
          onChange={(e) => onBrush(Number(e.target.value))}
        />
      </label>
      <label className="cp-tools__show">
        <input type="checkbox" checked={showMask} onChange={(e) => onShowMask(e.target.checked)} />
        {t('showMask')}
      </label>
      <div className="cp-tools__buttons">
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={disabled}
          onClick={() => onGrow(1)}
        >
          {t('grow')}
        </button>
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={disabled}
          onClick={() => onGrow(-1)}
        >
          {t('shrink')}
        </button>
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={disabled}
          onClick={onReset}
        >
          {t('reset')}
        </button>
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={disabled}
          onClick={onClear}
        >
          {t('clear')}
        </button>
      </div>
    </div>
  );
}
