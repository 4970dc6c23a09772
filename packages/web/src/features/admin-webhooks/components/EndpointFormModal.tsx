/**
 * Adding or changing a webhook endpoint: its https address, a note for the admin, the events it
 * gets and whether it is on; when changing, 'Generar un secreto nuevo' too. The server checks the
 * address (a private or plain-http one is refused with its reason).
 */
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  webhookEventTypes,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@belleza/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, TextField } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

type Props = {
  endpoint: WebhookEndpoint | null;
  onSave: (body: CreateWebhookEndpointBody & UpdateWebhookEndpointBody) => Promise<unknown>;
  onClose: () => void;
};

/** The reason the server gave for refusing an address, in the admin's words. */
function refusalKey(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'WEBHOOK_URL_REFUSED') return null;
  const reason = (err.details as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? `form.refused.${reason}` : 'form.refused.invalid_url';
}

export function EndpointFormModal({ endpoint, onSave, onClose }: Props) {
  const { t } = useTranslation('admin-webhooks');
  const formId = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(
    endpoint?.events ?? [...webhookEventTypes],
  );
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [rotateSecret, setRotateSecret] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((list) =>
      on
        ? webhookEventTypes.filter((e) => e === type || list.includes(e))
        : list.filter((e) => e !== type),
    );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const trimmed = url.trim();
    setUrlError(trimmed === '' ? t('form.urlRequired') : null);
    setEventsError(events.length === 0 ? t('form.eventsRequired') : null);
    if (trimmed === '' || events.length === 0) return;
    setBusy(true);
    try {
      await onSave({
        url: trimmed,
        description: description.trim(),
        events,
        enabled,
        ...(endpoint && rotateSecret ? { rotateSecret: true } : {}),
      });
      onClose();
    } catch (err) {
      const refused = refusalKey(err);
      if (refused) setUrlError(t(refused));
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      closeOnBackdrop={false}
      title={endpoint ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="aw-form" onSubmit={(e) => void handleSubmit(e)}>
        <TextField
          label={t('form.url')}
          hint={t('form.urlHint')}
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={WEBHOOK_URL_MAX}
          value={url}
          error={urlError}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          label={t('form.description')}
          hint={t('form.descriptionHint')}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <fieldset
          className="aw-events"
          aria-describedby={eventsError ? `${formId}-events` : undefined}
        >
          <legend>{t('form.events')}</legend>
          {webhookEventTypes.map((type) => (
            <label key={type} className="aw-check">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
              />
              <span>
                {t(`events.${type}`)} <code>{type}</code>
              </span>
            </label>
          ))}
          {eventsError && (
            <p className="field__error" id={`${formId}-events`} role="alert">
              {eventsError}
            </p>
          )}
        </fieldset>
        <label className="aw-check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          <span>{t('form.enabled')}</span>
        </label>
        {endpoint && (
          <label className="aw-check">
            <input
              type="checkbox"
              checked={rotateSecret}
              onChange={(e) => setRotateSecret(e.target.checked)}
            />
            <span>{t('form.rotateSecret')}</span>
          </label>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
