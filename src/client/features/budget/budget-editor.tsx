/**
 * The budget of an application (docs/architecture.md, budget): lines of six types, the funding requested, and the
 * totals, a cost-breakdown chart and funding vs own financing as the writer types. The charts are
 * drawn in SVG and hidden from screen readers; the table under them holds the same figures.
 */
import { useId } from 'react';
import { budgetProblems, budgetTotals, isStaffLine, lineCost, type DataProblem, type GrantTerms } from '../../../shared/domain/budget';
import { budgetDataSchema, budgetLineTypes, emptyBudget, staffLineTypes, type BudgetData, type BudgetLine, type BudgetLineType } from '../../../shared/schemas/budget';
import { useFormats, useT } from '../../lib/intl';
import { Button } from '../../ui/button';
import { inputClass } from '../../ui/input-class';
import { FieldProblems, problemsOf, useLeftFields, visibleProblems } from './data-problems';
import { DecimalInput, useFormatMoney } from './decimal-input';
import { newRowId, ReorderableRows } from './reorderable-rows';

const contradictions = ['budget.problem.hoursZero', 'budget.problem.invoiceBelowMin', 'budget.problem.fundingAboveMax', 'budget.problem.fundingAboveCost'];


/** The type list's end padding is the arrow's own: on a phone the longest type's name then fits. */
const typeSelectClass = inputClass.replace('px-2.5', 'ps-2.5 pe-1');
export function budgetOf(data: unknown): BudgetData {
  const parsed = budgetDataSchema.safeParse(data);
  return parsed.success ? parsed.data : emptyBudget;
}

/** A line of another type keeps its id and name; the figures of the old type do not carry over. */
function withType(line: BudgetLine, type: BudgetLineType): BudgetLine {
  if ((staffLineTypes as readonly string[]).includes(type)) {
    return { id: line.id, type: type as (typeof staffLineTypes)[number], name: line.name, hourlyWage: isStaffLine(line) ? line.hourlyWage : null, hours: isStaffLine(line) ? line.hours : null };
  }
  return { id: line.id, type: type as Exclude<BudgetLineType, (typeof staffLineTypes)[number]>, name: line.name, description: isStaffLine(line) ? '' : line.description, amount: isStaffLine(line) ? null : line.amount };
}

