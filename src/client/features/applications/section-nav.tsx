import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { DraftStateBadge } from '../drafts';
import type { DraftStates } from './use-application-live';
import { PresenceAvatars, usePresence } from '../presence';
import { SectionStatusBadge } from './status-badge';

interface NavSection {
  id: string;
  title: string;
  status: SectionStatus;
}

/**
 * The application's sections in order with their statuses, AI drafts, open comment threads and who
 * is in each now; the current one is marked (and the user counts as present there).
 */
export function SectionNav({
  applicationId,
  sections,
  currentId,
  draftStates,
  narrowOnWidest = false,
  sectionMark,
}: {
  applicationId: string;
  sections: readonly NavSection[];
  currentId?: string;
  draftStates: DraftStates;
  /** The list sits in a narrow column on the widest screens: the badges go under the title there. */
  narrowOnWidest?: boolean;
  /** What another feature shows under a section's title (its writer and due day). */
  sectionMark?: (sectionId: string) => ReactNode;
}) {
  const t = useT();
  const counts = trpc.comments.openCounts.useQuery({ applicationId });
  const openComments = new Map((counts.data ?? []).map((row) => [row.sectionId, row.open]));
  const presence = usePresence(applicationId, currentId);
  return (
    <nav aria-label={t('applications.editor.sectionNav')}>
      <ol className="space-y-1">
        {sections.map((section, index) => {
          const current = section.id === currentId;
          const draftState = draftStates.get(section.id);
          const here = presence.entries.filter((entry) => entry.sectionId === section.id);
          return (
            <li key={section.id}>
              <Link
                to="/applications/$application_id/$section_id"
                params={{ application_id: applicationId, section_id: section.id }}
                aria-current={current ? 'page' : undefined}
                className={`flex items-center justify-between gap-2 rounded-md px-2.5 py-2 text-sm hover:bg-gray-100 ${narrowOnWidest ? 'xl:flex-col xl:items-start xl:gap-1' : ''} ${current ? 'bg-gray-100 font-medium text-gray-900' : 'text-gray-700'}`}
              >
                <span className="min-w-0">
                  <span className="me-1.5 text-gray-600">{index + 1}.</span>
                  {section.title}
                  {sectionMark?.(section.id)}
                  {draftState && (
                    <span className="mt-1 block">
                      <DraftStateBadge state={draftState} />
                    </span>
                  )}
                  {here.length > 0 && (
                    <span className="mt-1 flex">
                      <PresenceAvatars entries={here} me={presence.me} />
                    </span>
                  )}
                </span>
                <span className={`flex shrink-0 items-center gap-1.5 ${narrowOnWidest ? 'xl:flex-wrap' : ''}`}>
                  {(openComments.get(section.id) ?? 0) > 0 && (
                    <span className="rounded-full bg-violet-100 px-1.5 text-xs font-medium text-violet-900" title={t('reviews.comments.open', { count: openComments.get(section.id) ?? 0 })}>
                      <span aria-hidden="true" className="inline-flex items-center gap-0.5">
                        <svg viewBox="0 0 16 16" className="h-3 w-3 fill-current">
                          <path d="M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6l-3.5 3v-3H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z" />
                        </svg>
                        {openComments.get(section.id)}
                      </span>
                      <span className="sr-only">{t('reviews.comments.open', { count: openComments.get(section.id) ?? 0 })}</span>
                    </span>
                  )}
                  <SectionStatusBadge status={section.status} />
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
