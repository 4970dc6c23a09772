/**
 * Each language's texts are in that language: a Spanish screen never shows an English sentence left
 * untranslated (or the other way round). What both languages write alike is listed below: brand
 * and product names, symbols, codes and format patterns.
 */
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flatten(value, `${prefix}${key}.`),
  );
}

function texts(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const [path, tree] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] !== language) continue;
    for (const [key, value] of flatten(tree)) all.set(`${match[2]}:${key}`, value);
  }
  return all;
}

/** Written alike in both languages on purpose. */
const SAME_IN_BOTH = new Set([
  'Admin',
  'Chat',
  'Error',
  'ID',
  'No',
  'OK',
  'Total',
  'Visible',
  'UTC',
  'Redis',
  'WebSocket',
  'SQLite',
  'PostgreSQL',
  'Daily.co',
  'Español',
  'English',
  '404',
  'Chicago',
  'Denver',
  'Santiago',
  'Buenos Aires',
  'Madrid',
  'Lima (GMT-5)',
  'Euro (€)',
  'Boliviano (Bs)',
  'hola@bellezaenvivo.pe',
  'Logo',
  'WhatsApp',
  'Instagram',
  'Facebook',
  'TikTok',
  // the same word in both: the dye, and the camera's control
  'Henna',
  'Zoom',
  // the integration's own name, as Peruvian CRM vendors write it too, and a protocol
  'Webhook',
  'Webhooks',
  'HTTP',
]);

/** A text that is one of those names with placeholders and punctuation ('WhatsApp {{number}}'). */
const isName = (text: string) =>
  SAME_IN_BOTH.has(
    text
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(/[\s:]+$/, '')
      .trim(),
  );

/** Nothing but placeholders, numbers, units and punctuation: a format, not a sentence. */
const isFormat = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/\b(ID|ms|kbit\/s|min|h|d|s|m|TURN OK)\b/g, '')
    .replace(/[\d\s·:,.()|→★—-]/g, '') === '';

const es = texts('es');
const en = texts('en');

/** Words that belong to one language only (whole words, accents count as letters). */
const words = (list: string[]) => new RegExp(`(?<!\\p{L})(${list.join('|')})(?!\\p{L})`, 'iu');
const ENGLISH_ONLY = words([
  'the',
  'and',
  'you',
  'your',
  'with',
  'loading',
  'failed',
  'please',
  'advisor',
  'call',
  'interface',
]);
const SPANISH_ONLY = words(['el', 'los', 'las', 'del', 'que', 'para', 'una', 'llamada', 'tu']);
const stripMarkup = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '').replace(/<[^>]*>/g, '');

describe('every text is in its own language', () => {
  it('reads the texts of both languages', () => {
    expect(es.size).toBeGreaterThan(500);
    expect(en.size).toBeGreaterThan(500);
  });

  it('has no Spanish text equal to its English one beyond names, symbols and formats', () => {
    const same = [...es]
      .filter(([key, value]) => en.get(key) === value)
      .filter(([, value]) => !isName(value) && !isFormat(value))
      .map(([key, value]) => `${key} = ${value}`);
    expect(same).toEqual([]);
  });

  it('has no English words in the Spanish texts', () => {
    const english = [...es]
      .filter(([, value]) => ENGLISH_ONLY.test(stripMarkup(value)))
      .map(([key, value]) => `${key} = ${value}`);
    expect(english).toEqual([]);
  });

  it('has no Spanish words in the English texts', () => {
    const spanish = [...en]
      .filter(([, value]) => value !== 'Los Angeles' && SPANISH_ONLY.test(stripMarkup(value)))
      .map(([key, value]) => `${key} = ${value}`);
    expect(spanish).toEqual([]);
  });
});
