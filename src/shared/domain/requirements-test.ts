import type { Country } from './org-id';
/**
 * The public requirements test: each eligibility question has the answer a company must give;
 * the result lists which requirements are met, which are not and which are still unanswered.
 */
export interface EligibilityQuestion {
  id: string;
  expectedAnswer: boolean;
}

export type Answers = Record<string, boolean | undefined>;

export interface RequirementsResult {
  met: string[];
  notMet: string[];
  unanswered: string[];
  /** Every question answered and every requirement met. */
  eligible: boolean;
  complete: boolean;
}

export function evaluateRequirements(questions: readonly EligibilityQuestion[], answers: Answers): RequirementsResult {
  const met: string[] = [];
  const notMet: string[] = [];
  const unanswered: string[] = [];
  for (const question of questions) {
    const answer = answers[question.id];
    if (answer === undefined) unanswered.push(question.id);
    else if (answer === question.expectedAnswer) met.push(question.id);
    else notMet.push(question.id);
  }
  const complete = unanswered.length === 0;
  return { met, notMet, unanswered, complete, eligible: complete && notMet.length === 0 };
}

/** Questions the company's registry profile can answer. */
export type ProfilePrefill = 'org_id' | 'sme';
export const profilePrefills = ['org_id', 'sme'] as const;

/** SME in the EU sense used by the demo grant: fewer than 250 employees. */
export const SME_EMPLOYEE_LIMIT = 250;

/** The registry gives a head count as a number or a band: `42`, `50-99`, `1000+`. */
export function employeeRange(employees: string | number | null | undefined): { min: number; max: number | null } | null {
  if (employees === null || employees === undefined) return null;
  if (typeof employees === 'number') return Number.isFinite(employees) ? { min: employees, max: employees } : null;
  const text = employees.replace(/[\s.]/g, '');
  let match = /^(\d+)$/.exec(text);
  if (match) return { min: Number(match[1]), max: Number(match[1]) };
  match = /^(\d+)[-–](\d+)$/.exec(text);
  if (match) return { min: Number(match[1]), max: Number(match[2]) };
  match = /^(\d+)\+$/.exec(text);
  if (match) return { min: Number(match[1]), max: null };
  return null;
}

/**
 * The answer the company profile gives to a question, or undefined when it cannot tell. `org_id`
 * asks for a Danish CVR number: yes for a Danish company, no for a Norwegian or Finnish one. `sme`
 * reads the head count as the rules do (the band kept for every country, else the registry's text).
 */
export function prefillAnswer(
  prefill: ProfilePrefill,
  company: { orgId: string | null; country?: Country | undefined; employees?: string | number | null | undefined; employeesMin?: number | null | undefined; employeesMax?: number | null | undefined },
): boolean | undefined {
  if (prefill === 'org_id') return company.orgId ? (company.country ?? 'DK') === 'DK' : undefined;
  const range =
    company.employeesMin !== undefined && company.employeesMin !== null ? { min: company.employeesMin, max: company.employeesMax ?? null } : employeeRange(company.employees);
  if (!range) return undefined;
  if (range.max !== null && range.max < SME_EMPLOYEE_LIMIT) return true;
  if (range.min >= SME_EMPLOYEE_LIMIT) return false;
  return undefined;
}
