/**
 * The team's checks live (docs/decisions/0052): a check asked for, finished or failed, and a
 * suggestion applied, dismissed or taken back are announced on the application's assessment
 * channel of the live bus, and every open panel of the application reads its check again. A
 * notice says what changed, never the result: the rows are the truth, re-read when a notice comes
 * and when notices may have been missed.
 */
import { z } from 'zod';
import { channel } from '../../live/channel';
import type { LiveBus } from '../../live/live-bus';
import type { Services } from '../../services';
import { wakeUps } from '../../live/live-stream';

export type AssessmentNotice =
  | { kind: 'check'; checkId: string; status: 'queued' | 'done' | 'failed' }
  | { kind: 'suggestion'; checkId: string; suggestionId: string; status: 'applied' | 'dismissed' | 'open' };

const assessmentNotice: z.ZodType<AssessmentNotice> = z.union([
  z.object({ kind: z.literal('check'), checkId: z.string().max(100), status: z.enum(['queued', 'done', 'failed']) }),
  z.object({ kind: z.literal('suggestion'), checkId: z.string().max(100), suggestionId: z.string().max(100), status: z.enum(['applied', 'dismissed', 'open']) }),
]);

/** A notice is far below 300 characters; a longer message is not read at all. */
const notices = channel((applicationId: string) => `assessment:${applicationId}`, assessmentNotice, 300);

/** Tells every web process that the application's checks changed. Never fails the caller: the change is committed. */
export async function announceAssessment(bus: Pick<LiveBus, 'publish'> | undefined, applicationId: string, notice: AssessmentNotice): Promise<void> {
  if (!bus) return;
  try {
    await notices.publish(bus, applicationId, notice);
  } catch {
    // The panels read their check again when they next load or hear of another change.
  }
}

/**
 * What an open panel hears: `listening` first (anything before it is read from the rows), then
 * each notice, and `missed` when notices may have been lost (read everything again).
 */
export type AssessmentEvent = AssessmentNotice | { kind: 'listening' } | { kind: 'missed' };

/** The application's notices for one window, until `ended` is aborted. */
export async function* watchAssessment(services: Pick<Services, 'bus'>, applicationId: string, ended: AbortSignal): AsyncGenerator<AssessmentEvent> {
  const wakes = wakeUps<AssessmentEvent>(ended);
  const unlisten = await notices.subscribe(services.bus, applicationId, (notice) => wakes.push(notice ?? { kind: 'missed' }));
  try {
    yield { kind: 'listening' };
    while (!ended.aborted) {
      const news = await wakes.next();
      if (ended.aborted) return;
      for (const event of news) yield event;
    }
  } finally {
    wakes.dispose();
    unlisten();
  }
}
