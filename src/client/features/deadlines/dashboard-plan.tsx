/**
 * The dashboard as a plan: the sections given to the user across applications, soonest due first,
 * and the applications being written by nearest deadline, each with its progress and what is
 * overdue. With nothing planned it shows nothing: the dashboard's own empty state leads to grants.
 */
import { Link } from '@tanstack/react-router';
import { dueState } from '../../../shared/domain/deadlines';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { DayWithLeft, FundDeadline, OverdueBadge } from './days-left';

export function DashboardPlan() {
  const t = useT();
  const mine = trpc.deadlines.mine.useQuery();
  const plan = trpc.deadlines.dashboard.useQuery();
  const sections = mine.data ?? [];
  const applications = plan.data ?? [];
  if (sections.length === 0 && applications.length === 0) return null;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="my-sections-heading" className="min-w-0">
        <h2 id="my-sections-heading" className="text-lg font-semibold text-gray-900">
          {t('deadlines.mine.heading')}
        </h2>
        {sections.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">{t('deadlines.mine.empty')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200" data-testid="my-sections">
            {sections.map((section) => (
              <li key={section.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="min-w-0">
                  <Link to="/applications/$application_id/$section_id" params={{ application_id: section.applicationId, section_id: section.id }} className="font-medium break-words text-primary-800 hover:underline">
                    {section.title}
                  </Link>
                  <span className="block text-xs break-words text-gray-600">{t('deadlines.mine.in', { application: section.applicationTitle })}</span>
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
                  {section.dueOn && <DayWithLeft day={section.dueOn} />}
                  {dueState(section.dueOn, false, new Date()) === 'overdue' && <OverdueBadge />}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {applications.length > 0 && (
        <section aria-labelledby="next-deadlines-heading" className="min-w-0">
          <h2 id="next-deadlines-heading" className="text-lg font-semibold text-gray-900">
            {t('deadlines.plan.heading')}
          </h2>
          <ul className="mt-3 divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200" data-testid="next-deadlines">
            {applications.map((application) => (
              <li key={application.id} className="space-y-1 p-3 text-sm">
                <Link to="/applications/$application_id" params={{ application_id: application.id }} className="font-medium break-words text-primary-800 hover:underline">
                  {application.title}
                </Link>
                {application.internalDeadline && (
                  <p className="text-xs text-gray-700">
                    {t('deadlines.internal')}: <DayWithLeft day={application.internalDeadline} />
                  </p>
                )}
                <p className="text-xs text-gray-700">
                  {t('deadlines.fund')}: <FundDeadline deadline={application.fundDeadline} />
                </p>
                <p className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
                  <span>{t('deadlines.plan.progress', { done: application.done, total: application.total })}</span>
                  {application.overdue > 0 && (
                    <span className="inline-flex items-center gap-1 font-semibold text-red-800">
                      <span aria-hidden="true">!</span>
                      {t('deadlines.plan.overdue', { count: application.overdue })}
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
