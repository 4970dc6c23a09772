import { testEmailBodySchema } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, Card, TextField, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { useSystemStatus } from '../api/get-system-status';
import { useSendTestEmail } from '../api/settings';
import type { SectionProps } from './section-props';
import { Toggle } from './controls';

/** Settings messages stay 5 s. */
const EMAIL_TOAST_MS = 5000;

/**
 * Notifications (docs/product.md#e-mail): browser notifications for advisors, and e-mail alerts to
 * the admin — only offered when the server has SMTP configured; otherwise the section says so
 * instead of asking for an address that would receive nothing.
 */
export function NotificationsSection({ values, bind, onChange }: SectionProps<'notifications'>) {
  const { t } = useTranslation('settings');
  const status = useSystemStatus();
  const sendTest = useSendTestEmail();
  // Unknown (still loading or unreadable): the fields show; the server decides what is sent.
  const emailConfigured = status.data?.email.configured ?? true;

  async function handleSendTest() {
    const typed = values.adminEmail.trim();
    const body = testEmailBodySchema.safeParse(typed ? { to: typed } : {});
    if (!body.success || !typed) {
      toast.warning('', t('email.testNeedsAddress'), { duration: EMAIL_TOAST_MS });
      return;
    }
    try {
      const result = await sendTest.mutateAsync(body.data);
      toast.success('', t('email.testSent', { to: result.sentTo }), { duration: EMAIL_TOAST_MS });
    } catch (error) {
      toast.error(t('email.testFailed'), errorMessage(error), { duration: EMAIL_TOAST_MS });
    }
  }

  return (
    <Card title={t('sections.notifications')} className="settings-section">
      <div className="settings-toggles">
        {emailConfigured && (
          <Toggle
            label={t('fields.notifications.emailNotifications')}
            checked={values.emailNotifications}
            onChange={(checked) => onChange('emailNotifications', checked)}
          />
        )}
        <Toggle
          label={t('fields.notifications.pushNotifications')}
          checked={values.pushNotifications}
          onChange={(checked) => onChange('pushNotifications', checked)}
        />
      </div>
      {emailConfigured ? (
        <>
          <p className="settings-muted">{t('email.what')}</p>
          <div className="settings-grid settings-email">
            <TextField
              label={t('fields.notifications.adminEmail')}
              type="email"
              autoComplete="email"
              value={values.adminEmail}
              required={values.emailNotifications}
              onChange={(event) => onChange('adminEmail', event.target.value)}
              {...bind('notifications.adminEmail')}
            />
            <div className="settings-email__test">
              <Button
                type="button"
                variant="secondary"
                loading={sendTest.isPending}
                onClick={() => void handleSendTest()}
              >
                {sendTest.isPending ? t('email.sending') : t('email.sendTest')}
              </Button>
            </div>
          </div>
        </>
      ) : (
        <div className="settings-banner settings-banner--info" role="note">
          <p>
            <strong>{t('email.notConfiguredTitle')}</strong> {t('email.notConfigured')}
          </p>
        </div>
      )}
    </Card>
  );
}
