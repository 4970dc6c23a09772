/**
 * Plain constants with no schema, so a browser bundle that needs only these (the landing page)
 * takes neither zod nor the rest of the contract with them (the package is `sideEffects: false`).
 */

/** Dates are shown in Lima (UTC-5, no DST) in es-PE format. */
export const DISPLAY_TIME_ZONE = 'America/Lima';
export const DISPLAY_LOCALE = 'es-PE';

/** `system.maxCallDuration` until an admin changes it, minutes (the landing shows it before it reads the setting). */
export const DEFAULT_MAX_CALL_DURATION_MIN = 60;

/** `system.siteName` until an admin changes it; the built pages carry it, the server swaps it. */
export const DEFAULT_SITE_NAME = 'Belleza en Vivo';
/**
 * The `<meta name>`s through which the server tells a served page the admin's site name and
 * default language (the page reads them before it renders, so prerendered text still hydrates).
 */
export const SITE_NAME_META = 'application-name';
export const DEFAULT_LANGUAGE_META = 'default-language';

/**
 * `system.currency`: the currency of the landing's prices and the reports' revenue, soles until an
 * admin changes it. The served pages carry it in a `<meta>` like the site name.
 */
export const CURRENCIES = ['PEN', 'USD', 'EUR', 'MXN', 'COP', 'CLP', 'ARS', 'BOB'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'PEN';
export const CURRENCY_META = 'currency';

/** The public privacy page (linked from the request and callback forms and the landing's footer). */
export const PRIVACY_PATH = '/privacidad';

const moneyFormats = new Map<string, Intl.NumberFormat>();
/**
 * An amount in the display locale with the currency's local symbol ('S/ 39', '$ 1,234.50'), in
 * both languages: the salon's prices read the same to every visitor.
 */
export function formatMoney(amount: number, currency: Currency, { whole = false } = {}): string {
  const key = `${currency}:${String(whole)}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(DISPLAY_LOCALE, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : undefined,
      maximumFractionDigits: whole ? 0 : 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}
