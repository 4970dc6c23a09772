/**
 * Her choice of WhatsApp as a channel on the booking and request forms (docs/product.md#whatsapp):
 * a checkbox, never ticked for her, with what it means and how to stop ("BAJA"). Shown only when
 * the salon's server sends WhatsApp messages (`GET /api/settings/public`); otherwise nothing
 * changes (the share links stay).
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPublic } from '../api/read-public';

const PUBLIC_SETTINGS_PATH = '/api/settings/public';

const hasWhatsapp = (data: unknown): data is { whatsapp: { enabled: boolean } } =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { whatsapp?: { enabled?: unknown } }).whatsapp?.enabled === 'boolean';

/** Whether the server sends WhatsApp messages; false until (and unless) it says so. */
export function useWhatsappChannel(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    void readPublic(PUBLIC_SETTINGS_PATH, hasWhatsapp, abort.signal).then((data) => {
      if (data && !abort.signal.aborted) setEnabled(data.whatsapp.enabled);
    });
    return () => abort.abort();
  }, []);
  return enabled;
}

export function WhatsappOptIn({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('consultation');
  const enabled = useWhatsappChannel();
  const hintId = `${useId()}-hint`;
  if (!enabled) return null;
  return (
    <div className="consult-consent consult-remember">
      <label className="consult-consent__label">
        <input
          type="checkbox"
          name="whatsapp"
          checked={checked}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t('whatsapp.optIn')}</span>
      </label>
      <p className="consult-remember__hint" id={hintId}>
        {t('whatsapp.optInHint')}
      </p>
    </div>
  );
}
