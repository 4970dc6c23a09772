import {
  callSubjects,
  languageSchema,
  WIDGET_DEFAULT_COLOR,
  WIDGET_MODES,
  WIDGET_POSITIONS,
} from '@belleza/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, TextField, toast } from '@/components/ui';
import { isLanguage } from '@/lib/i18n';
import {
  DEFAULT_TARGET_ID,
  isTargetId,
  type SnippetOptions,
  WIDGET_LABEL_MAX,
  widgetSnippet,
} from '../utils/widget-snippet';
import { ChoiceField } from './controls';

/**
 * The tag to paste into the salon's pages, shaped by a few options. The options are not saved
 * settings (docs/decisions.md): each page may carry its own tag, and editing them leaves the form
 * unchanged.
 */
export function WidgetSnippet() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const [options, setOptions] = useState<SnippetOptions>(() => ({
    lang: isLanguage(i18n.language) ? i18n.language : 'es',
    position: 'right',
    color: WIDGET_DEFAULT_COLOR,
    label: '',
    subject: 'general',
    mode: 'floating',
    targetId: DEFAULT_TARGET_ID,
  }));
  const codeRef = useRef<HTMLTextAreaElement>(null);

  const set = <K extends keyof SnippetOptions>(key: K, value: SnippetOptions[K]) =>
    setOptions((current) => ({ ...current, [key]: value }));

  const inline = options.mode === 'inline';
  const targetValid = isTargetId(options.targetId.trim());
  const ready = !inline || targetValid;
  const snippet = widgetSnippet(window.location.origin, options);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('', t('embed.snippet.copied'));
    } catch {
      // No clipboard (plain http, an old browser, a refused permission): selected to copy by hand.
      codeRef.current?.focus();
      codeRef.current?.select();
      toast.warning('', t('embed.snippet.copyFailed'));
    }
  }

  return (
    <div className="settings-subsection">
      <h3 className="settings-subsection__title">{t('embed.snippet.title')}</h3>
      <p className="settings-muted">{t('embed.snippet.intro')}</p>
      <div className="settings-grid">
        <ChoiceField
          label={t('embed.snippet.lang')}
          value={options.lang}
          options={languageSchema.options}
          labelOf={(language) => t(`header.languages.${language}`, { ns: 'common' })}
          onChange={(language) => set('lang', language)}
        />
        <ChoiceField
          label={t('embed.snippet.mode')}
          value={options.mode}
          options={WIDGET_MODES}
          labelOf={(mode) => t(`embed.modes.${mode}`)}
          onChange={(mode) => set('mode', mode)}
        />
        <ChoiceField
          label={t('embed.snippet.position')}
          value={options.position}
          options={WIDGET_POSITIONS}
          labelOf={(position) => t(`embed.positions.${position}`)}
          onChange={(position) => set('position', position)}
        />
        <ChoiceField
          label={t('embed.snippet.subject')}
          value={options.subject}
          options={callSubjects}
          labelOf={(subject) => t(`subjects.${subject}`)}
          onChange={(subject) => set('subject', subject)}
        />
        <TextField
          label={t('embed.snippet.label')}
          hint={t('embed.snippet.labelHint')}
          placeholder={t('embed.snippet.labelPlaceholder')}
          maxLength={WIDGET_LABEL_MAX}
          value={options.label}
          onChange={(event) => set('label', event.target.value)}
        />
        <TextField
          label={t('embed.snippet.color')}
          type="color"
          className="settings-color"
          value={options.color}
          onChange={(event) => set('color', event.target.value)}
        />
        {inline && (
          <TextField
            label={t('embed.snippet.targetId')}
            hint={t('embed.snippet.targetIdHint')}
            error={targetValid ? null : t('embed.snippet.targetIdInvalid')}
            spellCheck={false}
            autoCapitalize="off"
            maxLength={60}
            value={options.targetId}
            onChange={(event) => set('targetId', event.target.value)}
          />
        )}
      </div>
      <Field
        label={t('embed.snippet.code')}
        hint={inline ? t('embed.snippet.codeHintInline') : t('embed.snippet.codeHintFloating')}
        className="settings-snippet"
      >
        {(control) => (
          <textarea
            ref={codeRef}
            className="textarea settings-snippet__code"
            readOnly
            rows={inline ? 5 : 4}
            spellCheck={false}
            {...control}
            value={snippet}
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <Button variant="secondary" disabled={!ready} onClick={() => void handleCopy()}>
        {t('embed.snippet.copy')}
      </Button>
    </div>
  );
}
