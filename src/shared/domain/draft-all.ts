/**
 * What "draft every section" does with each section: a section marked done is left alone, and
 * without a model only text sections are drafted (the offline drafter writes text; rows of a
 * budget, activity plan or deliverables need a model). Whatever is left out is named with its
 * reason, so the writer is told in the same answer which sections got no draft and why.
 */
import type { SectionKind } from './grants';

export type DraftAllLeftOut = 'done' | 'needsModel';

export function planDraftAll<S extends { id: string; kind: SectionKind; status: string }>(
  sections: readonly S[],
  modelConfigured: boolean,
): { draft: S[]; leftOut: Array<{ sectionId: string; reason: DraftAllLeftOut }> } {
  const draft: S[] = [];
  const leftOut: Array<{ sectionId: string; reason: DraftAllLeftOut }> = [];
  for (const section of sections) {
    if (section.status === 'done') leftOut.push({ sectionId: section.id, reason: 'done' });
    else if (section.kind !== 'text' && !modelConfigured) leftOut.push({ sectionId: section.id, reason: 'needsModel' });
    else draft.push(section);
  }
  return { draft, leftOut };
}
