/**
 * Admin settings (docs/product.md#settings): system, video provider, notification, appointment and
 * website widget sections, an unsaved-change flag with the browser's leave warning, restore
 * defaults, the local copy used when the server fails, the Daily.co connection test, and the audit
 * trail of settings changes.
 */
import { defaultSettings, type Settings } from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, PageHeader, Modal, Spinner, toast } from '@/components/ui';
import { isApiError, isClientError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useSaveSettings, useSettings, useTestDaily } from './api/settings';
import { AppointmentsSection } from './components/AppointmentsSection';
import { ColourChartSection } from './components/ColourChartSection';
import { AuditLog } from './components/AuditLog';
import { LoginAttacks } from './components/LoginAttacks';
import type { FieldBinding } from './components/controls';
import { EmbedSection } from './components/EmbedSection';
import { NotificationsSection } from './components/NotificationsSection';
import { SystemSection } from './components/SystemSection';
import { VideoSection } from './components/VideoSection';
import { useLeaveWarning } from './hooks/use-leave-warning';
import { readLocalCopy, writeLocalCopy } from './utils/local-copy';
import {
  issuesToErrors,
  restoredDefaults,
  serverFieldErrors,
  toForm,
  validateSettings,
  type FieldErrors,
  type SettingsForm,
} from './utils/settings-form';
import './admin-settings.css';

/** Settings messages stay 5 s, the connection test result 10 s. */
export const SETTINGS_TOAST_MS = 5000;
export const CONNECTION_TEST_TOAST_MS = 10_000;

type Source = { kind: 'server' } | { kind: 'local'; lastSaved: string } | { kind: 'defaults' };

const serverIssues = (details: unknown): { path: string; message: string }[] => {
  if (typeof details !== 'object' || details === null || !('issues' in details)) return [];
  const { issues } = details;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) =>
    typeof issue === 'object' &&
    issue !== null &&
    'path' in issue &&
    'message' in issue &&
    typeof issue.path === 'string' &&
    typeof issue.message === 'string'
      ? [{ path: issue.path, message: issue.message }]
      : [],
  );
};

