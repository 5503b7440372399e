/**
 * A structured section as the final document shows it: the budget's lines, totals and charts, the
 * activity plan as a table and a timeline, the deliverables in order — the editor's own parts where
 * they exist, so the printed figures are the figures the writers saw.
 */
import { isStaffLine, lineCost, effectiveHourlyRate, type GrantTerms } from '../../../shared/domain/budget';
import type { SectionKind } from '../../../shared/domain/grants';
import { useFormats, useT } from '../../lib/intl';
import { activityPlanOf, budgetLineOptions, Timeline } from './activity-plan-editor';
import { budgetOf, BudgetSummary } from './budget-editor';
import { useFormatMoney } from './decimal-input';
import { deliverablesOf } from './deliverables-editor';

interface StructuredSection {
  kind: SectionKind;
  data?: unknown;
  terms: GrantTerms;
}

const cell = 'border-b border-gray-200 py-1.5 pe-3 text-start align-top';
/** A cell of a table stacked on a phone: its column's name before its value, side by side. */
const stacked = 'max-sm:flex max-sm:gap-3 max-sm:border-0 max-sm:py-0.5 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-normal max-sm:before:text-gray-600 max-sm:before:content-[attr(data-label)]';

/** A row date (YYYY-MM-DD) as a date in the interface language, without a time. */
function useDay() {
  const formats = useFormats();
  return (iso: string) => (iso ? formats.calendarDate(iso, { month: 'short' }) : '–');
}

export function FinalStructured({
  section,
  sections,
  members,
}: {
  section: StructuredSection;
  /** The application's other sections: an activity names budget lines, a deliverable names activities. */
  sections: readonly StructuredSection[];
  members: ReadonlyArray<{ userId: string; name: string }>;
}) {
  if (section.kind === 'budget') return <FinalBudget data={section.data} terms={section.terms} />;
  const budget = sections.find((other) => other.kind === 'budget')?.data;
  if (section.kind === 'activity_plan') return <FinalActivityPlan data={section.data} budget={budget} members={members} />;
  if (section.kind === 'deliverables') return <FinalDeliverables data={section.data} plan={sections.find((other) => other.kind === 'activity_plan')?.data} />;
  return null;
}