export function BudgetEditor({
  data,
  terms,
  language,
  disabled,
  showAll,
  onChange,
}: {
  data: unknown;
  terms: GrantTerms;
  /** The application's language: its amounts are written the way it writes numbers. */
  language: string;
  disabled: boolean;
  showAll: boolean;
  onChange: (data: BudgetData) => void;
}) {
  const t = useT();
  const id = useId();
  const formats = useFormats();
  const money = useFormatMoney(terms.currency);
  const budget = budgetOf(data);
  const found = budgetProblems(budget, terms);
  const { left, onBlur } = useLeftFields(() => found.filter((problem) => contradictions.includes(problem.message)));
  const problems = visibleProblems(found, showAll, contradictions, left);
  const setLines = (lines: BudgetLine[]) => onChange({ ...budget, lines });
  const setLine = (next: BudgetLine) => setLines(budget.lines.map((line) => (line.id === next.id ? next : line)));
  const fundingProblems = problemsOf(problems, 'data.fundingRequested');

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" onBlur={onBlur}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
        {t('budget.editor.heading')}
      </h2>
      {(terms.hourlyRate !== null || terms.maxFundingPct !== null || terms.minInvoiceAmount !== null) && (
        <ul className="list-disc space-y-0.5 ps-5 text-sm text-gray-700">
          {terms.hourlyRate !== null && <li>{t('budget.editor.fixedRate', { rate: money(terms.hourlyRate) })}</li>}
          {terms.maxFundingPct !== null && <li>{t('budget.editor.maxFunding', { max: formats.percent(terms.maxFundingPct) })}</li>}
          {terms.minInvoiceAmount !== null && <li>{t('budget.editor.minInvoice', { min: money(terms.minInvoiceAmount) })}</li>}
        </ul>
      )}

      {budget.lines.length === 0 && <p className="text-sm text-gray-600">{t('budget.editor.noLines')}</p>}
      <ReorderableRows rows={budget.lines} disabled={disabled} rowLabel={(index) => t('budget.editor.line', { n: index + 1 })} onChange={setLines}>
        {(line) => <LineFields line={line} terms={terms} language={language} disabled={disabled} problems={problems} onChange={setLine} />}
      </ReorderableRows>
      {!disabled && (
        <Button variant="secondary" onClick={() => setLines([...budget.lines, { id: newRowId(), type: 'internal-existing', name: '', hourlyWage: null, hours: null }])}>
          {t('budget.editor.addLine')}
        </Button>
      )}
      {showAll && problemsOf(problems, 'data').length > 0 && <FieldProblems id={`${id}-lines-problems`} problems={problemsOf(problems, 'data')} currency={terms.currency} />}

      <div className="max-w-xs space-y-1" data-field="data.fundingRequested">
        <label htmlFor={`${id}-funding`} className="block text-sm font-medium text-gray-800">
          {t('budget.editor.fundingRequested')}
        </label>
        <DecimalInput
          id={`${id}-funding`}
          hundredths={budget.fundingRequested}
          locale={language}
          disabled={disabled}
          invalid={fundingProblems.length > 0}
          describedBy={fundingProblems.length > 0 ? `${id}-funding-problems` : undefined}
          onChange={(fundingRequested) => onChange({ ...budget, fundingRequested })}
        />
        <FieldProblems id={`${id}-funding-problems`} problems={fundingProblems} currency={terms.currency} />
      </div>

      <BudgetSummary budget={budget} terms={terms} />
    </section>
  );
}

