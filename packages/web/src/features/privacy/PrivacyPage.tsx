import { RETURNING_CLIENT_DAYS } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '@/components/language-toggle';
import { paragraphsOf } from '@/lib/format';
import { usePrivacyPolicy } from './api/privacy';
import '@/styles/public-page.css';
import './privacy.css';

type Section = { title: string; text: string };

/**
 * The privacy page the consent checkboxes link to (docs/product.md#privacy-page): the salon's own
 * text when the admin wrote one in Settings, otherwise the built-in policy in the visitor's
 * language. While the salon's text loads nothing is shown in its place, so the built-in one never
 * flashes first.
 */
export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const policy = usePrivacyPolicy();
  const own = policy.data?.text.trim() ? paragraphsOf(policy.data.text) : null;
  const sections = t('default.sections', {
    returnObjects: true,
    days: RETURNING_CLIENT_DAYS,
  }) as Section[];
  return (
    <main id="main-content" className="public-page privacy-page">
      <header className="public-page__header">
        <Link to="/" reloadDocument className="public-page__back">
          {t('back')}
        </Link>
        <LanguageToggle />
      </header>
      <article
        className="public-page__body privacy-page__body"
        aria-labelledby="privacy-title"
        aria-busy={policy.isPending}
      >
        <h1 id="privacy-title">{t('title')}</h1>
        {policy.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : own ? (
          own.map((paragraph, i) => <p key={i}>{paragraph}</p>)
        ) : (
          <>
            <p>{t('default.intro')}</p>
            {sections.map((section) => (
              <section key={section.title}>
                <h2>{section.title}</h2>
                <p>{section.text}</p>
              </section>
            ))}
          </>
        )}
      </article>
    </main>
  );
}
