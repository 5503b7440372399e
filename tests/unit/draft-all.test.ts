import { describe, expect, it } from 'vitest';
import { planDraftAll } from '../../src/shared/domain/draft-all';

const sections = [
  { id: 'summary', kind: 'text', status: 'draft' },
  { id: 'team', kind: 'text', status: 'done' },
  { id: 'plan', kind: 'activity_plan', status: 'not_started' },
  { id: 'budget', kind: 'budget', status: 'done' },
  { id: 'deliverables', kind: 'deliverables', status: 'draft' },
] as const;

describe('drafting every section', () => {
  it('without a model drafts the text sections and names every other section with its reason', () => {
    const { draft, leftOut } = planDraftAll(sections, false);
    expect(draft.map((section) => section.id)).toEqual(['summary']);
    expect(leftOut).toEqual([
      { sectionId: 'team', reason: 'done' },
      { sectionId: 'plan', reason: 'needsModel' },
      { sectionId: 'budget', reason: 'done' },
      { sectionId: 'deliverables', reason: 'needsModel' },
    ]);
  });

  it('with a model drafts the structured sections too; only sections marked done are left out', () => {
    const { draft, leftOut } = planDraftAll(sections, true);
    expect(draft.map((section) => section.id)).toEqual(['summary', 'plan', 'deliverables']);
    expect(leftOut).toEqual([
      { sectionId: 'team', reason: 'done' },
      { sectionId: 'budget', reason: 'done' },
    ]);
  });
});
