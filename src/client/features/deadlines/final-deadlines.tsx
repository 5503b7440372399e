/** The final document's checklist lines about time: the internal deadline and the sections overdue. */
import { dueState } from '../../../shared/domain/deadlines';
import { useFormats, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { useDaysLeftText } from './days-left';

export function FinalDeadlines({ applicationId }: { applicationId: string }) {
  const t = useT();
  const formats = useFormats();
  const leftText = useDaysLeftText();
  const plan = trpc.deadlines.plan.useQuery({ applicationId });
  if (!plan.data) return null;
  const overdue = plan.data.sections.filter((section) => dueState(section.dueOn, section.status === 'done', new Date()) === 'overdue').length;
  return (
    <>
      {plan.data.internalDeadline && (
        <li>{t('deadlines.final.internal', { date: formats.calendarDate(plan.data.internalDeadline), left: leftText(plan.data.internalDeadline) })}</li>
      )}
      {overdue > 0 && <li className="font-medium text-red-800">! {t('deadlines.final.overdue', { count: overdue })}</li>}
    </>
  );
}
