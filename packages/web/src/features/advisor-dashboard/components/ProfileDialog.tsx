/**
 * 'Mi perfil' (docs/product.md#my-profile): the stylist edits her name, title, phone and
 * presentation, sets her photo, and changes her password with the current one (the server then ends
 * her other sessions). The rules are the contract's (`updateAdvisorBodySchema`); errors are shown
 * in her language.
 */
import { updateAdvisorBodySchema, type Advisor, type UpdateAdvisorBody } from '@belleza/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvisorPhotoField } from '@/components/advisor-photo';
import { Button, Modal, TextField, toast } from '@/components/ui';
import { updateAdvisor } from '@/lib/advisor-api';
import { authStore } from '@/lib/auth-store';
import { errorMessage, translateValidation } from '@/lib/errors';

export function ProfileDialog({ advisor, onClose }: { advisor: Advisor; onClose: () => void }) {
  const { t } = useTranslation('advisor');
  const [form, setForm] = useState({
    name: advisor.name,
    title: advisor.profile.title,
    phone: advisor.profile.phone,
    bio: advisor.profile.bio,
    currentPassword: '',
    password: '',
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: UpdateAdvisorBody) => updateAdvisor({ advisorId: advisor.advisorId, body }),
    onSuccess: (updated) => {
      authStore.setAdvisor(updated);
      toast.success(t('profile.savedTitle'), t('profile.saved'));
      onClose();
    },
    onError: (err) => setError(errorMessage(err, t('profile.saveFailed'))),
  });
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (form.password && !form.currentPassword) return setError(t('profile.currentRequired'));
    const parsed = updateAdvisorBodySchema.safeParse({
      name: form.name,
      title: form.title,
      phone: form.phone,
      bio: form.bio,
      ...(form.password ? { password: form.password, currentPassword: form.currentPassword } : {}),
    });
    if (!parsed.success)
      return setError(translateValidation(parsed.error.issues[0]?.message ?? ''));
    save.mutate(parsed.data);
  };

  return (
    <Modal open title={t('profile.title')} onClose={onClose}>
      {/* Her photo is stored at once (its own requests), apart from the form's fields. */}
      <AdvisorPhotoField
        advisorId={advisor.advisorId}
        name={advisor.name}
        photo={advisor.photo}
        onChange={(photo) => {
          const me = authStore.getState().advisor;
          if (me) authStore.setAdvisor({ ...me, photo });
        }}
      />
      <form className="advisor-profile" onSubmit={submit} noValidate>
        <TextField
          label={t('profile.name')}
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          autoComplete="name"
          required
        />
        <TextField
          label={t('profile.jobTitle')}
          value={form.title}
          onChange={(e) => set('title')(e.target.value)}
        />
        <TextField
          label={t('profile.phone')}
          value={form.phone}
          onChange={(e) => set('phone')(e.target.value)}
          autoComplete="tel"
        />
        <TextField
          label={t('profile.bio')}
          value={form.bio}
          onChange={(e) => set('bio')(e.target.value)}
        />
        <fieldset className="advisor-profile__password">
          <legend>{t('profile.passwordTitle')}</legend>
          <p className="advisor-profile__hint">{t('profile.passwordHint')}</p>
          <TextField
            label={t('profile.currentPassword')}
            type="password"
            value={form.currentPassword}
            onChange={(e) => set('currentPassword')(e.target.value)}
            autoComplete="current-password"
          />
          <TextField
            label={t('profile.newPassword')}
            type="password"
            value={form.password}
            onChange={(e) => set('password')(e.target.value)}
            autoComplete="new-password"
          />
        </fieldset>
        {error && (
          <p className="advisor-profile__error" role="alert">
            {error}
          </p>
        )}
        <div className="advisor-profile__actions">
          <Button variant="secondary" type="button" onClick={onClose}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
