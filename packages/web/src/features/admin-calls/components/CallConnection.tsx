import type { CallMediaStats } from '@belleza/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import {
  connectionPath,
  formatPercent,
  formatSeconds,
  formatWhole,
  qualityTone,
} from '../utils/connection';
import { DetailsRow as Row } from './DetailsRow';

export type CallConnectionProps = { stats: UseQueryResult<CallMediaStats[]> };

function Participant({ stats }: { stats: CallMediaStats }) {
  const { t } = useTranslation('admin-calls');
  const none = t('details.none');
  const path = connectionPath(stats.localCandidateType, stats.remoteCandidateType);
  const title = t('connection.participant', {
    role: t(`connection.roles.${stats.participantType}`),
    name: stats.participantName,
  });
  return (
    <li className="ac-connection__participant" aria-label={title}>
      <h4>{title}</h4>
      <dl>
        <Row label={t('connection.path')}>{t(`connection.paths.${path}`)}</Row>
        <Row label={t('connection.rtt')}>
          {stats.rttMs === null ? none : t('connection.ms', { value: formatWhole(stats.rttMs) })}
        </Row>
        <Row label={t('connection.packetLoss')}>
          {stats.packetLossPct === null
            ? none
            : t('connection.percent', { value: formatPercent(stats.packetLossPct) })}
        </Row>
        <Row label={t('connection.bitrate')}>
          {stats.bitrateKbps === null
            ? none
            : t('connection.kbps', { value: formatWhole(stats.bitrateKbps) })}
        </Row>
        <Row label={t('connection.timeToFirstFrame')}>
          {stats.timeToFirstFrameMs === null
            ? none
            : t('connection.seconds', { value: formatSeconds(stats.timeToFirstFrameMs) })}
        </Row>
        <Row label={t('connection.quality')}>
          <Badge tone={qualityTone[stats.quality]} dot>
            {t(`connection.qualities.${stats.quality}`)}
          </Badge>
        </Row>
        <Row label={t('connection.worstQuality')}>
          <Badge tone={qualityTone[stats.worstQuality]}>
            {t(`connection.qualities.${stats.worstQuality}`)}
          </Badge>
        </Row>
        <Row label={t('connection.lastReport')}>{formatDateTime(stats.updatedAt)}</Row>
      </dl>
    </li>
  );
}

/**
 * How each participant connected (GET /api/calls/{id}/media-stats): path, round trip, loss,
 * bitrate, time to the first frame, the last and the worst quality their page reported.
 */
export function CallConnection({ stats }: CallConnectionProps) {
  const { t } = useTranslation('admin-calls');
  return (
    <section aria-labelledby="ac-details-connection" className="ac-details__connection">
      <h3 id="ac-details-connection">{t('connection.title')}</h3>
      {stats.isPending && <Spinner />}
      {stats.isError && (
        <div className="admin-error" role="alert">
          <p>
            <strong>{t('connection.loadError')}</strong> {errorMessage(stats.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void stats.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {stats.data?.length === 0 && <p className="ac-muted">{t('connection.empty')}</p>}
      {stats.data && stats.data.length > 0 && (
        <ul className="ac-connection">
          {stats.data.map((entry, index) => (
            <Participant key={`${entry.participantType}-${index}`} stats={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
