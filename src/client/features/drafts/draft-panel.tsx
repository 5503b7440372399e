import { useId, useState, type ReactNode } from 'react';
import { draftBody, draftLabel } from '../../../shared/domain/application-sections';
import { useFormats, useT } from '../../lib/intl';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { inputClass } from '../../ui/input-class';
import { DraftText } from './draft-text';

export type Draft = NonNullable<RouterOutputs['drafts']['latest']>;

/**
 * The section's AI draft: the newest one stored, and while it is being written, its text as it
 * arrives (pushed over SSE). Closing the page does not stop it; coming back shows the result.
 */
export function useAiDraft(applicationId: string, sectionId: string) {
  const utils = trpc.useUtils();
  const latest = trpc.drafts.latest.useQuery({ applicationId, sectionId });
  const [live, setLive] = useState<Draft | null>(null);
  const stored = latest.data ?? null;
  const watching = stored && (stored.status === 'queued' || stored.status === 'running') ? stored.id : null;
  trpc.drafts.watch.useSubscription(
    { applicationId, draftId: watching ?? '00000000-0000-4000-8000-000000000000' },
    {
      enabled: watching !== null,
      onData: (draft) => {
        setLive(draft);
        if (draft.status === 'done' || draft.status === 'failed') utils.drafts.latest.setData({ applicationId, sectionId }, draft);
      },
    },
  );
  const request = trpc.drafts.request.useMutation({
    onSuccess: () => utils.drafts.latest.invalidate({ applicationId, sectionId }),
  });
  const draft = live && stored && live.id === stored.id && stored.status !== 'done' && stored.status !== 'failed' ? live : stored;
  return { draft, request: (instruction: string) => request.mutateAsync({ applicationId, sectionId, instruction }), requesting: request.isPending };
}

interface DraftPanelProps {
  draft: Draft | null;
  editable: boolean;
  requesting: boolean;
  onRequest: (instruction: string) => Promise<unknown>;
  onInsert: (text: string) => void;
  onReplace: (text: string) => void;
  /** The section's text now: a draft already in it (inserted here or by "insert all drafts") is not offered again. */
  text: string;
}

/** Whether the draft's body stands in the text, whatever the spacing between its lines. */
export function draftIsInText(body: string, text: string) {
  const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim();
  const wanted = squeeze(body);
  return wanted !== '' && squeeze(text).includes(wanted);
}

interface DraftFrameProps {
  /** The newest draft, which a new request waits for. */
  draft: Draft | null;
  /** The draft whose state is told (none once the writer discarded it). */
  shown: Draft | null;
  hint: string;
  editable: boolean;
  requesting: boolean;
  onRequest: (instruction: string) => void;
  children: ReactNode;
}

/** A draft panel's frame: its heading, the request with an optional wish, the draft's state, then what the draft offers. */
export function DraftFrame({ draft, shown, hint, editable, requesting, onRequest, children }: DraftFrameProps) {
  const t = useT();
  const formats = useFormats();
  const id = useId();
  const [instruction, setInstruction] = useState('');
  const busy = draft?.status === 'queued' || draft?.status === 'running';

  let status: string | null = null;
  if (shown?.status === 'queued') status = t('drafts.panel.queued');
  else if (shown?.status === 'running') status = t('drafts.panel.running');
  else if (shown?.status === 'failed') status = shown.refused ? t('drafts.panel.refused') : t('drafts.panel.failed');
  else if (shown?.status === 'done')
    status = `${t('drafts.panel.done', { time: formats.dayTime(shown.finishedAt ?? shown.createdAt) })}${shown.offline ? ` · ${t('drafts.panel.offline')}` : ''}`;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div>
        <h2 id={`${id}-heading`} className="text-sm font-semibold text-gray-900">
          {t('drafts.panel.heading')}
        </h2>
        <p className="text-xs text-gray-600">{hint}</p>
      </div>
      {editable && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onRequest(instruction.trim());
          }}
        >
          <div className="min-w-0 flex-1 basis-56 space-y-1">
            <label htmlFor={`${id}-instruction`} className="block text-xs font-medium text-gray-800">
              {t('drafts.panel.instruction')}
            </label>
            <input id={`${id}-instruction`} value={instruction} maxLength={500} onChange={(event) => setInstruction(event.target.value)} aria-describedby={`${id}-instruction-hint`} className={inputClass} />
            <p id={`${id}-instruction-hint`} className="text-xs text-gray-500">
              {t('drafts.panel.instructionHint')}
            </p>
          </div>
          <Button type="submit" variant="secondary" disabled={busy || requesting} className="mb-5">
            {draft ? t('drafts.panel.regenerate') : t('drafts.panel.generate')}
          </Button>
        </form>
      )}
      <p role="status" aria-live="polite" data-draft-status={shown?.status ?? 'none'} className={`text-sm ${shown?.status === 'failed' ? 'text-red-800' : 'text-gray-700'}`}>
        {status}
      </p>
      {children}
    </section>
  );
}

/** Ask for a draft, watch it being written, then insert it, replace the text with it, or discard it. */
export function DraftPanel({ draft, editable, requesting, onRequest, onInsert, onReplace, text }: DraftPanelProps) {
  const t = useT();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = draft && draft.id !== dismissed ? draft : null;
  return (
    <DraftFrame
      draft={draft}
      shown={shown}
      hint={t('drafts.panel.hint')}
      editable={editable}
      requesting={requesting}
      onRequest={(instruction) => {
        setDismissed(null);
        void onRequest(instruction);
      }}
    >
      {shown && shown.content !== '' && (
        <>
          {/* What the drafter says about its draft (offline, a wish it cannot follow) is said plainly, apart from the text. */}
          {draftLabel(shown.content) && (
            <p role="note" className="rounded-md bg-amber-50 p-3 text-sm whitespace-pre-line text-amber-950 ring-1 ring-amber-200">
              {draftLabel(shown.content)}
            </p>
          )}
          {/* Model output becomes React elements only: whatever it contains is shown, never run. */}
          <div role="region" tabIndex={0} aria-label={t('drafts.panel.text')} className="max-h-96 overflow-y-auto rounded-md bg-gray-50 p-3 text-sm leading-relaxed text-gray-900 ring-1 ring-gray-200">
            <DraftText text={draftBody(shown.content)} />
          </div>
          {editable && shown.status === 'done' && draftIsInText(draftBody(shown.content), text) && (
            <p className="text-sm text-gray-700" data-testid="draft-in-text">
              ✓ {t('drafts.panel.inText')}
            </p>
          )}
          {editable && shown.status === 'done' && (
            <div className="flex flex-wrap gap-2">
              {/* The drafter's label line speaks to the writer; it never goes into the text. */}
              {!draftIsInText(draftBody(shown.content), text) && (
                <>
                  <Button onClick={() => onInsert(draftBody(shown.content))}>{t('drafts.panel.insert')}</Button>
                  <Button variant="secondary" onClick={() => onReplace(draftBody(shown.content))}>
                    {t('drafts.panel.replace')}
                  </Button>
                </>
              )}
              <Button variant="ghost" onClick={() => setDismissed(shown.id)}>
                {t('drafts.panel.discard')}
              </Button>
            </div>
          )}
        </>
      )}
    </DraftFrame>
  );
}
