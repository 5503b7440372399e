/**
 * What an application already knows, filled into a section's inputs that ask for it instead of
 * asking the writer again: the project's title (the application's), its start and end (the first
 * start and last end of the activity plan) and the company's number of employees (from the
 * registry). An input is recognised by its label in any of the catalogue's languages, as the
 * grant's administrator wrote it; a value the writer gave is never replaced.
 */
import type { InputType } from './grants';
import { isAnswered, type Answers } from './application-sections';

export type KnownFact = 'title' | 'projectStart' | 'projectEnd' | 'employees';

export interface KnownFacts {
  title: string | null;
  /** ISO `YYYY-MM-DD`. */
  projectStart: string | null;
  projectEnd: string | null;
  /** As the registry gives it (a number, or a band such as "10-19"). */
  employees: string | null;
}

const patterns: ReadonlyArray<{ fact: KnownFact; type: InputType; label: RegExp }> = [
  { fact: 'title', type: 'text', label: /^(projekt(ets)?|project('s)?|prosjekt(ets)?)\s*(titel|title|tittel|navn|name)$|^(titel|title|tittel) (på|of the|for) (projektet|project|prosjektet)$/i },
  { fact: 'projectStart', type: 'date', label: /^(projekt(ets)?|project('s)?|prosjekt(ets)?)\s*(startdato|start date|start)$/i },
  { fact: 'projectEnd', type: 'date', label: /^(projekt(ets)?|project('s)?|prosjekt(ets)?)\s*(slutdato|sluttdato|end date|end|slut|slutt)$/i },
  { fact: 'employees', type: 'number', label: /^(antal (medarbejdere|ansatte)|number of (employees|staff)|antall (ansatte|medarbeidere))$/i },
];

/** The fact an input asks for, if it is one the application knows. */
export function knownFactOf(input: { label: string; type: InputType }): KnownFact | null {
  const label = input.label.trim().replace(/\s+/g, ' ');
  return patterns.find((pattern) => pattern.type === input.type && pattern.label.test(label))?.fact ?? null;
}

/** The answers with every empty input that asks for a known fact filled in with it. */
export function withKnownAnswers(inputs: ReadonlyArray<{ id: string; label: string; type: InputType }>, answers: Answers, facts: KnownFacts): Answers {
  let filled: Answers | null = null;
  for (const input of inputs) {
    if (isAnswered(answers[input.id])) continue;
    const fact = knownFactOf(input);
    if (!fact) continue;
    const known = facts[fact]?.trim();
    if (!known) continue;
    const value = fact === 'employees' ? (/^\d+$/.test(known) ? Number(known) : null) : known;
    if (value === null) continue;
    filled ??= { ...answers };
    filled[input.id] = value;
  }
  return filled ?? answers;
}
