/**
 * The `<script>` tag a salon pastes into its own site
 * (docs/product.md#widget-on-the-salons-website). Its options are not settings: the admin shapes
 * the tag here and each page of the salon's site may carry a different one.
 */
import {
  type CallSubject,
  type Language,
  WIDGET_SCRIPT_PATH,
  type WidgetMode,
  type WidgetPosition,
} from '@belleza/contract';

export type SnippetOptions = {
  lang: Language;
  position: WidgetPosition;
  /** `#rrggbb`, as `<input type="color">` gives it */
  color: string;
  /** the button's text; empty: the widget's own text in `lang` */
  label: string;
  subject: CallSubject;
  mode: WidgetMode;
  /** inline mode: the id of the element the button goes in */
  targetId: string;
};

export const DEFAULT_TARGET_ID = 'consulta-en-vivo';
export const WIDGET_LABEL_MAX = 40;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside a double-quoted HTML attribute (and as element content). */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** An id the widget can find with `#id`: a letter, then letters, digits, '-' or '_'. */
export const isTargetId = (id: string): boolean => /^[A-Za-z][\w-]*$/.test(id);

/** The tag for `origin` (this app's), preceded in inline mode by the element to place. */
export function widgetSnippet(origin: string, options: SnippetOptions): string {
  const label = options.label.trim();
  const attributes: [name: string, value: string][] = [
    ['data-lang', options.lang],
    ['data-position', options.position],
    ['data-color', options.color],
    ...(label ? [['data-label', label] as [string, string]] : []),
    ['data-subject', options.subject],
  ];
  const targetId = options.targetId.trim();
  if (options.mode === 'inline')
    attributes.push(['data-mode', 'inline'], ['data-target', `#${targetId}`]);
  const data = attributes.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  const script = `<script src="${escapeHtml(`${origin}${WIDGET_SCRIPT_PATH}`)}" async${data}></script>`;
  return options.mode === 'inline' ? `<div id="${escapeHtml(targetId)}"></div>\n${script}` : script;
}
