/**
 * The landing page rendered to HTML (never part of the browser's bundle): by the build, once per
 * language with no salon content (`landing.html`, `landing.en.html`), and by the server for every
 * visit, with the salon's own profile, team, services, opinions and gallery in the visitor's
 * language (the server loads the build of this module, `dist/server/landing.js`). The page is
 * complete without any script; src/landing.ts wires what moves. The built template
 * (`dist/server/landing-template.html`) carries the page's CSS inline and its one script.
 */
import { DEFAULT_SITE_NAME, type Language } from '@belleza/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  EMPTY_LANDING_CONTENT,
  ISLAND_TEXT_KEYS,
  LANDING_TEXTS_SCRIPT_ID,
  LandingPage,
  PLURAL_SUFFIXES,
  type LandingContent,
} from '@/features/landing';
import type { IslandTexts } from '@/features/landing/content/island-texts';
import { SUPPORTED_LANGUAGES } from '@/lib/language';
import enCommon from '@/locales/en/common.json';
import enLanding from '@/locales/en/landing.json';
import esCommon from '@/locales/es/common.json';
import esLanding from '@/locales/es/landing.json';

export { EMPTY_LANDING_CONTENT, type LandingContent };
export const PRERENDERED_LANGUAGES = SUPPORTED_LANGUAGES;

/** The file of the build that holds the page around its root (see vite.config.ts). */
export const LANDING_TEMPLATE_FILE = 'server/landing-template.html';
/** Where the page's root goes in the template. */
export const ROOT_MARKER = '<div id="root"></div>';

export type PrerenderedLanding = {
  language: Language;
  /** `#root`'s markup (React may put resource preloads first, as `<link>` tags). */
  html: string;
  title: string;
  description: string;
  /** what the page's script writes later, in this language */
  texts: IslandTexts;
};

let texts: Promise<I18n> | null = null;
/** One i18next with the landing's texts in every language, for the renders to clone. */
function landingTexts(): Promise<I18n> {
  texts ??= (async () => {
    const instance = i18next.createInstance();
    await instance.use(initReactI18next).init({
      resources: {
        es: { common: esCommon, landing: esLanding },
        en: { common: enCommon, landing: enLanding },
      },
      lng: 'es',
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: ['common', 'landing'],
      defaultNS: 'common',
      initAsync: false,
      // Every text naming the site says {{siteName}}; the server swaps the build's name.
      interpolation: { escapeValue: false, defaultVariables: { siteName: DEFAULT_SITE_NAME } },
      returnNull: false,
    });
    return instance;
  })();
  return texts;
}

/** The `landing` texts the page's script needs, plural forms included. */
function islandTexts(i18n: I18n, language: Language): IslandTexts {
  const strings: Record<string, string> = {};
  const put = (key: string) => {
    const value: unknown = i18n.getResource(language, 'landing', key);
    if (typeof value === 'string') strings[key] = value;
  };
  for (const key of ISLAND_TEXT_KEYS) {
    put(key);
    for (const suffix of PLURAL_SUFFIXES) put(`${key}_${suffix}`);
  }
  return { language, strings };
}

export async function renderLanding(
  language: Language,
  content: LandingContent = EMPTY_LANDING_CONTENT,
): Promise<PrerenderedLanding> {
  const i18n = (await landingTexts()).cloneInstance({ lng: language });
  await i18n.changeLanguage(language);
  if (i18n.language !== language) throw new Error(`the render could not switch to ${language}`);
  return {
    language,
    html: renderToString(
      <I18nextProvider i18n={i18n}>
        <LandingPage content={content} />
      </I18nextProvider>,
    ),
    title: i18n.t('common:titles.landing'),
    description: i18n.t('landing:meta.description'),
    texts: islandTexts(i18n, language),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that cannot close the script element it sits in. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028');

/**
 * The whole document: `template` (the build's landing.html, CSS inline) with the page's language,
 * title, description, texts and root. React writes a preload for the high-priority hero image at
 * the start of the markup; it belongs in <head>, where it is found sooner. `#root` is inert until
 * the page's script has wired it.
 */
export function landingDocument(template: string, page: PrerenderedLanding): string {
  for (const part of [ROOT_MARKER, '<html lang="es">', '<title>', 'name="description"', '</head>'])
    if (!template.includes(part)) throw new Error(`the landing template has no ${part}`);
  const preloads = page.html.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
  const body = page.html.slice(preloads.length);
  const head = [
    ...(preloads.match(/<link [^>]*\/>/g) ?? []),
    `<script type="application/json" id="${LANDING_TEXTS_SCRIPT_ID}">${scriptJson(page.texts)}</script>`,
  ];
  return template
    .replace('<html lang="es">', () => `<html lang="${page.language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*"/,
      (_m, open: string) => `${open}${escapeHtml(page.description)}"`,
    )
    .replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`)
    .replace(ROOT_MARKER, () => `<div id="root" data-prerendered="landing" inert>${body}</div>`);
}

/** The document for `language` with `content`, from the build's template. */
export async function renderLandingDocument(
  template: string,
  language: Language,
  content: LandingContent = EMPTY_LANDING_CONTENT,
): Promise<string> {
  return landingDocument(template, await renderLanding(language, content));
}
