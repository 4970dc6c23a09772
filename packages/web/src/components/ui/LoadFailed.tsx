import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { Button } from './Button';

export type LoadFailedProps = {
  /** what did not load, in the screen's words ('Error al cargar el equipo') */
  what: string;
  /** the failure, shown as its translated reason */
  error: unknown;
  /** the retry is running: its button waits */
  retrying: boolean;
  onRetry: () => void;
  className?: string;
};

/**
 * A read that failed, said where its content would be: what did not load, why, and 'Reintentar'.
 * No screen is left blank or under a spinner when a request failed or got no answer.
 */
export function LoadFailed({
  what,
  error,
  retrying,
  onRetry,
  className = 'admin-error',
}: LoadFailedProps) {
  const { t } = useTranslation('common');
  return (
    <div className={className} role="alert">
      <p>
        <strong>{what}</strong> {errorMessage(error)}
      </p>
      <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
