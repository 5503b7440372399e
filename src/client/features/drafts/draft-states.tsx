/**
 * The badge of a section's AI draft state — being written, ready, failed — in the section lists of
 * the overview and the editor (the states come live with `useApplicationLive`).
 */
import type { DraftState } from '../../../shared/schemas/drafts';
import { useT } from '../../lib/intl';

const stateClasses: Record<DraftState, string> = {
  writing: 'bg-sky-50 text-sky-900 ring-sky-200',
  ready: 'bg-primary-50 text-primary-900 ring-primary-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
};

export function DraftStateBadge({ state }: { state: DraftState }) {
  const t = useT();
  return (
    <span data-draft-state={state} className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${stateClasses[state]}`}>
      {state === 'writing' && <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-sky-600" />}
      {t(`drafts.state.${state}`)}
    </span>
  );
}
