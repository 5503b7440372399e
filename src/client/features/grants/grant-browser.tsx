/**
 * The public grant list: text search, fund and status filters and the sort, all held by the
 * caller (the route keeps them in the URL); results arrive in keyset pages ("Show more").
 */
import { useEffect, useId, useState } from 'react';
import { grantCountryFilters, publicGrantStatuses, type GrantCountryFilter, type GrantSort, type PublicGrantStatus } from '../../../shared/domain/grants';
import { trpc } from '../../lib/trpc';
import { useT } from '../../lib/intl';
import { Button } from '../../ui/button';
import { inputClass } from '../../ui/input-class';
import { GrantCard } from './grant-card';
import { statusKeys } from './grant-format';
import { LoadError } from '../../ui/load-error';

export interface GrantFilters {
  q?: string | undefined;
  fund?: string | undefined;
  status?: PublicGrantStatus | undefined;
  country?: GrantCountryFilter | undefined;
  sort?: GrantSort | undefined;
}

/** Filters from the URL, so a view can be shared; anything unknown is ignored. */
export function GrantBrowser({
  filters,
  onChange,
  funds,
  defaultCountry,
  headingLevel = 2,
}: {
  filters: GrantFilters;
  onChange: (next: GrantFilters) => void;
  /** The funds to filter by; without them the fund filter is not shown (a fund's own page). */
  funds?: Array<{ slug: string; name: string }> | undefined;
  /**
   * The country filter when the URL names none (the company's, else the language's); without it
   * the country filter is not shown (a fund's own page). `null` while the company is still read.
   */
  defaultCountry?: GrantCountryFilter | null | undefined;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const ids = { q: useId(), fund: useId(), status: useId(), country: useId(), sort: useId() };
  const countryShown = defaultCountry !== undefined;
  const country = countryShown ? (filters.country ?? defaultCountry) : null;
  const [text, setText] = useState(filters.q ?? '');
  const sort = filters.sort ?? 'deadline';

  // The URL follows the search box after a short pause, so typing does not flood the history.
  useEffect(() => setText(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === (filters.q || undefined)) return;
    const timer = setTimeout(() => onChange({ ...filters, q: next }), 300);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  const query = trpc.grants.list.useInfiniteQuery(
    { q: filters.q || undefined, fund: filters.fund || undefined, status: filters.status, country: country && country !== 'all' ? country : undefined, sort },
    // Not before the default country is known: no page of another country first.
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous, enabled: !countryShown || country !== null },
  );
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? null;
  const filtered = Boolean(filters.q || filters.status || (funds && filters.fund));

  return (
    <div className="space-y-4">
      <form
        role="search"
        className={`grid gap-3 rounded-lg bg-white p-3 ring-1 ring-gray-200 sm:grid-cols-2 ${countryShown ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...filters, q: text.trim() || undefined });
        }}
      >
        <div className="space-y-1">
          <label htmlFor={ids.q} className="block text-sm font-medium text-gray-800">
            {t('grants.filter.search')}
          </label>
          <input id={ids.q} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('grants.filter.searchPlaceholder')} className={inputClass} maxLength={100} />
        </div>
        {funds && (
          <div className="space-y-1">
            <label htmlFor={ids.fund} className="block text-sm font-medium text-gray-800">
              {t('grants.filter.fund')}
            </label>
            <select id={ids.fund} value={filters.fund ?? ''} onChange={(event) => onChange({ ...filters, fund: event.target.value || undefined })} className={inputClass}>
              <option value="">{t('grants.filter.allFunds')}</option>
              {funds.map((fund) => (
                <option key={fund.slug} value={fund.slug}>
                  {fund.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {countryShown && (
          <div className="space-y-1">
            <label htmlFor={ids.country} className="block text-sm font-medium text-gray-800">
              {t('grants.filter.country')}
            </label>
            <select
              id={ids.country}
              value={country ?? ''}
              disabled={country === null}
              onChange={(event) => onChange({ ...filters, country: grantCountryFilters.find((value) => value === event.target.value) })}
              className={inputClass}
            >
              {country === null && <option value="">{t('common.loading')}</option>}
              {grantCountryFilters.map((value) => (
                <option key={value} value={value}>
                  {t(`grants.filter.country.${value}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="space-y-1">
          <label htmlFor={ids.status} className="block text-sm font-medium text-gray-800">
            {t('grants.filter.status')}
          </label>
          <select
            id={ids.status}
            value={filters.status ?? ''}
            onChange={(event) => onChange({ ...filters, status: (event.target.value || undefined) as PublicGrantStatus | undefined })}
            className={inputClass}
          >
            <option value="">{t('grants.filter.allStatuses')}</option>
            {publicGrantStatuses.map((status) => (
              <option key={status} value={status}>
                {t(statusKeys[status])}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.sort} className="block text-sm font-medium text-gray-800">
            {t('grants.filter.sort')}
          </label>
          <select id={ids.sort} value={sort} onChange={(event) => onChange({ ...filters, sort: event.target.value === 'newest' ? 'newest' : undefined })} className={inputClass}>
            <option value="deadline">{t('grants.sort.deadline')}</option>
            <option value="newest">{t('grants.sort.newest')}</option>
          </select>
        </div>
      </form>

      <p className="text-sm text-gray-600" role="status" aria-live="polite">
        {query.isPending ? t('common.loading') : total !== null ? t('grants.list.count', { count: total }) : ''}
      </p>

      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.isPending && items.length === 0 ? (
        <div className="rounded-lg bg-white p-6 text-center text-sm text-gray-700 ring-1 ring-gray-200">
          <p>{filtered ? t('grants.list.noMatches') : t('grants.list.empty')}</p>
          {filtered && (
            <Button variant="secondary" className="mt-3" onClick={() => onChange({ fund: funds ? undefined : filters.fund, country: filters.country, sort: filters.sort })}>
              {t('grants.filter.clear')}
            </Button>
          )}
        </div>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-busy={query.isFetching}>
          {items.map((grant) => (
            <li key={grant.id}>
              <GrantCard grant={grant} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
      )}

      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" size="md" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? t('common.loading') : t('grants.list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
