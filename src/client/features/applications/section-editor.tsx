import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { inputProblem, missingForDone, startAfterEnd, type AnswerValue, type MissingItem } from '../../../shared/domain/application-sections';
import { may } from '../../../shared/domain/company-roles';
import { SECTION_CONTENT_MAX } from '../../../shared/schemas/applications';
import { isStructuredKind } from '../../../shared/schemas/section-data';
import { useFormats, useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { countAgainst, type SectionLimitContext } from '../../lib/text-limit';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { DateInput } from '../../ui/form-field';
import { inputClass } from '../../ui/input-class';
import { QueryView } from '../../ui/query-view';
import { DecimalInput, SectionDataEditor, useDataProblemText, useLeftoverText } from '../budget';
import { CoEditedText, cursorColourOf, LiveConnectionNotice, remoteCursors, useAppliedChanges, useCoEditing, usePassageInsert, useSectionDraft, type AppliedChanges, type SaveState, type TextCursor, type TextSaveState } from '../co-editing';
import { CommentOnSelection, CommentsPanel, useCommentAnchors, type CommentAnchors } from '../comments';
import { DraftPanel, RowDraftPanel, useAiDraft } from '../drafts';
import { SectionPresence } from '../presence';
import { ReviewBar } from '../reviews';
import { SectionVersions } from '../versions';
import { SectionNav } from './section-nav';
import { SectionStatusBadge } from './status-badge';
import { useApplicationLive } from './use-application-live';
import { WritingLayout, type WritingPanel } from './writing-layout';

type Section = RouterOutputs['applications']['section'];
type Overview = RouterOutputs['applications']['get'];
type Input = Section['inputs'][number];

/** What a panel from another feature (composed by the route) may know of and do to the section. */
export interface SectionPanelContext {
  applicationId: string;
  sectionId: string;
  kind: Section['kind'];
  editable: boolean;
  textIsEmpty: boolean;
  /** Puts a passage into the text at the writer's caret (or in place of an empty text) as one undoable change. */
  insertPassage: (passage: string, source: string) => boolean;
  /** The text's editor in this window: its Yjs client id, for a change the server makes for it and answers with; `flush` stores what was typed first. */
  textEditor: { clientId: number; flush: () => Promise<boolean> } & AppliedChanges;
}

/**
 * `/applications/{id}/{section}`: the section's text and inputs, saved as they are typed, with the
 * grant's requirements and guidance, the AI draft, comments and history beside them, and the
 * panels the route adds (`morePanels`, placed before the comments).
 */
/** `planMark` and `sectionMark` are the deadlines feature's parts (this section's writer and due day, each section's in the list), given by the route; `morePanels` the panels a route adds beside the text; `limitTools` what it shows under a text that has a limit. */
export function SectionEditor({
  applicationId,
  sectionId,
  morePanels,
  planMark,
  sectionMark,
  limitTools,
}: {
  applicationId: string;
  sectionId: string;
  morePanels?: (context: SectionPanelContext) => WritingPanel[];
  planMark?: ReactNode;
  sectionMark?: (sectionId: string) => ReactNode;
  limitTools?: (context: SectionLimitContext) => ReactNode;
}) {
  const t = useT();
  const overview = trpc.applications.get.useQuery({ applicationId }, { retry: false });
  // The editor owns the text once loaded: a refetch must not replace what is being typed.
  const section = trpc.applications.section.useQuery({ applicationId, sectionId }, { retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
  usePageMeta({ title: section.data ? `${section.data.title} · ${overview.data?.title ?? ''}` : t('route.applications-application_id-section_id') });

  return (
    <QueryView query={overview} className="mx-auto max-w-6xl px-4 py-8">
      {(application) => (
        <QueryView query={section} className="mx-auto max-w-6xl px-4 py-8">
          {(data) => <Editor key={sectionId} overview={application} section={data} morePanels={morePanels} planMark={planMark} sectionMark={sectionMark} limitTools={limitTools} />}
        </QueryView>
      )}
    </QueryView>
  );
}

function Editor({
  overview,
  section,
  morePanels,
  planMark,
  sectionMark,
  limitTools,
}: {
  overview: Overview;
  section: Section;
  morePanels?: (context: SectionPanelContext) => WritingPanel[];
  planMark?: ReactNode;
  sectionMark?: (sectionId: string) => ReactNode;
  limitTools?: (context: SectionLimitContext) => ReactNode;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const status = overview.sections.find((item) => item.id === section.id)?.status ?? section.status;
  const mayEdit = may(overview.role, 'applications.edit') && !overview.published;
  const editable = mayEdit && status !== 'done';
  const draft = useSectionDraft({ applicationId: overview.id, section, editable });
  const { doc, setDoc } = draft;
  const applyStored = (stored: { version: number; status: Section['status'] }) => {
    utils.applications.get.setData({ applicationId: overview.id }, (old) =>
      old ? { ...old, sections: old.sections.map((item) => (item.id === section.id && item.status !== stored.status ? { ...item, status: stored.status } : item)) } : old,
    );
    utils.applications.section.setData({ applicationId: overview.id, sectionId: section.id }, (old) => (old && old.version < stored.version ? { ...old, version: stored.version, status: stored.status } : old));
  };
  const text = useCoEditing({ applicationId: overview.id, sectionId: section.id, editable, onStored: applyStored });
  const content = text.ready ? text.text : section.content;
  // The panel shown on a narrow screen (the text, or one of the panels beside it on a wide one).
  const [tab, setTab] = useState('text');
  const mayComment = may(overview.role, 'comment') && !overview.published;
  const anchors = useCommentAnchors({ applicationId: overview.id, sectionId: section.id, coEditing: text, mayComment, showPanel: setTab });
  const passages = usePassageInsert(text.sharedText, anchors.box, text.ready);
  /** Everything typed and entered is stored (false when it could not be). */
  const flushAll = async () => (await draft.flush()) && (await text.flush());
  const applied = useAppliedChanges(text.sharedText, anchors.box, text.flush);
  const [showMissing, setShowMissing] = useState(false);
  const ai = useAiDraft(overview.id, section.id);
  // The page's one application stream: every section's status (a colleague's review shows at once) and draft state.
  const draftStates = useApplicationLive(overview.id, overview.sections).draftStates;
  const finishedDraft = ai.draft?.status === 'done' ? ai.draft : null;
  // The same rule as the server's: the draft shown here, kept word for word, is not yet written.
  const missing = missingForDone(section, { ...doc, content, drafts: finishedDraft ? [finishedDraft.content] : [] });
  const addressed = finishedDraft?.addressed ?? [];
  const reversedStart = startAfterEnd(section.inputs, doc.answers);
  // The text a draft replaced, one click away until the writer moves on.
  const [replaced, setReplaced] = useState<string | null>(null);

  const markDone = trpc.applications.markDone.useMutation();
  const reopen = trpc.applications.reopen.useMutation();
  const index = overview.sections.findIndex((item) => item.id === section.id);
  const previous = overview.sections[index - 1];
  const next = overview.sections[index + 1];

  const applyStatus = (result: { version: number; status: Section['status'] }) => {
    utils.applications.get.setData({ applicationId: overview.id }, (old) =>
      old ? { ...old, sections: old.sections.map((item) => (item.id === section.id ? { ...item, status: result.status } : item)) } : old,
    );
    utils.applications.section.setData({ applicationId: overview.id, sectionId: section.id }, (old) => (old ? { ...old, version: result.version, status: result.status } : old));
    void utils.applications.list.invalidate();
  };

  async function onMarkDone() {
    setShowMissing(true);
    if (missing.length > 0) return;
    if (!(await flushAll())) return;
    try {
      applyStatus(await markDone.mutateAsync({ applicationId: overview.id, sectionId: section.id }));
      setShowMissing(false);
      toast.success(t('applications.editor.markedDone'));
    } catch {
      // Shown by the query client. The grant's rules may have changed meanwhile: load them so the
      // list of what is missing is right.
      void utils.applications.section.invalidate({ applicationId: overview.id, sectionId: section.id });
    }
  }

  async function onReopen() {
    applyStatus(await reopen.mutateAsync({ applicationId: overview.id, sectionId: section.id }));
    toast.success(t('applications.editor.reopened'));
  }

  const answer = (id: string, value: AnswerValue) => setDoc((current) => ({ ...current, answers: { ...current.answers, [id]: value } }));
  const review = <ReviewBar application={overview} sectionId={section.id} status={status} version={section.version} beforeSend={flushAll} onMoved={applyStatus} />;

  const main = (
    <div className="space-y-5">
      {!mayEdit && <Notice>{t(overview.published ? 'applications.published' : 'applications.editor.readOnly')}</Notice>}
      {mayEdit && status === 'done' && (
        <Notice>
          <span className="me-3">{t('applications.editor.doneLocked')}</span>
          <Button variant="secondary" onClick={() => void onReopen()} disabled={reopen.isPending}>
            {t('applications.editor.reopen')}
          </Button>
        </Notice>
      )}

      <SectionDataEditor section={section} companyId={overview.companyId} language={overview.language} data={doc.data} disabled={!editable} showAll={showMissing} onChange={(data) => setDoc((current) => ({ ...current, data }))} />

      <ContentField
        coEditing={text}
        anchors={anchors}
        fallback={section.content}
        disabled={!editable}
        optionalNote={isStructuredKind(section.kind)}
        maxChars={section.maxChars}
        saveState={mayEdit ? <SaveIndicator state={combinedSaveState(draft.state, text.state)} savedAt={latest(draft.savedAt, text.savedAt)} onRetry={() => void flushAll()} /> : null}
      />
      {limitTools &&
        section.maxChars !== null &&
        limitTools({
          applicationId: overview.id,
          sectionId: section.id,
          maxChars: section.maxChars,
          text: content,
          editable: editable && text.ready && text.state !== 'locked',
          sharedText: text.sharedText,
          flush: flushAll,
        })}
      {text.state === 'locked' && <Notice>{t('applications.editor.textLocked')}</Notice>}
      {/* Whatever stands between the writer and a saved text is shown where they type. */}
      {draft.restoredAt !== null && draft.state !== 'conflict' && <RestoredNotice at={draft.restoredAt} onDiscard={draft.discardRestored} />}
      {draft.conflict && <ConflictPanel onKeepMine={draft.keepMine} onUseTheirs={draft.takeTheirs} />}
      {replaced !== null && editable && (
        <Notice>
          <span className="me-2">{t('drafts.panel.replaced')}</span>
          <Button
            variant="secondary"
            onClick={() => {
              text.setTextTo(replaced);
              setReplaced(null);
            }}
          >
            {t('drafts.panel.undo')}
          </Button>
        </Notice>
      )}

      {passages.inserted && editable && (
        <Notice>
          <span className="me-2" role="status">{t('answerLibrary.inserted', { application: passages.inserted.source })}</span>
          <Button variant="secondary" onClick={passages.undo}>
            {t('answerLibrary.undo')}
          </Button>
        </Notice>
      )}

      {section.inputs.length > 0 && (
        <fieldset className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <legend className="px-1 text-sm font-semibold text-gray-900">{t('applications.editor.inputs')}</legend>
          {section.inputs.map((input) => (
            <InputField
              key={input.id}
              input={input}
              value={doc.answers[input.id] ?? null}
              language={overview.language}
              startAfterEnd={input.id === reversedStart}
              disabled={!editable}
              onChange={(value) => answer(input.id, value)}
            />
          ))}
        </fieldset>
      )}

      {showMissing && missing.length > 0 && <MissingList items={missing} currency={section.terms.currency} />}

      <div className="flex flex-wrap items-center gap-2">
        {editable && (
          <Button size="md" onClick={() => void onMarkDone()} disabled={markDone.isPending || draft.state === 'conflict'}>
            {t('applications.editor.markDone')}
          </Button>
        )}
        <span className="ms-auto flex gap-2">
          {previous && (
            <Link to="/applications/$application_id/$section_id" params={{ application_id: overview.id, section_id: previous.id }} className="text-sm text-primary-700 hover:underline">
              ← {t('applications.editor.previous')}
            </Link>
          )}
          {next && (
            <Link to="/applications/$application_id/$section_id" params={{ application_id: overview.id, section_id: next.id }} className="text-sm text-primary-700 hover:underline">
              {t('applications.editor.next')} →
            </Link>
          )}
        </span>
      </div>
    </div>
  );

  const panels: WritingPanel[] = [];
  if (section.requirements.length > 0) {
    panels.push({
      id: 'requirements',
      label: t('applications.editor.requirementsTab', { done: section.requirements.filter((requirement) => doc.fulfilled.includes(requirement.id)).length, total: section.requirements.length }),
      content: (
        <fieldset className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <legend className="px-1 text-sm font-semibold text-gray-900">{t('applications.editor.requirements')}</legend>
          <p className="text-xs text-gray-600">{t('applications.editor.requirementsHelp')}</p>
          <ul className="mt-2 space-y-2">
            {section.requirements.map((requirement) => (
              <li key={requirement.id}>
                <label className="flex items-start gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary-700"
                    checked={doc.fulfilled.includes(requirement.id)}
                    disabled={!editable}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      setDoc((current) => ({
                        ...current,
                        fulfilled: checked ? [...current.fulfilled, requirement.id] : current.fulfilled.filter((id) => id !== requirement.id),
                      }));
                    }}
                  />
                  <span>
                    {requirement.text}
                    {addressed.includes(requirement.id) && (
                      <span className="ms-2 inline-flex rounded-full bg-sky-50 px-2 py-0.5 text-xs text-sky-900 ring-1 ring-sky-200">{t('drafts.panel.addresses')}</span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ),
    });
  }
  if (section.guidance) {
    panels.push({
      id: 'guidance',
      label: t('applications.editor.guidanceTab'),
      content: (
        <section aria-labelledby="guidance-heading" className="rounded-lg bg-primary-50 p-4 text-sm text-gray-800 ring-1 ring-primary-100">
          <h2 id="guidance-heading" className="font-semibold text-gray-900">
            {t('applications.editor.guidance')}
          </h2>
          <p className="mt-2 whitespace-pre-line">{section.guidance}</p>
        </section>
      ),
    });
  }
  if ((section.kind === 'text' || (isStructuredKind(section.kind) && section.rowDraftsAvailable)) && (mayEdit || ai.draft)) {
    panels.push({
      id: 'draft',
      label: t('drafts.panel.heading'),
      content: isStructuredKind(section.kind) ? (
        <RowDraftPanel
          applicationId={overview.id}
          section={section}
          draft={ai.draft}
          editable={editable}
          requesting={ai.requesting}
          onRequest={ai.request}
          beforeAccept={draft.flush}
          baseVersion={draft.baseVersion}
          onAccepted={draft.adopt}
        />
      ) : (
        <DraftPanel
          draft={ai.draft}
          editable={editable}
          requesting={ai.requesting}
          onRequest={ai.request}
          text={content}
          onInsert={(draftText) => text.setTextTo(content.trim() ? `${content.trimEnd()}\n\n${draftText}` : draftText)}
          onReplace={(draftText) => {
            setReplaced(content);
            text.setTextTo(draftText);
          }}
        />
      ),
    });
  }
  if (morePanels) {
    panels.push(
      ...morePanels({
        applicationId: overview.id,
        sectionId: section.id,
        kind: section.kind,
        editable: editable && text.ready,
        textIsEmpty: content.trim() === '',
        insertPassage: (passage, source) => {
          const done = passages.insert(passage, source);
          // On a narrow screen the writer is shown the text the passage went into.
          if (done) setTab('text');
          return done;
        },
        textEditor: { clientId: text.doc.clientID, flush: text.flush, ...applied },
      }),
    );
  }
  panels.push({
    id: 'comments',
    label: t('reviews.comments.heading'),
    content: <CommentsPanel application={overview} sectionId={section.id} mayComment={may(overview.role, 'comment')} anchors={anchors} />,
  });
  panels.push({
    id: 'history',
    label: t('reviews.history.heading'),
    content: (
      <SectionVersions
        applicationId={overview.id}
        companyId={overview.companyId}
        section={section}
        editable={editable}
        editor={{ content, flush: flushAll, adopt: draft.adopt, savedAt: latest(draft.savedAt, text.savedAt) }}
      />
    ),
  });

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8 xl:max-w-7xl">
      <Link to="/applications/$application_id" params={{ application_id: overview.id }} className="text-sm text-primary-700 hover:underline">
        ← {overview.title}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold break-words text-gray-900">{section.title}</h1>
        <SectionStatusBadge status={status} />
        <SectionPresence applicationId={overview.id} sectionId={section.id} />
      </div>
      {planMark}
      <LiveConnectionNotice />
      <WritingLayout tab={tab} onTabChange={setTab} main={main} review={review} panels={panels} nav={<SectionNav applicationId={overview.id} sections={overview.sections} currentId={section.id} draftStates={draftStates} narrowOnWidest sectionMark={sectionMark} />} />
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2 rounded-md bg-gray-50 p-3 text-sm text-gray-800 ring-1 ring-gray-200">{children}</div>;
}

/** One indicator for the text and the fields: the state that needs the writer's attention most. */
function combinedSaveState(fields: SaveState, text: TextSaveState): SaveState | TextSaveState {
  const order: Array<SaveState | TextSaveState> = ['conflict', 'locked', 'failed', 'offline', 'saving', 'unsaved', 'connecting', 'saved'];
  return order.find((candidate) => candidate === fields || candidate === text) ?? 'saved';
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a > b ? a : b;
}

function SaveIndicator({ state, savedAt, onRetry }: { state: SaveState | TextSaveState; savedAt: Date | null; onRetry: () => void }) {
  const t = useT();
  const formats = useFormats();
  const text: Record<SaveState | TextSaveState, string> = {
    saved: savedAt ? `${t('applications.editor.saved')} ${formats.time(savedAt)}` : t('applications.editor.saved'),
    unsaved: t('applications.editor.unsaved'),
    saving: t('applications.editor.saving'),
    offline: t('applications.editor.offline'),
    failed: t('applications.editor.failed'),
    conflict: t('applications.editor.conflictTitle'),
    connecting: t('applications.editor.connecting'),
    locked: t('applications.editor.unsaved'),
  };
  const tone = state === 'saved' ? 'text-gray-600' : state === 'failed' || state === 'offline' || state === 'conflict' || state === 'locked' ? 'text-amber-900' : 'text-gray-700';
  return (
    <p role="status" aria-live="polite" data-save-state={state} className={`flex min-h-7 flex-wrap items-center gap-2 text-sm ${tone}`}>
      {text[state]}
      {state === 'failed' && (
        <Button variant="ghost" onClick={onRetry}>
          {t('applications.editor.retry')}
        </Button>
      )}
    </p>
  );
}

function RestoredNotice({ at, onDiscard }: { at: number; onDiscard: () => void }) {
  const t = useT();
  const formats = useFormats();
  return (
    <Notice>
      <span className="me-2">{t('applications.editor.restoreTitle', { time: formats.dayTime(at) })}</span>
      <Button variant="secondary" onClick={onDiscard}>
        {t('applications.editor.discard')}
      </Button>
    </Notice>
  );
}

function ConflictPanel({ onKeepMine, onUseTheirs }: { onKeepMine: () => void; onUseTheirs: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="space-y-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">{t('applications.editor.conflictTitle')}</p>
      <p>{t('applications.editor.conflictBody')}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onKeepMine}>{t('applications.editor.keepMine')}</Button>
        <Button variant="secondary" onClick={onUseTheirs}>
          {t('applications.editor.useTheirs')}
        </Button>
      </div>
    </div>
  );
}

function ContentField({
  coEditing,
  anchors,
  fallback,
  disabled,
  optionalNote = false,
  maxChars,
  saveState,
}: {
  coEditing: ReturnType<typeof useCoEditing>;
  /** Comments on passages: marked in the text, and written on what is selected in it. */
  anchors: CommentAnchors;
  /** The text as the page loaded it, shown until the live text has arrived. */
  fallback: string;
  disabled: boolean;
  optionalNote?: boolean;
  /** The grant's limit on the text; a live count is shown against it. */
  maxChars: number | null;
  /** Whether what is typed is saved, shown right under the text. */
  saveState: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const { ready } = coEditing;
  const cursors = useRemoteCursors(coEditing);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {optionalNote ? t('budget.editor.note') : t('applications.editor.text')}
      </label>
      <CoEditedText
        id={id}
        sharedText={coEditing.sharedText}
        fallback={fallback}
        ready={ready}
        rows={optionalNote ? 4 : 16}
        readOnly={disabled}
        maxLength={SECTION_CONTENT_MAX}
        cursors={cursors}
        marks={anchors.marks}
        boxRef={anchors.box}
        onSelection={(selection) => {
          coEditing.setCursor(selection);
          anchors.onSelection(selection);
        }}
        aria-describedby={maxChars !== null ? `${id}-count` : undefined}
        data-co-edited={ready ? 'ready' : 'loading'}
        className={`${optionalNote ? '' : 'min-h-64'} leading-relaxed ${disabled ? 'bg-gray-50' : ''}`}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        {saveState}
        <CommentOnSelection anchors={anchors} />
        {maxChars !== null && <CharCount id={`${id}-count`} text={ready ? coEditing.text : fallback} max={maxChars} className="ms-auto mt-1" />}
      </div>
    </div>
  );
}

/** The others' cursors in the text, kept current as they move and as the text changes. */
function useRemoteCursors(coEditing: ReturnType<typeof useCoEditing>): TextCursor[] {
  const { doc, awareness, writers, text } = coEditing;
  const [, setTick] = useState(0);
  useEffect(() => {
    const onChange = () => setTick((tick) => tick + 1);
    awareness.on('change', onChange);
    return () => awareness.off('change', onChange);
  }, [awareness]);
  // Recomputed on every render: the text (`text`) and the cursors (`tick`) both re-render.
  void text;
  return remoteCursors(doc, awareness, writers).map((cursor) => ({
    key: cursor.clientId,
    label: cursor.writer.name,
    anchor: cursor.anchor,
    head: cursor.head,
    colour: cursorColourOf(cursor.writer.id),
  }));
}

/**
 * A live count against a limit. Screen readers hear it only when the text comes near the limit or
 * passes it (once per change of those, not at every keystroke); the count itself is the field's
 * description, read when the field is focused.
 */
function CharCount({ id, text, max, className = '' }: { id: string; text: string; max: number; className?: string }) {
  const t = useT();
  const { count, over } = countAgainst(text, max);
  const band = over > 0 ? 'over' : count >= max * 0.9 ? 'near' : null;
  return (
    <>
      <p id={id} data-char-count={count} data-char-limit={band ?? 'under'} className={`text-xs ${band === 'over' ? 'font-medium text-red-700' : band === 'near' ? 'text-amber-800' : 'text-gray-500'} ${className}`}>
        {t('applications.editor.chars', { count, max })}
        {band === 'over' && <span data-char-over={over}> · {t('applications.editor.charsOverBy', { over })}</span>}
      </p>
      <p aria-live="polite" className="sr-only">
        {band && t(band === 'over' ? 'applications.editor.charsOver' : 'applications.editor.charsNear', { max })}
      </p>
    </>
  );
}

function InputField({
  input,
  value,
  language,
  startAfterEnd: reversed = false,
  disabled,
  onChange,
}: {
  input: Input;
  value: AnswerValue;
  /** The application's language, which its numbers are written in. */
  language: string;
  /** This is the section's start date and it lies after the end date (a contradiction, shown at once). */
  startAfterEnd?: boolean;
  disabled: boolean;
  onChange: (value: AnswerValue) => void;
}) {
  const t = useT();
  const id = useId();
  const problem = inputProblem(input, value);
  // An empty required field is normal while writing; say so only with the other missing items.
  const error = problem === 'tooLong' ? 'applications.input.tooLong' : problem === 'emptyListValue' ? 'applications.input.emptyListValue' : reversed ? 'applications.input.startAfterEnd' : null;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const describedBy = [input.maxChars !== null ? counterId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {input.label}
      {input.required && <span className="ms-1 text-xs font-normal text-gray-500">({t('applications.editor.required')})</span>}
    </>
  );
  return (
    <div className="space-y-1">
      {input.type === 'list' ? (
        <ListInput id={id} label={label} name={input.label} values={Array.isArray(value) ? value : []} disabled={disabled} invalid={error !== null} describedBy={describedBy} onChange={onChange} />
      ) : (
        <>
          <label htmlFor={id} className="block text-sm font-medium text-gray-800">
            {label}
          </label>
          {input.type === 'text' && input.maxChars !== null && input.maxChars > 200 ? (
            <textarea
              id={id}
              rows={4}
              value={typeof value === 'string' ? value : ''}
              readOnly={disabled}
              aria-invalid={error !== null}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.value)}
              className={inputClass}
            />
          ) : input.type === 'date' ? (
            <DateInput
              id={id}
              value={typeof value === 'string' ? value : ''}
              readOnly={disabled}
              aria-invalid={error !== null}
              aria-describedby={describedBy}
              onChange={onChange}
              className="max-w-60"
            />
          ) : input.type === 'number' ? (
            // An amount or a count reads back as typed, grouped as the application writes numbers ("45.000.000").
            <DecimalInput
              id={id}
              hundredths={typeof value === 'number' ? Math.round(value * 100) : null}
              locale={language}
              kind="number"
              disabled={disabled}
              invalid={error !== null}
              describedBy={describedBy}
              onChange={(hundredths) => onChange(hundredths === null ? null : hundredths / 100)}
              className="max-w-60"
            />
          ) : (
            <input
              id={id}
              type="text"
              value={value === null || Array.isArray(value) ? '' : String(value)}
              readOnly={disabled}
              aria-invalid={error !== null}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.value)}
              className={inputClass}
            />
          )}
        </>
      )}
      {input.maxChars !== null && input.type !== 'list' && <CharCount id={counterId} text={typeof value === 'string' ? value : value === null ? '' : String(value)} max={input.maxChars} />}
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

function ListInput({
  id,
  label,
  name,
  values,
  disabled,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  label: ReactNode;
  /** The field's label as text: each item is announced by it and its place ("Nøglepersoner, punkt 2 af 3"). */
  name: string;
  values: string[];
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string[]) => void;
}) {
  const t = useT();
  const rows = values.length > 0 ? values : [''];
  const list = useRef<HTMLOListElement>(null);
  // An item just added takes the focus, so the writer types into it rather than on from the button.
  const [focusItem, setFocusItem] = useState<number | null>(null);
  useEffect(() => {
    if (focusItem === null) return;
    list.current?.querySelectorAll('input')[focusItem]?.focus();
    setFocusItem(null);
  }, [focusItem, rows.length]);
  return (
    <fieldset aria-describedby={describedBy} className="space-y-2">
      <legend className="text-sm font-medium text-gray-800">{label}</legend>
      <ol ref={list} className="space-y-2">
        {rows.map((item, index) => (
          <li key={index} className="flex items-center gap-2">
            <input
              id={index === 0 ? id : undefined}
              aria-label={t('applications.editor.listItem', { label: name, n: index + 1, count: rows.length })}
              value={item}
              readOnly={disabled}
              aria-invalid={invalid && item.trim() === ''}
              onChange={(event) => onChange(rows.map((current, position) => (position === index ? event.target.value : current)))}
              className={inputClass}
            />
            {!disabled && rows.length > 1 && (
              <Button variant="ghost" aria-label={t('applications.editor.listRemove', { n: index + 1 })} onClick={() => onChange(rows.filter((_, position) => position !== index))}>
                ✕
              </Button>
            )}
          </li>
        ))}
      </ol>
      {!disabled && (
        <Button
          variant="secondary"
          onClick={() => {
            onChange([...rows, '']);
            setFocusItem(rows.length);
          }}
        >
          {t('applications.editor.listAdd')}
        </Button>
      )}
    </fieldset>
  );
}

function MissingList({ items, currency }: { items: MissingItem[]; currency: string }) {
  const t = useT();
  const dataProblemText = useDataProblemText(currency);
  const leftoverText = useLeftoverText();
  const keyOf = (item: MissingItem) =>
    item.kind === 'content' || item.kind === 'tooLong' ? item.kind : item.kind === 'data' ? `${item.field}:${item.message}` : item.kind === 'leftover' ? `leftover:${item.leftover.kind}` : `${item.kind}:${item.id}`;
  const textOf = (item: MissingItem) => {
    if (item.kind === 'content') return t('applications.editor.missing.content');
    if (item.kind === 'tooLong') return t('applications.editor.missing.textTooLong', { limit: item.limit, count: item.count });
    if (item.kind === 'data') return dataProblemText(item);
    if (item.kind === 'leftover') return leftoverText(item.leftover);
    if (item.kind === 'requirement') return t('applications.editor.missing.requirement', { text: item.text });
    return t(`applications.editor.missing.${item.problem === 'missing' ? 'input' : item.problem}`, { label: item.label });
  };
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
      <p className="font-semibold">{t('applications.section.notComplete')}</p>
      <p className="mt-1">{t('applications.editor.missingHeading')}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5 break-words">
        {items.map((item) => (
          <li key={keyOf(item)}>{textOf(item)}</li>
        ))}
      </ul>
    </div>
  );
}
