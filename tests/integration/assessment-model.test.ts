/**
 * The model assessor (docs/decisions/0052) against a local stand-in for an OpenAI-compatible
 * endpoint: a good answer is used with its quotes checked against the text; a malformed one is
 * asked for once more, and twice malformed fails with a plain error; an invented quote is dropped
 * with the score it carried; an answer slower than the time budget leaves the offline result.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { innoboosterCriteria } from '../../src/server/seed/seed';
import { createModelAssessor, MalformedAssessmentError } from '../../src/server/integrations/ai/assessor';
import { assessOffline, type AssessmentMaterial, type SectionMaterial } from '../../src/shared/domain/assessment';
import { activityPlanData, applicationTexts, budgetData, companyName, deliverablesData } from './assessment-fixtures';
import { goodAnswer, startAssessmentStandIn, type AssessmentStandIn } from './assessment-model-stand-in';

let stand: AssessmentStandIn;

beforeAll(async () => {
  stand = await startAssessmentStandIn();
});
afterAll(() => stand?.close());
beforeEach(() => {
  stand.answers = [];
  stand.requests = [];
});

function material(): AssessmentMaterial {
  const kinds = ['text', 'text', 'text', 'text', 'text', 'activity_plan', 'deliverables', 'budget'] as const;
  const sections: SectionMaterial[] = kinds.map((kind, index) => ({
    id: `section-${index}`,
    grantSectionId: `grant-section-${index}`,
    title: `Section ${index + 1}`,
    kind,
    content: kind === 'text' ? applicationTexts.en.texts[index as 0] : '',
    maxChars: null,
    data: kind === 'budget' ? budgetData : kind === 'activity_plan' ? activityPlanData : kind === 'deliverables' ? deliverablesData : null,
  }));
  const criteria = innoboosterCriteria.map((criterion, index) => ({
    id: `criterion-${index}`,
    name: criterion.name,
    weight: criterion.weight,
    grantSectionIds: criterion.sections.map((position) => `grant-section-${position}`),
    signals: criterion.signals as AssessmentMaterial['criteria'][number]['signals'],
  }));
  return { language: 'en', company: { name: companyName.en, orgId: '12345678' }, terms: { currency: 'DKK', maxFundingPct: 35, minInvoiceAmount: null, hourlyRate: 75_000 }, criteria, sections };
}

const assessor = (timeoutMs = 5000) => createModelAssessor({ baseUrl: stand.baseUrl, apiKey: 'test-key', model: 'stand-in-model', timeoutMs });

describe('the model assessor', () => {
  it('uses a good answer: the rubric, sections and company facts go in, scores with quotes from the text come out', async () => {
    stand.answers.push({ kind: 'json', make: (rubric) => goodAnswer(rubric, 80) });
    const outcome = await assessor().assess(material());
    expect(stand.requests).toHaveLength(1);
    const sent = stand.requests[0]!;
    expect(sent.responseFormat).toEqual({ type: 'json_object' });
    expect(sent.rubric.criteria.map((criterion) => criterion.id)).toEqual(['criterion-0', 'criterion-1', 'criterion-2', 'criterion-3']);
    expect(JSON.stringify(sent.rubric)).toContain(companyName.en);
    expect(sent.system).toContain('English');
    expect(outcome.criteria.map((criterion) => criterion.score)).toEqual([80, 80, 80, 80]);
    expect(outcome.readiness).toBe(80);
    for (const criterion of outcome.criteria) {
      expect(criterion.verdict).toEqual({ text: expect.stringMatching(/^Verdict for /) });
      expect(criterion.evidence).toHaveLength(1);
      const evidence = criterion.evidence[0]!;
      const section = material().sections.find((candidate) => candidate.id === evidence.sectionId)!;
      expect(section.content.slice(evidence.at, evidence.at + evidence.quote.length)).toBe(evidence.quote);
    }
    expect(outcome.suggestions).toEqual([expect.objectContaining({ sectionId: 'section-0', paragraph: 0, kind: 'rewrite', criterionId: 'criterion-0' })]);
    expect(outcome.fallback).toBeUndefined();
  });

  it('asks once more after a malformed answer, and uses the second', async () => {
    stand.answers.push({ kind: 'text', text: 'Sure! Here is my assessment: the application looks good.' });
    stand.answers.push({ kind: 'json', make: (rubric) => goodAnswer(rubric, 60) });
    const outcome = await assessor().assess(material());
    expect(stand.requests).toHaveLength(2);
    expect(outcome.criteria.map((criterion) => criterion.score)).toEqual([60, 60, 60, 60]);
  });

  it('fails plainly after two malformed answers (JSON of the wrong shape counts as malformed)', async () => {
    stand.answers.push({ kind: 'text', text: '{"criteria": "all good"' });
    stand.answers.push({ kind: 'json', make: () => ({ criteria: [{ id: 'x', score: 300 }] }) });
    const failure = await assessor()
      .assess(material())
      .then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedAssessmentError);
    expect((failure as Error).message).toBe('The model answered twice without the JSON the check asks for');
    expect(stand.requests).toHaveLength(2);
  });

  it('drops a quote that is not in the text, and the score it carried with it', async () => {
    stand.answers.push({ kind: 'json', make: (rubric) => goodAnswer(rubric, 80, { invented: true }) });
    const outcome = await assessor().assess(material());
    for (const criterion of outcome.criteria) {
      // Two quotes given, one invented: half the score stands.
      expect(criterion.score).toBe(40);
      expect(criterion.evidence.map((evidence) => evidence.quote)).not.toContain('We have signed a contract with NASA worth DKK 40 million.');
      expect(criterion.evidence).toHaveLength(1);
      expect(criterion.missing).toContainEqual({ kind: 'note', text: '1 × quote not found in the text (dropped)' });
    }
  });

  it('leaves the offline checklist standing when the model is slower than its time budget', async () => {
    stand.answers.push({ kind: 'slow', ms: 3000, make: (rubric) => goodAnswer(rubric, 95) });
    const started = performance.now();
    const outcome = await assessor(400).assess(material());
    expect(performance.now() - started).toBeLessThan(2500);
    const offline = assessOffline(material());
    expect(outcome.criteria).toEqual(offline.criteria);
    expect(outcome.readiness).toBe(offline.readiness);
    expect(outcome.fallback).toBe('The model did not answer within 400 ms');
  });
});
