/**
 * A model's draft of a budget, activity plan or deliverables: the rows it proposes, each shown
 * with what the shared rules find wrong with it. A row without problems is accepted one at a
 * time (`drafts.acceptRow`, saved like a typed row); a row with problems is never accepted.
 */
import type { RowProposal } from '../../../shared/domain/draft-rows';
import { budgetLineTypes, type BudgetLineType } from '../../../shared/schemas/budget';
import { useFormats, useT } from '../../lib/intl';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { useDataProblemText, useFormatMoney } from '../budget';
import { DraftFrame, type Draft } from './draft-panel';
import type { SectionDoc } from '../co-editing';

type Section = RouterOutputs['applications']['section'];

const isLineType = (value: unknown): value is BudgetLineType => budgetLineTypes.includes(value as BudgetLineType);

interface RowDraftPanelProps {
  applicationId: string;
  section: Section;
  draft: Draft | null;
  editable: boolean;
  requesting: boolean;
  onRequest: (instruction: string) => Promise<unknown>;
  /** Saves what the writer typed first; false when it could not. */
  beforeAccept: () => Promise<boolean>;
  /** The version of the section's fields the save is based on. */
  baseVersion: () => number;
  /** The save the acceptance made: its fields' version and the rows as stored. */
  onAccepted: (version: number, change: (current: SectionDoc) => SectionDoc) => void;
}

export function RowDraftPanel({ applicationId, section, draft, editable, requesting, onRequest, beforeAccept, baseVersion, onAccepted }: RowDraftPanelProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const accept = trpc.drafts.acceptRow.useMutation();
  const proposals = draft?.status === 'done' ? (draft.proposals ?? []) : [];

  async function onAccept(rowId: string) {
    if (!draft || !(await beforeAccept())) return;
    try {
      const saved = await accept.mutateAsync({ applicationId, sectionId: section.id, draftId: draft.id, rowId, fieldsVersion: baseVersion() });
      const stored = await utils.applications.section.fetch({ applicationId, sectionId: section.id }, { staleTime: 0 });
      onAccepted(saved.fieldsVersion, (current) => ({ ...current, data: stored.data ?? null }));
    } catch {
      // The refusal is shown by the query client; the proposals are read again below either way.
    }
    await Promise.all([utils.drafts.latest.invalidate({ applicationId, sectionId: section.id }), utils.applications.get.invalidate({ applicationId })]);
  }

  return (
    <DraftFrame draft={draft} shown={draft} hint={t('drafts.rows.hint')} editable={editable} requesting={requesting} onRequest={(instruction) => void onRequest(instruction)}>
      {proposals.length > 0 && (
        <ol aria-label={t('drafts.rows.list')} className="space-y-2">
          {proposals.map((proposal, index) => (
            <ProposalRow key={String(proposal.row.id)} proposal={proposal} index={index} section={section} editable={editable} pending={accept.isPending} onAccept={() => void onAccept(String(proposal.row.id))} />
          ))}
        </ol>
      )}
    </DraftFrame>
  );
}

function ProposalRow({ proposal, index, section, editable, pending, onAccept }: { proposal: RowProposal; index: number; section: Section; editable: boolean; pending: boolean; onAccept: () => void }) {
  const t = useT();
  const formats = useFormats();
  const money = useFormatMoney(section.terms.currency);
  const problemText = useDataProblemText(section.terms.currency);
  const row = proposal.row;
  const text = (key: string) => (typeof row[key] === 'string' ? (row[key] as string) : '');
  const amount = (key: string) => (typeof row[key] === 'number' ? money(row[key] as number) : '–');
  const date = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text(key)) ? formats.calendarDate(text(key), { month: 'short' }) : text(key) || '–');
  let title: string;
  let details: string[];
  if (section.kind === 'budget') {
    const staff = row.type === 'internal-existing' || row.type === 'internal-new-hire';
    title = text('name') || t('budget.editor.line', { n: index + 1 });
    details = [
      isLineType(row.type) ? t(`budget.type.${row.type}`) : '',
      staff ? `${t('budget.editor.hours')}: ${typeof row.hours === 'number' ? formats.number(row.hours) : '–'} · ${t('budget.editor.hourlyWage')}: ${amount('hourlyWage')}` : `${t('budget.editor.amount')}: ${amount('amount')}`,
    ];
  } else if (section.kind === 'activity_plan') {
    title = text('activity') || t('activityPlan.editor.row', { n: index + 1 });
    details = [`${date('start')} – ${date('end')}`, text('outcome')];
  } else {
    title = text('title') || t('deliverables.editor.row', { n: index + 1 });
    details = [`${t('deliverables.editor.due')}: ${date('due')}`, text('description')];
  }
  const valid = proposal.problems.length === 0;
  return (
    <li data-proposal={proposal.accepted ? 'accepted' : valid ? 'valid' : 'invalid'} className={`space-y-1 rounded-md p-3 text-sm ring-1 ${valid ? 'bg-gray-50 ring-gray-200' : 'bg-red-50 ring-red-200'}`}>
      <p className="font-medium break-words text-gray-900">{title}</p>
      {details.filter(Boolean).map((line) => (
        <p key={line} className="text-xs break-words text-gray-700">
          {line}
        </p>
      ))}
      {!valid && (
        <ul className="list-disc ps-5 text-xs text-red-800">
          {proposal.problems.map((problem) => (
            <li key={`${problem.field}:${problem.message}`}>{problemText(problem)}</li>
          ))}
        </ul>
      )}
      <div className="pt-1">
        {proposal.accepted ? (
          <p className="text-xs font-medium text-primary-800">{t('drafts.rows.accepted')}</p>
        ) : valid ? (
          editable && (
            <Button variant="secondary" disabled={pending} onClick={onAccept}>
              {t('drafts.rows.accept')}
            </Button>
          )
        ) : (
          <p className="text-xs text-red-800">{t('drafts.rows.notAcceptable')}</p>
        )}
      </div>
    </li>
  );
}
