import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { safeHref } from '../../lib/safe-url';
import { QueryView } from '../../ui/query-view';

export function FundList() {
  const t = useT();
  const funds = trpc.funds.list.useQuery();
  return (
    <QueryView query={funds}>
      {(data) =>
        data.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-center text-sm text-gray-700 ring-1 ring-gray-200">{t('funds.list.empty')}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {data.map((fund) => (
              <li key={fund.id} className="relative rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200 hover:ring-primary-300">
                <h2 className="text-base font-semibold text-gray-900">
                  <Link to="/funds/$fund_slug" params={{ fund_slug: fund.slug }} className="after:absolute after:inset-0 focus:outline-none focus-visible:underline">
                    {fund.name}
                  </Link>
                </h2>
                {fund.description && <p className="mt-1 line-clamp-3 text-sm text-gray-700">{fund.description}</p>}
                <p className="mt-2 text-sm text-gray-600">{t('funds.list.counts', { open: fund.openCount, total: fund.grantCount })}</p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}

/** A fund's heading part: name, description and its own site. */
export function FundHeader({ fund }: { fund: { name: string; description: string; url: string | null; openCount: number; grantCount: number } }) {
  const t = useT();
  return (
    <header>
      <nav aria-label={t('funds.breadcrumb')} className="text-sm text-gray-600">
        <Link to="/funds" className="hover:text-gray-900 hover:underline">
          {t('route.funds')}
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-semibold text-gray-900">{fund.name}</h1>
      {fund.description && <p className="mt-2 max-w-3xl text-sm leading-6 whitespace-pre-line text-gray-700">{fund.description}</p>}
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-gray-600">
        <span>{t('funds.list.counts', { open: fund.openCount, total: fund.grantCount })}</span>
        {safeHref(fund.url) && (
          <a href={safeHref(fund.url)} target="_blank" rel="noopener noreferrer" className="font-medium text-primary-700 underline hover:text-primary-800">
            {t('funds.website')}
          </a>
        )}
      </p>
    </header>
  );
}
