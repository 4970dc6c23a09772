import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageToggle } from '@/components/language-toggle';
import { Button } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useConfirmEmail } from './api/confirm-email';
import '@/styles/public-page.css';
import './mail.css';

/** The token of `#token=…`: in the fragment, so it never reaches a server with the page. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

/**
 * The page the link of a visitor's first e-mail opens (docs/product.md#e-mail). She confirms with
 * a press, not by opening it: a mail scanner that follows the link confirms nothing.
 */
export function EmailConfirmPage() {
  const { t } = useTranslation('mail');
  const token = tokenOf(useLocation().hash);
  const confirm = useConfirmEmail();
  const [invalid, setInvalid] = useState(token === '');
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = () => {
    setError(null);
    confirm.mutate(
      { token },
      {
        onError: (err) => {
          if (isApiError(err) && err.code === 'EMAIL_CONFIRM_LINK_INVALID') setInvalid(true);
          else setError(errorMessage(err, t('confirm.failed')));
        },
      },
    );
  };

  return (
    <main id="main-content" className="public-page email-confirm">
      <header className="public-page__header">
        <Link to="/" reloadDocument className="public-page__back">
          {t('back')}
        </Link>
        <LanguageToggle />
      </header>
      <section className="public-page__body email-confirm__body" aria-labelledby="confirm-title">
        {confirm.isSuccess ? (
          <>
            <h1 id="confirm-title">{t('confirm.doneTitle')}</h1>
            <p role="status">{t('confirm.done')}</p>
          </>
        ) : (
          <>
            <h1 id="confirm-title">{t('confirm.title')}</h1>
            {invalid ? (
              <p className="email-confirm__error" role="alert">
                {t('confirm.invalid')}
              </p>
            ) : (
              <>
                <p>{t('confirm.text')}</p>
                {error && (
                  <p className="email-confirm__error" role="alert">
                    {error}
                  </p>
                )}
                <Button size="lg" loading={confirm.isPending} onClick={handleConfirm}>
                  {t('confirm.submit')}
                </Button>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}
