/**
 * The `drafts` queue: write one section draft. The partial text is stored on the draft's row at
 * most every 200 ms and announced as job progress holding only its length (job data and progress
 * stay in Redis for days and show on the admin job page: ids and counts only), so the editor,
 * woken by the progress event, reads the text as it is written. Idempotent by the draft id: a
 * finished draft is not written again, and a job taken over from a killed worker starts the text
 * over and still ends in exactly one draft. A rejected key or request fails at once
 * (UnrecoverableError); a rate limit that says when to come back is waited for, if that is within
 * the draft's budget of time, without spending an attempt, and fails plainly if not; timeouts,
 * network errors, 5xx and cut-short streams are retried with backoff. A structured section's draft
 * is rows, proposed with what the shared rules find wrong with each (`draft-rows.ts`).
 */
import { randomBytes } from 'node:crypto';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '../../src/server/db/db';
import { buildPrompt, splitAddressed } from '../../src/server/integrations/ai/draft-material';
import { draftState, finishDraft, loadDraftMaterial, markDraftRunning, recordDraftError, storeDraftProgress } from '../../src/server/features/drafts';
import { PermanentDraftError, RateLimitedDraftError, type Drafter } from '../../src/server/integrations/ai/drafter';
import { proposedRows, type RowProposal } from '../../src/shared/domain/draft-rows';
import { isStructuredKind } from '../../src/shared/schemas/section-data';
import { aiDraftDuration, aiDraftsTotal } from '../../src/server/http/metrics';
import { isFinalAttempt, payloadOf } from '../jobs';

export interface DraftsProcessorDeps {
  db: Database;
  drafter: Drafter;
  log: Logger;
  /** The longest a draft may wait, from when it was asked for, for the model's rate limits (`AI_WAIT_MAX_MS`). */
  waitMaxMs: number;
}

/** A row's id as the browser makes them: short, URL-safe, unique within the section. */
const newRowId = () => `r${randomBytes(6).toString('base64url')}`;

export const PROGRESS_INTERVAL_MS = 200;

/** The text as the writer may see it while it is written: without the closing "ADDRESSED:" line. */
function visible(text: string): string {
  const marker = text.search(/\n\s*ADDRESSED\s*:?/i);
  return marker === -1 ? text : text.slice(0, marker);
}

export function draftsProcessor({ db, drafter, log, waitMaxMs }: DraftsProcessorDeps) {
  return async (job: Job, token?: string): Promise<{ status: 'done' | 'gone'; chars?: number; model?: string }> => {
    const { draftId } = payloadOf('drafts', job);
    const draft = await draftState(db, draftId);
    // The application was deleted meanwhile, or the draft was already written.
    if (!draft) return { status: 'gone' };
    if (draft.status === 'done') return { status: 'done' };
    await markDraftRunning(db, draftId);
    const material = await loadDraftMaterial(db, draftId);
    if (!material) return { status: 'gone' };
    const structuredKind = isStructuredKind(material.section.kind) ? material.section.kind : null;
    const structured = structuredKind !== null;
    if (structured && drafter.offline) {
      await recordDraftError(db, draftId, 'A structured section is drafted by a model only: none is configured (AI_BASE_URL)', true);
      throw new UnrecoverableError('a structured section needs a model');
    }
    await job.updateProgress({ status: 'running', chars: 0 });

    let lastPublished = 0;
    // One write after another, so an older piece never overwrites a newer one.
    let stored: Promise<unknown> = Promise.resolve();
    // The finished text is stored below, so a piece skipped here is never lost.
    const publish = (text: string) => {
      const now = Date.now();
      if (now - lastPublished < PROGRESS_INTERVAL_MS) return;
      lastPublished = now;
      // Rows arrive as JSON, which is no text to show: only their length is announced.
      const shown = structured ? '' : visible(text);
      stored = stored
        .then(() => (structured ? undefined : storeDraftProgress(db, draftId, shown)))
        .then(() => job.updateProgress({ status: 'running', chars: shown.length }))
        .catch(() => {});
    };
    const timer = aiDraftDuration.startTimer();
    const counted = (outcome: 'done' | 'gone' | 'failed' | 'waiting') => {
      aiDraftsTotal.inc({ outcome });
      timer({ outcome });
    };
    try {
      const result = await drafter.draft(material, publish);
      await stored;
      let proposals: RowProposal[] | null = null;
      if (structuredKind) {
        proposals = proposedRows(structuredKind, result.content, material.grant.terms, newRowId);
        if (proposals === null) throw new PermanentDraftError('The model did not answer with JSON rows ({"rows": [...]})');
      }
      const { content, addressed } = structured
        ? { content: '', addressed: [] }
        : result.addressed
          ? { content: result.content, addressed: result.addressed }
          : splitAddressed(result.content, material.section.requirements);
      const finished = await finishDraft(db, draftId, {
        content,
        addressed,
        proposals,
        model: result.model,
        offline: result.offline,
        promptChars: result.offline ? null : buildPrompt(material).user.length,
        tokensIn: result.tokensIn,
        tokensOut: result.tokensOut,
      });
      // The application was deleted while the text was written: nothing is kept.
      if (Number(finished.numUpdatedRows) === 0) {
        counted('gone');
        return { status: 'gone' };
      }
      counted('done');
      await job.updateProgress({ status: 'done', chars: content.length });
      log.info({ draftId, model: result.model, chars: content.length }, 'draft written');
      return { status: 'done', chars: content.length, model: result.model };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A rate limit waited for is no failure of the draft: it goes back to the queue.
      counted(error instanceof RateLimitedDraftError && error.retryAfterMs !== null ? 'waiting' : 'failed');
      if (error instanceof RateLimitedDraftError && error.retryAfterMs !== null) {
        const waitUntil = Date.now() + error.retryAfterMs;
        if (waitUntil - Date.parse(draft.createdAt) > waitMaxMs) {
          const plain = `${message}; it asks to wait ${Math.ceil(error.retryAfterMs / 1000)} s, beyond the ${Math.round(waitMaxMs / 1000)} s a draft may wait (AI_WAIT_MAX_MS)`;
          await recordDraftError(db, draftId, plain, true);
          throw new UnrecoverableError(plain);
        }
        // Back to the queue until the endpoint said to come back; this spends no attempt.
        await recordDraftError(db, draftId, message, false);
        await job.moveToDelayed(waitUntil, token);
        throw new DelayedError();
      }
      const permanent = error instanceof PermanentDraftError;
      const final = permanent || isFinalAttempt(job);
      await recordDraftError(db, draftId, message, final);
      if (permanent) throw new UnrecoverableError(message);
      throw error;
    }
  };
}