export function AdminSettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const settingsQuery = useSettings();
  const save = useSaveSettings();
  const testDaily = useTestDaily();

  const [form, setForm] = useState<SettingsForm | null>(null);
  const [syncedWith, setSyncedWith] = useState<Settings | undefined>(undefined);
  const [source, setSource] = useState<Source>({ kind: 'server' });
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirmRestore, setConfirmRestore] = useState(false);

  // The form follows the server until the admin edits it (adjusting state while rendering).
  const loaded = settingsQuery.data;
  if (loaded && loaded !== syncedWith && !dirty) {
    setSyncedWith(loaded);
    setForm(toForm(loaded));
    setSource({ kind: 'server' });
  }
  // A failed load falls back to the local copy, else the defaults.
  if (settingsQuery.isError && form === null) {
    const local = readLocalCopy();
    setForm(toForm(local?.settings ?? defaultSettings));
    setSource(local ? { kind: 'local', lastSaved: local.lastSaved } : { kind: 'defaults' });
  }

  const blocker = useLeaveWarning(dirty);

  const validation = form ? validateSettings(form) : null;
  const errors: FieldErrors = {
    ...(validation?.ok === false ? validation.errors : {}),
    ...serverErrors,
  };
  const hasErrors = Object.keys(errors).length > 0;

  const bind = (path: string): FieldBinding => ({
    error: showAllErrors || touched.has(path) ? (errors[path] ?? null) : null,
    onBlur: () =>
      setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
  });

  function edit(next: (current: SettingsForm) => SettingsForm) {
    setForm((current) => (current ? next(current) : current));
    setDirty(true);
    setServerErrors({});
  }

  const sectionChange =
    <S extends keyof SettingsForm>(section: S) =>
    <K extends keyof SettingsForm[S]>(key: K, value: SettingsForm[S][K]) =>
      edit((current) => ({ ...current, [section]: { ...current[section], [key]: value } }));

  async function handleSave(event?: FormEvent) {
    event?.preventDefault();
    if (!form) return;
    const checked = validateSettings(form);
    if (!checked.ok) {
      setShowAllErrors(true);
      return;
    }
    try {
      const saved = await save.mutateAsync(checked.settings);
      writeLocalCopy(saved);
      setSyncedWith(saved);
      setForm(toForm(saved));
      setSource({ kind: 'server' });
      setDirty(false);
      setShowAllErrors(false);
      setTouched(new Set());
      toast.success('', t('messages.saved'), { duration: SETTINGS_TOAST_MS });
    } catch (error) {
      if (isClientError(error)) {
        // The server refused the values themselves: keeping them locally would not help.
        setServerErrors(
          serverFieldErrors(issuesToErrors(serverIssues(error.details)), form, checked.settings),
        );
        setShowAllErrors(true);
        toast.error('', errorMessage(error), { duration: SETTINGS_TOAST_MS });
      } else if (isApiError(error)) {
        // Kept locally with a warning. The flag stays set: the server still has the old values.
        writeLocalCopy(checked.settings);
        toast.warning('', t('messages.savedLocally'), { duration: SETTINGS_TOAST_MS });
      } else {
        toast.error('', t('messages.saveUnexpected'), { duration: SETTINGS_TOAST_MS });
      }
    }
  }

  async function handleTestConnection() {
    if (!form) return;
    const apiKey = form.daily.apiKey.trim();
    const domain = form.daily.domain.trim();
    if (!apiKey || !domain) {
      toast.warning('', t('validation.testNeedsCredentials'), { duration: SETTINGS_TOAST_MS });
      return;
    }
    try {
      const result = await testDaily.mutateAsync({ apiKey, domain });
      if (result.ok) {
        toast.success('', t('messages.testOk'), { duration: CONNECTION_TEST_TOAST_MS });
      } else {
        toast.error(
          t('messages.testFailed'),
          result.domain
            ? t('messages.domainMismatch', { domain: result.domain })
            : t('messages.testFailed'),
          { duration: CONNECTION_TEST_TOAST_MS },
        );
      }
    } catch (error) {
      if (isApiError(error)) {
        toast.error(t('messages.testFailed'), errorMessage(error), {
          duration: CONNECTION_TEST_TOAST_MS,
        });
      } else {
        toast.error('', t('messages.testUnexpected'), { duration: CONNECTION_TEST_TOAST_MS });
      }
    }
  }

  function handleRestore() {
    setConfirmRestore(false);
    edit(restoredDefaults);
    setTouched(new Set());
    setShowAllErrors(false);
    toast.success('', t('messages.restored'), { duration: SETTINGS_TOAST_MS });
  }

  return (
    <section className="admin-settings">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            {dirty && (
              <Badge tone="warning" dot role="status">
                {t('unsaved')}
              </Badge>
            )}
            <Button variant="secondary" disabled={!form} onClick={() => setConfirmRestore(true)}>
              {t('actions.restoreDefaults')}
            </Button>
            <Button type="submit" form="settings-form" disabled={!form} loading={save.isPending}>
              {save.isPending ? t('actions.saving') : t('actions.save')}
            </Button>
          </>
        }
      />

      {/* A failed background refetch while the server's values show changes nothing on screen. */}
      {settingsQuery.isError && source.kind !== 'server' && (
        <div className="settings-banner settings-banner--warning" role="alert">
          <p>
            <strong>{t('messages.loadFailed')}</strong>{' '}
            {source.kind === 'local'
              ? t('fallback.local', { date: formatDateTime(source.lastSaved) })
              : t('fallback.defaults')}
          </p>
          <Button
            variant="secondary"
            size="sm"
            loading={settingsQuery.isFetching}
            onClick={() => void settingsQuery.refetch()}
          >
            {t('actions.retry', { ns: 'common' })}
          </Button>
        </div>
      )}

      {!form ? (
        <div className="settings-loading">
          <Spinner label={t('loading')} />
        </div>
      ) : (
        <form
          id="settings-form"
          className="admin-settings__form"
          noValidate
          onSubmit={(e) => void handleSave(e)}
        >
          {showAllErrors && hasErrors && (
            <p className="settings-banner settings-banner--error" role="alert">
              {t('invalidForm')}
            </p>
          )}
          <SystemSection values={form.system} bind={bind} onChange={sectionChange('system')} />
          <VideoSection
            video={form.video}
            daily={form.daily}
            bind={bind}
            onVideoChange={sectionChange('video')}
            onDailyChange={sectionChange('daily')}
            onTestConnection={() => void handleTestConnection()}
            testing={testDaily.isPending}
          />
          <NotificationsSection
            values={form.notifications}
            bind={bind}
            onChange={sectionChange('notifications')}
          />
          <AppointmentsSection
            values={form.appointments}
            bind={bind}
            onChange={sectionChange('appointments')}
          />
          <EmbedSection values={form.embed} bind={bind} onChange={sectionChange('embed')} />
          <ColourChartSection
            values={form.colourChart}
            bind={bind}
            onChange={sectionChange('colourChart')}
          />
        </form>
      )}

      <AuditLog />
      <LoginAttacks />

      <Modal
        open={confirmRestore}
        title={t('restoreConfirm.title')}
        size="sm"
        onClose={() => setConfirmRestore(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRestore(false)}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button variant="danger" onClick={handleRestore}>
              {t('restoreConfirm.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('restoreConfirm.message')}</p>
      </Modal>

      <Modal
        open={blocker.state === 'blocked'}
        title={t('leave.title')}
        size="sm"
        onClose={() => blocker.reset?.()}
        footer={
          <>
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              {t('leave.stay')}
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              {t('leave.leave')}
            </Button>
          </>
        }
      >
        <p>{t('leave.message')}</p>
      </Modal>
    </section>
  );
}
