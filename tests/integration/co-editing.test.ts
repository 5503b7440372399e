/**
 * Live co-editing on the server: editors' Yjs updates are merged into the stored document and its
 * plain text, passed on to every other editor of the section — including one served by another
 * web process — and nothing is lost when twenty editors send at once. A save that changes the
 * text (a draft inserted, an API client) goes through the same document; a save of the inputs is
 * checked against the inputs' own version, so typing never makes it a conflict. Access is checked
 * on every call, and a stream ends when its membership does.
 */
import { fromBase64, toBase64 } from 'lib0/buffer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { textPushLimit } from '../../src/server/features/co-editing/co-editing.router';
import { replaceText, sectionText } from '../../src/shared/domain/text-doc';
import { createApplicationOf, createOpenGrant } from './company-fixtures';
import { asAnotherProcess, callerFor, createTestServices, createUser, waitFor, type TestServices } from './harness';

let services: TestServices;
/** The same installation as seen by a second web process: its own live bus on the same Redis. */
let secondProcess: ReturnType<typeof asAnotherProcess>;
let grant: { grantId: string; grantSectionId: string };

beforeAll(async () => {
  services = await createTestServices();
  secondProcess = asAnotherProcess(services);
  grant = await createOpenGrant(services, { slug: 'sammen', fund: 'Fællesfonden', grant: 'Fællespuljen' });
});

afterAll(async () => {
  await secondProcess?.closeProcess();
  await services?.close();
});

type Caller = Awaited<ReturnType<typeof callerFor>>;
type WatchEvent = Awaited<ReturnType<Caller['coEditing']['watch']>> extends AsyncIterable<infer T> ? T : never;

/** An editor as the browser holds it: a document, fed by the stream, sending its own changes. */
async function openEditor(processServices: TestServices, as: { token: string }, section: { applicationId: string; sectionId: string }) {
  const leave = new AbortController();
  const caller = await callerFor(processServices, as, {}, leave.signal);
  const doc = new Y.Doc();
  const events: WatchEvent[] = [];
  const stream = await caller.coEditing.watch({ ...section, clientId: doc.clientID });
  const reading = (async () => {
    for await (const event of stream) {
      events.push(event);
      if (event.type === 'sync' || event.type === 'update') Y.applyUpdate(doc, fromBase64(event.update), 'remote');
    }
  })().catch(() => {});
  await waitFor(async () => events.some((event) => event.type === 'sync'));
  let sent = Y.encodeStateVector(doc);
  return {
    doc,
    events,
    text: () => sectionText(doc).toString(),
    /** Makes a change and sends everything the server may lack, as the editor does. */
    async type(change: (text: Y.Text) => void) {
      change(sectionText(doc));
      const before = Y.encodeStateVector(doc);
      const result = await caller.coEditing.push({ ...section, clientId: doc.clientID, update: toBase64(Y.encodeStateAsUpdate(doc, sent)) });
      sent = before;
      return result;
    },
    async close() {
      leave.abort();
      await reading;
    },
  };
}

async function storedSection(sectionId: string) {
  return services.db.selectFrom('application_sections').select(['content', 'version', 'status', 'fields_version']).where('id', '=', sectionId).executeTakeFirstOrThrow();
}

