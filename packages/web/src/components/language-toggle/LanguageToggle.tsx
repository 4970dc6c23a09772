import type { Language } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n';
import './language-toggle.css';

/** ES/EN switch of the header; the choice is stored as 'preferred-language'. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;
  return (
    <div
      role="group"
      aria-label={t('header.language')}
      className={['lang-toggle', className].filter(Boolean).join(' ')}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="lang-toggle__option"
          aria-pressed={current === lng}
          title={t(`header.languages.${lng}`)}
          onClick={() => void changeLanguage(lng)}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
