/**
 * "Shorten to fit" under a section's text that is over its limit (docs/decisions/0054): the
 * server proposes a version within the limit, shown as the changes it makes; accepting it changes
 * the co-edited text as one change — sent and stored like typing, so every window shows it and
 * the section's history keeps it — and it can be undone (only it: what others wrote since stays).
 * A proposal applies only to the text it was made from: once the text has moved on, a new one is asked for.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import * as Y from 'yjs';
import { applyProposal } from '../../../shared/domain/fit-to-limit';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { countAgainst, type SectionLimitContext } from '../../lib/text-limit';
import { errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';

type Answer = RouterOutputs['fitToLimit']['propose'];
type Proposal = Extract<Answer, { outcome: 'proposal' }>;

/** The origin of an accepted proposal's change, which its undo follows. */
const FITTED = Symbol('fitted to limit');

export interface ShortenToFitProps extends SectionLimitContext {
  /** Shows the changes from one text to another (the section history's word-by-word view), with `legend` saying what its marks mean. */
  renderDiff: (before: string, after: string, legend: string) => ReactNode;
}

export function ShortenToFit({ applicationId, sectionId, maxChars, text, editable, sharedText, flush, renderDiff }: ShortenToFitProps) {
  const t = useT();
  const id = useId();
  const propose = trpc.fitToLimit.propose.useMutation({ meta: { handlesError: true } });
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const undoManager = useMemo(() => new Y.UndoManager(sharedText, { trackedOrigins: new Set([FITTED]), captureTimeout: 0 }), [sharedText]);
  useEffect(() => () => undoManager.destroy(), [undoManager]);
  // A long text's first change may be far down: the proposal opens scrolled to it.
  const changes = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const region = changes.current;
    const first = region?.querySelector<HTMLElement>('del, ins');
    if (region && first) region.scrollTop = Math.max(0, first.offsetTop - 48);
  }, [proposal]);

  const over = countAgainst(text, maxChars).over > 0;
  const stale = proposal !== null && proposal.before !== text;

  async function ask() {
    setRefusal(null);
    setAccepted(false);
    setProposal(null);
    if (!(await flush())) {
      setRefusal(t('fitToLimit.notReady'));
      return;
    }
    try {
      const answer = await propose.mutateAsync({ applicationId, sectionId });
      if (answer.outcome === 'fits') toast.add({ title: t('fitToLimit.fits') });
      else setProposal(answer);
    } catch (error) {
      setRefusal(errorMessageOf(error));
    }
  }

  function accept(chosen: Proposal) {
    undoManager.stopCapturing();
    if (!applyProposal(sharedText, chosen.before, chosen.after, FITTED)) return; // Shown as out of date.
    setProposal(null);
    setAccepted(true);
  }

  if (!editable) return null;
  if (!over && !proposal && !accepted && !refusal) return null;

  return (
    <div className="space-y-3" data-testid="fit-to-limit">
      {over && !proposal && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => void ask()} disabled={propose.isPending} aria-describedby={`${id}-status`}>
            {propose.isPending ? t('fitToLimit.shortening') : t('fitToLimit.shorten')}
          </Button>
        </div>
      )}
      <p id={`${id}-status`} role="status" aria-live="polite" className={refusal ? 'rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200' : 'sr-only'}>
        {refusal ?? (propose.isPending ? t('fitToLimit.shortening') : '')}
      </p>
      {accepted && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-gray-50 p-3 text-sm text-gray-800 ring-1 ring-gray-200">
          <span role="status">{t('fitToLimit.accepted')}</span>
          <Button
            variant="secondary"
            onClick={() => {
              undoManager.undo();
              setAccepted(false);
            }}
          >
            {t('fitToLimit.undo')}
          </Button>
        </div>
      )}
      {proposal && (
        <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-fit-by={proposal.by}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h2 id={`${id}-heading`} className="text-sm font-semibold text-gray-900">
              {t('fitToLimit.heading')}
            </h2>
            <p className="text-xs font-medium text-green-800" data-fit-count={proposal.count}>
              {t('fitToLimit.result', { count: proposal.count, max: proposal.limit })}
            </p>
          </div>
          <div className="space-y-1 text-xs text-gray-700">
            {proposal.modelUnavailable && <p className="text-amber-900">{t('fitToLimit.modelUnavailable')}</p>}
            <p>{proposal.by === 'model' ? t('fitToLimit.byModel') : t('fitToLimit.byOffline', { dropped: proposal.dropped })}</p>
            {proposal.droppedWithSignals > 0 && <p className="text-amber-900">{t('fitToLimit.droppedWithSignals', { count: proposal.droppedWithSignals })}</p>}
          </div>
          {/* A long text scrolls inside the proposal; the keyboard reaches it too. */}
          <div ref={changes} role="region" tabIndex={0} aria-label={t('fitToLimit.changes')} className="relative max-h-96 overflow-y-auto rounded-md">
            {renderDiff(proposal.before, proposal.after, t('fitToLimit.legend'))}
          </div>
          {stale ? (
            <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
              <span>{t('fitToLimit.stale')}</span>
              <Button variant="secondary" onClick={() => void ask()} disabled={propose.isPending}>
                {t('fitToLimit.again')}
              </Button>
              <Button variant="ghost" onClick={() => setProposal(null)}>
                {t('fitToLimit.discard')}
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => accept(proposal)}>{t('fitToLimit.accept')}</Button>
              <Button variant="ghost" onClick={() => setProposal(null)}>
                {t('fitToLimit.discard')}
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
