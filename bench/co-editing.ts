/**
 * The co-editing line of the benchmark: twenty writers in one section, each with its own session
 * and live stream (`coEditing.watch`, SSE) on the running app, each sending a word every half
 * second (`coEditing.push`, as the editor does). For every word, the time from the writer starting
 * its push until each of the nineteen others has the word in its document: p50 and p99 over all.
 */
import { randomBytes } from 'node:crypto';
import { fromBase64, toBase64 } from 'lib0/buffer';
import superjson from 'superjson';
import * as Y from 'yjs';
import { createSession } from '../src/server/auth/session';
import type { ScratchDatabase } from '../src/server/db/scratch-database';
import { sectionText } from '../src/shared/domain/text-doc';
import { openEventStream } from '../tests/sse';

const WRITERS = 20;
const PUSH_EVERY_MS = 500;

interface Writer {
  token: string;
  doc: Y.Doc;
  serverState: Uint8Array | null;
  /** Words not yet in this writer's document, with when they were sent. */
  awaited: Map<string, number>;
  close: () => void;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function coEditingLatency(app: string, db: ScratchDatabase['db'], section: { id: string; applicationId: string }, durationSeconds: number) {
  const company = await db.selectFrom('applications').select('company_id').where('id', '=', section.applicationId).executeTakeFirstOrThrow();
  const suffix = randomBytes(3).toString('hex');
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: WRITERS }, (_, index) => ({ email: `writer${index}-${suffix}@bench.example`, password_hash: 'not used', firstname: 'Skribent', lastname: String(index), email_verified_at: new Date() })))
    .returning('id')
    .execute();
  await db
    .insertInto('memberships')
    .values(users.map((user) => ({ company_id: company.company_id, user_id: user.id, role: 'employee' as const })))
    .execute();
  const latencies: number[] = [];
  const input = { applicationId: section.applicationId, sectionId: section.id };
  const writers: Writer[] = await Promise.all(
    users.map(async (user) => ({ token: (await createSession(db, user.id)).token, doc: new Y.Doc(), serverState: null, awaited: new Map(), close: () => {} })),
  );

  async function watch(writer: Writer) {
    const stream = openEventStream<{ type: string; update?: string; stateVector?: string }>(app, 'coEditing.watch', { ...input, clientId: writer.doc.clientID }, writer.token, (event) => {
      if (!event.update || event.type === 'awareness') return;
      Y.applyUpdate(writer.doc, fromBase64(event.update), 'remote');
      if (event.type === 'sync' && event.stateVector) writer.serverState = fromBase64(event.stateVector);
      const now = performance.now();
      const text = sectionText(writer.doc).toString();
      for (const [word, sentAt] of writer.awaited) {
        if (!text.includes(word)) continue;
        latencies.push(now - sentAt);
        writer.awaited.delete(word);
      }
    });
    writer.close = stream.close;
    const until = Date.now() + 30_000;
    while (!writer.serverState && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    if (!writer.serverState) throw new Error('a writer’s stream did not start');
  }
  await Promise.all(writers.map(watch));

  let sent = 0;
  let failed = 0;
  const stopAt = Date.now() + durationSeconds * 1000;
  await Promise.all(
    writers.map(async (writer, index) => {
      // Spread over the interval, as people do not type in step.
      await new Promise((resolve) => setTimeout(resolve, (index * PUSH_EVERY_MS) / WRITERS));
      let n = 0;
      while (Date.now() < stopAt) {
        const next = Date.now() + PUSH_EVERY_MS;
        const word = `w${index}n${n++}z`;
        const text = sectionText(writer.doc);
        text.insert(text.length, ` ${word}`);
        const before = Y.encodeStateVector(writer.doc);
        const update = toBase64(Y.encodeStateAsUpdate(writer.doc, writer.serverState ?? undefined));
        const sentAt = performance.now();
        for (const other of writers) if (other !== writer) other.awaited.set(word, sentAt);
        const response = await fetch(`${app}/trpc/coEditing.push`, {
          method: 'POST',
          headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(superjson.serialize({ ...input, clientId: writer.doc.clientID, update })),
        });
        await response.arrayBuffer();
        if (response.ok) writer.serverState = before;
        else failed += 1;
        sent += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
    }),
  );
  // What is still on its way arrives, or counts as not arrived.
  const settleUntil = Date.now() + 10_000;
  while (writers.some((writer) => writer.awaited.size > 0) && Date.now() < settleUntil) await new Promise((resolve) => setTimeout(resolve, 50));
  const missing = writers.reduce((sum, writer) => sum + writer.awaited.size, 0);
  for (const writer of writers) writer.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  return { writers: WRITERS, updates: sent, failedPushes: failed, deliveries: sorted.length, notDelivered: missing, p50Ms: Math.round(percentile(sorted, 50)), p99Ms: Math.round(percentile(sorted, 99)) };
}
