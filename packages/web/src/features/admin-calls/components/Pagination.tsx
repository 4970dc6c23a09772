import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';

export type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  disabled?: boolean;
  onPage: (page: number) => void;
};

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** Server-side pages: 'Mostrando 21–40 de 95', 'Página 2 de 5', Anterior / Siguiente. */
export function Pagination({ page, pageSize, total, disabled = false, onPage }: PaginationProps) {
  const { t } = useTranslation('admin-calls');
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="ac-pagination" aria-label={t('pagination.label')}>
      <p className="ac-pagination__summary">{t('pagination.summary', { from, to, total })}</p>
      <div className="ac-pagination__controls">
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('actions.previous')}
        </Button>
        <span className="ac-pagination__page" aria-current="page">
          {t('pagination.page', { page, pages })}
        </span>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('actions.next')}
        </Button>
      </div>
    </nav>
  );
}
