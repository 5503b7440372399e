import type { SectionStatus } from '../../../shared/domain/application-sections';
import type { ApplicationStatus } from '../../../shared/domain/applications';
import { useT } from '../../lib/intl';

const sectionClasses: Record<SectionStatus, string> = {
  not_started: 'bg-gray-100 text-gray-700 ring-gray-300',
  draft: 'bg-amber-50 text-amber-900 ring-amber-200',
  validated: 'bg-sky-50 text-sky-900 ring-sky-200',
  need_review: 'bg-violet-50 text-violet-900 ring-violet-200',
  commented: 'bg-violet-50 text-violet-900 ring-violet-200',
  approved: 'bg-primary-50 text-primary-900 ring-primary-200',
  not_approved: 'bg-red-50 text-red-900 ring-red-200',
  done: 'bg-primary-700 text-white ring-primary-700',
};

const applicationClasses: Record<ApplicationStatus, string> = {
  not_started: sectionClasses.not_started,
  in_progress: sectionClasses.draft,
  ready: sectionClasses.approved,
  published: sectionClasses.done,
};

const badge = 'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

export function SectionStatusBadge({ status }: { status: SectionStatus }) {
  const t = useT();
  return <span className={`${badge} ${sectionClasses[status]}`}>{t(`applications.sectionStatus.${status}`)}</span>;
}

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useT();
  return <span className={`${badge} ${applicationClasses[status]}`}>{t(`applications.status.${status}`)}</span>;
}
