import { lazy, Suspense } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { may } from '../../../shared/domain/company-roles';
import { MembersPanel } from '../../features/companies/members-panel';
import { PendingJoinRequests } from '../../features/company-claims/join-requests';
import { InviteForm } from '../../features/invitations/invite-form';
import { PendingInvitations } from '../../features/invitations/pending-invitations';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/page-meta';
import { QueryState } from '../../ui/query-view';
import { RegistryName } from '../../ui/registry-name';

// Owners only, after the members: a chunk no route lists up front.
const CompanyDataPanel = lazy(() => import('../../features/data-rights/data-rights-panel').then((module) => ({ default: module.CompanyDataPanel })));

export default function CompanyUsersScreen() {
  const t = useT();
  const { company_id: companyId } = useParams({ from: '/user/companies/$company_id/users' });
  const company = trpc.companies.get.useQuery({ companyId }, { retry: false });
  const me = trpc.auth.me.useQuery();
  usePageTitle(company.data ? `${t('route.companies-company_id-users')} · ${company.data.name}` : t('route.companies-company_id-users'));

  return (
    <section className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8">
      <div>
        <Link to="/companies" className="text-sm text-primary-700 hover:underline">
          ← {t('companies.members.back')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold text-gray-900">
          {company.data ? t('companies.members.heading', { company: company.data.name }) : t('route.companies-company_id-users')}
        </h1>
        {company.data && <RegistryName name={company.data.name} registryName={company.data.registryName} country={company.data.country} className="mt-1 text-sm text-gray-600" />}
      </div>
      {company.status !== 'success' ? (
        <QueryState query={company} />
      ) : (
        <>
          <MembersPanel companyId={companyId} companyName={company.data.name} myRole={company.data.role} myUserId={me.data?.id} />
          {may(company.data.role, 'members.manage') && (
            <>
              <PendingJoinRequests companyId={companyId} myRole={company.data.role} />
              <PendingInvitations companyId={companyId} myRole={company.data.role} />
              {company.data.verified ? (
                <InviteForm companyId={companyId} myRole={company.data.role} />
              ) : (
                <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">{t('companies.notConfirmed')}</p>
              )}
            </>
          )}
          {may(company.data.role, 'company.delete') && (
            <Suspense fallback={null}>
              <CompanyDataPanel companyId={companyId} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