describe('co-editing a section', () => {
  it('stores each change with its plain text and passes it to the other editors, on this process and another', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Sammen ApS', application: 'Fælles' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const owner = await openEditor(services, team.owner, section);
    const writer = await openEditor(secondProcess, team.writer, section);

    const result = await owner.type((text) => text.insert(0, 'Vi bygger en varmepumpe.'));
    expect(result).toMatchObject({ status: 'validated' });
    await waitFor(async () => writer.text() === 'Vi bygger en varmepumpe.');
    await writer.type((text) => text.insert(text.length, ' Den bruger halvt så meget strøm.'));
    await waitFor(async () => owner.text() === 'Vi bygger en varmepumpe. Den bruger halvt så meget strøm.');

    const stored = await storedSection(team.sectionId);
    expect(stored.content).toBe('Vi bygger en varmepumpe. Den bruger halvt så meget strøm.');
    expect(stored.version).toBe(3);
    // The update events carry the stored version and who wrote it, as the server knows them.
    const fromWriter = owner.events.find((event) => event.type === 'update');
    expect(fromWriter).toMatchObject({ type: 'update', version: 3, by: { id: team.writer.user.id } });
    await owner.close();
    await writer.close();
  });

  it('merges twenty editors typing at once: the stored text holds every editor’s words and everyone ends with it', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Tyve ApS', application: 'Tyve skribenter' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    // Twenty people, each with a session and a stream of their own, half of them on another web process.
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(services)));
    await services.db
      .insertInto('memberships')
      .values(people.map((person) => ({ company_id: team.companyId, user_id: person.user.id, role: 'employee' as const })))
      .execute();
    const editors = await Promise.all(people.map((person, index) => openEditor(index % 2 ? secondProcess : services, person, section)));
    await Promise.all(
      editors.map(async (editor, index) => {
        for (let word = 0; word < 5; word += 1) await editor.type((text) => text.insert(word % 2 ? 0 : text.length, ` e${index}w${word} `));
      }),
    );
    const stored = await storedSection(team.sectionId);
    for (let index = 0; index < 20; index += 1) for (let word = 0; word < 5; word += 1) expect(stored.content).toContain(` e${index}w${word} `);
    await waitFor(async () => editors.every((editor) => editor.text() === stored.content), 20_000);
    await Promise.all(editors.map((editor) => editor.close()));
  });

  it('sends an editor that was away only what it lacks, and takes back what it typed meanwhile', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Væk ApS', application: 'Væk' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const caller = await callerFor(services, team.writer);
    const first = await openEditor(services, team.writer, section);
    await first.type((text) => text.insert(0, 'Første afsnit.'));
    const offline = new Y.Doc();
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(first.doc));
    await first.type((text) => text.insert(text.length, ' Skrevet mens den anden var væk.'));
    // The one that was away typed too; it returns and sends what the server lacks.
    sectionText(offline).insert(0, 'Offline: ');
    const stream = await caller.coEditing.watch({ ...section, clientId: offline.clientID, stateVector: toBase64(Y.encodeStateVector(offline)) });
    const { value: sync } = await stream[Symbol.asyncIterator]().next();
    if (sync?.type !== 'sync') throw new Error('the stream starts with the stored text');
    Y.applyUpdate(offline, fromBase64(sync.update));
    await caller.coEditing.push({ ...section, clientId: offline.clientID, update: toBase64(Y.encodeStateAsUpdate(offline, fromBase64(sync.stateVector))) });
    expect((await storedSection(team.sectionId)).content).toBe('Offline: Første afsnit. Skrevet mens den anden var væk.');
    expect(sectionText(offline).toString()).toBe('Offline: Første afsnit. Skrevet mens den anden var væk.');
    // Sending the same update again changes nothing.
    const before = await storedSection(team.sectionId);
    await caller.coEditing.push({ ...section, clientId: offline.clientID, update: toBase64(Y.encodeStateAsUpdate(offline)) });
    expect((await storedSection(team.sectionId)).version).toBe(before.version);
    await first.close();
  });

  it('takes a save that changes the text through the same document, and passes it on', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Gem ApS', application: 'Gem' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const caller = await callerFor(services, team.owner);
    // Text written before co-editing existed: the document is made from it.
    await services.db.updateTable('application_sections').set({ content: 'Gammel tekst.' }).where('id', '=', team.sectionId).execute();
    const editor = await openEditor(services, team.owner, section);
    expect(editor.text()).toBe('Gammel tekst.');
    const stored = await storedSection(team.sectionId);
    await caller.applications.saveSection({ ...section, version: stored.version, content: 'Gammel tekst. Og ny.', answers: {}, fulfilled: [] });
    await waitFor(async () => editor.text() === 'Gammel tekst. Og ny.');
    await editor.type((text) => text.insert(0, 'Start. '));
    expect((await storedSection(team.sectionId)).content).toBe('Start. Gammel tekst. Og ny.');
    await editor.close();
  });

  it('checks a save of the inputs against their own version: typing meanwhile is no conflict, another save of them is', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Felter ApS', application: 'Felter' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const caller = await callerFor(services, team.owner);
    const editor = await openEditor(services, team.owner, section);
    const before = await caller.applications.section(section);
    await editor.type((text) => text.insert(0, 'Skrevet imens.'));
    const saved = await caller.applications.saveSection({ ...section, fieldsVersion: before.fieldsVersion, answers: {}, fulfilled: [] });
    expect(saved.fieldsVersion).toBe(before.fieldsVersion + 1);
    await expect(caller.applications.saveSection({ ...section, fieldsVersion: before.fieldsVersion, answers: {}, fulfilled: [] })).rejects.toMatchObject({ code: 'CONFLICT' });
    // The text is left as typed.
    expect((await storedSection(team.sectionId)).content).toBe('Skrevet imens.');
    await editor.close();
  });

  it('refuses changes to a done section, updates that are not Yjs, and people outside the company; ends a removed member’s stream', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Adgang ApS', application: 'Adgang' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const writer = await callerFor(services, team.writer);
    const editor = await openEditor(services, team.writer, section);
    await expect(writer.coEditing.push({ ...section, clientId: 1, update: toBase64(new Uint8Array([9, 9, 9, 9])) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const stranger = await callerFor(services, await createUser(services));
    await expect(stranger.coEditing.watch({ ...section, clientId: 5 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.coEditing.push({ ...section, clientId: 5, update: toBase64(Y.encodeStateAsUpdate(editor.doc)) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const other = await createApplicationOf(services, grant, { company: 'Andet ApS', application: 'Andet' });
    // A section of another company's application, named with one's own application: not found.
    await expect(writer.coEditing.awareness({ applicationId: team.applicationId, sectionId: other.sectionId, clientId: 5, update: 'AA==' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await editor.type((text) => text.insert(0, 'Færdig tekst.'));
    await services.db.updateTable('application_sections').set({ status: 'done' }).where('id', '=', team.sectionId).execute();
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(editor.doc));
    sectionText(doc).insert(0, 'Sent for sent. ');
    await expect(writer.coEditing.push({ ...section, clientId: doc.clientID, update: toBase64(Y.encodeStateAsUpdate(doc)) })).rejects.toMatchObject({ code: 'CONFLICT' });

    // Removed from the company: the open stream ends.
    const stream = await writer.coEditing.watch({ ...section, clientId: 77 });
    let opened = false;
    const ended = (async () => {
      for await (const _event of stream) opened = true;
      return true;
    })();
    await waitFor(async () => opened);
    await services.db.deleteFrom('memberships').where('user_id', '=', team.writer.user.id).execute();
    await services.liveAccess.changed({ userId: team.writer.user.id });
    expect(await ended).toBe(true);
    await editor.close();
  });

  it('passes a writer’s cursor to the others with the name the server knows, and word of a new comment', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Markør ApS', application: 'Markør' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const owner = await openEditor(services, team.owner, section);
    const writer = await callerFor(secondProcess, team.writer);
    await writer.coEditing.awareness({ ...section, clientId: 4242, update: Buffer.from([1, 0x92, 0x21, 1, 15, ...Buffer.from('{"cursor":null}')]).toString('base64') });
    const event = await waitFor(async () => owner.events.find((item) => item.type === 'awareness'));
    expect(event).toMatchObject({ type: 'awareness', clientId: 4242, by: { id: team.writer.user.id, name: `${team.writer.user.firstname} ${team.writer.user.lastname}` } });
    // A comment written on the other process: the open editors hear that the comments changed.
    await writer.comments.add({ ...section, body: 'Uddyb markedet', mentionIds: [] });
    expect(await waitFor(async () => owner.events.find((item) => item.type === 'comments'))).toMatchObject({ by: { id: team.writer.user.id } });
    await owner.close();
  });
});

describe('floods', () => {
  it('refuses a user’s changes past the minute’s limit with RATE_LIMITED, without storing them; others write on', async () => {
    const team = await createApplicationOf(services, grant, { company: 'Flod ApS', application: 'Flod' });
    const section = { applicationId: team.applicationId, sectionId: team.sectionId };
    const flooder = await callerFor(services, team.writer);
    const doc = new Y.Doc();
    // The limit already used up but for one (counted in Redis, as a flood of pushes would).
    await services.redis.set(`${services.env.REDIS_PREFIX}:rate:${textPushLimit.name}:${team.writer.user.id.toLowerCase()}`, String(textPushLimit.limit - 1), 'EX', 60);
    sectionText(doc).insert(0, 'Sidste der kommer med.');
    await flooder.coEditing.push({ ...section, clientId: doc.clientID, update: toBase64(Y.encodeStateAsUpdate(doc)) });
    sectionText(doc).insert(0, 'For meget. ');
    await expect(flooder.coEditing.push({ ...section, clientId: doc.clientID, update: toBase64(Y.encodeStateAsUpdate(doc)) })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await storedSection(team.sectionId)).content).toBe('Sidste der kommer med.');
    const owner = await callerFor(services, team.owner);
    const other = new Y.Doc();
    sectionText(other).insert(0, 'Ejeren skriver. ');
    await owner.coEditing.push({ ...section, clientId: other.clientID, update: toBase64(Y.encodeStateAsUpdate(other)) });
    expect((await storedSection(team.sectionId)).content).toContain('Ejeren skriver.');
  });
});

describe('the text document', () => {
  it('changes only what differs, keeping what others anchored before and after', () => {
    const doc = new Y.Doc();
    const text = sectionText(doc);
    text.insert(0, 'Vi bygger 🌍 en pumpe.');
    const anchor = Y.createRelativePositionFromTypeIndex(text, text.toString().indexOf('pumpe'));
    replaceText(text, 'Vi bygger 🌍 en stor pumpe.');
    expect(text.toString()).toBe('Vi bygger 🌍 en stor pumpe.');
    expect(Y.createAbsolutePositionFromRelativePosition(anchor, doc)?.index).toBe(text.toString().indexOf('pumpe'));
    replaceText(text, 'Vi bygger 🌎 en stor pumpe.');
    expect(text.toString()).toBe('Vi bygger 🌎 en stor pumpe.');
  });
});
