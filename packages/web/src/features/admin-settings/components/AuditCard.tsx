import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, LoadFailed, Spinner } from '@/components/ui';
import { formatDateTime } from '@/lib/format';

export type AuditCardProps<T extends { id: string; createdAt: string }> = {
  title: string;
  /** a line under the title, before the entries */
  intro?: string;
  query: UseQueryResult<T[]>;
  loadFailed: string;
  empty: string;
  /** who the entry is about or by, after its time */
  who: (entry: T) => ReactNode;
  /** what happened */
  children: (entry: T) => ReactNode;
};

/**
 * A card listing audit entries, newest first: when · who, then what; or why there are none, or
 * why they could not be read, with a retry.
 */
export function AuditCard<T extends { id: string; createdAt: string }>({
  title,
  intro,
  query,
  loadFailed,
  empty,
  who,
  children,
}: AuditCardProps<T>) {
  const entries = query.data ?? [];
  return (
    <Card title={title} aria-label={title} className="settings-section settings-audit">
      {intro && <p className="settings-muted">{intro}</p>}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadFailed
          className="settings-banner settings-banner--error"
          what={loadFailed}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="settings-muted">{empty}</p>
      ) : (
        <ol className="settings-audit__list">
          {entries.map((entry) => (
            <li key={entry.id} className="settings-audit__entry">
              <p className="settings-audit__meta">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                {' · '}
                {who(entry)}
              </p>
              {children(entry)}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
