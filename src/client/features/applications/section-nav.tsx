import { Link } from '@tanstack/react-router';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import { useT } from '../../lib/intl';
import { SectionStatusBadge } from './status-badge';

interface NavSection {
  id: string;
  title: string;
  status: SectionStatus;
}

/** The application's sections in order with their statuses; the current one is marked. */
export function SectionNav({ applicationId, sections, currentId }: { applicationId: string; sections: readonly NavSection[]; currentId?: string }) {
  const t = useT();
  return (
    <nav aria-label={t('applications.editor.sectionNav')}>
      <ol className="space-y-1">
        {sections.map((section, index) => {
          const current = section.id === currentId;
          return (
            <li key={section.id}>
              <Link
                to="/applications/$application_id/$section_id"
                params={{ application_id: applicationId, section_id: section.id }}
                aria-current={current ? 'page' : undefined}
                className={`flex items-center justify-between gap-2 rounded-md px-2.5 py-2 text-sm hover:bg-gray-100 ${current ? 'bg-gray-100 font-medium text-gray-900' : 'text-gray-700'}`}
              >
                <span className="min-w-0">
                  <span className="me-1.5 text-gray-600">{index + 1}.</span>
                  {section.title}
                </span>
                <SectionStatusBadge status={section.status} />
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
