/**
 * The list of one of the salon's catalogues (services, opinions, gallery) as its admin page shows
 * it: the read's failure with a retry, a skeleton while it loads, the empty text, then the table
 * whose rows the page draws. `section` names the texts (`<section>.table.<column>`, `.empty`).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TableSkeleton } from '@/components/ui';
import { errorMessage } from '@/lib/errors';

type Props<T> = {
  section: 'services' | 'opinions' | 'gallery';
  columns: readonly string[];
  list: UseQueryResult<T[]>;
  rowKey: (item: T) => string;
  /** One row's cells (the `<th scope="row">` among them). */
  row: (item: T) => ReactNode;
};

export function CatalogueTable<T>({ section, columns, list, rowKey, row }: Props<T>) {
  const { t } = useTranslation('admin-catalogue');
  const items = list.data;
  return (
    <>
      {list.isError && (
        <div className="admin-error" role="alert">
          <p>{errorMessage(list.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {list.isPending && (
        <TableSkeleton
          tableClassName="admin-table"
          columns={columns.map((c) => t(`${section}.table.${c}`))}
          label={t('loading')}
        />
      )}
      {items && items.length === 0 && <p className="admin-empty">{t(`${section}.empty`)}</p>}
      {items && items.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table ac-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {t(`${section}.table.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={rowKey(item)}>{row(item)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** A row's "Editar" (when it can be edited) and "Eliminar", named after the row for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  return (
    <td className="ac-actions">
      {onEdit && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('actions.editNamed', { name })}
          onClick={onEdit}
        >
          {t('actions.edit')}
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        aria-label={t('actions.deleteNamed', { name })}
        onClick={onDelete}
      >
        {t('actions.delete')}
      </Button>
    </td>
  );
}
