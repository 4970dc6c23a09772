/**
 * The shadow root's stylesheets. The host page's CSS cannot reach inside the shadow root, but it
 * can style the host element itself, even with `* { all: unset !important }`: the `:host` rules
 * are therefore all `!important` (an important declaration of the shadow tree beats the page's
 * important ones), and the wrapper resets what would be inherited with `all: initial`.
 */
import type { WidgetPosition } from '@belleza/contract';

/** Above the page's own overlays, below the browser's maximum (room for the page's extremes). */
export const WIDGET_Z_INDEX = 2147483000;

const NEAR_BLACK = '#1a1a1a';

/** WCAG relative luminance of `#rgb` / `#rrggbb`. */
const luminance = (hex: string): number => {
  const digits = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, '$&$&').slice(1) : hex.slice(1);
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** White or near-black, whichever contrasts more with the button's colour. */
export function textColorOn(background: string): string {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / (luminance(NEAR_BLACK) + 0.05);
  return onWhite >= onBlack ? '#fff' : NEAR_BLACK;
}

const HOST = `all:initial!important;display:block!important;position:fixed!important;z-index:${WIDGET_Z_INDEX}!important;`;

/** The host of the floating button (and of its frame), in a bottom corner clear of the notch. */
export const floatingHostCss = (position: WidgetPosition) =>
  `:host{${HOST}bottom:calc(16px + env(safe-area-inset-bottom,0px))!important;${position}:calc(16px + env(safe-area-inset-${position},0px))!important}`;

/** The host of an inline button, where the page put it. */
export const INLINE_HOST_CSS = ':host{all:initial!important;display:inline-block!important}';

/** The host of the frame of an inline button: a fixed point, whatever the target's ancestors do. */
export const FRAME_HOST_CSS = `:host{${HOST}top:0!important;left:0!important;width:0!important;height:0!important}`;

export const buttonCss = (color: string) => `
.w{all:initial;display:block;font:600 15px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.b{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:10px;min-height:48px;max-width:calc(100vw - 32px);padding:8px 20px 8px 16px;border-radius:999px;background:${color};color:${textColorOn(color)};font:inherit;text-align:start;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);transition:transform .15s ease-out}
.b:hover{transform:translateY(-2px)}
.b:focus-visible{outline:2px solid transparent;box-shadow:0 0 0 2px #fff,0 0 0 5px ${NEAR_BLACK}}
.b[hidden]{display:none}
.t{display:flex;flex-direction:column;min-width:0}
.s{font-weight:400;font-size:13px}
.v{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.d{flex:none;box-sizing:border-box;width:12px;height:12px;border-radius:50%;background:#9aa0a6;box-shadow:0 0 0 2px #fff}
.b[data-tone=open] .d{background:#1e9e50}
.b[data-tone=busy] .d{background:#f5a524}
.b[aria-busy=true] .d{background:none;box-shadow:none;border:2px solid;border-right-color:transparent;animation:r .8s linear infinite}
@keyframes r{to{transform:rotate(1turn)}}
@media (prefers-reduced-motion:reduce){.b{transition:none}.b:hover{transform:none}.b[aria-busy=true] .d{animation:none}}
@media (forced-colors:active){.b{border:1px solid ButtonText}.b:focus-visible{outline:3px solid Highlight}}`;
