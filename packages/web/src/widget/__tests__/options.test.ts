/** The snippet's `data-*` options, the button's texts and its text colour. */
import { WIDGET_DEFAULT_COLOR } from '@belleza/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findScript, inlineTarget, readOptions } from '../options';
import { textColorOn } from '../styles';
import { availabilityStatus, waitText } from '../texts';

const APP = 'https://citas.salon.example';

function script(data: Record<string, string> = {}, src = `${APP}/widget.js?v=3`) {
  const element = document.createElement('script');
  element.src = src;
  for (const [name, value] of Object.entries(data)) element.dataset[name] = value;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.lang = '';
});

describe('readOptions', () => {
  it('has defaults for a bare script tag', () => {
    expect(readOptions(script(), document)).toEqual({
      appOrigin: APP,
      language: 'es',
      position: 'right',
      color: WIDGET_DEFAULT_COLOR,
      label: null,
      subject: 'general',
      mode: 'floating',
      target: null,
    });
  });

  it('takes valid options as given', () => {
    const options = readOptions(
      script({
        lang: 'en',
        position: 'left',
        color: '#FFF',
        label: '  Pregunta a una estilista ',
        subject: 'hair_care',
        mode: 'inline',
        target: '#slot',
      }),
      document,
    );
    expect(options).toEqual({
      appOrigin: APP,
      language: 'en',
      position: 'left',
      color: '#FFF',
      label: 'Pregunta a una estilista',
      subject: 'hair_care',
      mode: 'inline',
      target: '#slot',
    });
  });

  it('replaces invalid options with the defaults', () => {
    const options = readOptions(
      script({
        position: 'top',
        color: 'red; background: url(x)',
        subject: 'tattoos',
        mode: 'popup',
        label: '   ',
      }),
      document,
    );
    expect(options).toMatchObject({
      position: 'right',
      color: WIDGET_DEFAULT_COLOR,
      subject: 'general',
      mode: 'floating',
      label: null,
    });
    expect(readOptions(script({ color: '#12345' }), document).color).toBe(WIDGET_DEFAULT_COLOR);
    expect(readOptions(script({ color: '#a1b2c3' }), document).color).toBe('#a1b2c3');
  });

  it.each([
    ['en', 'es', 'en'],
    ['fr', 'en-GB', 'en'],
    [undefined, 'en', 'en'],
    [undefined, 'de', 'es'],
    ['ES', 'en', 'es'],
  ])('data-lang %s on a page in %s reads as %s', (lang, pageLang, expected) => {
    document.documentElement.lang = pageLang;
    const options = readOptions(script(lang ? { lang } : {}), document);
    expect(options.language).toBe(expected);
  });

  it('throws for a script without a source (no app to talk to)', () => {
    const inlineScript = document.createElement('script');
    expect(() => readOptions(inlineScript, document)).toThrow();
  });
});

describe('findScript', () => {
  it('falls back to the widget.js tag when currentScript is gone', () => {
    document.body.append(document.createElement('script'));
    const widget = script();
    expect(findScript(document)).toBe(widget);
  });
});

describe('inlineTarget', () => {
  it('finds the target, or warns and answers null for the floating button', () => {
    const slot = document.createElement('div');
    slot.id = 'slot';
    document.body.append(slot);
    const warn = vi.fn();
    const inline = (target: string) =>
      inlineTarget(readOptions(script({ mode: 'inline', target }), document), document, warn);
    expect(inline('#slot')).toBe(slot);
    expect(warn).not.toHaveBeenCalled();
    expect(inline('#missing')).toBeNull();
    expect(inline('##not a selector')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(inlineTarget(readOptions(script(), document), document, warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('texts', () => {
  it.each([
    [0, 'es', 'menos de 1 minuto'],
    [59, 'es', 'menos de 1 minuto'],
    [60, 'es', '1 minuto'],
    [61, 'es', '2 minutos'],
    [60, 'en', '1 minute'],
    [600, 'en', '10 minutes'],
  ] as const)('a wait of %i s reads in %s as %s', (seconds, language, text) => {
    expect(waitText(seconds, language)).toBe(text);
  });

  it('maintenance wins over open', () => {
    const status = availabilityStatus(
      {
        open: true,
        maintenance: true,
        availableAdvisors: 2,
        estimatedWaitTime: 0,
        bookingEnabled: true,
      },
      'en',
    );
    expect(status).toEqual({ tone: 'closed', text: 'Not available right now' });
  });
});

describe('textColorOn', () => {
  it.each([
    [WIDGET_DEFAULT_COLOR, '#fff'],
    ['#000', '#fff'],
    ['#1a73e8', '#fff'],
    ['#fff', '#1a1a1a'],
    ['#ffd6e0', '#1a1a1a'],
    ['#FFC107', '#1a1a1a'],
  ])('puts readable text on %s', (background, text) => {
    expect(textColorOn(background)).toBe(text);
  });
});
