import type { ReactNode } from 'react';
import { useT } from '../lib/intl';
import { appErrorOf } from '../lib/trpc';
import { LoadError } from './load-error';

interface ViewableQuery<TData> {
  status: 'pending' | 'error' | 'success';
  data: TData | undefined;
  error: unknown;
  refetch: () => unknown;
}

interface QueryViewProps<TData> {
  query: ViewableQuery<TData>;
  className?: string;
  notFound?: ReactNode;
}

/**
 * The one way a screen shows a query: a loading line while it is pending (never a blank area),
 * the shared load error with its retry when it fails, and the data once it is there.
 * `notFound` replaces the load error for an answer of NOT_FOUND (a whole page that does not exist).
 */
export function QueryView<TData>({ query, children, ...rest }: QueryViewProps<TData> & { children: (data: TData) => ReactNode }) {
  if (query.status !== 'success') return <QueryState query={query} {...rest} />;
  return <>{children(query.data as TData)}</>;
}

/**
 * The loading line or the load error of a query that has no data yet, for a screen that returns
 * early (`if (query.status !== 'success') return <QueryState query={query} />`) instead of
 * wrapping its content in `QueryView`. Given a query that has its data, it says "not found": the
 * screen found the data does not belong at this address (a grant opened under another fund).
 */
export function QueryState<TData>({ query, className = '', notFound }: QueryViewProps<TData>) {
  if (query.status === 'success') return notFound ?? <LoadError error={null} onRetry={() => void query.refetch()} className={className} />;
  if (query.status === 'error') {
    if (notFound !== undefined && appErrorOf(query.error)?.appCode === 'NOT_FOUND') return <>{notFound}</>;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} className={className} />;
  }
  return <Loading className={className} />;
}

/** The loading line, also for a screen on its way to another (a redirect once its data is there). */
export function Loading({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <p role="status" className={`text-sm text-gray-600 ${className}`}>
      {t('common.loading')}
    </p>
  );
}
