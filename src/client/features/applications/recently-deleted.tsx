/**
 * The deleted applications of the user's companies that can still be restored (decision 0050),
 * shown to owners and admins, who may delete and restore them.
 */
import { may } from '../../../shared/domain/company-roles';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';

type Company = RouterOutputs['companies']['list'][number];

export function RecentlyDeletedApplications({ className = '' }: { className?: string }) {
  const companies = trpc.companies.list.useQuery();
  const managed = (companies.data ?? []).filter((company) => may(company.role, 'applications.delete'));
  return (
    <>
      {managed.map((company) => (
        <DeletedOf key={company.id} company={company} named={managed.length > 1} className={className} />
      ))}
    </>
  );
}

function DeletedOf({ company, named, className }: { company: Company; named: boolean; className: string }) {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const deleted = trpc.applications.restorable.useQuery({ companyId: company.id });
  const restore = trpc.applications.restore.useMutation({ meta: { handlesError: true } });
  if (!deleted.data || deleted.data.length === 0) return null;
  const headingId = `deleted-applications-${company.id}`;
  return (
    <section aria-labelledby={headingId} className={`rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 ${className}`}>
      <h2 id={headingId} className="text-base font-semibold text-gray-900">
        {t('applications.restore.heading')}
        {named && <span className="font-normal text-gray-600"> · {company.name}</span>}
      </h2>
      <ul className="mt-2 divide-y divide-gray-100">
        {deleted.data.map((application) => {
          const when = { date: formats.shortDate(application.deletedAt), until: formats.shortDate(application.restorableUntil) };
          return (
            <li key={application.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900">{application.title}</p>
                <p className="text-sm text-gray-600">
                  {application.deletedBy ? t('applications.restore.item', { ...when, by: application.deletedBy }) : t('applications.restore.itemNoName', when)}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={restore.isPending}
                aria-label={t('applications.restore.actionNamed', { title: application.title })}
                onClick={async () => {
                  try {
                    await restore.mutateAsync({ companyId: company.id, applicationId: application.id });
                    toast.success(t('applications.restore.done', { title: application.title }));
                  } catch (error) {
                    toast.error(errorMessageOf(error));
                  }
                  await Promise.all([utils.applications.restorable.invalidate({ companyId: company.id }), utils.applications.list.invalidate()]);
                }}
              >
                {t('applications.restore.action')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
