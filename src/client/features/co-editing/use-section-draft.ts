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

type Section = RouterOutputs['applications']['section'];

export interface SectionDoc {
  answers: Answers;
  fulfilled: string[];
  /** The rows of a budget, activity plan or deliverables section; null for a text section or before the first row. */
  data: unknown;
}

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline' | 'failed' | 'conflict';

interface StoredDraft {
  doc: SectionDoc;
  baseVersion: number;
  changedAt: number;
}

const SAVE_DELAY_MS = 800;
const RETRY_DELAY_MS = 5000;

const storageKey = (sectionId: string) => `gw:section-draft:${sectionId}`;

function readStored(sectionId: string): StoredDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(sectionId));
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    return null;
  }
}

function writeStored(sectionId: string, draft: StoredDraft): void {
  try {
    localStorage.setItem(storageKey(sectionId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server save is then the only copy, as without this feature.
  }
}

function removeStored(sectionId: string): void {
  try {
    localStorage.removeItem(storageKey(sectionId));
  } catch {
    // Nothing to clean up.
  }
}

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
    const stored = readStored(section.id);
    const server = docOf(section);
    if (!stored || sameDoc(docOf(stored.doc), server)) return { doc: server, base: section.fieldsVersion, conflict: null, restoredAt: null as number | null };
    if (stored.baseVersion === section.fieldsVersion) return { doc: stored.doc, base: section.fieldsVersion, conflict: null, restoredAt: stored.changedAt };
    return { doc: stored.doc, base: stored.baseVersion, conflict: { theirs: section } as Conflict, restoredAt: stored.changedAt };
  });

  const [doc, setDocState] = useState<SectionDoc>(initial.doc);
  const [state, setState] = useState<SaveState>(initial.conflict ? 'conflict' : initial.restoredAt ? 'unsaved' : 'saved');
  const [conflict, setConflict] = useState<Conflict | null>(initial.conflict);
  const [restoredAt, setRestoredAt] = useState<number | null>(initial.restoredAt);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const docRef = useRef(doc);
  const baseRef = useRef(initial.base);
  const conflictRef = useRef(conflict);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  // Whether the document holds changes the server has not stored.
  const dirty = useRef(initial.restoredAt !== null);
  conflictRef.current = conflict;

  const schedule = useCallback((delay: number, run: () => void) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(run, delay);
  }, []);

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    if (!editable || conflictRef.current) return false;
    // A change made while a save runs is saved after it.
    if (inFlight.current) await inFlight.current;
    if (!dirty.current) return true;
    if (!navigator.onLine) {
      setState('offline');
      return false;
    }
    const snapshot = docRef.current;
    setState('saving');
    const run = (async () => {
      try {
        const result = await saveSection({ applicationId, sectionId: section.id, fieldsVersion: baseRef.current, ...snapshot });
        baseRef.current = result.fieldsVersion;
        utils.applications.section.setData({ applicationId, sectionId: section.id }, (old) =>
          old ? { ...old, ...snapshot, version: result.version, fieldsVersion: result.fieldsVersion, status: result.status } : old,
        );
        utils.applications.get.setData({ applicationId }, (old) =>
          old ? { ...old, sections: old.sections.map((item) => (item.id === section.id ? { ...item, status: result.status } : item)) } : old,
        );
        setSavedAt(new Date());
        if (docRef.current === snapshot) {
          dirty.current = false;
          removeStored(section.id);
          setState('saved');
        } else {
          writeStored(section.id, { doc: docRef.current, baseVersion: result.version, changedAt: Date.now() });
          setState('unsaved');
          schedule(SAVE_DELAY_MS, () => void flush());
        }
        return true;
      } catch (error) {
        const data = appErrorOf(error);
        if (data?.appCode === 'CONFLICT') {
          const theirs = await utils.applications.section.fetch({ applicationId, sectionId: section.id }, { staleTime: 0 }).catch(() => null);
          if (theirs) {
            setConflict({ theirs });
            setState('conflict');
            return false;
          }
        }
        const offline = !navigator.onLine || data === null;
        setState(offline && !navigator.onLine ? 'offline' : 'failed');
        schedule(RETRY_DELAY_MS, () => void flush());
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, [applicationId, editable, saveSection, schedule, section.id, utils]);

  const setDoc = useCallback(
    (change: (current: SectionDoc) => SectionDoc) => {
      const next = change(docRef.current);
      docRef.current = next;
      dirty.current = true;
      setDocState(next);
      writeStored(section.id, { doc: next, baseVersion: baseRef.current, changedAt: Date.now() });
      if (conflictRef.current) return;
      setState('unsaved');
      schedule(SAVE_DELAY_MS, () => void flush());
    },
    [flush, schedule, section.id],
  );

  /** The writer's fields win: saved over the newer version. */
  const keepMine = useCallback(() => {
    const theirs = conflictRef.current?.theirs;
    if (!theirs) return;
    baseRef.current = theirs.fieldsVersion;
    conflictRef.current = null;
    setConflict(null);
    writeStored(section.id, { doc: docRef.current, baseVersion: theirs.fieldsVersion, changedAt: Date.now() });
    void flush();
  }, [flush, section.id]);

  /** The saved version wins: the writer's fields are dropped. */
  const takeTheirs = useCallback(() => {
    const theirs = conflictRef.current?.theirs;
    if (!theirs) return;
    const next = docOf(theirs);
    docRef.current = next;
    dirty.current = false;
    baseRef.current = theirs.fieldsVersion;
    conflictRef.current = null;
    setConflict(null);
    setDocState(next);
    removeStored(section.id);
    setState('saved');
  }, [section.id]);

  /** Drops fields restored from the browser and shows the server's copy. */
  const discardRestored = useCallback(() => {
    const server = utils.applications.section.getData({ applicationId, sectionId: section.id }) ?? section;
    const next = docOf(server);
    if (timer.current) clearTimeout(timer.current);
    docRef.current = next;
    dirty.current = false;
    baseRef.current = server.fieldsVersion;
    setDocState(next);
    removeStored(section.id);
    setRestoredAt(null);
    setState('saved');
  }, [applicationId, section, utils]);

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
      if (dirty.current) writeStored(section.id, { doc: next, baseVersion: version, changedAt: Date.now() });
    },
    [section.id],
  );

  // The listeners live as long as the editor; they call the latest `flush`.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const flushNow = () => void flushRef.current();
    if (initial.restoredAt && !initial.conflict) schedule(SAVE_DELAY_MS, flushNow);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    // No "leave the page?" prompt: the browser already holds a copy of anything unsaved.
    const onPageHide = () => {
      if (dirty.current) flushNow();
    };
    const onOffline = () => setState((current) => (current === 'saved' || current === 'conflict' ? current : 'offline'));
    window.addEventListener('online', flushNow);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('online', flushNow);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the editor within the app: send what is pending (the browser keeps a copy anyway).
      if (timer.current) clearTimeout(timer.current);
      if (dirty.current) flushNow();
    };
  }, [initial, schedule]);

  return { doc, setDoc, state, conflict, savedAt, restoredAt, flush, keepMine, takeTheirs, discardRestored, baseVersion, adopt };
}
