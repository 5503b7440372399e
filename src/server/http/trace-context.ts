/**
 * One id per request, carried into the jobs it starts, so an operator can follow a click to its
 * draft job in the logs of every process: every log line written while a request or a job runs
 * carries it as `requestId` (log.ts). It is a W3C trace id: taken from a `traceparent` header
 * only when a trusted proxy sent it (TRUST_PROXY, as for client addresses), made up otherwise.
 * Jobs carry it in their data beside the installation (queues.ts) and the worker runs each job
 * under it (worker/traced.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const storage = new AsyncLocalStorage<{ traceId: string }>();

/** The id of the request or job running now, if any. */
export function currentTraceId(): string | undefined {
  return storage.getStore()?.traceId;
}

/** Runs `work` (and everything it starts) under `traceId`. */
export function withTrace<T>(traceId: string, work: () => T): T {
  return storage.run({ traceId }, work);
}

/**
 * A new trace id: 32 hex digits, as W3C Trace Context has them. A random UUID's, from Node's
 * buffered randomness (`randomBytes` per request showed in the profile of signed-in calls); its
 * two fixed version digits leave 122 random bits, which is plenty for an id that is not a secret.
 */
export function newTraceId(): string {
  return randomUUID().replaceAll('-', '');
}

/** The trace id of a W3C `traceparent` header (`00-<trace id>-<parent id>-<flags>`), or null when it is not one. */
export function traceIdOf(traceparent: string | null | undefined): string | null {
  const match = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceparent?.trim() ?? '');
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return null;
  return match[2]!;
}

/** The trace id a job was queued under (its data's `trace`), or null. */
export function traceOfJob(data: unknown): string | null {
  const trace = (data as { trace?: unknown } | null)?.trace;
  return typeof trace === 'string' && /^[0-9a-f]{32}$/.test(trace) ? trace : null;
}

/** pino's mixin: the running request's or job's id on every line. */
export function traceMixin(): { requestId?: string } {
  const traceId = currentTraceId();
  return traceId ? { requestId: traceId } : {};
}
