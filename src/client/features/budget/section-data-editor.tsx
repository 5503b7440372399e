/** The editor of a structured section's rows, by the section's kind; nothing for a text section. */
import { isStructuredKind, type SectionData } from '../../../shared/schemas/section-data';
import { useT } from '../../lib/intl';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { activityPlanOf, ActivityPlanEditor, budgetLineOptions } from './activity-plan-editor';
import { BudgetEditor } from './budget-editor';
import { DeliverablesEditor } from './deliverables-editor';

type Section = RouterOutputs['applications']['section'];

export function SectionDataEditor({
  section,
  companyId,
  language,
  data,
  disabled,
  showAll,
  onChange,
}: {
  section: Section;
  companyId: string;
  /** The application's language, which its figures are written in. */
  language: string;
  data: unknown;
  disabled: boolean;
  showAll: boolean;
  onChange: (data: SectionData) => void;
}) {
  const t = useT();
  const members = trpc.companies.members.useQuery({ companyId }, { enabled: section.kind === 'activity_plan', retry: false, staleTime: 60_000 });
  if (!isStructuredKind(section.kind)) return null;
  const common = { data, currency: section.terms.currency, disabled, showAll, onChange };
  if (section.kind === 'budget') return <BudgetEditor {...common} terms={section.terms} language={language} />;
  if (section.kind === 'activity_plan') {
    const owners = {
      members: (members.data ?? []).map((member) => ({ userId: member.userId, name: `${member.firstname} ${member.lastname}`.trim() || member.email })),
      budgetLines: budgetLineOptions(section.related.budget, (index) => t('budget.editor.line', { n: index + 1 })),
    };
    return <ActivityPlanEditor {...common} owners={owners} />;
  }
  const activities = activityPlanOf(section.related.activityPlan).activities.map((row, index) => ({ id: row.id, name: row.activity.trim() || t('activityPlan.editor.row', { n: index + 1 }) }));
  return <DeliverablesEditor {...common} activities={activities} />;
}
