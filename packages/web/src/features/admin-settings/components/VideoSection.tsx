import {
  SECRET_MASK,
  videoProviderSchema,
  type SystemStatus,
  type VideoProvider,
} from '@belleza/contract';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, TextField } from '@/components/ui';
import { useSystemStatus } from '../api/get-system-status';
import {
  MAX_ICE_SERVERS,
  emptyIceServer,
  type IceServerForm,
  type SettingsForm,
} from '../utils/settings-form';
import type { FieldBinding } from './controls';
import { NumberField, Toggle } from './controls';

type VideoSectionProps = {
  video: SettingsForm['video'];
  daily: SettingsForm['daily'];
  bind: (path: string) => FieldBinding;
  onVideoChange: <K extends keyof SettingsForm['video']>(
    key: K,
    value: SettingsForm['video'][K],
  ) => void;
  onDailyChange: <K extends keyof SettingsForm['daily']>(
    key: K,
    value: SettingsForm['daily'][K],
  ) => void;
  onTestConnection: () => void;
  testing: boolean;
};

type TurnHealth = 'ok' | 'risk' | 'down' | 'unchecked';
const TURN_BADGE = {
  ok: 'success',
  risk: 'warning',
  down: 'danger',
  unchecked: 'neutral',
} as const;
const TURN_REASONS = new Set(['turn_unreachable', 'turn_refused', 'turn_failed']);

/** The server's TURN check (TURN_URLS/TURN_SECRET) in one line, as the dashboard shows it. */
function turnLine(
  t: TFunction<'settings'>,
  video: SystemStatus['video'],
): { health: TurnHealth; text: string; hint?: string } {
  const { turn } = video;
  if (!turn.configured)
    return { health: 'risk', text: t('turn.reasons.no_turn'), hint: t('turn.howTo') };
  // Checked only while the saved provider is the built-in one.
  if (video.provider !== 'builtin') return { health: 'unchecked', text: t('turn.unchecked') };
  if (video.ok) return { health: 'ok', text: t('turn.ok', { ms: turn.allocationMs ?? 0 }) };
  return {
    health: 'down',
    text:
      video.reason && TURN_REASONS.has(video.reason)
        ? t(`turn.reasons.${video.reason}`)
        : t('turn.reasons.unknown', { reason: video.reason ?? '?' }),
  };
}

