/**
 * The few texts the landing's script writes after load (availability, the menu's name, the
 * sticky button, the consultation's loading pill), as the page's language has them: the render
 * puts them in the page (`<script type="application/json" id="landing-texts">`), so the first
 * load needs no i18n library. Values keep i18next's `{{name}}` placeholders and `_one`/`_other`
 * plural forms; islands/texts.ts fills them the way i18next would.
 */
export const LANDING_TEXTS_SCRIPT_ID = 'landing-texts';

/** Keys of the `landing` namespace the script uses (plural keys without their suffix). */
export const ISLAND_TEXT_KEYS = [
  'availability.open',
  'availability.allBusy',
  'availability.nobodyFree',
  'availability.closed',
  'availability.closedUntil',
  'availability.maintenance',
  'wait.unknown',
  'wait.lessThanMinute',
  'wait.minutes',
  'banner.text',
  'banner.textOpen',
  'sticky.open',
  'sticky.closed',
  'free.duration',
  'nav.openMenu',
  'nav.closeMenu',
  'consultationLoading',
  'consultationLoadFailed',
  'consultationRetry',
] as const;
export type IslandTextKey = (typeof ISLAND_TEXT_KEYS)[number];

/** The plural forms i18next may suffix a key with (Intl.PluralRules categories). */
export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

export type IslandTexts = { language: string; strings: Record<string, string> };
