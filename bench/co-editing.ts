/**
 * The co-editing lines of the benchmark, on the browser's own path: each writer is a user of its
 * own with a session and ONE WebSocket to `/live` (`createWSClient` + `wsLink`, as
 * `src/client/lib/live-connection.ts` builds it), over which it watches the section's text
 * (`coEditing.watch`) and sends its changes (`coEditing.push`) under its own Yjs client id.
 *
 * - `coEditingLatency`: writers in one section, spread over one or more web processes, each typing
 *   a word every half second at the end of the text. For every word, the time from the writer
 *   starting its push until each other writer has the word in its document: p50 and p99 over all.
 * - `pushCost`: one writer per section, in sections whose text is of different sizes, typing a
 *   word over as many characters at a random place, one push after the other: the push's latency
 *   and the web process's CPU per push, which should not grow with the text.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import { sql } from 'kysely';
import { fromBase64, toBase64 } from 'lib0/buffer';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createSession } from '../src/server/auth/session';
import type { ScratchDatabase } from '../src/server/db/scratch-database';
import type { AppRouter } from '../src/server/router';
import { sectionText } from '../src/shared/domain/text-doc';

type Db = ScratchDatabase['db'];
interface Section {
  id: string;
  applicationId: string;
}
/** A section as the co-editing calls name it. */
interface SectionInput {
  applicationId: string;
  sectionId: string;
}

const PUSH_EVERY_MS = 500;
/** The origin of changes that came from the server (not sent back). */
const REMOTE = 'remote';
/** A word the benchmark types: nothing in a seeded text looks like it. */
const WORD = /\bw\d+n\d+z\b/g;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Users of the section's company (employees), each with a session: one per writer. */
async function writerUsers(db: Db, section: SectionInput, count: number): Promise<string[]> {
  const company = await db.selectFrom('applications').select('company_id').where('id', '=', section.applicationId).executeTakeFirstOrThrow();
  const suffix = randomBytes(4).toString('hex');
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, index) => ({ email: `writer${index}-${suffix}@bench.example`, password_hash: 'not used', firstname: 'Skribent', lastname: String(index), email_verified_at: new Date() })))
    .returning('id')
    .execute();
  await db
    .insertInto('memberships')
    .values(users.map((user) => ({ company_id: company.company_id, user_id: user.id, role: 'employee' as const })))
    .execute();
  return Promise.all(users.map(async (user) => (await createSession(db, user.id)).token));
}