function LineFields({ line, terms, language, disabled, problems, onChange }: { line: BudgetLine; terms: GrantTerms; language: string; disabled: boolean; problems: readonly DataProblem[]; onChange: (line: BudgetLine) => void }) {
  const t = useT();
  const id = useId();
  const money = useFormatMoney(terms.currency);
  const at = `data.lines.${line.id}`;
  const field = (name: string) => {
    const found = problemsOf(problems, `${at}.${name}`);
    return { problems: found, invalid: found.length > 0, describedBy: found.length > 0 ? `${id}-${name}-problems` : undefined };
  };
  const name = field('name');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {/* The whole row's width: a type's name ("Lønomkostninger, nuværende medarbejdere") is never cut. */}
      <div className="space-y-1 sm:col-span-2">
        <label htmlFor={`${id}-type`} className="block text-sm font-medium text-gray-800">
          {t('budget.editor.lineType')}
        </label>
        <select id={`${id}-type`} value={line.type} disabled={disabled} onChange={(event) => onChange(withType(line, event.target.value as BudgetLineType))} className={typeSelectClass}>
          {budgetLineTypes.map((type) => (
            <option key={type} value={type}>
              {t(`budget.type.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1 sm:col-span-2" data-field={`${at}.name`}>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-gray-800">
          {isStaffLine(line) ? t('budget.editor.staffName') : t('budget.editor.name')}
        </label>
        <input id={`${id}-name`} value={line.name} maxLength={200} readOnly={disabled} aria-invalid={name.invalid} aria-describedby={name.describedBy} onChange={(event) => onChange({ ...line, name: event.target.value })} className={inputClass} />
        <FieldProblems id={`${id}-name-problems`} problems={name.problems} currency={terms.currency} />
      </div>
      {isStaffLine(line) ? (
        <>
          <div className="space-y-1" data-field={`${at}.hourlyWage`}>
            <label htmlFor={`${id}-wage`} className="block text-sm font-medium text-gray-800">
              {t('budget.editor.hourlyWage')}
            </label>
            {terms.hourlyRate !== null ? (
              <p id={`${id}-wage`} className="py-1.5 text-sm text-gray-800 tabular-nums">
                {money(terms.hourlyRate)} <span className="text-xs text-gray-600">{t('budget.editor.fixedRateShort')}</span>
              </p>
            ) : (
              <DecimalInput id={`${id}-wage`} hundredths={line.hourlyWage} locale={language} disabled={disabled} invalid={field('hourlyWage').invalid} describedBy={field('hourlyWage').describedBy} onChange={(hourlyWage) => onChange({ ...line, hourlyWage })} />
            )}
            <FieldProblems id={`${id}-hourlyWage-problems`} problems={field('hourlyWage').problems} currency={terms.currency} />
          </div>
          <div className="space-y-1" data-field={`${at}.hours`}>
            <label htmlFor={`${id}-hours`} className="block text-sm font-medium text-gray-800">
              {t('budget.editor.hours')}
            </label>
            <DecimalInput
              id={`${id}-hours`}
              hundredths={line.hours === null ? null : Math.round(line.hours * 100)}
              locale={language}
              kind="number"
              disabled={disabled}
              invalid={field('hours').invalid}
              describedBy={field('hours').describedBy}
              onChange={(hundredths) => onChange({ ...line, hours: hundredths === null ? null : hundredths / 100 })}
            />
            <FieldProblems id={`${id}-hours-problems`} problems={field('hours').problems} currency={terms.currency} />
          </div>
        </>
      ) : (
        <>
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor={`${id}-description`} className="block text-sm font-medium text-gray-800">
              {t('budget.editor.description')}
            </label>
            <textarea id={`${id}-description`} rows={2} maxLength={2000} value={line.description} readOnly={disabled} onChange={(event) => onChange({ ...line, description: event.target.value })} className={inputClass} />
          </div>
          <div className="space-y-1" data-field={`${at}.amount`}>
            <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-gray-800">
              {t('budget.editor.amount')}
            </label>
            <DecimalInput id={`${id}-amount`} hundredths={line.amount} locale={language} disabled={disabled} invalid={field('amount').invalid} describedBy={field('amount').describedBy} onChange={(amount) => onChange({ ...line, amount })} />
            <FieldProblems id={`${id}-amount-problems`} problems={field('amount').problems} currency={terms.currency} />
          </div>
        </>
      )}
      <p className="self-end text-sm text-gray-700 sm:col-span-2 sm:text-end">
        {t('budget.editor.lineCost')}: <output className="font-semibold text-gray-900 tabular-nums">{money(lineCost(line, terms))}</output>
      </p>
    </div>
  );
}

const typeColours: Record<BudgetLineType, string> = {
  'internal-existing': '#1d4ed8',
  'internal-new-hire': '#60a5fa',
  external: '#b45309',
  'knowledge-provider': '#047857',
  materials: '#7c3aed',
  invoice: '#be185d',
};

/** Totals, the two charts and the table with the same figures. */
export function BudgetSummary({ budget, terms }: { budget: BudgetData; terms: GrantTerms }) {
  const t = useT();
  const formats = useFormats();
  const money = useFormatMoney(terms.currency);
  const totals = budgetTotals(budget, terms);
  const used = budgetLineTypes.filter((type) => totals.byType[type] > 0);
  const largest = Math.max(1, ...used.map((type) => totals.byType[type]));
  const fundingShare = totals.total > 0 ? Math.min(1, Math.max(0, totals.fundingRequested / totals.total)) : 0;
  const maxShare = terms.maxFundingPct === null ? null : terms.maxFundingPct / 100;
  const percent = (value: number | null) => (value === null ? '–' : formats.percent(value, { digits: 1 }));

  return (
    <div className="space-y-4 rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200 print:bg-transparent print:p-0 print:ring-0 print:[print-color-adjust:exact]" data-testid="budget-summary">
      {/* No costs, no charts: an empty grey bar says nothing, on screen or on paper. */}
      {totals.total > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          <figure aria-hidden="true" className="space-y-1">
            <figcaption className="text-sm font-semibold text-gray-900">{t('budget.editor.costChart')}</figcaption>
            <svg viewBox={`0 0 300 ${Math.max(1, used.length) * 26}`} className="w-full" role="presentation">
              {used.map((type, index) => (
                <g key={type} transform={`translate(0 ${index * 26})`}>
                  <rect x="0" y="2" width={Math.max(2, (totals.byType[type] / largest) * 300)} height="20" rx="3" fill={typeColours[type]} data-type={type} />
                </g>
              ))}
            </svg>
            <ul className="grid gap-0.5 text-xs text-gray-700">
              {used.map((type) => (
                <li key={type} className="flex items-center gap-1.5">
                  <span className="inline-block size-2.5 rounded-sm" style={{ background: typeColours[type] }} />
                  {t(`budget.type.${type}`)}
                </li>
              ))}
            </ul>
          </figure>
          <figure aria-hidden="true" className="space-y-1">
            <figcaption className="text-sm font-semibold text-gray-900">{t('budget.editor.fundingChart')}</figcaption>
            <svg viewBox="0 0 300 36" className="w-full" role="presentation">
              <rect x="0" y="4" width="300" height="24" rx="3" fill="#d1d5db" />
              <rect x="0" y="4" width={fundingShare * 300} height="24" rx="3" fill="#1d4ed8" data-testid="funding-bar" />
              {maxShare !== null && <line x1={maxShare * 300} x2={maxShare * 300} y1="0" y2="36" stroke="#111827" strokeWidth="2" strokeDasharray="3 2" />}
            </svg>
            <ul className="flex flex-wrap gap-x-3 text-xs text-gray-700">
              <li className="flex items-center gap-1.5">
                <span className="inline-block size-2.5 rounded-sm bg-[#1d4ed8]" />
                {t('budget.editor.fundingRequested')} {percent(totals.fundingPct)}
              </li>
              <li className="flex items-center gap-1.5">
                <span className="inline-block size-2.5 rounded-sm bg-gray-300" />
                {t('budget.editor.ownFinancing')}
              </li>
              {terms.maxFundingPct !== null && <li>┊ {t('budget.editor.maxFunding', { max: formats.percent(terms.maxFundingPct) })}</li>}
            </ul>
          </figure>
        </div>
      )}
      <table className="w-full text-sm print:break-inside-avoid">
        <caption className="text-start font-semibold text-gray-900">{t('budget.editor.summary')}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('budget.editor.category')}</th>
            <th scope="col">{t('budget.editor.amount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {budgetLineTypes.map((type) => (
            <tr key={type}>
              <th scope="row" className="py-1 text-start font-normal text-gray-700">
                {t(`budget.type.${type}`)}
              </th>
              <td className="py-1 text-end tabular-nums">{money(totals.byType[type])}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="py-1 text-start font-semibold">
              {t('budget.editor.total')}
            </th>
            <td className="py-1 text-end font-semibold tabular-nums" data-testid="budget-total">
              {money(totals.total)}
            </td>
          </tr>
          <tr>
            <th scope="row" className="py-1 text-start font-normal text-gray-700">
              {t('budget.editor.fundingRequested')}
            </th>
            <td className="py-1 text-end tabular-nums">{money(totals.fundingRequested)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-1 text-start font-normal text-gray-700">
              {t('budget.editor.ownFinancing')}
            </th>
            <td className="py-1 text-end tabular-nums" data-testid="budget-own-financing">
              {money(totals.ownFinancing)}
            </td>
          </tr>
          <tr>
            <th scope="row" className="py-1 text-start font-normal text-gray-700">
              {t('budget.editor.fundingPct')}
            </th>
            <td className="py-1 text-end tabular-nums" data-testid="budget-funding-pct">
              {percent(totals.fundingPct)}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
