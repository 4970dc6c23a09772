/**
 * Loading states that keep the page's layout: grey shapes where the content will be, instead of a
 * spinner in an empty page. Screen readers hear one 'Cargando...' (role status); the shapes
 * themselves are hidden from them.
 */
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SkeletonProps = {
  /** CSS width, e.g. '60%' or '8rem' (default: the whole line) */
  width?: CSSProperties['width'];
  /** CSS height (default: one line of text) */
  height?: CSSProperties['height'];
  /** 'block' for a figure's taller box */
  shape?: 'line' | 'block';
};

/** One placeholder shape. */
export function Skeleton({ width, height, shape = 'line' }: SkeletonProps) {
  return (
    <span className={`skeleton skeleton--${shape}`} style={{ width, height }} aria-hidden="true" />
  );
}

type LoadingRegionProps = {
  /** what is loading, for screen readers; defaults to 'Cargando...' */
  label?: string;
  className?: string;
  children: ReactNode;
};

/** The live region around placeholder shapes: announced once, busy while shown. */
function SkeletonRegion({ label, className, children }: LoadingRegionProps) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="visually-hidden">{label ?? t('loading')}</span>
      {children}
    </div>
  );
}

export type TableSkeletonProps = {
  /** the real table's column headers ('' for one without visible text), so it is the same table */
  columns: readonly string[];
  /** the real table's class, so the placeholder has its spacing */
  tableClassName: string;
  rows?: number;
  label?: string;
};

/** A table with its real headers and placeholder rows. */
export function TableSkeleton({ columns, tableClassName, rows = 5, label }: TableSkeletonProps) {
  return (
    <SkeletonRegion label={label} className="table-skeleton">
      <table className={tableClassName} aria-hidden="true">
        <thead>
          <tr>
            {columns.map((column, col) => (
              <th key={col} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {columns.map((_, col) => (
                <td key={col}>
                  <Skeleton width={`${55 + ((row * 7 + col * 13) % 40)}%`} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SkeletonRegion>
  );
}

export type CardsSkeletonProps = {
  count: number;
  /** the class of the real cards' container, so the grid is the same */
  className: string;
  /** the class of one real card (default: the shared `card`) */
  cardClassName?: string;
  label?: string;
};

/** A row of stat cards: a label line and a big number each. */
export function CardsSkeleton({
  count,
  className,
  cardClassName = 'card',
  label,
}: CardsSkeletonProps) {
  return (
    <SkeletonRegion label={label} className={className}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${cardClassName} skeleton-card`} aria-hidden="true">
          <Skeleton width="50%" />
          <Skeleton width="35%" height="2rem" shape="block" />
          <Skeleton width="70%" />
        </div>
      ))}
    </SkeletonRegion>
  );
}
