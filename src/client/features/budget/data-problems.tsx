/** The texts of what a structured section's rules find, with amounts in the grant's currency. */
import { useState, type FocusEvent } from 'react';
import type { TextLeftover } from '../../../shared/domain/application-sections';
import type { DataProblem } from '../../../shared/domain/budget';
import { useFormats, useT } from '../../lib/intl';
import { useFormatMoney } from './decimal-input';

export function useDataProblemText(currency: string) {
  const t = useT();
  const formats = useFormats();
  const money = useFormatMoney(currency);
  return (problem: Pick<DataProblem, 'message' | 'values'>) => {
    const values = { ...problem.values };
    // A minimum is an amount, a maximum a share: each as the language writes it ("35 %", "35%").
    if ('min' in values) values.min = money(Number(values.min));
    if ('max' in values) values.max = formats.percent(Number(values.max));
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
 * Problems that contradict what was entered are shown once the writer has left the field (or, for
 * what was saved so, as the editor opens); an empty field is normal while writing and is named only
 * with the other missing items (after "mark as done", `showAll`).
 */
export function visibleProblems(problems: readonly DataProblem[], showAll: boolean, contradictions: readonly string[], left: ReadonlySet<string>): DataProblem[] {
  return showAll ? [...problems] : problems.filter((problem) => contradictions.includes(problem.message) && left.has(problem.field));
}

/**
 * The fields the writer has left, as the forms elsewhere judge a field once it is left: a field is
 * an element with `data-field` (its problem path) around the control; `onBlur` goes on an ancestor.
 * What contradicts the rules when the editor opens counts as left, so saved mistakes show at once.
 */
export function useLeftFields(initialProblems: () => readonly DataProblem[]) {
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set(initialProblems().map((problem) => problem.field)));
  const onBlur = (event: FocusEvent) => {
    const field = (event.target as HTMLElement).closest('[data-field]')?.getAttribute('data-field');
    if (field && !left.has(field)) setLeft(new Set(left).add(field));
  };
  return { left, onBlur };
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
