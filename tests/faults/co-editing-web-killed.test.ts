/**
 * The web process two people are co-editing through is killed (SIGKILL, mid-typing): their
 * editors keep what they typed, reconnect to another web process on the same database and Redis,
 * send what the server lacks, and end — with the stored text — holding every word either typed,
 * before, during and after the kill. The editors here speak the browser's protocol over real HTTP
 * and SSE (`coEditing.watch` / `coEditing.push`).
 */
import { fromBase64, toBase64 } from 'lib0/buffer';
import { openEventStream } from '../sse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sectionText } from '../../src/shared/domain/text-doc';
import { createApplicationOf, createOpenGrant } from '../integration/company-fixtures';
import { createTestServices, spawnWebProcess, waitFor, type TestServices } from '../integration/harness';

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

type Event = { type: 'sync'; update: string; stateVector: string } | { type: 'update'; update: string } | { type: 'awareness' };

/** An editor as the browser runs one: a Yjs document, a live stream, and pushes of everything the server may lack. */
function editor(token: string, section: { applicationId: string; sectionId: string }) {
  const doc = new Y.Doc();
  let serverState: Uint8Array | null = null;
  let base = '';
  let stream: { abort: () => void } | null = null;

  async function connect(to: string) {
    base = to;
    stream?.abort();
    serverState = null;
    const input = { ...section, clientId: doc.clientID, stateVector: toBase64(Y.encodeStateVector(doc)) };
    const opened = openEventStream<Event>(to, 'coEditing.watch', input, token, (event) => {
      if (event.type === 'awareness') return;
      Y.applyUpdate(doc, fromBase64(event.update), 'remote');
      if (event.type === 'sync') serverState = fromBase64(event.stateVector);
    });
    stream = { abort: opened.close };
    await waitFor(async () => serverState !== null);
  }

  /** Sends what the server lacks; false when the server could not be reached (the change stays in the document). */
  async function push(): Promise<boolean> {
    if (!serverState) return false;
    const before = Y.encodeStateVector(doc);
    const update = toBase64(Y.encodeStateAsUpdate(doc, serverState));
    try {
      const response = await fetch(`${base}/trpc/coEditing.push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(({ ...section, clientId: doc.clientID, update })),
      });
      if (response.status !== 200) return false;
      serverState = before;
      return true;
    } catch {
      return false;
    }
  }

  return {
    doc,
    connect,
    push,
    type: (word: string) => sectionText(doc).insert(sectionText(doc).length, ` ${word}`),
    text: () => sectionText(doc).toString(),
    close: () => stream?.abort(),
  };
}

it('loses nothing typed when the web process is killed mid-typing: the editors reconnect elsewhere and send what it lacked', async () => {
  const grant = await createOpenGrant(services, { slug: 'nedbrud', fund: 'Nedbrudsfonden', grant: 'Nedbrudspuljen' });
  const team = await createApplicationOf(services, grant, { company: 'Nedbrud ApS', application: 'Nedbrud' });
  const section = { applicationId: team.applicationId, sectionId: team.sectionId };
  const [doomed, survivor] = await Promise.all([spawnWebProcess(services), spawnWebProcess(services)]);
  try {
    const owner = editor(team.owner.token, section);
    const writer = editor(team.writer.token, section);
    await Promise.all([owner.connect(doomed.base), writer.connect(doomed.base)]);

    const typed: string[] = [];
    const typeAndPush = async (who: typeof owner, name: string, from: number, to: number) => {
      for (let index = from; index < to; index += 1) {
        who.type(`${name}${index}`);
        typed.push(`${name}${index}`);
        await who.push();
      }
    };
    // Both type; the server dies while they do.
    const typing = Promise.all([typeAndPush(owner, 'ejer', 0, 30), typeAndPush(writer, 'skribent', 0, 30)]);
    await waitFor(async () => owner.text().includes('skribent5') && writer.text().includes('ejer5'));
    doomed.child.kill('SIGKILL');
    await typing;
    // Typed while no server answered.
    owner.type('ejer-offline');
    writer.type('skribent-offline');
    typed.push('ejer-offline', 'skribent-offline');

    // Back through the other web process: what each lacks comes in, what each typed goes out.
    await Promise.all([owner.connect(survivor.base), writer.connect(survivor.base)]);
    expect(await owner.push()).toBe(true);
    expect(await writer.push()).toBe(true);
    await typeAndPush(owner, 'ejer-efter', 0, 3);

    const stored = await waitFor(async () => {
      const row = await services.db.selectFrom('application_sections').select('content').where('id', '=', team.sectionId).executeTakeFirstOrThrow();
      return owner.text() === row.content && writer.text() === row.content ? row.content : null;
    }, 20_000);
    const words = new Set(stored.trim().split(/\s+/));
    for (const word of typed) expect(words.has(word), `${word} is in the stored text`).toBe(true);
    owner.close();
    writer.close();
  } finally {
    await Promise.all([doomed.stop(), survivor.stop()]);
  }
});
