/**
 * Plain constants with no schema, so a browser bundle that needs only these (the landing page)
 * takes neither zod nor the rest of the contract with them (the package is `sideEffects: false`).
 */

/** Dates are shown in Lima (UTC-5, no DST), in the interface language's format; money in es-PE. */
export const DISPLAY_TIME_ZONE = 'America/Lima';
export const DISPLAY_LOCALE = 'es-PE';

/**
 * The landing page's first-load JavaScript budget, gzip: what a phone on 4G downloads before the
 * page's buttons work (the build fails past it: scripts/web-budgets.mjs). The consultation (React)
 * comes after, on intent or idle.
 */
export const LANDING_FIRST_LOAD_MAX_GZIP_BYTES = 15 * 1024;

/** `system.maxCallDuration` until an admin changes it, minutes (the landing shows it before it reads the setting). */
export const DEFAULT_MAX_CALL_DURATION_MIN = 60;

/** `system.siteName` until an admin changes it; the built pages carry it, the server swaps it. */
export const DEFAULT_SITE_NAME = 'Belleza en Vivo';
/**
 * What the pages and e-mails call a salon whose admin has not named it yet (`system.siteName` still
 * DEFAULT_SITE_NAME): a neutral name in the reader's language, never the product's.
 */
export const UNNAMED_SALON_NAME = { es: 'Nuestro salón', en: 'Our salon' } as const;

/** The salon's name as a reader sees it: the admin's, or the neutral one in `language`. */
export function salonDisplayName(siteName: string, language: 'es' | 'en'): string {
  const name = siteName.trim();
  return name === '' || name === DEFAULT_SITE_NAME ? UNNAMED_SALON_NAME[language] : name;
}

/** The social networks a salon may link from its profile (the landing's footer lists them). */
export const SALON_SOCIAL_NETWORKS = ['instagram', 'facebook', 'tiktok'] as const;

/** The WhatsApp chat link of a phone number as the salon wrote it ('+51 987 654 321'). */
export const whatsappUrl = (phone: string): string => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** A `tel:` link of a phone number as the salon wrote it (digits and a leading +). */
export const telUrl = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The name the first admin gets when ADMIN_NAME is not set; her first sign-in asks her real one. */
export const FIRST_ADMIN_DEFAULT_NAME = 'Admin';

/**
 * The `<meta name>`s through which the server tells a served page the admin's site name and
 * default language (the page reads them before it renders, so prerendered text still hydrates).
 */
export const SITE_NAME_META = 'application-name';
export const DEFAULT_LANGUAGE_META = 'default-language';
/** The id of the `<script type="application/json">` in which the server embeds the salon's profile. */
export const SALON_PROFILE_SCRIPT_ID = 'salon-profile';

/**
 * `system.currency`: the currency of the landing's plan prices, soles until an admin changes it. The served pages carry it in a `<meta>` like the site name.
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
