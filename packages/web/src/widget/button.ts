/** The shadow-rooted host element, and the button that shows the availability inside it. */
import type { Language } from '@belleza/contract';
import type { ButtonStatus } from './texts';

/** The host element's tag: a custom element name, so no page rule written for `div` applies. */
export const HOST_TAG = 'belleza-en-vivo';

export type Mounted = { host: HTMLElement; wrapper: HTMLElement };

/** A host element at the end of `parent`, with a shadow root holding `css` and one wrapper. */
export function mountHost(parent: Element, css: string, language: Language): Mounted {
  const doc = parent.ownerDocument;
  const host = doc.createElement(HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = css;
  const wrapper = doc.createElement('div');
  wrapper.className = 'w';
  // The page may be in another language: the button's texts are read in theirs.
  wrapper.lang = language;
  root.append(style, wrapper);
  parent.append(host);
  return { host, wrapper };
}

export type WidgetButton = {
  element: HTMLButtonElement;
  /** `alert`: said at once by screen readers (a failure), beside the button; '' for none */
  render: (label: string, status: ButtonStatus, busy: boolean, alert: string) => void;
};

/**
 * A pill: a dot (a spinner while busy), the label and the status below it. The accessible name is
 * both texts ('Consulta en vivo En línea · espera …'); ids are scoped to the shadow root.
 */
export function createButton(wrapper: HTMLElement): WidgetButton {
  const doc = wrapper.ownerDocument;
  const span = (className: string) => {
    const element = doc.createElement('span');
    element.className = className;
    return element;
  };
  const element = doc.createElement('button');
  element.type = 'button';
  element.className = 'b';
  const dot = span('d');
  dot.setAttribute('aria-hidden', 'true');
  const texts = span('t');
  const label = span('l');
  label.id = 'l';
  const status = span('s');
  status.id = 's';
  element.setAttribute('aria-labelledby', 'l s');
  texts.append(label, status);
  element.append(dot, texts);
  const note = span('v');
  note.setAttribute('role', 'status');
  wrapper.append(element, note);
  return {
    element,
    render(labelText, current, busy, alert) {
      label.textContent = labelText;
      status.textContent = current.text;
      element.dataset.tone = current.tone;
      element.setAttribute('aria-busy', String(busy));
      note.textContent = alert;
    },
  };
}
