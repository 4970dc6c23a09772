/**
 * 'Servicios por registrar' (docs/product.md#service-outcomes): her in-salon service bookings
 * whose time has come and whose outcome she has not recorded, each with 'Registrar resultado'.
 * Hidden while there are none.
 */
import type { StaffAppointment } from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordOutcomeControl, awaitsOutcome } from '@/components/service-outcome';
import { Card, toast } from '@/components/ui';
import { formatDate, formatTime } from '@/lib/format';
import { openServicesKey, useOpenServices } from '../api/service-outcomes';

/** A booking starts awaiting its outcome at its start: the clock is read this often. */
export const OUTCOMES_TICK_MS = 30_000;

export function ServiceOutcomesPanel({ advisorId }: { advisorId: string }) {
  const { t } = useTranslation('service-outcome');
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), OUTCOMES_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const list = useOpenServices(advisorId);
  const waiting = (list.data ?? []).filter((a) => awaitsOutcome(a, now));
  if (list.isError) {
    return (
      <Card className="advisor-outcomes" title={t('pendingTitle')}>
        <p role="alert">{t('pendingLoadFailed')}</p>
      </Card>
    );
  }
  if (waiting.length === 0) return null;

  const handleRecorded = (after: StaffAppointment) => {
    queryClient.setQueryData<StaffAppointment[]>(openServicesKey(advisorId), (rows) =>
      rows?.filter((r) => r.appointmentId !== after.appointmentId),
    );
    toast.success(t('recorded'), after.clientName);
  };

  const title = t('pendingTitle');
  return (
    <Card className="advisor-outcomes" title={title} aria-label={title}>
      <ul className="advisor-outcomes__list">
        {waiting.map((a) => (
          <li key={a.appointmentId} className="advisor-outcomes__item">
            <div>
              <strong>{a.clientName}</strong> · {a.service?.name}
              <div className="advisor-outcomes__when">
                <time dateTime={a.startsAt}>
                  {formatDate(a.startsAt)} {formatTime(a.startsAt)}
                </time>
              </div>
            </div>
            <RecordOutcomeControl
              appointment={a}
              now={now}
              isAdmin={false}
              onRecorded={handleRecorded}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
