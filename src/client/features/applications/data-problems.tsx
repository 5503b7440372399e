/** The texts of what a structured section's rules find, with amounts in the grant's currency. */
import type { TextLeftover } from '../../../shared/domain/application-sections';
import type { DataProblem } from '../../../shared/domain/budget';
import { useT } from '../../lib/intl';
import { useFormatMoney } from './decimal-input';

export function useDataProblemText(currency: string) {
  const t = useT();
  const money = useFormatMoney(currency);
  return (problem: Pick<DataProblem, 'message' | 'values'>) => {
    const values = problem.values && 'min' in problem.values ? { ...problem.values, min: money(Number(problem.values.min)) } : problem.values;
    return t(problem.message, values);
  };
}

/** The problems of one field, shown under it. */
export function FieldProblems({ id, problems, currency }: { id: string; problems: readonly DataProblem[]; currency: string }) {
  const text = useDataProblemText(currency);
  if (problems.length === 0) return null;
  return (
    <p id={id} className="text-xs text-red-700">
      {problems.map((problem) => text(problem)).join(' ')}
    </p>
  );
}

/**
 * Problems that contradict what was entered are shown at once; an empty field is normal while
 * writing and is named only with the other missing items (after "mark as done").
 */
export function visibleProblems(problems: readonly DataProblem[], showAll: boolean, contradictions: readonly string[]): DataProblem[] {
  return showAll ? [...problems] : problems.filter((problem) => contradictions.includes(problem.message));
}

export function problemsOf(problems: readonly DataProblem[], field: string): DataProblem[] {
  return problems.filter((problem) => problem.field === field);
}

/** What a section's text still holds that nobody has written, named as the mark-done rule finds it. */
export function useLeftoverText() {
  const t = useT();
  return (leftover: TextLeftover) =>
    leftover.kind === 'placeholders'
      ? t('applications.editor.missing.placeholders', { found: leftover.found.join(', ') })
      : leftover.kind === 'drafterLabel'
        ? t('applications.editor.missing.drafterLabel', { found: leftover.found })
        : t('applications.editor.missing.uneditedDraft');
}