function FinalBudget({ data, terms }: { data: unknown; terms: GrantTerms }) {
  const t = useT();
  const formats = useFormats();
  const money = useFormatMoney(terms.currency);
  const budget = budgetOf(data);
  return (
    <div className="mt-4 space-y-4" data-testid="final-budget">
      {budget.lines.length === 0 ? (
        <p className="text-sm text-gray-600">{t('budget.editor.noLines')}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('activityPlan.editor.budgetLines')}>
          <table className="w-full text-sm">
            <caption className="pb-1 text-start font-semibold text-gray-900">{t('activityPlan.editor.budgetLines')}</caption>
            <thead className="text-gray-600">
              <tr>
                {/* On a phone the type goes under the name, so the amounts stay on the screen. */}
                <th scope="col" className={`${cell} hidden sm:table-cell print:table-cell`}>{t('budget.editor.lineType')}</th>
                <th scope="col" className={cell}>{t('budget.editor.name')}</th>
                <th scope="col" className={`${cell} text-end`}>{t('budget.editor.lineCost')}</th>
              </tr>
            </thead>
            <tbody>
              {budget.lines.map((line, index) => {
                const rate = isStaffLine(line) ? effectiveHourlyRate(line, terms) : null;
                return (
                  <tr key={line.id}>
                    <td className={`${cell} hidden sm:table-cell print:table-cell`}>{t(`budget.type.${line.type}`)}</td>
                    <td className={`${cell} break-words`}>
                      <span className="block text-gray-600 sm:hidden print:hidden">{t(`budget.type.${line.type}`)}</span>
                      {line.name.trim() || t('budget.editor.line', { n: index + 1 })}
                      {isStaffLine(line) && line.hours !== null && rate !== null && (
                        <span className="block text-gray-600">
                          {formats.number(line.hours)} {t('budget.editor.hours').toLowerCase()} × {money(rate)}
                        </span>
                      )}
                      {!isStaffLine(line) && line.description && <span className="block text-gray-600">{line.description}</span>}
                    </td>
                    <td className={`${cell} text-end whitespace-nowrap tabular-nums`}>{money(lineCost(line, terms))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <BudgetSummary budget={budget} terms={terms} />
    </div>
  );
}

function FinalActivityPlan({ data, budget, members }: { data: unknown; budget: unknown; members: ReadonlyArray<{ userId: string; name: string }> }) {
  const t = useT();
  const day = useDay();
  const plan = activityPlanOf(data);
  const lines = budgetLineOptions(budget, (index) => t('budget.editor.line', { n: index + 1 }));
  const who = (value: string) => {
    if (value.startsWith('member:')) return members.find((member) => `member:${member.userId}` === value)?.name ?? '–';
    if (value.startsWith('line:')) return lines.find((line) => `line:${line.id}` === value)?.name ?? '–';
    return t('activityPlan.editor.whoNone');
  };
  return (
    <div className="mt-4 space-y-4" data-testid="final-activity-plan">
      {plan.activities.length === 0 ? (
        <p className="text-sm text-gray-600">{t('activityPlan.editor.noActivities')}</p>
      ) : (
        <div className="sm:overflow-x-auto" tabIndex={0} role="region" aria-label={t('activityPlan.editor.heading')}>
          {/* Below 640 px each activity is a block of its own, every value under its column's name,
              so nothing is out of sight and no date is cut; the roles keep it a table to a screen reader. */}
          <table role="table" className="w-full text-sm max-sm:block sm:min-w-[36rem]">
            <caption className="pb-1 text-start font-semibold text-gray-900 max-sm:block">{t('activityPlan.editor.heading')}</caption>
            <thead className="text-gray-600 max-sm:sr-only">
              <tr role="row">
                <th scope="col" className={cell}>{t('activityPlan.editor.activity')}</th>
                <th scope="col" className={cell}>{t('activityPlan.editor.start')}</th>
                <th scope="col" className={cell}>{t('activityPlan.editor.end')}</th>
                <th scope="col" className={cell}>{t('activityPlan.editor.who')}</th>
                <th scope="col" className={cell}>{t('activityPlan.editor.outcome')}</th>
              </tr>
            </thead>
            <tbody className="max-sm:block max-sm:space-y-3">
              {plan.activities.map((row, index) => (
                <tr key={row.id} role="row" className="max-sm:block max-sm:rounded-md max-sm:p-2 max-sm:ring-1 max-sm:ring-gray-200">
                  <td role="cell" data-label={t('activityPlan.editor.activity')} className={`${cell} ${stacked} font-medium break-words sm:font-normal`}>
                    {row.activity.trim() || t('activityPlan.editor.row', { n: index + 1 })}
                  </td>
                  <td role="cell" data-label={t('activityPlan.editor.start')} className={`${cell} ${stacked} whitespace-nowrap`}>
                    {day(row.start)}
                  </td>
                  <td role="cell" data-label={t('activityPlan.editor.end')} className={`${cell} ${stacked} whitespace-nowrap`}>
                    {day(row.end)}
                  </td>
                  <td role="cell" data-label={t('activityPlan.editor.who')} className={`${cell} ${stacked} break-words`}>
                    {who(row.who)}
                  </td>
                  <td role="cell" data-label={t('activityPlan.editor.outcome')} className={`${cell} ${stacked} break-words`}>
                    {row.milestone && <span aria-hidden="true">◆ </span>}
                    {row.outcome}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="print:break-inside-avoid">
        <Timeline plan={plan} />
      </div>
    </div>
  );
}

function FinalDeliverables({ data, plan }: { data: unknown; plan: unknown }) {
  const t = useT();
  const day = useDay();
  const { deliverables } = deliverablesOf(data);
  const activities = activityPlanOf(plan).activities;
  const nameOf = (id: string) => {
    const index = activities.findIndex((row) => row.id === id);
    return index < 0 ? null : activities[index]!.activity.trim() || t('activityPlan.editor.row', { n: index + 1 });
  };
  if (deliverables.length === 0) return <p className="mt-4 text-sm text-gray-600">{t('deliverables.editor.noDeliverables')}</p>;
  return (
    <ol className="mt-4 list-decimal space-y-3 ps-6 text-sm" data-testid="final-deliverables">
      {deliverables.map((deliverable, index) => {
        const linked = deliverable.activityIds.map(nameOf).filter((name): name is string => name !== null);
        return (
          <li key={deliverable.id} className="break-words print:break-inside-avoid">
            <p className="font-medium text-gray-900">{deliverable.title.trim() || t('deliverables.editor.row', { n: index + 1 })}</p>
            <p className="text-gray-600">
              {t('deliverables.editor.due')}: {day(deliverable.due)}
            </p>
            {deliverable.description && <p className="mt-1 whitespace-pre-line text-gray-800">{deliverable.description}</p>}
            {linked.length > 0 && (
              <p className="mt-1 text-gray-600">
                {t('deliverables.editor.activities')}: {linked.join(', ')}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
