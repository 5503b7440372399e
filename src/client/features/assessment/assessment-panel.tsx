/**
 * "Check against the call" (docs/decisions/0052): asks for a check of the application (or of one
 * section), follows it on the window's live connection, and shows the newest result: readiness,
 * per criterion a score, a verdict, the evidence quoted with its section and place, and what is
 * missing; the suggestions, each applied or dismissed for the whole team (an out-of-date one has no
 * "Apply"); and how the scores moved since the check before. The interface speaks the reader's
 * language; quotes and suggested words are in the application's (marked with `lang`).
 *
 * The panel is live for the team: a check a teammate asks for is followed here too, and a check
 * finished, a suggestion applied or dismissed by anyone shows without a reload (`assessment.live`).
 * On a section's page a suggestion is applied for the text's editor in this window, which takes
 * the change as one its undo follows (Ctrl+Z in the text, or "Undo" here).
 */
import { useRef, useState } from 'react';
import type { AssessmentOutcome, CriterionResult, CriterionSnapshot, MissingItem } from '../../../shared/domain/assessment';
import type { Locale } from '../../../shared/i18n';
import { may } from '../../../shared/domain/company-roles';
import type { MessageKey } from '../../../shared/i18n';
import { useFormats, useLocalized, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';

type Check = NonNullable<RouterOutputs['assessment']['latest']>;
type Suggestion = Check['suggestions'][number];
type History = RouterOutputs['assessment']['history'];

const NO_CHECK = '00000000-0000-4000-8000-000000000000';

/** The section's text editor in this window (a section's page): applied suggestions go through it, undoable. */
export interface PanelTextEditor {
  clientId: number;
  /** Stores what was typed, so the server checks the paragraph as the writer sees it (false when it could not be). */
  flush: () => Promise<boolean>;
  apply: (update: string, onUndone?: () => void) => void;
  undo: () => boolean;
}

export interface AssessmentPanelProps {
  applicationId: string;
  /** A section's page: checks that section only. */
  sectionId?: string;
  textEditor?: PanelTextEditor;
}

export function AssessmentPanel({ applicationId, sectionId, textEditor }: AssessmentPanelProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const application = trpc.applications.get.useQuery({ applicationId }, { retry: false }).data;
  const language = (application?.language ?? 'da') as Locale;
  // Who may write may ask for checks and apply suggestions (the server holds to the same rule).
  const editable = application !== undefined && may(application.role, 'applications.edit');
  const latest = trpc.assessment.latest.useQuery({ applicationId, ...(sectionId ? { sectionId } : {}) });
  const history = trpc.assessment.history.useQuery({ applicationId }, { enabled: !sectionId });
  const [running, setRunning] = useState<{ id: string; done: number; total: number; status: string } | null>(null);
  const refresh = () => Promise.all([utils.assessment.latest.invalidate({ applicationId }), utils.assessment.history.invalidate({ applicationId })]);
  trpc.assessment.watch.useSubscription(
    { applicationId, checkId: running?.id ?? NO_CHECK },
    {
      enabled: running !== null,
      onData: (progress) => {
        if (progress.status === 'done' || progress.status === 'failed') {
          setRunning(progress.status === 'failed' ? { ...progress } : null);
          void refresh();
        } else setRunning(progress);
      },
    },
  );
  // The team's changes: a check asked for (followed here too), finished or failed, a suggestion decided.
  const listening = useRef(false);
  const runningRef = useRef(running);
  runningRef.current = running;
  trpc.assessment.live.useSubscription(
    { applicationId },
    {
      onData: (event) => {
        if (event.kind === 'listening') {
          // Listening again after a break: what happened meanwhile is read anew.
          if (listening.current) void refresh();
          listening.current = true;
          return;
        }
        if (event.kind === 'check' && event.status === 'queued') {
          if (!runningRef.current) setRunning({ id: event.checkId, done: 0, total: 3, status: 'queued' });
          return;
        }
        void refresh();
      },
    },
  );
  const request = trpc.assessment.request.useMutation({
    onSuccess: ({ checkId }) => setRunning({ id: checkId, done: 0, total: 3, status: 'queued' }),
    onError: (error) => toast.add({ title: errorMessageOf(error), variant: 'error' }),
  });
  const busy = request.isPending || (running !== null && running.status !== 'failed');
  const headingId = sectionId ? `assessment-heading-${sectionId}` : 'assessment-heading';
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5" data-testid="assessment-panel">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          {t('assessment.panel.heading')}
        </h2>
        {editable && (
          <Button onClick={() => request.mutate({ applicationId, ...(sectionId ? { sectionId } : {}) })} disabled={busy}>
            {sectionId ? t('assessment.panel.runSection') : t('assessment.panel.run')}
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-gray-600">{t('assessment.panel.hint')}</p>
      <p role="status" aria-live="polite" className="mt-2 text-sm text-gray-700">
        {running?.status === 'failed'
          ? t('assessment.panel.failed')
          : running?.status === 'queued'
            ? t('assessment.panel.queued')
            : running
              ? t('assessment.panel.running', { done: Math.min(running.done + 1, running.total), total: running.total })
              : ''}
      </p>
      {latest.isPending ? (
        <p className="mt-3 text-sm text-gray-500">…</p>
      ) : latest.isError ? (
        <p className="mt-3 text-sm text-red-700">{errorMessageOf(latest.error)}</p>
      ) : !latest.data ? (
        <p className="mt-3 text-sm text-gray-600">{t('assessment.panel.none')}</p>
      ) : latest.data.status === 'failed' ? (
        <p className="mt-3 text-sm text-red-700">{t('assessment.panel.failed')}</p>
      ) : latest.data.status !== 'done' ? null : (
        <CheckResult applicationId={applicationId} check={latest.data} history={sectionId ? [] : (history.data ?? [])} language={language} editable={editable} onChanged={refresh} textEditor={textEditor} />
      )}
    </section>
  );
}

function CheckResult({
  applicationId,
  check,
  history,
  language,
  editable,
  onChanged,
  textEditor,
}: {
  applicationId: string;
  check: Check;
  history: History;
  language: Locale;
  editable: boolean;
  onChanged: () => unknown;
  textEditor?: PanelTextEditor;
}) {
  const t = useT();
  const formats = useFormats();
  const pick = useLocalized();
  const result = (check as unknown as { result: Omit<AssessmentOutcome, 'suggestions'> }).result;
  const criteria = (check as unknown as { criteria: CriterionSnapshot[] }).criteria;
  const nameOf = (id: string) => {
    const criterion = criteria.find((candidate) => candidate.id === id);
    return criterion ? pick(criterion.name) : '';
  };
  const previous = history.find((entry) => entry.id !== check.id && entry.status === 'done' && entry.sectionId === null && new Date(entry.createdAt) < new Date(check.createdAt));
  const changes = previous
    ? result.criteria.flatMap((criterion) => {
        const before = previous.scores.find((score) => score.criterionId === criterion.criterionId)?.score;
        return before === undefined || before === criterion.score ? [] : [t('assessment.panel.change', { criterion: nameOf(criterion.criterionId), from: before, to: criterion.score, date: formats.shortDate(new Date(previous.createdAt)) })];
      })
    : [];
  const applied = check.suggestions.filter((suggestion) => suggestion.status === 'applied').length;
  return (
    <div className="mt-3 space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-sm font-medium text-gray-900">
          {t('assessment.panel.readiness')}: <span className="text-2xl font-semibold" data-testid="assessment-readiness">{result.readiness}</span>
          <span className="text-gray-600"> / 100</span>
        </p>
        <p className="text-xs text-gray-600">{t('assessment.panel.checkedAt', { time: formats.shortDateTime(new Date(check.createdAt)), name: check.requestedBy ?? '—' })}</p>
      </div>
      <p className="text-xs text-gray-600">{check.offline ? (result.fallback ? t('assessment.panel.fallback') : t('assessment.panel.offline')) : t('assessment.panel.model', { model: check.assessor ?? '' })}</p>
      {(changes.length > 0 || applied > 0) && (
        <div>
          <h3 className="text-sm font-semibold text-gray-900">{t('assessment.panel.progress')}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-gray-700" data-testid="assessment-progress">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
            {applied > 0 && <li>{t('assessment.panel.appliedCount', { count: applied })}</li>}
          </ul>
        </div>
      )}
      <ul className="space-y-3">
        {result.criteria.map((criterion) => (
          <CriterionCard key={criterion.criterionId} name={nameOf(criterion.criterionId)} criterion={criterion} language={language} />
        ))}
      </ul>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{t('assessment.panel.suggestions')}</h3>
        {check.suggestions.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600">{t('assessment.panel.noSuggestions')}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {check.suggestions.map((suggestion) => (
              <SuggestionItem key={suggestion.id} applicationId={applicationId} suggestion={suggestion} language={language} editable={editable} onChanged={onChanged} textEditor={textEditor} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function scoreColour(score: number): string {
  if (score >= 75) return 'bg-green-600';
  if (score >= 40) return 'bg-amber-500';
  return 'bg-red-600';
}

function CriterionCard({ name, criterion, language }: { name: string; criterion: CriterionResult; language: Locale }) {
  const t = useT();
  const verdict = 'key' in criterion.verdict ? t(criterion.verdict.key, { found: criterion.verdict.found, total: criterion.verdict.total }) : criterion.verdict.text;
  return (
    <li className="rounded-md border border-gray-200 p-3" data-testid="assessment-criterion">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-gray-900">{name}</h4>
        <span className="text-sm font-semibold text-gray-900" data-testid="assessment-score">
          {t('assessment.panel.score', { score: criterion.score })}
        </span>
      </div>
      <div className="mt-1 h-2 w-full rounded bg-gray-100" aria-hidden="true">
        <div className={`h-2 rounded ${scoreColour(criterion.score)}`} style={{ width: `${criterion.score}%` }} />
      </div>
      <p className="mt-2 text-sm text-gray-800" {...('key' in criterion.verdict ? {} : { lang: language })}>
        {verdict}
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-gray-700">
          {t('assessment.panel.evidence')} ({criterion.evidence.length}) · {t('assessment.panel.missing')} ({criterion.missing.length})
        </summary>
        <h5 className="mt-2 font-medium text-gray-800">{t('assessment.panel.evidence')}</h5>
        {criterion.evidence.length === 0 ? (
          <p className="text-gray-600">{t('assessment.panel.noEvidence')}</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {criterion.evidence.map((evidence, index) => (
              <li key={index} className="break-words">
                <q lang={language} className="text-gray-900">
                  {evidence.quote}
                </q>{' '}
                <span className="text-xs text-gray-600">
                  — {evidence.paragraph === 0 ? evidence.sectionTitle : t(evidence.at >= 0 ? 'assessment.panel.place' : 'assessment.panel.row', { section: evidence.sectionTitle, paragraph: evidence.paragraph })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {criterion.missing.length > 0 && (
          <>
            <h5 className="mt-2 font-medium text-gray-800">{t('assessment.panel.missing')}</h5>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-gray-700">
              {criterion.missing.map((item, index) => (
                <MissingLine key={index} item={item} language={language} />
              ))}
            </ul>
          </>
        )}
      </details>
    </li>
  );
}

function MissingLine({ item, language }: { item: MissingItem; language: Locale }) {
  const t = useT();
  switch (item.kind) {
    case 'signal':
      return <li>{t(`assessment.signal.${item.signal}` as MessageKey)}</li>;
    case 'empty':
      return <li>{t('assessment.missing.empty', { section: item.sectionTitle })}</li>;
    case 'overLimit':
      return <li>{t('assessment.missing.overLimit', { section: item.sectionTitle, over: item.over })}</li>;
    case 'totalsDisagree':
      return <li>{t('assessment.missing.totalsDisagree', { section: item.sectionTitle, quote: item.quote })}</li>;
    case 'note':
      return <li lang={language}>{item.text}</li>;
  }
}

/** The editor's undo as this computer writes it. */
function undoKeys(): string {
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘Z' : 'Ctrl+Z';
}

function SuggestionItem({
  applicationId,
  suggestion,
  language,
  editable,
  onChanged,
  textEditor,
}: {
  applicationId: string;
  suggestion: Suggestion;
  language: Locale;
  editable: boolean;
  onChanged: () => unknown;
  textEditor?: PanelTextEditor;
}) {
  const t = useT();
  // Applied in this window, through its text editor: it can be undone from here too.
  const [appliedHere, setAppliedHere] = useState(false);
  const reopen = trpc.assessment.reopenSuggestion.useMutation({ meta: { handlesError: true }, onSettled: onChanged });
  const apply = trpc.assessment.applySuggestion.useMutation({
    onSuccess: (result) => {
      if (textEditor && result.update) {
        textEditor.apply(result.update, () => {
          setAppliedHere(false);
          toast.add({ title: t('assessment.panel.undone') });
          reopen.mutate({ applicationId, suggestionId: suggestion.id });
        });
        setAppliedHere(true);
      }
      return onChanged();
    },
    onError: (error) => (toast.add({ title: errorMessageOf(error), variant: 'error' }), onChanged()),
  });
  const dismiss = trpc.assessment.dismissSuggestion.useMutation({ onSuccess: onChanged, onError: (error) => toast.add({ title: errorMessageOf(error), variant: 'error' }) });
  const label = suggestion.signal ? t(`assessment.signal.${suggestion.signal}` as MessageKey) : suggestion.note;
  return (
    <li className={`rounded-md border p-3 text-sm ${suggestion.status === 'open' ? 'border-gray-200' : 'border-gray-100 bg-gray-50'}`} data-testid="assessment-suggestion" data-section-id={suggestion.sectionId} data-status={suggestion.status}>
      <p className="text-xs text-gray-600">
        {t('assessment.panel.inSection', { section: suggestion.sectionTitle })} · {suggestion.kind === 'rewrite' ? t('assessment.panel.rewrite') : t('assessment.panel.addition')}
        {label ? ` · ${label}` : ''}
      </p>
      <p lang={language} className="mt-1 break-words text-gray-900">
        {suggestion.text}
      </p>
      {suggestion.status === 'applied' ? (
        appliedHere && textEditor ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <p role="status" className="text-xs text-green-800">
              {t('assessment.panel.appliedHere')}
              {/* The keys only where there is a keyboard to press them on. */}
              <span className="hidden pointer-fine:inline"> {t('assessment.panel.undoKeys', { keys: undoKeys() })}</span>
            </p>
            <Button variant="secondary" onClick={() => textEditor.undo() || setAppliedHere(false)}>
              {t('assessment.panel.undo')}
            </Button>
          </div>
        ) : (
          <p className="mt-2 text-xs text-green-800">{t('assessment.panel.applied', { name: suggestion.decidedBy ?? '—' })}</p>
        )
      ) : suggestion.status === 'dismissed' ? (
        <p className="mt-2 text-xs text-gray-600">{t('assessment.panel.dismissed', { name: suggestion.decidedBy ?? '—' })}</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {suggestion.outOfDate ? (
            <p className="text-xs font-medium text-amber-800" data-testid="assessment-out-of-date">
              {t('assessment.panel.outOfDate')}
            </p>
          ) : (
            editable && (
              <Button
                onClick={async () => {
                  // What was typed is stored first: a paragraph changed in this window is then known to be out of date.
                  if (textEditor && !(await textEditor.flush())) {
                    toast.add({ title: t('assessment.panel.notStored'), variant: 'error' });
                    return;
                  }
                  apply.mutate({ applicationId, suggestionId: suggestion.id, ...(textEditor ? { clientId: textEditor.clientId } : {}) });
                }}
                disabled={apply.isPending}
              >
                {t('assessment.panel.apply')}
              </Button>
            )
          )}
          {editable && (
            <Button variant="secondary" onClick={() => dismiss.mutate({ applicationId, suggestionId: suggestion.id })} disabled={dismiss.isPending}>
              {t('assessment.panel.dismiss')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
