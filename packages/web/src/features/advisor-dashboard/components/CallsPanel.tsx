/**
 * The calls panel (docs/product.md#calls-panel): reload, empty state, 'Llamadas activas (n)' and
 * 'Llamadas pendientes (n)'.
 */
import type { Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { subjectLabel } from '../utils/call-display';

export type CallsPanelProps = {
  activeCalls: readonly Call[];
  pendingCalls: readonly Call[];
  reloading: boolean;
  /** id of the call an action is running for */
  busyCallId: string | null;
  onReload: () => void;
  onRejoin: (call: Call) => void;
  onEnd: (call: Call) => void;
  onAccept: (call: Call) => void;
  onDecline: (call: Call) => void;
};

export function CallsPanel(props: CallsPanelProps) {
  const { activeCalls, pendingCalls, reloading, busyCallId } = props;
  const { t } = useTranslation('advisor');
  const empty = activeCalls.length === 0 && pendingCalls.length === 0;

  return (
    <Card
      className="advisor-calls"
      title={t('calls.title')}
      actions={
        <Button variant="secondary" size="sm" onClick={props.onReload} loading={reloading}>
          {reloading ? t('calls.reloading') : t('calls.reload')}
        </Button>
      }
    >
      {empty ? (
        <div className="advisor-calls__empty">
          <p>{t('calls.empty')}</p>
          <p className="advisor-muted">{t('calls.emptyHint')}</p>
        </div>
      ) : (
        <>
          {activeCalls.length > 0 && (
            <section aria-labelledby="advisor-active-calls">
              <h3 id="advisor-active-calls" className="advisor-calls__heading">
                {t('calls.activeTitle', { count: activeCalls.length })}
              </h3>
              <ul className="advisor-calls__list">
                {activeCalls.map((call) => (
                  <li key={call.callId} className="advisor-call advisor-call--active">
                    <div className="advisor-call__info">
                      <p className="advisor-call__name">
                        {call.clientInfo.name?.trim() || t('calls.clientFallback')}{' '}
                        <Badge tone="success">{t('calls.inCall')}</Badge>
                      </p>
                      <p>{subjectLabel(call.clientInfo.subject, t('calls.subjectFallback'), t)}</p>
                      <p className="advisor-muted">
                        {t('calls.startedAt', {
                          time: formatDateTime(call.startedAt ?? call.acceptedAt),
                        })}
                      </p>
                      <p className="advisor-muted">{t('calls.id', { id: call.callId })}</p>
                    </div>
                    <div className="advisor-call__actions">
                      <Button size="sm" onClick={() => props.onRejoin(call)}>
                        {t('calls.rejoin')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={busyCallId === call.callId}
                        onClick={() => props.onEnd(call)}
                      >
                        {t('calls.end')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {pendingCalls.length > 0 && (
            <section aria-labelledby="advisor-pending-calls">
              <h3 id="advisor-pending-calls" className="advisor-calls__heading">
                {t('calls.pendingTitle', { count: pendingCalls.length })}
              </h3>
              <ul className="advisor-calls__list">
                {pendingCalls.map((call) => (
                  <li key={call.callId} className="advisor-call advisor-call--pending">
                    <div className="advisor-call__info">
                      <p className="advisor-call__name">
                        {call.clientInfo.name?.trim() || t('calls.clientFallback')}
                      </p>
                      <p className="advisor-muted">
                        {t('calls.requestedAt', { time: formatDateTime(call.requestedAt) })}
                      </p>
                      <p className="advisor-muted">{t('calls.id', { id: call.callId })}</p>
                    </div>
                    <div className="advisor-call__actions">
                      <Button
                        size="sm"
                        disabled={busyCallId === call.callId}
                        onClick={() => props.onAccept(call)}
                      >
                        {t('calls.accept')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busyCallId === call.callId}
                        onClick={() => props.onDecline(call)}
                      >
                        {t('calls.decline')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Card>
  );
}
