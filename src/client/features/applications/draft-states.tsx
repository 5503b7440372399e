/**
 * Each section's AI draft state — being written, ready, failed — live from the server's stream
 * (`drafts.watchStates`), for the section lists of the overview and the editor.
 */
import { useState } from 'react';
import type { DraftState } from '../../../shared/schemas/drafts';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';

export type DraftStates = ReadonlyMap<string, DraftState>;

const mapOf = (rows: ReadonlyArray<{ sectionId: string; draftState: DraftState | null }>): DraftStates =>
  new Map(rows.flatMap((row) => (row.draftState ? [[row.sectionId, row.draftState] as const] : [])));

/** The states as the application was loaded with (`sections`), then as the server streams them. */
export function useDraftStates(applicationId: string, sections: ReadonlyArray<{ id: string; draftState: DraftState | null }>) {
  const [states, setStates] = useState<DraftStates>(() => mapOf(sections.map((section) => ({ sectionId: section.id, draftState: section.draftState }))));
  trpc.drafts.watchStates.useSubscription({ applicationId }, { onData: (rows) => setStates(mapOf(rows)) });
  /** Sections whose ready draft was just used: not ready any more, before the stream says so. */
  const used = (sectionIds: readonly string[]) =>
    setStates((current) => new Map([...current].filter(([sectionId, state]) => state !== 'ready' || !sectionIds.includes(sectionId))));
  return { states, used };
}

const stateClasses: Record<DraftState, string> = {
  writing: 'bg-sky-50 text-sky-900 ring-sky-200',
  ready: 'bg-primary-50 text-primary-900 ring-primary-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
};

export function DraftStateBadge({ state }: { state: DraftState }) {
  const t = useT();
  return (
    <span data-draft-state={state} className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${stateClasses[state]}`}>
      {state === 'writing' && <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-sky-600" />}
      {t(`drafts.state.${state}`)}
    </span>
  );
}
