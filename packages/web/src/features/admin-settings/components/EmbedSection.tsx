import { EMBED_MAX_ORIGINS } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Card, Field } from '@/components/ui';
import { ORIGINS_FIELD } from '../utils/settings-form';
import type { SectionProps } from './section-props';
import { WidgetSnippet } from './WidgetSnippet';

/**
 * The widget on the salon's own website (docs/product.md#widget-on-the-salons-website): which sites
 * may show it (saved), and the tag to paste into them (shaped here, not saved).
 */
export function EmbedSection({ values, bind, onChange }: SectionProps<'embed'>) {
  const { t } = useTranslation('settings');
  const binding = bind(ORIGINS_FIELD);
  const empty = values.allowedOrigins.trim() === '';
  return (
    <Card title={t('sections.embed')} className="settings-section">
      <p className="settings-muted">{t('embed.intro')}</p>
      <Field
        label={t('fields.embed.allowedOrigins')}
        hint={t('hints.embed.allowedOrigins', { max: EMBED_MAX_ORIGINS })}
        error={binding.error}
        className="settings-origins"
      >
        {(control) => (
          <textarea
            className="textarea"
            rows={4}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder={t('placeholders.allowedOrigins')}
            {...control}
            value={values.allowedOrigins}
            onChange={(event) => onChange('allowedOrigins', event.target.value)}
            onBlur={binding.onBlur}
          />
        )}
      </Field>
      {empty && (
        <div className="settings-banner settings-banner--info" role="note">
          <p>{t('embed.empty')}</p>
        </div>
      )}
      <WidgetSnippet />
    </Card>
  );
}
