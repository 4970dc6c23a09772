import { useTranslation } from 'react-i18next';

export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers; defaults to 'Cargando...'. */
  label?: string;
  /** Inside a control that already says it is busy: no status role, hidden from assistive tech. */
  decorative?: boolean;
};

export function Spinner({ size = 'md', label, decorative = false }: SpinnerProps) {
  const { t } = useTranslation('common');
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
}
