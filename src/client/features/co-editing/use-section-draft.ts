/**
 * The section editor's fields: the inputs' answers, the ticked requirements and a structured
 * section's rows, saved automatically. (The text is co-edited live: `use-co-editing.ts`.)
 *
 * Nothing entered is lost: every change is written to the browser's storage at once, and removed
 * only when the server has stored exactly those fields. A save is sent shortly after typing stops,
 * when the page is hidden or left, and when the connection comes back. Each save names the
 * version of the fields it was based on; when someone else saved them in between, the server
 * refuses it and the writer chooses between theirs and the other's (`conflict`). After a reload,
 * fields that never reached the server are put back when nobody has saved since; otherwise they
 * are offered as a conflict too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answers } from '../../../shared/domain/application-sections';
import { appErrorOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { readUnsaved, useAutosave } from './autosave';

type Section = RouterOutputs['applications']['section'];

export interface SectionDoc {
  answers: Answers;
  fulfilled: string[];
  /** The rows of a budget, activity plan or deliverables section; null for a text section or before the first row. */
  data: unknown;
}

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline' | 'failed' | 'conflict';

const SAVE_DELAY_MS = 800;
const RETRY_DELAY_MS = 5000;

function docOf(section: Pick<Section, 'answers' | 'fulfilled' | 'data'>): SectionDoc {
  return { answers: section.answers, fulfilled: [...section.fulfilled], data: section.data ?? null };
}

function sameDoc(a: SectionDoc, b: SectionDoc): boolean {
  return (
    JSON.stringify(a.answers) === JSON.stringify(b.answers) &&
    [...a.fulfilled].sort().join() === [...b.fulfilled].sort().join() &&
    JSON.stringify(a.data ?? null) === JSON.stringify(b.data ?? null)
  );
}

/** The newer fields someone else saved. */
export interface Conflict {
  theirs: Section;
}

export function useSectionDraft({ applicationId, section, editable }: { applicationId: string; section: Section; editable: boolean }) {
  const utils = trpc.useUtils();
  const { mutateAsync: saveSection } = trpc.applications.saveSection.useMutation({ meta: { handlesError: true } });

  // The draft is made once per section from the server's copy and what the browser kept.
  const [initial] = useState(() => {
    const stored = readUnsaved<SectionDoc>('fields', section.id);
    const server = docOf(section);
    if (!stored || sameDoc(docOf(stored.pending), server)) return { doc: server, base: section.fieldsVersion, conflict: null, restoredAt: null as number | null };
    if (stored.base === section.fieldsVersion) return { doc: stored.pending, base: section.fieldsVersion, conflict: null, restoredAt: stored.changedAt };
    return { doc: stored.pending, base: stored.base as number, conflict: { theirs: section } as Conflict, restoredAt: stored.changedAt };
  });

  const [doc, setDocState] = useState<SectionDoc>(initial.doc);
  const [state, setState] = useState<SaveState>(initial.conflict ? 'conflict' : initial.restoredAt ? 'unsaved' : 'saved');
  const [conflict, setConflict] = useState<Conflict | null>(initial.conflict);
  const [restoredAt, setRestoredAt] = useState<number | null>(initial.restoredAt);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const docRef = useRef(doc);
  const baseRef = useRef(initial.base);
  const conflictRef = useRef(conflict);
  conflictRef.current = conflict;

  const autosave = useAutosave<SaveState, SectionDoc>({
    kind: 'fields',
    sectionId: section.id,
    delayMs: SAVE_DELAY_MS,
    retryDelaysMs: [RETRY_DELAY_MS],
    dirty: initial.restoredAt !== null,
    blockedState: 'conflict',
    setState,
    blocked: () => conflictRef.current !== null,
    refused: () => !editable || conflictRef.current !== null,
    // Stored only when the server stored exactly these fields.
    current: () => docRef.current,
    send: async () => {
      const snapshot = docRef.current;
      const result = await saveSection({ applicationId, sectionId: section.id, fieldsVersion: baseRef.current, ...snapshot });
      baseRef.current = result.fieldsVersion;
      utils.applications.section.setData({ applicationId, sectionId: section.id }, (old) =>
        old ? { ...old, ...snapshot, version: result.version, fieldsVersion: result.fieldsVersion, status: result.status } : old,
      );
      utils.applications.get.setData({ applicationId }, (old) =>
        old ? { ...old, sections: old.sections.map((item) => (item.id === section.id ? { ...item, status: result.status } : item)) } : old,
      );
      setSavedAt(new Date());
      // Changed while it was saved: the browser keeps the newer fields, which are saved next.
      if (docRef.current !== snapshot) autosave.keep(docRef.current, result.version);
    },
    settle: async (error) => {
      if (appErrorOf(error)?.appCode !== 'CONFLICT') return false;
      const theirs = await utils.applications.section.fetch({ applicationId, sectionId: section.id }, { staleTime: 0 }).catch(() => null);
      if (!theirs) return false;
      setConflict({ theirs });
      setState('conflict');
      return true;
    },
  });
  const { flush } = autosave;

  const setDoc = useCallback(
    (change: (current: SectionDoc) => SectionDoc) => {
      const next = change(docRef.current);
      docRef.current = next;
      setDocState(next);
      autosave.changed(next, baseRef.current);
    },
    [autosave],
  );

  /** The writer's fields win: saved over the newer version. */
  const keepMine = useCallback(() => {
    const theirs = conflictRef.current?.theirs;
    if (!theirs) return;
    baseRef.current = theirs.fieldsVersion;
    conflictRef.current = null;
    setConflict(null);
    autosave.keep(docRef.current, theirs.fieldsVersion);
    void autosave.flush();
  }, [autosave]);

  /** The saved version wins: the writer's fields are dropped. */
  const takeTheirs = useCallback(() => {
    const theirs = conflictRef.current?.theirs;
    if (!theirs) return;
    const next = docOf(theirs);
    docRef.current = next;
    baseRef.current = theirs.fieldsVersion;
    conflictRef.current = null;
    setConflict(null);
    setDocState(next);
    autosave.drop();
  }, [autosave]);

  /** Drops fields restored from the browser and shows the server's copy. */
  const discardRestored = useCallback(() => {
    const server = utils.applications.section.getData({ applicationId, sectionId: section.id }) ?? section;
    const next = docOf(server);
    docRef.current = next;
    baseRef.current = server.fieldsVersion;
    setDocState(next);
    autosave.drop();
    setRestoredAt(null);
  }, [applicationId, autosave, section, utils]);

  /** The version of the fields the next save is based on. */
  const baseVersion = useCallback(() => baseRef.current, []);

  /**
   * A save made on the server for the writer (an accepted draft row): its fields' version becomes
   * the base, and `change` brings the document in line with it. Anything typed meanwhile stays
   * unsaved and is saved on top.
   */
  const adopt = useCallback(
    (version: number, change: (current: SectionDoc) => SectionDoc) => {
      baseRef.current = version;
      const next = change(docRef.current);
      docRef.current = next;
      setDocState(next);
      if (autosave.dirty) autosave.keep(next, version);
    },
    [autosave],
  );

  // Fields the browser kept are saved shortly after the editor opens, unless they are a conflict.
  useEffect(() => {
    if (initial.restoredAt && !initial.conflict) autosave.schedule();
  }, [autosave, initial]);

  return { doc, setDoc, state, conflict, savedAt, restoredAt, flush, keepMine, takeTheirs, discardRestored, baseVersion, adopt };
}
