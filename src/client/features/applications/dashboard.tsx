import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { applicationStatuses, isApplicationStatus, type ApplicationStatus } from '../../../shared/domain/applications';
import type { ApplicationListInput } from '../../../shared/schemas/applications';
import { useFormats, useT } from '../../lib/intl';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';
import { inputClass } from '../../ui/input-class';
import { QueryView } from '../../ui/query-view';
import { DeadlineText } from './deadline-text';
import { NextSteps } from './next-steps';
import { ReviewReminders } from '../reviews';
import { ApplicationStatusBadge } from './status-badge';

type Listed = RouterOutputs['applications']['list']['applications'][number];
type OpenGrant = RouterOutputs['applications']['list']['openGrants'][number];


/**
 * `/applications`: the signed-in user's home — their applications across companies, and what waits
 * for them; `plan` is the deadlines feature's part (their sections, the next deadlines), given by the route.
 */
/** `deleted`: the recently deleted companies and applications that can be restored (decision 0050). */
export function Dashboard({ filters, plan, deleted }: { filters: ApplicationListInput; plan?: ReactNode; deleted?: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const list = trpc.applications.list.useInfiniteQuery(filters, { getNextPageParam: (page) => page.nextCursor });
  const firstPage = list.data?.pages[0];
  const companies = trpc.companies.list.useQuery();
  const invitations = trpc.invitations.mine.useQuery();

  const setFilter = (patch: { company?: string; status?: string }) => {
    const next = { company: filters.companyId, status: filters.status, ...patch };
    const status = isApplicationStatus(next.status) ? next.status : undefined;
    void navigate({ to: '/applications', search: { ...(next.company ? { company: next.company } : {}), ...(status ? { status } : {}) }, replace: true });
  };

  const noCompany = companies.data?.length === 0;
  const filtered = Boolean(filters.companyId || filters.status);
  const firstTime = noCompany || (!filtered && firstPage?.applications.length === 0);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">{t('applications.dashboard.heading')}</h1>
        {!noCompany && (
          <Link to="/grants" className={buttonClass('primary')}>
            {t('applications.dashboard.new')}
          </Link>
        )}
      </div>

      {(invitations.data?.length ?? 0) > 0 && (
        <div className="mt-4 rounded-lg bg-primary-50 p-4 text-sm ring-1 ring-primary-100">
          <h2 className="font-semibold text-gray-900">{t('applications.dashboard.needsYou')}</h2>
          <Link to="/invitations" className="mt-1 inline-block text-primary-800 underline">
            {t('applications.dashboard.invitations', { count: invitations.data!.length })}
          </Link>
        </div>
      )}

      <div className="mt-4">
        <ReviewReminders />
      </div>
      {plan}

      {/* Until the first application exists, the way in: company, requirements test, grant. */}
      {firstTime && <NextSteps className="mt-6" testGrantSlug={firstPage?.openGrants[0]?.slug} />}
      {noCompany ? null : (
        <>
          {(companies.data?.length ?? 0) > 0 && (
            <div className="mt-6 flex flex-wrap gap-3">
              {(companies.data?.length ?? 0) > 1 && (
                <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-gray-800">
                  {t('applications.filter.company')}
                  <select className={inputClass} value={filters.companyId ?? ''} onChange={(event) => setFilter({ company: event.target.value })}>
                    <option value="">{t('applications.filter.allCompanies')}</option>
                    {companies.data!.map((company) => (
                      <option key={company.id} value={company.id}>
                        {company.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-gray-800">
                {t('applications.filter.status')}
                <select className={inputClass} value={filters.status ?? ''} onChange={(event) => setFilter({ status: event.target.value })}>
                  <option value="">{t('applications.filter.allStatuses')}</option>
                  {applicationStatuses.map((status) => (
                    <option key={status} value={status}>
                      {t(`applications.status.${status}`)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          <div className="mt-4">
            <QueryView query={list}>
              {(data) =>
                data.pages[0]?.applications.length ? (
                  <>
                    <ApplicationList applications={data.pages.flatMap((page) => page.applications)} />
                    {list.hasNextPage && (
                      <button type="button" className={`${buttonClass('secondary')} mt-4`} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                        {list.isFetchingNextPage ? t('applications.dashboard.loadingMore') : t('applications.dashboard.more')}
                      </button>
                    )}
                  </>
                ) : (
                  <div className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-700">
                    <p>{filtered ? t('applications.dashboard.noMatch') : t('applications.dashboard.empty')}</p>
                    {!filtered && <p className="mt-1">{t('applications.dashboard.emptyHint')}</p>}
                  </div>
                )
              }
            </QueryView>
          </div>
        </>
      )}

      {deleted}
      {firstPage && firstPage.openGrants.length > 0 && !noCompany && <OpenGrants grants={firstPage.openGrants} />}
      <p className="mt-6 text-sm">
        <Link to="/grants" className="text-primary-700 underline">
          {t('applications.dashboard.browseGrants')}
        </Link>
      </p>
    </section>
  );
}

function ApplicationList({ applications }: { applications: Listed[] }) {
  const t = useT();
  const formats = useFormats();
  return (
    <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      {applications.map((application) => (
        <li key={application.id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
          <div className="min-w-0">
            <Link to="/applications/$application_id" params={{ application_id: application.id }} className="font-medium break-words text-primary-800 hover:underline">
              {application.title}
            </Link>
            <p className="text-sm text-gray-600">{t('applications.for', { company: application.companyName, grant: application.grantTitle })}</p>
            <p className="text-xs text-gray-600">
              {t('applications.column.deadline')}: <DeadlineText deadline={application.deadlineAt} />
            </p>
            {/* A company may have several applications for the same grant, often with the grant's title: the start date tells them apart. */}
            <p className="text-xs text-gray-600">{t('applications.dashboard.started', { date: formats.dateTime(application.createdAt) })}</p>
          </div>
          <div className="flex flex-col items-start gap-1.5 sm:items-end">
            <ApplicationStatusBadge status={application.status as ApplicationStatus} />
            <Progress done={application.done} total={application.total} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const t = useT();
  const label = t('applications.progress', { done, total });
  return (
    <div className="flex items-center gap-2 text-xs text-gray-700">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} className="h-1.5 w-24 overflow-hidden rounded-full bg-gray-200">
        <div className="h-full bg-primary-600" style={{ width: `${total ? Math.round((done / total) * 100) : 0}%` }} />
      </div>
      <span>{label}</span>
    </div>
  );
}

function OpenGrants({ grants }: { grants: OpenGrant[] }) {
  const t = useT();
  return (
    <section aria-labelledby="open-grants-heading" className="mt-8">
      <h2 id="open-grants-heading" className="text-lg font-semibold text-gray-900">
        {t('applications.dashboard.openGrants')}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {grants.map((grant) => (
          <li key={grant.id} className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <Link to="/grants/$grant_slug" params={{ grant_slug: grant.slug }} className="font-medium text-gray-900 hover:underline">
              {grant.title}
            </Link>
            <p className="text-sm text-gray-600">{grant.fundName}</p>
            <p className="text-xs text-gray-600">
              <DeadlineText deadline={grant.deadlineAt} />
            </p>
            <Link to="/onboarding/$grant_id" params={{ grant_id: grant.id }} className={`${buttonClass('secondary')} self-start`}>
              {t('applications.dashboard.apply')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
