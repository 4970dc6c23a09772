import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';

/** How long 'Copiado' stays on the button. */
export const COPIED_SHOWN_MS = 2_000;

export type CopyButtonProps = {
  text: string;
  /** accessible name when the button's own words are not enough (e.g. which call's id in a row) */
  label?: string;
};

/** Copies `text` to the clipboard and says 'Copiado' for a moment. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation('admin-calls');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      <span aria-live="polite">{copied ? t('details.copied') : t('details.copyId')}</span>
    </Button>
  );
}
