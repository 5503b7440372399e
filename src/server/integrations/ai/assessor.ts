/**
 * What checks an application against its grant's criteria (docs/decisions/0052), behind one
 * interface as the drafter is: the offline assessor (the default, no key: a deterministic
 * checklist, `shared/domain/assessment.ts`), or a model behind the OpenAI-compatible endpoint the
 * drafter uses. A model's answer is held to the text: its JSON is validated with zod, every quote
 * must occur in the section it names (one that does not is dropped, and the score it carried with
 * it), a malformed answer is asked for once more and then fails plainly, and past its time budget
 * the offline result stands.
 */
import OpenAI from 'openai';
import type { Env } from '../../env';
import { assessOffline, paragraphsOf, readinessOf, type AssessmentMaterial, type AssessmentOutcome, type CriterionResult, type Evidence } from '../../../shared/domain/assessment';
import { modelAnswerSchema, type ModelAnswer } from '../../../shared/schemas/assessment';

export interface Assessor {
  readonly model: string;
  readonly offline: boolean;
  assess(material: AssessmentMaterial, signal?: AbortSignal): Promise<AssessmentOutcome>;
}

/** A model's answer that could not be used, twice: the check fails with this. */
export class MalformedAssessmentError extends Error {}

export const OFFLINE_ASSESSOR = 'offline-checklist';

export function createOfflineAssessor(): Assessor {
  return { model: OFFLINE_ASSESSOR, offline: true, assess: async (material) => assessOffline(material) };
}

const languageNames = { da: 'Danish', en: 'English', nb: 'Norwegian (bokmål)' } as const;

/** The rubric, the sections and the company's facts, as the model is given them. */
export function buildAssessmentPrompt(material: AssessmentMaterial): { system: string; user: string } {
  const system = [
    'You assess a grant application against the funder\'s own criteria. Answer with one JSON object only:',
    '{"criteria":[{"id":"<criterion id>","score":0-100,"verdict":"<one line>","evidence":[{"sectionId":"<section id>","quote":"<exact words copied from that section>"}],"missing":["<what a strong answer would show and this one lacks>"]}],',
    '"suggestions":[{"sectionId":"<section id>","paragraph":<1-based paragraph number>,"kind":"addition"|"rewrite","text":"<words to add after the paragraph, or the paragraph rewritten>","criterionId":"<criterion id>","note":"<why>"}]}',
    'Every quote must be copied exactly from the section it names; a quote that is not in the text is discarded with the score it supports.',
    `Write verdicts, missing items and suggestions in ${languageNames[material.language]}, the application's language. Invent no facts: leave [brackets] where the team must fill in a figure or a name.`,
  ].join('\n');
  const criteria = material.criteria.map((criterion) => ({ id: criterion.id, name: criterion.name.en || criterion.name.da, weight: criterion.weight, reads: criterion.grantSectionIds, signals: criterion.signals }));
  const sections = material.sections.map((section) => ({
    id: section.id,
    grantSectionId: section.grantSectionId,
    title: section.title,
    kind: section.kind,
    maxChars: section.maxChars,
    paragraphs: section.kind === 'text' ? paragraphsOf(section.content).map((paragraph) => paragraph.text) : undefined,
    data: section.kind === 'text' ? undefined : section.data,
  }));
  const user = JSON.stringify({ company: material.company, terms: material.terms, criteria, sections });
  return { system, user };
}

/** Squeezes white space, so a quote copied across a line break still counts as copied. */
const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The model's answer held to the text: evidence whose quote is not in the section it names is
 * dropped, and the share of the score it carried with it; unknown criteria are ignored, criteria
 * the model left out keep the offline result; suggestions need a real text section and paragraph.
 */
