import { passwordResetRequestBodySchema } from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, TextField } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorMessage, translateValidation } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { useRequestPasswordReset } from './api/password-reset';
import { AuthError } from './AuthError';
import './auth.css';

/**
 * "¿Olvidaste tu contraseña?" (docs/product.md#forgotten-password): her e-mail, then the same
 * answer whether or not it is an account's. A site that cannot send e-mails says to ask an admin.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const ask = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const parsed = passwordResetRequestBodySchema.safeParse({
      email,
      language: currentLanguage(),
    });
    if (!parsed.success) {
      setFieldError(translateValidation(parsed.error.issues[0]?.message ?? 'validation.email'));
      return;
    }
    setFieldError(null);
    ask.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (err) =>
        setError(
          isApiError(err) && err.code === 'EMAIL_NOT_CONFIGURED'
            ? t('forgot.noEmail')
            : errorMessage(err, t('forgot.failed')),
        ),
    });
  };

  return (
    <main id="main-content" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{t('forgot.title')}</h1>
        {sentTo ? (
          <p className="auth-card__subtitle" role="status">
            {t('forgot.sent', { email: sentTo })}
          </p>
        ) : (
          <>
            <p className="auth-card__subtitle">{t('forgot.subtitle')}</p>
            <AuthError>{error}</AuthError>
            <form className="auth-form" onSubmit={handleSubmit} noValidate>
              <TextField
                label={t('login.email')}
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={fieldError}
                disabled={ask.isPending}
              />
              <Button type="submit" size="lg" block loading={ask.isPending}>
                {t('forgot.submit')}
              </Button>
            </form>
          </>
        )}
        <Link className="auth-card__back" to="/advisor/login">
          {t('forgot.back')}
        </Link>
      </div>
    </main>
  );
}
