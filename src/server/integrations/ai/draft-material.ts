/**
 * What a draft is written from, and the prompt made of it. Everything is read through the draft's
 * own application (`loadDraftMaterial` in `drafts.queries.ts`), so only that company's material
 * can reach the model: the grant section's guidance, requirements, inputs and instructions; the
 * application's title, description and language; the company's registry profile; the other
 * sections already written; and, as examples of the company's own voice, its best earlier answers
 * for this section, ranked as the section page's panel ranks them (`answer-library.queries.ts`),
 * among what the writer who asked may read.
 */
import type { GrantTerms } from '../../../shared/domain/budget';
import { isStructuredKind } from '../../../shared/schemas/section-data';
import type { Locale } from '../../../shared/i18n';

export interface DraftMaterial {
  language: Locale;
  instruction: string;
  section: {
    title: string;
    kind: string;
    guidance: string;
    aiInstructions: string;
    requirements: Array<{ id: string; text: string }>;
    inputs: Array<{ label: string; value: string | null }>;
    currentText: string;
  };
  application: { title: string; description: string };
  /** The grant's money terms, which proposed budget rows are checked against. */
  grant: { title: string; fundName: string; terms: GrantTerms };
  company: { name: string; orgId: string; city: string | null; industry: string | null; employees: string | null; website: string | null; startDate: string | null };
  otherSections: Array<{ title: string; content: string }>;
  earlierExamples: Array<{ applicationTitle: string; content: string }>;
}

const languageNames: Record<Locale, string> = { da: 'Danish', en: 'English', nb: 'Norwegian (bokmål)' };

/** What a model is asked to answer for each kind of structured section: one JSON object of rows. */
const rowFormats: Record<string, string> = {
  budget:
    '{"rows": [{"type": "internal-existing" | "internal-new-hire", "name": string, "hourlyWage": number, "hours": number} | {"type": "external" | "knowledge-provider" | "materials" | "invoice", "name": string, "description": string, "amount": number}]}',
  activity_plan: '{"rows": [{"activity": string, "start": "YYYY-MM-DD", "end": "YYYY-MM-DD", "outcome": string, "milestone": boolean}]}',
  deliverables: '{"rows": [{"title": string, "description": string, "due": "YYYY-MM-DD"}]}',
};

function systemPrompt(material: DraftMaterial): string {
  const language = languageNames[material.language];
  if (isStructuredKind(material.section.kind)) {
    const terms = material.grant.terms;
    return [
      `You propose the rows of one structured section (${material.section.kind.replace('_', ' ')}) of a grant application for a company; texts in ${language}.`,
      `Answer with one JSON object and nothing else, in this form: ${rowFormats[material.section.kind]}.`,
      `Money is a number of whole ${terms.currency}${terms.hourlyRate !== null ? `; own staff are costed at the grant's fixed rate of ${terms.hourlyRate / 100} ${terms.currency} an hour` : ''}.`,
      'Use only facts given here; propose realistic rows the writer can correct. When the writer states a wish for this draft, follow it.',
    ].join(' ');
  }
  return [
    `You write one section of a grant application for a company, in ${language}.`,
    'Write plain text with short paragraphs (Markdown lists are allowed, no HTML). Use only facts given here;',
    'where a fact is missing, write a clearly marked placeholder in square brackets for the writer to fill in.',
    'When the writer states a wish for this draft (shorter, another focus, a tone), follow it.',
    'End with one line "ADDRESSED: " followed by the numbers of the requirements the text addresses, comma-separated.',
  ].join(' ');
}

/** The chat messages for a model. Material is dropped least important first until it fits `maxChars`. */
export function buildPrompt(material: DraftMaterial, maxChars = 24_000): { system: string; user: string } {
  const s = material.section;
  const essential = [
    `Grant: ${material.grant.title} (${material.grant.fundName})`,
    `Section: ${s.title}`,
    s.guidance && `Guidance from the grant: ${s.guidance}`,
    s.aiInstructions && `Instructions: ${s.aiInstructions}`,
    s.requirements.length ? `Requirements the section must meet:\n${s.requirements.map((r, i) => `${i + 1}. ${r.text}`).join('\n')}` : '',
    s.inputs.length ? `Facts given for this section:\n${s.inputs.map((input) => `- ${input.label}: ${input.value ?? '(not given)'}`).join('\n')}` : '',
    `Application: ${material.application.title}\nThe project in the applicant's words: ${material.application.description || '(not given)'}`,
    `Company: ${[material.company.name, `CVR ${material.company.orgId}`, material.company.industry, material.company.city, material.company.employees && `employees: ${material.company.employees}`, material.company.startDate && `founded ${material.company.startDate}`, material.company.website].filter(Boolean).join(', ')}`,
    material.instruction && `The writer's wish for this draft, to follow: ${material.instruction}`,
  ].filter(Boolean);
  // Least important last: these are dropped (or cut) first when the prompt is too long.
  const optional = [
    s.currentText && `The writer's current text of this section:\n${s.currentText}`,
    ...material.otherSections.map((other) => `Another section of this application, "${other.title}":\n${other.content}`),
    ...material.earlierExamples.map((example) => `An earlier answer of the company, from its application "${example.applicationTitle}" (for its voice):\n${example.content}`),
  ].filter((part): part is string => Boolean(part));
  const parts = [...essential];
  let length = parts.join('\n\n').length;
  for (const part of optional) {
    const room = maxChars - length - 2;
    if (room <= 200) break;
    const fitted = part.length <= room ? part : `${part.slice(0, room - 1)}…`;
    parts.push(fitted);
    length += fitted.length + 2;
  }
  return { system: systemPrompt(material), user: parts.join('\n\n') };
}

/** Splits the model's closing "ADDRESSED: 1, 3" line off the text and maps it to requirement ids. */
export function splitAddressed(text: string, requirements: ReadonlyArray<{ id: string }>): { content: string; addressed: string[] } {
  const match = text.match(/\n?\s*ADDRESSED:\s*([\d,\s]*)\s*$/i);
  if (!match) return { content: text.trim(), addressed: [] };
  const numbers = (match[1] ?? '').split(/[,\s]+/).filter(Boolean).map(Number);
  const addressed = [...new Set(numbers.filter((n) => Number.isInteger(n) && n >= 1 && n <= requirements.length).map((n) => requirements[n - 1]!.id))];
  return { content: text.slice(0, match.index).trim(), addressed };
}
