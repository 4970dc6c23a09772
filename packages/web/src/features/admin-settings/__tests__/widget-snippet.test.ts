import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  isTargetId,
  type SnippetOptions,
  widgetSnippet,
} from '../utils/widget-snippet';

const options: SnippetOptions = {
  lang: 'es',
  position: 'right',
  color: '#8b2f4f',
  label: 'Consulta en vivo',
  subject: 'hair_care',
  mode: 'floating',
  targetId: 'consulta-en-vivo',
};

describe('widget snippet', () => {
  it('is the documented tag for the floating button', () => {
    expect(widgetSnippet('https://salon.example', options)).toBe(
      '<script src="https://salon.example/widget.js" async data-lang="es" data-position="right" data-color="#8b2f4f" data-label="Consulta en vivo" data-subject="hair_care"></script>',
    );
  });

  it('leaves the label to the widget when it is blank', () => {
    expect(widgetSnippet('https://salon.example', { ...options, label: '   ' })).not.toContain(
      'data-label',
    );
  });

  it('places the element before the tag in inline mode', () => {
    expect(
      widgetSnippet('https://salon.example', {
        ...options,
        mode: 'inline',
        targetId: ' reservar ',
      }),
    ).toBe(
      '<div id="reservar"></div>\n<script src="https://salon.example/widget.js" async data-lang="es" data-position="right" data-color="#8b2f4f" data-label="Consulta en vivo" data-subject="hair_care" data-mode="inline" data-target="#reservar"></script>',
    );
  });

  it('escapes what goes into attributes', () => {
    expect(escapeHtml(`Tu "cita" <b>'ya'</b> & más`)).toBe(
      'Tu &quot;cita&quot; &lt;b&gt;&#39;ya&#39;&lt;/b&gt; &amp; más',
    );
    expect(
      widgetSnippet('https://salon.example', { ...options, label: '"><script>alert(1)</script>' }),
    ).toContain('data-label="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it.each([
    ['consulta-en-vivo', true],
    ['Reservar_1', true],
    ['1reservar', false],
    ['mi botón', false],
    ['a"b', false],
    ['', false],
  ])('takes %j as the inline target: %s', (id, valid) => {
    expect(isTargetId(id)).toBe(valid);
  });
});
