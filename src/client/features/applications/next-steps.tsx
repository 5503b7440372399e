import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';

/**
 * A first-time user's way in: the three steps before an application — a company (made, or joined
 * through an invitation), the requirements test, a grant — each with where to do it, the company
 * step ticked off once there is one. Shown after sign-up and on the dashboard until the first
 * application exists.
 */
export function NextSteps({ testGrantSlug, className = '' }: { testGrantSlug?: string | undefined; className?: string }) {
  const t = useT();
  const companies = trpc.companies.list.useQuery();
  const invitations = trpc.invitations.mine.useQuery();
  const hasCompany = (companies.data?.length ?? 0) > 0;
  const waiting = invitations.data?.length ?? 0;
  return (
    <section aria-labelledby="next-steps-heading" className={`rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 ${className}`}>
      <h2 id="next-steps-heading" className="text-lg font-semibold text-gray-900">
        {t('applications.nextSteps.heading')}
      </h2>
      <ol className="mt-3 space-y-4">
        <Step number={1} done={hasCompany} title={t('applications.nextSteps.company')} body={hasCompany ? t('applications.nextSteps.companyDone') : t('applications.nextSteps.companyBody')}>
          {!hasCompany && (
            <>
              <Link to="/onboarding/company" className={buttonClass('primary')}>
                {t('applications.dashboard.createCompany')}
              </Link>
              <Link to="/invitations" className={buttonClass('secondary')}>
                {waiting > 0 ? t('applications.dashboard.invitations', { count: waiting }) : t('applications.nextSteps.invitations')}
              </Link>
            </>
          )}
        </Step>
        <Step number={2} title={t('applications.nextSteps.test')} body={t('applications.nextSteps.testBody')}>
          {testGrantSlug ? (
            <Link to="/test-requirements/$grant_slug" params={{ grant_slug: testGrantSlug }} className={buttonClass('secondary')}>
              {t('applications.nextSteps.testLink')}
            </Link>
          ) : (
            <Link to="/grants" className={buttonClass('secondary')}>
              {t('applications.nextSteps.testLink')}
            </Link>
          )}
        </Step>
        <Step number={3} title={t('applications.nextSteps.grant')} body={t('applications.nextSteps.grantBody')}>
          <Link to="/grants" className={buttonClass('secondary')}>
            {t('applications.dashboard.browseGrants')}
          </Link>
        </Step>
      </ol>
    </section>
  );
}

function Step({ number, done = false, title, body, children }: { number: number; done?: boolean; title: string; body: string; children?: ReactNode }) {
  const t = useT();
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${done ? 'bg-primary-700 text-white' : 'bg-gray-100 text-gray-800 ring-1 ring-gray-300'}`}
      >
        {done ? '✓' : number}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-medium text-gray-900">
          {title}
          {done && <span className="sr-only"> ({t('applications.nextSteps.doneLabel')})</span>}
        </h3>
        <p className="mt-0.5 text-sm text-gray-700">{body}</p>
        {children && <div className="mt-2 flex flex-wrap gap-2">{children}</div>}
      </div>
    </li>
  );
}
