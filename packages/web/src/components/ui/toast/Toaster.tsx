import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts, toast as toastApi, type Toast } from './toast-store';
import './toast.css';

const icons: Record<Toast['type'], string> = { success: '✓', error: '!', warning: '!', info: 'i' };

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation('common');
  // Errors interrupt (assertive); the rest wait for a pause (polite).
  const role = toast.type === 'error' ? 'alert' : 'status';
  const progress = { '--toast-duration': `${toast.duration}ms` } as CSSProperties;
  return (
    <div role={role} className={`toast toast--${toast.type}`} data-type={toast.type}>
      <span className="toast__icon" aria-hidden="true">
        {icons[toast.type]}
      </span>
      <div className="toast__body">
        {toast.title && <p className="toast__title">{toast.title}</p>}
        <p className="toast__message">{toast.message}</p>
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t('toast.close')}
        onClick={() => toastApi.dismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
      {!toast.persistent && (
        <div className="toast__progress" style={progress} data-testid="toast-progress" />
      )}
    </div>
  );
}

/** Top-right toast viewport; render once near the root. */
export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useToasts();
  return (
    <section className="toaster" aria-label={t('toast.region')} data-over-call>
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </section>
  );
}
