/**
 * Checks an application against its grant's criteria (docs/decisions/0052): reads what the check
 * names, has the assessor score it, anchors each suggestion to its paragraph in the section's
 * co-edited text (Yjs relative positions, as comments are anchored) and stores the result. Progress
 * goes out as the job's progress, which the window's live connection shows.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type * as Y from 'yjs';
import type { Database } from '../../src/server/db/db';
import { checkState, documentOf, loadAssessmentMaterial, markCheckRunning, storeCheckError, storeCheckResult } from '../../src/server/features/assessment';
import { MalformedAssessmentError, type Assessor } from '../../src/server/integrations/ai/assessor';
import { paragraphsOf, type SuggestionProposal } from '../../src/shared/domain/assessment';
import type { LiveBus } from '../../src/server/live/live-bus';
import { anchorOf, sectionText, type TextAnchor } from '../../src/shared/domain/text-doc';
import { isFinalAttempt, payloadOf } from '../jobs';

export interface AssessmentProcessorDeps {
  db: Database;
  assessor: Assessor;
  log: Logger;
  /** Tells the team's open panels that the check finished or failed. */
  bus?: Pick<LiveBus, 'publish'>;
}

/** Each suggestion with the anchor of its paragraph; one whose paragraph is no longer there as read is left out. */
async function anchored(db: Database, suggestions: readonly SuggestionProposal[], contents: ReadonlyMap<string, string>) {
  const docs = new Map<string, Y.Doc | null>();
  const result: Array<SuggestionProposal & { anchor: TextAnchor; paragraph: string }> = [];
  for (const suggestion of suggestions) {
    if (!docs.has(suggestion.sectionId)) docs.set(suggestion.sectionId, await documentOf(db, suggestion.sectionId));
    const doc = docs.get(suggestion.sectionId);
    const read = paragraphsOf(contents.get(suggestion.sectionId) ?? '')[suggestion.paragraph];
    if (!doc || !read) continue;
    const text = sectionText(doc);
    const now = paragraphsOf(text.toString()).find((paragraph) => paragraph.text === read.text);
    if (!now) continue;
    result.push({ ...suggestion, paragraph: now.text, anchor: anchorOf(text, now.from, now.to) } as SuggestionProposal & { anchor: TextAnchor; paragraph: string });
  }
  for (const doc of docs.values()) doc?.destroy();
  return result;
}

export function assessmentProcessor({ db, assessor, log, bus }: AssessmentProcessorDeps) {
  return async (job: Job): Promise<{ status: 'done' | 'gone'; readiness?: number }> => {
    const { checkId } = payloadOf('assessment', job);
    const check = await checkState(db, checkId);
    if (!check) return { status: 'gone' };
    if (check.status === 'done') return { status: 'done' };
    await markCheckRunning(db, checkId);
    await job.updateProgress({ step: 'reading', done: 0, total: 3 });
    const material = await loadAssessmentMaterial(db, checkId);
    if (!material) return { status: 'gone' };
    const checked = { id: checkId, applicationId: material.applicationId };
    try {
      await job.updateProgress({ step: 'assessing', done: 1, total: 3 });
      const outcome = await assessor.assess(material);
      await job.updateProgress({ step: 'anchoring', done: 2, total: 3 });
      const contents = new Map(material.sections.map((section) => [section.id, section.content]));
      const suggestions = await anchored(db, outcome.suggestions, contents);
      // Stored with its suggestions, and the team's panels told, by the assessment module.
      const finished = await storeCheckResult({ db, bus }, checked, { outcome, assessor: assessor.model, offline: assessor.offline || outcome.fallback !== undefined, suggestions });
      if (!finished) return { status: 'gone' };
      await job.updateProgress({ step: 'done', done: 3, total: 3 });
      log.info({ checkId, readiness: outcome.readiness, assessor: assessor.model }, 'check against the call done');
      return { status: 'done', readiness: outcome.readiness };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof MalformedAssessmentError;
      const final = permanent || isFinalAttempt(job);
      await storeCheckError({ db, bus }, checked, message, final);
      if (permanent) throw new UnrecoverableError(message);
      throw error;
    }
  };
}