export function heldToText(material: AssessmentMaterial, answer: ModelAnswer, offline: AssessmentOutcome): AssessmentOutcome {
  const sections = new Map(material.sections.map((section) => [section.id, section]));
  const results: CriterionResult[] = material.criteria.map((criterion) => {
    const given = answer.criteria.find((entry) => entry.id === criterion.id);
    const fallback = offline.criteria.find((entry) => entry.criterionId === criterion.id)!;
    if (!given) return fallback;
    const evidence: Evidence[] = [];
    for (const piece of given.evidence) {
      const section = sections.get(piece.sectionId);
      if (!section) continue;
      const paragraphs = paragraphsOf(section.content);
      const quote = squeeze(piece.quote);
      const paragraph = paragraphs.find((entry) => squeeze(entry.text).includes(quote));
      if (!paragraph || quote === '') continue;
      evidence.push({ signal: null, sectionId: section.id, sectionTitle: section.title, paragraph: paragraph.index + 1, at: paragraph.from + Math.max(0, paragraph.text.indexOf(piece.quote.trim())), quote: piece.quote.trim() });
    }
    const dropped = given.evidence.length - evidence.length;
    const score = given.evidence.length === 0 ? Math.min(given.score, fallback.score) : Math.round((given.score * evidence.length) / given.evidence.length);
    return {
      criterionId: criterion.id,
      score,
      verdict: { text: given.verdict },
      evidence,
      missing: [...given.missing.map((text) => ({ kind: 'note' as const, text })), ...(dropped > 0 ? [{ kind: 'note' as const, text: `${dropped} × quote not found in the text (dropped)` }] : [])],
    };
  });
  const suggestions = answer.suggestions.flatMap((suggestion) => {
    const section = sections.get(suggestion.sectionId);
    if (!section || section.kind !== 'text') return [];
    const paragraph = paragraphsOf(section.content)[suggestion.paragraph - 1];
    if (!paragraph) return [];
    const criterionId = suggestion.criterionId && material.criteria.some((criterion) => criterion.id === suggestion.criterionId) ? suggestion.criterionId : null;
    return [{ sectionId: section.id, paragraph: paragraph.index, criterionId, signal: null, kind: suggestion.kind, text: suggestion.text, note: suggestion.note }];
  });
  return { criteria: results, readiness: readinessOf(material.criteria, results), suggestions: suggestions.slice(0, 12) };
}

function parseAnswer(content: string | null | undefined): ModelAnswer | null {
  if (!content) return null;
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  try {
    const parsed = modelAnswerSchema.safeParse(JSON.parse(content.slice(start, end + 1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createModelAssessor(options: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number }): Assessor {
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey ?? 'no-key', maxRetries: 0, timeout: options.timeoutMs, logLevel: 'off' });
  return {
    model: options.model,
    offline: false,
    async assess(material, signal) {
      const offline = assessOffline(material);
      const prompt = buildAssessmentPrompt(material);
      const budget = AbortSignal.timeout(options.timeoutMs);
      const ended = signal ? AbortSignal.any([signal, budget]) : budget;
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        let content: string | null | undefined;
        try {
          const completion = await client.chat.completions.create(
            {
              model: options.model,
              response_format: { type: 'json_object' },
              messages: [
                { role: 'system', content: prompt.system },
                { role: 'user', content: prompt.user },
              ],
            },
            { signal: ended },
          );
          content = completion.choices[0]?.message?.content;
        } catch (error) {
          // Past its time budget, the offline checklist stands.
          if (budget.aborted) return { ...offline, fallback: `The model did not answer within ${options.timeoutMs} ms` };
          throw error;
        }
        const answer = parseAnswer(content);
        if (answer) return heldToText(material, answer, offline);
      }
      throw new MalformedAssessmentError('The model answered twice without the JSON the check asks for');
    },
  };
}

export function createAssessor(config: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>, timeoutMs = Math.min(config.AI_TIMEOUT_MS, 60_000)): Assessor {
  if (!config.AI_BASE_URL) return createOfflineAssessor();
  return createModelAssessor({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL, timeoutMs });
}
