import { loginBodySchema } from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, PasswordField, TextField } from '@/components/ui';
import { errorMessage, translateValidation } from '@/lib/errors';
import { useLogin } from './api/login';
import { AuthError } from './AuthError';
import './auth.css';

type FieldErrors = { email?: string; password?: string };

/**
 * Advisor login (docs/product.md#advisor-login). Guests only: the router sends a signed-in advisor
 * to their home.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !next[field])
          next[field] = translateValidation(issue.message);
      }
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, {
      onSuccess: ({ advisor }) => {
        void navigate(advisor.profile.isAdmin ? '/admin/dashboard' : '/advisor/dashboard', {
          replace: true,
        });
      },
      onError: (err) => {
        // In her language, from the error's code (the server's own message is English).
        setError(errorMessage(err, t('login.error')));
      },
    });
  };

  const busy = login.isPending;
  return (
    <main id="main-content" className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand" aria-hidden="true">
          <span className="auth-card__logo">B</span>
        </div>
        <h1 className="auth-card__title">{t('login.title')}</h1>
        <p className="auth-card__subtitle">{t('login.subtitle')}</p>

        <AuthError>{error}</AuthError>

        <form className="auth-form" onSubmit={handleSubmit}>
          <TextField
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            placeholder={t('login.emailPlaceholder')}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldErrors.email}
            disabled={busy}
          />
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
            disabled={busy}
          />
          <Button type="submit" size="lg" block loading={busy}>
            {busy ? t('login.loading') : t('login.submit')}
          </Button>
        </form>
        <Link className="auth-card__back" to="/advisor/forgot">
          {t('login.forgot')}
        </Link>

        <Link className="auth-card__back" to="/" reloadDocument>
          {t('login.backHome')}
        </Link>
      </div>
    </main>
  );
}
