import { passwordResetConfirmBodySchema } from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, PasswordField } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorMessage, translateValidation } from '@/lib/errors';
import { useConfirmPasswordReset } from './api/password-reset';
import { AuthError } from './AuthError';
import './auth.css';

/**
 * The page a reset link opens (docs/product.md#forgotten-password): its token is in the address's
 * fragment, never sent to the server with the page. A new password, once; then to the sign-in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ''));
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(token === '');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const parsed = passwordResetConfirmBodySchema.safeParse({ token, password });
    if (!parsed.success) {
      setFieldError(translateValidation(parsed.error.issues[0]?.message ?? 'validation.required'));
      return;
    }
    setFieldError(null);
    confirm.mutate(parsed.data, {
      onError: (err) => {
        if (isApiError(err) && err.code === 'RESET_LINK_INVALID') setInvalid(true);
        else setError(errorMessage(err, t('reset.failed')));
      },
    });
  };

  return (
    <main id="main-content" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{t('reset.title')}</h1>
        {confirm.isSuccess ? (
          <>
            <p className="auth-card__subtitle" role="status">
              {t('reset.done')}
            </p>
            <Link className="auth-card__back" to="/advisor/login">
              {t('reset.toLogin')}
            </Link>
          </>
        ) : invalid ? (
          <>
            <p className="auth-card__error" role="alert">
              {t('reset.invalid')}
            </p>
            <Link className="auth-card__back" to="/advisor/forgot">
              {t('reset.askAgain')}
            </Link>
          </>
        ) : (
          <>
            <AuthError>{error}</AuthError>
            <form className="auth-form" onSubmit={handleSubmit} noValidate>
              <PasswordField
                label={t('reset.password')}
                name="new-password"
                autoComplete="new-password"
                required
                hint={t('reset.hint')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={fieldError}
                disabled={confirm.isPending}
              />
              <Button type="submit" size="lg" block loading={confirm.isPending}>
                {t('reset.submit')}
              </Button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
