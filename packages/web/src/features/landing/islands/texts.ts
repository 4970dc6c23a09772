/** The page's own texts for what its script writes (content/island-texts.ts), filled like i18next. */
import {
  LANDING_TEXTS_SCRIPT_ID,
  type IslandTextKey,
  type IslandTexts,
} from '../content/island-texts';

export type Say = (key: IslandTextKey, values?: Record<string, string | number>) => string;

/** The texts the render put in `doc`; none (keys answered as themselves) when they are missing. */
export function readTexts(doc: Document = document): IslandTexts {
  const raw = doc.getElementById(LANDING_TEXTS_SCRIPT_ID)?.textContent;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') return parsed as IslandTexts;
  } catch {
    // A broken block reads as none: the page still works, with keys for words.
  }
  return { language: doc.documentElement.lang || 'es', strings: {} };
}

/** `say(key, values)`: the text with its `{{placeholders}}`, in the plural form `count` asks for. */
export function sayer({ language, strings }: IslandTexts): Say {
  const plurals = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const count = values.count;
    const form = typeof count === 'number' ? strings[`${key}_${plurals.select(count)}`] : undefined;
    const text = form ?? strings[key] ?? strings[`${key}_other`] ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
