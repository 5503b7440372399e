/**
 * What an open page of an application keeps live through its one application stream
 * (`applications.watch`): every section's status and AI draft state, and whether the application
 * is locked. A status changed by anyone, in any web process — a review decided, a section marked
 * done or reopened, a save that validated it — reaches the page's cached queries at once: the
 * overview's statuses (which the section lists and the editor's badge read), the section's status
 * and version (a reviewer approves the version they read), its review bar and the history. After
 * a break of the live connection the stream's first states are compared with what the page shows,
 * so nothing that changed meanwhile stays stale.
 */
import { useState } from 'react';
import type { DraftState } from '../../../shared/schemas/drafts';
import { trpc, type RouterOutputs } from '../../lib/trpc';

export type DraftStates = ReadonlyMap<string, DraftState>;
type LiveStates = RouterOutputs['applications']['watch'] extends AsyncIterable<infer T> ? T : never;

const mapOf = (rows: ReadonlyArray<{ id: string; draftState: DraftState | null }>): DraftStates =>
  new Map(rows.flatMap((row) => (row.draftState ? [[row.id, row.draftState] as const] : [])));

/** The page's live states of the application, starting from the sections it was loaded with. */
export function useApplicationLive(applicationId: string, sections: ReadonlyArray<{ id: string; draftState: DraftState | null }>) {
  const utils = trpc.useUtils();
  const [draftStates, setDraftStates] = useState<DraftStates>(() => mapOf(sections));

  function syncStatuses(live: LiveStates) {
    const overview = utils.applications.get.getData({ applicationId });
    if (!overview) return;
    const shown = new Map(overview.sections.map((section) => [section.id, section.status]));
    const moved = live.sections.filter((section) => shown.has(section.id) && shown.get(section.id) !== section.status);
    if (moved.length === 0 && live.published === overview.published) return;
    const now = new Map(live.sections.map((section) => [section.id, section.status]));
    utils.applications.get.setData({ applicationId }, (old) =>
      old ? { ...old, published: live.published, sections: old.sections.map((item) => ({ ...item, status: now.get(item.id) ?? item.status })) } : old,
    );
    for (const section of moved) {
      // Only status and version: the editor owns the text and fields it shows.
      utils.applications.section.setData({ applicationId, sectionId: section.id }, (old) =>
        old && old.version < section.version ? { ...old, version: section.version, status: section.status } : old,
      );
      void utils.reviews.section.invalidate({ applicationId, sectionId: section.id });
    }
    // What else a status shows in: the history, the locked state's texts, the dashboard's progress.
    void utils.reviews.history.invalidate({ applicationId });
    void utils.applications.get.invalidate({ applicationId });
    void utils.applications.list.invalidate();
  }

  trpc.applications.watch.useSubscription(
    { applicationId },
    {
      onData: (live) => {
        setDraftStates(mapOf(live.sections));
        syncStatuses(live);
      },
    },
  );

  /** Sections whose ready draft was just used: not ready any more, before the stream says so. */
  const used = (sectionIds: readonly string[]) =>
    setDraftStates((current) => new Map([...current].filter(([sectionId, state]) => state !== 'ready' || !sectionIds.includes(sectionId))));
  return { draftStates, used };
}
