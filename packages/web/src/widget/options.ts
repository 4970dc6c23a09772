/** The snippet's options: the `data-*` attributes of the widget's own `<script>` element. */
import {
  isCallSubject,
  WIDGET_DEFAULT_COLOR,
  WIDGET_MODES,
  WIDGET_POSITIONS,
  WIDGET_SCRIPT_PATH,
  type CallSubject,
  type Language,
  type WidgetMode,
  type WidgetPosition,
} from '@belleza/contract';
import { isLanguage } from './texts';

export type WidgetOptions = {
  /** where widget.js came from: the app the frame, the availability and the messages belong to */
  appOrigin: string;
  language: Language;
  position: WidgetPosition;
  color: string;
  /** `data-label`, replacing the default label */
  label: string | null;
  subject: CallSubject;
  mode: WidgetMode;
  /** `data-target`: a selector, for `data-mode="inline"` */
  target: string | null;
};

const COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  (list as readonly (string | undefined)[]).includes(value);

/**
 * The running script's element. Read synchronously when the script starts: `currentScript` is
 * null once it has returned (and for a module); the `src` match is the fallback.
 */
export const findScript = (doc: Document): HTMLScriptElement | null => {
  const current = doc.currentScript;
  return current instanceof HTMLScriptElement
    ? current
    : doc.querySelector<HTMLScriptElement>(`script[src*="${WIDGET_SCRIPT_PATH}"]`);
};

/** `es-PE` → `es`. */
const primaryLanguage = (tag: string | null | undefined) => tag?.toLowerCase().split('-')[0];

/** Throws when the script has no absolute `src` (there is then no app to talk to). */
export function readOptions(script: HTMLScriptElement, doc: Document): WidgetOptions {
  const data = script.dataset;
  const language =
    [primaryLanguage(data.lang), primaryLanguage(doc.documentElement.lang)].find(isLanguage) ??
    'es';
  return {
    appOrigin: new URL(script.src).origin,
    language,
    position: oneOf(WIDGET_POSITIONS, data.position) ? data.position : 'right',
    color: data.color && COLOR.test(data.color) ? data.color : WIDGET_DEFAULT_COLOR,
    label: data.label?.trim() || null,
    subject: isCallSubject(data.subject) ? data.subject : 'general',
    mode: oneOf(WIDGET_MODES, data.mode) ? data.mode : 'floating',
    target: data.target?.trim() || null,
  };
}

/**
 * The element an inline button goes into, or null for the floating button: also when the inline
 * mode names no element of the page (a typo, or the element is not there), which is worth a warning.
 */
export function inlineTarget(
  options: WidgetOptions,
  doc: Document,
  warn: (message: string) => void,
): Element | null {
  if (options.mode !== 'inline') return null;
  let target: Element | null = null;
  try {
    target = options.target ? doc.querySelector(options.target) : null;
  } catch {
    // An invalid selector: same as no element.
  }
  if (!target)
    warn(
      `data-mode="inline" needs data-target to name an element of this page (got ${JSON.stringify(options.target)}); showing the floating button instead.`,
    );
  return target;
}