/** One writer: its document, its live connection, its stream of the section's text. */
interface Writer {
  doc: Y.Doc;
  client: TRPCClient<AppRouter>;
  /** The document's state the server has confirmed (what a push need not send again). */
  serverState: Uint8Array | null;
  /** Words not yet in this writer's document, with when their push started. */
  awaited: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Opens a writer's live connection and its stream of the section's text; resolves once the stream
 * has sent the stored text. `onRemoteWord` hears every word another writer typed, once it is in
 * this writer's document.
 */
async function openWriter(app: string, token: string, section: SectionInput, onRemoteWord: (writer: Writer, word: string, at: number) => void): Promise<Writer> {
  const socket = createWSClient({
    url: `${app.replace(/^http/, 'ws')}/live`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: () => ({ token }),
    retryDelayMs: () => 500,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
  const doc = new Y.Doc();
  const writer: Writer = { doc, client, serverState: null, awaited: new Map(), close: async () => {} };
  // A word is in the document once Yjs has integrated it (a change that came before the one it
  // follows is held back by Yjs until then).
  sectionText(doc).observe((event, transaction) => {
    if (transaction.origin !== REMOTE) return;
    const at = performance.now();
    for (const part of event.delta) {
      if (typeof part.insert !== 'string') continue;
      for (const [word] of part.insert.matchAll(WORD)) onRemoteWord(writer, word, at);
    }
  });
  let failure: unknown = null;
  const subscription = client.coEditing.watch.subscribe(
    { ...section, clientId: doc.clientID, stateVector: toBase64(Y.encodeStateVector(doc)) },
    {
      onData: (event) => {
        if (event.type !== 'sync' && event.type !== 'update') return;
        Y.applyUpdate(doc, fromBase64(event.update), REMOTE);
        if (event.type === 'sync') writer.serverState = fromBase64(event.stateVector);
      },
      onError: (error) => {
        failure = error;
      },
    },
  );
  writer.close = async () => {
    subscription.unsubscribe();
    await socket.close();
  };
  const until = Date.now() + 30_000;
  while (!writer.serverState && !failure && Date.now() < until) await sleep(20);
  if (!writer.serverState) {
    await writer.close();
    throw new Error(`a writer’s stream did not start${failure ? `: ${String(failure)}` : ''}`);
  }
  return writer;
}

/** Why a push failed, for the record (the error's app code, else its message). */
function reasonOf(error: unknown): string {
  const data = (error as { data?: { appCode?: string; code?: string } }).data;
  return data?.appCode ?? data?.code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Sends what the server lacks of the writer's document, as the editor does: everything since the
 * state it last confirmed. A failed push leaves it unconfirmed, so the next push carries it again.
 */
async function push(writer: Writer, section: SectionInput): Promise<{ ok: true } | { ok: false; reason: string }> {
  const before = Y.encodeStateVector(writer.doc);
  const update = toBase64(Y.encodeStateAsUpdate(writer.doc, writer.serverState ?? undefined));
  try {
    await writer.client.coEditing.push.mutate({ ...section, clientId: writer.doc.clientID, update });
    writer.serverState = before;
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/** Whether the server has confirmed everything the writer typed. */
const confirmed = (writer: Writer) => writer.serverState !== null && (Y.decodeStateVector(writer.serverState).get(writer.doc.clientID) ?? 0) === Y.getState(writer.doc.store, writer.doc.clientID);

export interface LatencyResult {
  writers: number;
  webProcesses: number;
  updates: number;
  failedPushes: number;
  failureReasons?: Record<string, number>;
  deliveries: number;
  notDelivered: number;
  p50Ms: number;
  p99Ms: number;
  /** How long a push took to be answered (the writer's round trip), p50 / p99. */
  pushP50Ms: number;
  pushP99Ms: number;
  /** CPU the benchmark's own process (all the writers) spent, as a share of the run's wall time. */
  loadGeneratorCpuShare: number;
  /** The machine's load average (1 minute) when the run ended: the lines are measured at under 4. */
  loadAverage: number;
  budget: string;
  pass: boolean;
}

/**
 * `writers` writers in one section, writer i on `apps[i % apps.length]`, each typing a word every
 * half second for `durationSeconds`. Every other writer must get every word within `p99BudgetMs` (p99).
 */
export async function coEditingLatency(apps: readonly string[], db: Db, section: Section, options: { writers: number; durationSeconds: number; p99BudgetMs: number }): Promise<LatencyResult> {
  const input = { applicationId: section.applicationId, sectionId: section.id };
  const tokens = await writerUsers(db, input, options.writers);
  const latencies: number[] = [];
  const heard = (writer: Writer, word: string, at: number) => {
    const sentAt = writer.awaited.get(word);
    if (sentAt === undefined) return;
    latencies.push(at - sentAt);
    writer.awaited.delete(word);
  };
  const writers = await Promise.all(tokens.map((token, index) => openWriter(apps[index % apps.length]!, token, input, heard)));

  let sent = 0;
  let failed = 0;
  const reasons: Record<string, number> = {};
  const roundTrips: number[] = [];
  const pushCounted = async (writer: Writer) => {
    const start = performance.now();
    const result = await push(writer, input);
    roundTrips.push(performance.now() - start);
    sent += 1;
    if (!result.ok) {
      failed += 1;
      reasons[result.reason] = (reasons[result.reason] ?? 0) + 1;
    }
  };
  const stopAt = Date.now() + options.durationSeconds * 1000;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  let generatorShare = NaN;
  try {
    await Promise.all(
      writers.map(async (writer, index) => {
        // Spread over the interval, as people do not type in step.
        await sleep((index * PUSH_EVERY_MS) / writers.length);
        let n = 0;
        while (Date.now() < stopAt) {
          const next = Date.now() + PUSH_EVERY_MS;
          const word = `w${index}n${n++}z`;
          const text = sectionText(writer.doc);
          text.insert(text.length, ` ${word}`);
          const sentAt = performance.now();
          for (const other of writers) if (other !== writer) other.awaited.set(word, sentAt);
          await pushCounted(writer);
          await sleep(Math.max(0, next - Date.now()));
        }
        // What a failed last push left unconfirmed is sent again, as the editor does.
        for (let attempt = 0; attempt < 3 && !confirmed(writer); attempt += 1) {
          await sleep(500);
          await pushCounted(writer);
        }
      }),
    );
    // What is still on its way arrives, or counts as not arrived.
    const settleUntil = Date.now() + 10_000;
    while (writers.some((writer) => writer.awaited.size > 0) && Date.now() < settleUntil) await sleep(50);
    const used = process.cpuUsage(cpuBefore);
    generatorShare = (used.user + used.system) / 1000 / (performance.now() - wallBefore);
  } finally {
    await Promise.all(writers.map((writer) => writer.close()));
  }
  const missing = writers.reduce((sum, writer) => sum + writer.awaited.size, 0);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99Ms = Math.round(percentile(sorted, 99));
  roundTrips.sort((a, b) => a - b);
  return {
    writers: options.writers,
    webProcesses: apps.length,
    updates: sent,
    failedPushes: failed,
    ...(failed > 0 ? { failureReasons: reasons } : {}),
    deliveries: sorted.length,
    notDelivered: missing,
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms,
    pushP50Ms: Math.round(percentile(roundTrips, 50)),
    pushP99Ms: Math.round(percentile(roundTrips, 99)),
    loadGeneratorCpuShare: round(generatorShare),
    loadAverage: round(loadavg()[0]!, 1),
    budget: `p99 ≤ ${options.p99BudgetMs} ms, every word delivered`,
    pass: sorted.length > 0 && p99Ms <= options.p99BudgetMs && missing === 0,
  };
}

/** Prose of exactly `length` characters (ASCII, so any offset is between two characters). */
function textOf(length: number): string {
  const words = ['the', 'project', 'will', 'develop', 'a', 'new', 'method', 'for', 'measuring', 'grant', 'impact', 'across', 'regions', 'and', 'sectors'];
  let text = '';
  for (let index = 0; text.length < length; index += 1) text += `${words[(index * 7) % words.length]}${index % 12 === 11 ? '. ' : ' '}`;
  return text.slice(0, length);
}

/**
 * Puts a text of `chars` characters into each section as earlier text (no stored document, no
 * change log). Its `text_seq` moves on, so a web process that kept the section's document in
 * memory reads it anew.
 */
export async function setSectionTexts(db: Db, sections: ReadonlyArray<Section & { chars: number }>): Promise<void> {
  for (const section of sections) {
    await db.deleteFrom('section_text_updates').where('section_id', '=', section.id).execute();
    await db
      .updateTable('application_sections')
      .set((eb) => ({ content: textOf(section.chars), text_doc: null, text_seq: eb('text_seq', '+', '1') }))
      .where('id', '=', section.id)
      .execute();
  }
}

/** Starts measuring CPU; the function it returns says what was spent since, in ms (null where unknown). */
export type CpuMeter = () => () => { web: number | null; database: number | null };

export interface PushCostRow {
  chars: number;
  pushes: number;
  failedPushes: number;
  p50Ms: number;
  p99Ms: number;
  /** The web process's CPU over the pushes, per push. */
  cpuMsPerPush: number | null;
  /** PostgreSQL's CPU over the pushes, per push (when it runs on this machine). */
  databaseCpuMsPerPush: number | null;
}

export interface PushCostResult {
  pushesPerSection: number;
  sections: PushCostRow[];
  /** Largest over smallest of the sections' p50 latency and CPU per push. */
  p50Ratio: number;
  cpuRatio: number | null;
  /** The machine's load average (1 minute) when the pushes ended. */
  loadAverage: number;
  budget: string;
  pass: boolean;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One writer per section (a user of its own, on its own connection) types `pushes` words, one
 * after the other, each over as many characters at a random place (so the text keeps its size),
 * after one warm-up push that stores the section's document. `cpu` measures what the web process
 * and PostgreSQL spent over the pushes.
 */
export async function pushCost(
  app: string,
  db: Db,
  sections: ReadonlyArray<Section & { chars: number }>,
  cpu: CpuMeter,
  pushes = 300,
): Promise<PushCostResult> {
  const rows: PushCostRow[] = [];
  for (const section of sections) {
    const input = { applicationId: section.applicationId, sectionId: section.id };
    const [token] = await writerUsers(db, input, 1);
    const writer = await openWriter(app, token!, input, () => {});
    try {
      const text = sectionText(writer.doc);
      if (text.length !== section.chars) throw new Error(`the section holds ${text.length} characters, not ${section.chars}`);
      let n = 0;
      const typeWord = () => {
        const word = ` w0n${n++}z`;
        const at = Math.floor(Math.random() * (text.length - word.length));
        writer.doc.transact(() => {
          text.insert(at, word);
          text.delete(at + word.length, word.length);
        });
      };
      typeWord();
      const warmUp = await push(writer, input);
      if (!warmUp.ok) throw new Error(`the warm-up push failed: ${warmUp.reason}`);
      const times: number[] = [];
      let failed = 0;
      const spent = cpu();
      for (let index = 0; index < pushes; index += 1) {
        typeWord();
        const start = performance.now();
        const result = await push(writer, input);
        times.push(performance.now() - start);
        if (!result.ok) failed += 1;
      }
      const used = spent();
      const stored = await db.selectFrom('application_sections').select(sql<number>`char_length(content)`.as('chars')).where('id', '=', section.id).executeTakeFirstOrThrow();
      if (stored.chars !== section.chars && failed === 0) throw new Error(`the stored text has ${stored.chars} characters, not ${section.chars}`);
      times.sort((a, b) => a - b);
      rows.push({
        chars: section.chars,
        pushes,
        failedPushes: failed,
        p50Ms: round(percentile(times, 50)),
        p99Ms: round(percentile(times, 99)),
        cpuMsPerPush: used.web === null ? null : round(used.web / pushes),
        databaseCpuMsPerPush: used.database === null ? null : round(used.database / pushes),
      });
    } finally {
      await writer.close();
    }
  }
  const ratio = (values: Array<number | null>) => (values.every((value): value is number => value !== null && value > 0) ? round(Math.max(...values) / Math.min(...values)) : null);
  const p50Ratio = ratio(rows.map((row) => row.p50Ms)) ?? NaN;
  const cpuRatio = ratio(rows.map((row) => row.cpuMsPerPush));
  return {
    pushesPerSection: pushes,
    sections: rows,
    p50Ratio,
    cpuRatio,
    loadAverage: round(loadavg()[0]!, 1),
    budget: 'flat: largest / smallest ≤ 1.5 (p50 latency and CPU per push)',
    pass: rows.every((row) => row.failedPushes === 0) && p50Ratio <= 1.5 && cpuRatio !== null && cpuRatio <= 1.5,
  };
}

export function printPushCost(result: PushCostResult): void {
  console.log(`\n| push cost by text size (${result.pushesPerSection} one-word pushes each) | p50 ms | p99 ms | failed | web CPU ms/push | PostgreSQL CPU ms/push |`);
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const row of result.sections) {
    console.log(`| ${row.chars.toLocaleString('en')} characters | ${row.p50Ms} | ${row.p99Ms} | ${row.failedPushes} | ${row.cpuMsPerPush ?? '–'} | ${row.databaseCpuMsPerPush ?? '–'} |`);
  }
  console.log(`largest / smallest: p50 ${result.p50Ratio}×, CPU ${result.cpuRatio ?? '–'}× — budget ${result.budget}: ${result.pass ? 'PASS' : 'FAIL'} (load average ${loadNote(result.loadAverage)})`);
}

/** The load average beside a figure, and whether the machine was quiet enough (under 4) for it to count. */
export function loadNote(loadAverage: number): string {
  return loadAverage < 4 ? loadAverage.toFixed(1) : `${loadAverage.toFixed(1)}, not under 4: measured on a busy machine`;
}