function TurnStatus() {
  const { t } = useTranslation('settings');
  const status = useSystemStatus();
  let line: { health: TurnHealth; text: string; hint?: string };
  if (status.data) line = turnLine(t, status.data.video);
  else if (status.isError) line = { health: 'unchecked', text: t('turn.loadFailed') };
  else line = { health: 'unchecked', text: t('turn.checking') };
  return (
    <div className="settings-turn" role="status" aria-label={t('turn.label')}>
      <span className="settings-turn__line">
        <Badge tone={TURN_BADGE[line.health]} dot>
          {t(`turn.health.${line.health}`)}
        </Badge>
        <span>{line.text}</span>
      </span>
      {line.hint && <p className="settings-muted">{line.hint}</p>}
      {status.isError && !status.data && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            loading={status.isFetching}
            onClick={() => void status.refetch()}
          >
            {t('turn.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Video provider (docs/architecture.md#video): built-in WebRTC with the server's TURN status and
 * its static ICE servers, or Daily.co with its credentials.
 */
export function VideoSection({
  video,
  daily,
  bind,
  onVideoChange,
  onDailyChange,
  onTestConnection,
  testing,
}: VideoSectionProps) {
  const { t } = useTranslation('settings');
  const groupName = useId();

  const updateIce = (index: number, patch: Partial<IceServerForm>) =>
    onVideoChange(
      'iceServers',
      video.iceServers.map((ice, i) => (i === index ? { ...ice, ...patch } : ice)),
    );

  return (
    <Card title={t('sections.video')} className="settings-section">
      <fieldset className="settings-providers">
        <legend className="field__label">{t('fields.video.provider')}</legend>
        {videoProviderSchema.options.map((provider: VideoProvider) => (
          <label key={provider} className="settings-provider">
            <input
              type="radio"
              name={groupName}
              value={provider}
              checked={video.provider === provider}
              onChange={() => onVideoChange('provider', provider)}
            />
            <span className="settings-toggle__text">
              <span className="settings-toggle__label">{t(`providers.${provider}.label`)}</span>
              <span className="settings-toggle__hint">
                {t(`providers.${provider}.description`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="settings-grid">
        <NumberField
          label={t('fields.daily.maxParticipants')}
          hint={t('hints.range', { min: 2, max: 20 })}
          min={2}
          max={20}
          value={daily.maxParticipants}
          onChange={(value) => onDailyChange('maxParticipants', value)}
          {...bind('daily.maxParticipants')}
        />
      </div>
      {/* Both providers share screens, so the switch stays whichever is chosen. */}
      <div className="settings-toggles">
        <Toggle
          label={t('fields.video.enableScreenShare')}
          hint={t('hints.enableScreenShare')}
          checked={video.enableScreenShare}
          onChange={(checked) => onVideoChange('enableScreenShare', checked)}
        />
      </div>

      {video.provider === 'daily' ? (
        <div className="settings-subsection">
          <h3 className="settings-subsection__title">{t('subsections.daily')}</h3>
          <div className="settings-grid">
            <TextField
              label={t('fields.daily.apiKey')}
              value={daily.apiKey}
              autoComplete="off"
              spellCheck={false}
              hint={daily.apiKey.startsWith(SECRET_MASK) ? t('hints.apiKey') : undefined}
              required
              onChange={(event) => onDailyChange('apiKey', event.target.value)}
              {...bind('daily.apiKey')}
            />
            <TextField
              label={t('fields.daily.domain')}
              value={daily.domain}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('placeholders.domain')}
              required
              onChange={(event) => onDailyChange('domain', event.target.value)}
              {...bind('daily.domain')}
            />
          </div>
          <div className="settings-toggles">
            <Toggle
              label={t('fields.daily.enableRecording')}
              hint={t('hints.enableRecording')}
              checked={daily.enableRecording}
              onChange={(checked) => onDailyChange('enableRecording', checked)}
            />
          </div>
          <div>
            <Button variant="secondary" loading={testing} onClick={onTestConnection}>
              {testing ? t('actions.testing') : t('actions.testConnection')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="settings-subsection">
          <TurnStatus />
          <h3 className="settings-subsection__title">{t('fields.video.iceServers')}</h3>
          <p className="settings-muted">{t('hints.iceServers')}</p>
          {video.iceServers.length === 0 && <p className="settings-muted">{t('ice.empty')}</p>}
          <ul className="settings-ice-list">
            {video.iceServers.map((ice, index) => (
              // Rows have no identity of their own; the index is their position in the list sent.
              <li key={index} className="settings-ice-row">
                <TextField
                  label={t('ice.urls', { n: index + 1 })}
                  value={ice.urls}
                  placeholder="stun:stun.example.com:3478"
                  spellCheck={false}
                  onChange={(event) => updateIce(index, { urls: event.target.value })}
                  {...bind(`video.iceServers.${index}.urls`)}
                />
                <TextField
                  label={t('ice.username')}
                  value={ice.username}
                  autoComplete="off"
                  onChange={(event) => updateIce(index, { username: event.target.value })}
                  {...bind(`video.iceServers.${index}.username`)}
                />
                <TextField
                  label={t('ice.credential')}
                  value={ice.credential}
                  autoComplete="off"
                  onChange={(event) => updateIce(index, { credential: event.target.value })}
                  {...bind(`video.iceServers.${index}.credential`)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="settings-ice-row__remove"
                  onClick={() =>
                    onVideoChange(
                      'iceServers',
                      video.iceServers.filter((_, i) => i !== index),
                    )
                  }
                >
                  {t('ice.remove', { n: index + 1 })}
                </Button>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            disabled={video.iceServers.length >= MAX_ICE_SERVERS}
            onClick={() => onVideoChange('iceServers', [...video.iceServers, emptyIceServer()])}
          >
            {t('ice.add')}
          </Button>
        </div>
      )}
    </Card>
  );
}
