/**
 * The first admin's first sign-in when nobody gave her name at install (ADMIN_NAME): one small
 * step before the panel asks it, so her clients' confirmations name her, not "Admin".
 */
import { FIRST_ADMIN_DEFAULT_NAME, type Advisor } from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@/components/ui';
import { updateAdvisor } from '@/lib/advisor-api';
import { authStore } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';

/** Whether this signed-in advisor is the first admin still called by the default name. */
export const needsFirstAdminName = (advisor: Advisor | null): boolean =>
  advisor !== null && advisor.profile.isAdmin && advisor.name === FIRST_ADMIN_DEFAULT_NAME;

export function FirstAdminNameStep({ advisor }: { advisor: Advisor }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === FIRST_ADMIN_DEFAULT_NAME) {
      setError(t('firstName.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await updateAdvisor({ advisorId: advisor.advisorId, body: { name: trimmed } });
      authStore.setAdvisor(saved);
    } catch (err) {
      setError(errorMessage(err, t('firstName.failed')));
      setBusy(false);
    }
  };

  return (
    <section className="first-name" aria-labelledby="first-name-title">
      <h1 id="first-name-title">{t('firstName.title')}</h1>
      <p>{t('firstName.lead')}</p>
      <form noValidate onSubmit={(e) => void handleSubmit(e)}>
        <TextField
          label={t('firstName.label')}
          hint={t('firstName.hint')}
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={busy}>
          {t('firstName.save')}
        </Button>
      </form>
    </section>
  );
}
