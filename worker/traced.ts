/**
 * Runs each job under the trace id of the request that queued it (src/server/http/trace-context.ts),
 * so the worker's log lines for it carry the same `requestId` as the request's; a job queued
 * outside a request (a schedule) gets an id of its own.
 */
import type { Job, Processor } from 'bullmq';
import { newTraceId, traceOfJob, withTrace } from '../src/server/http/trace-context';

export function traced(processor: Processor): Processor {
  return (job: Job, token?: string) => withTrace(traceOfJob(job.data) ?? newTraceId(), () => processor(job, token));
}
