/**
 * Figures for the people who run it, in the Prometheus text format (prom-client): how long
 * requests and procedures take, live connections, e-mails, registry look-ups, AI drafts, the
 * queues as BullMQ counts them, and the process itself (event-loop lag, heap, GC). One registry
 * per process; the web server answers `/metrics` and the worker its own port
 * (docs/decisions/0046-operating-it.md). Labels name routes, procedures, queues and outcomes,
 * never a company, user or application: the figures are the installation's, not a customer's.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Queue } from 'bullmq';
import cluster from 'node:cluster';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueName } from '../../shared/jobs';

export const metricsRegistry = new Registry();

let processMetricsStarted = false;
/** Event-loop lag, heap, GC and the other Node figures, labelled with the process's service. */
export function startProcessMetrics(service: string): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
  // One of several web processes (cluster.ts): the primary asks each for these figures and sums
  // them. Making an AggregatorRegistry is what makes a process answer the primary's asking.
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([metricsRegistry]);
    new AggregatorRegistry();
  }
}

// Buckets from a cached read (about a millisecond) to a slow mutation or a draft's wait.
const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'grantwork_http_request_duration_seconds',
  help: 'HTTP requests by route, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: requestBuckets,
  registers: [metricsRegistry],
});

export const procedureDuration = new Histogram({
  name: 'grantwork_trpc_procedure_duration_seconds',
  help: 'tRPC calls by procedure, type and outcome (OK or the tRPC error code); a subscription is timed until it starts',
  labelNames: ['procedure', 'type', 'code'] as const,
  buckets: requestBuckets,
  registers: [metricsRegistry],
});

const liveConnectionCounts = new Set<() => number>();
new Gauge({
  name: 'grantwork_live_connections',
  help: 'Open live connections (one WebSocket per browser window) in this process',
  registers: [metricsRegistry],
  collect() {
    let open = 0;
    for (const count of liveConnectionCounts) open += count();
    this.set(open);
  },
});
/** Counts a live socket server's open connections in `grantwork_live_connections`; returns the way to stop. */
export function countLiveConnections(count: () => number): () => void {
  liveConnectionCounts.add(count);
  return () => liveConnectionCounts.delete(count);
}

export const emailsTotal = new Counter({
  name: 'grantwork_emails_total',
  help: 'E-mails by outcome: sent, or failed (an attempt that will be retried, or the last one)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const registryLookupsTotal = new Counter({
  name: 'grantwork_registry_lookups_total',
  help: 'Look-ups in the company registry by outcome: found, not-found, failed',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const registryLookupDuration = new Histogram({
  name: 'grantwork_registry_lookup_duration_seconds',
  help: 'How long a look-up in the company registry took, whatever its outcome',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const aiDraftsTotal = new Counter({
  name: 'grantwork_ai_drafts_total',
  help: 'AI draft runs by outcome: done, failed (retried or final), waiting (back in the queue for a model’s rate limit), gone (the application was deleted)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const aiDraftDuration = new Histogram({
  name: 'grantwork_ai_draft_duration_seconds',
  help: 'How long writing one AI draft took, by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

let queueSource: { names: readonly QueueName[]; queueOf: (name: QueueName) => Queue } | null = null;

/** Each queue's figures, read from `queueOf(name)` when the figures are asked for (the web process's producers). */
export function observeQueues(names: readonly QueueName[], queueOf: (name: QueueName) => Queue): void {
  queueSource = { names, queueOf };
}

/** Sets one gauge from every observed queue; a queue Redis cannot answer for now is left out. */
async function eachQueue(gauge: Gauge<'queue' | 'state'> | Gauge<'queue'>, read: (queue: Queue, name: QueueName) => Promise<void>): Promise<void> {
  gauge.reset();
  if (!queueSource) return;
  const { names, queueOf } = queueSource;
  await Promise.all(names.map((name) => read(queueOf(name), name).catch(() => {})));
}

const queueStates = ['waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children'] as const;

// The queues as BullMQ counts them: jobs per state, the totals its own metrics keep, and how long
// the oldest waiting job has waited.
new Gauge({
  name: 'grantwork_queue_jobs',
  help: 'Jobs per queue and state (BullMQ getJobCounts)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    await eachQueue(this, async (queue, name) => {
      const counts = await queue.getJobCounts(...queueStates);
      for (const state of queueStates) this.set({ queue: name, state }, counts[state] ?? 0);
    });
  },
});
new Gauge({
  name: 'grantwork_queue_oldest_waiting_seconds',
  help: 'Age of the oldest job waiting in each queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    await eachQueue(this, async (queue, name) => {
      // Ascending: the job that has waited longest comes first.
      const [oldest] = await queue.getJobs(['wait'], 0, 0, true)
      this.set({ queue: name }, oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
    });
  },
});
for (const [kind, help] of [
  ['completed', 'Jobs completed per queue, as BullMQ’s metrics count them (since the queue began)'],
  ['failed', 'Jobs failed per queue, as BullMQ’s metrics count them (since the queue began)'],
] as const) {
  new Gauge({
    name: `grantwork_queue_${kind}_total`,
    help,
    labelNames: ['queue'] as const,
    registers: [metricsRegistry],
    async collect() {
      await eachQueue(this, async (queue, name) => {
        const metrics = await queue.getMetrics(kind, 0, 0);
        this.set({ queue: name }, metrics.meta.count);
      });
    },
  });
}

/**
 * Whether a request may read the figures: with `METRICS_TOKEN` set, only with it as a Bearer
 * token (compared in constant time); without one, only on the internal metrics port.
 */
export function mayReadMetrics(authorization: string | null | undefined, token: string | undefined, internalPort: boolean): boolean {
  if (!token) return internalPort;
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The figures in Prometheus's text format. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType };
}

/**
 * A port of its own answering only `/metrics`: the web server's when `METRICS_PORT` is set, the
 * worker's when `WORKER_METRICS_PORT` is. Resolves once it listens.
 */
export function serveMetrics(options: { port: number; host: string; token: string | undefined; text?: typeof metricsText }): Promise<Server> {
  const text = options.text ?? metricsText;
  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== '/metrics' || request.method !== 'GET') {
      response.writeHead(404).end('Not Found');
      return;
    }
    if (!mayReadMetrics(request.headers.authorization, options.token, true)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end('Unauthorized');
      return;
    }
    text().then(
      ({ body, contentType }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      () => response.writeHead(500).end('Internal Server Error'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
