/**
 * Version history of sections: saves coalesced per writer within the window, a second writer
 * starting a new version, restoring as a new version through the ordinary save, structured
 * sections, and access only through the caller's membership.
 */
import { sql } from 'kysely';
import { fromBase64 } from 'lib0/buffer';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSectionVersion } from '../../src/server/features/applications';
import { sectionText } from '../../src/shared/domain/text-doc';
import { createCast, createCompany, messageOf, outcome, type Cast, type Caller } from './company-fixtures';
import { createTestServices, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let counter = 0;

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
});
afterAll(async () => {
  await services.close();
});

/** An application of a fresh company to a fresh grant with a text section and a budget section. */
async function startApplication() {
  counter += 1;
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: `versionsfond-${counter}`, name: 'Versionsfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: `versionspulje-${counter}`, title: 'Versionspuljen', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('grant_sections')
    .values([
      { grant_id: grant.id, position: 0, kind: 'text', title: 'Idé' },
      { grant_id: grant.id, position: 1, kind: 'budget', title: 'Budget' },
    ])
    .execute();
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.employee.applications.create({ companyId, grantId: grant.id, title: 'Versioner', language: 'da', description: '' });
  const overview = await cast.callers.employee.applications.get({ applicationId });
  return { applicationId, text: overview.sections[0]!.id, budget: overview.sections[1]!.id };
}

/** Saves `content` (and `data`) on the section's current version as `caller`. */
async function save(caller: Caller, applicationId: string, sectionId: string, content: string, data?: unknown) {
  const { version } = await caller.applications.section({ applicationId, sectionId });
  return caller.applications.saveSection({ applicationId, sectionId, version, content, answers: {}, fulfilled: [], data });
}

/** Moves every version of the section back in time, as if it had been saved that long ago. */
async function age(sectionId: string, minutes: number) {
  await services.db
    .updateTable('section_versions')
    .set({ saved_at: sql`saved_at - make_interval(mins => ${minutes})`, started_at: sql`started_at - make_interval(mins => ${minutes})` })
    .where('section_id', '=', sectionId)
    .execute();
}

async function contents(applicationId: string, sectionId: string) {
  const { versions } = await cast.callers.reviewer.versions.list({ applicationId, sectionId });
  return Promise.all(versions.map(async (version) => (await cast.callers.reviewer.versions.get({ applicationId, sectionId, versionId: version.id })).content));
}

describe('recording versions', () => {
  it('keeps one version while the same writer saves within five minutes of their last save', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Vi');
    await save(cast.callers.employee, app.applicationId, app.text, 'Vi bygger');
    await save(cast.callers.employee, app.applicationId, app.text, 'Vi bygger en robot');

    const { versions } = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text });
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ authorName: 'Employee Tester', restoredFrom: null });
    expect(new Date(versions[0]!.savedAt).getTime()).toBeGreaterThanOrEqual(new Date(versions[0]!.startedAt).getTime());
    expect(await contents(app.applicationId, app.text)).toEqual(['Vi bygger en robot']);
  });

  it('starts a new version when the writer saves more than five minutes after their last save', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Første udgave');
    await age(app.text, 6);
    await save(cast.callers.employee, app.applicationId, app.text, 'Anden udgave');
    expect(await contents(app.applicationId, app.text)).toEqual(['Anden udgave', 'Første udgave']);
  });

  it('measures the window from the latest save, and the window can be given', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Et');
    await age(app.text, 4);
    await save(cast.callers.employee, app.applicationId, app.text, 'Et to');
    await age(app.text, 4);
    await save(cast.callers.employee, app.applicationId, app.text, 'Et to tre');
    expect(await contents(app.applicationId, app.text)).toEqual(['Et to tre']);

    // With a window of one minute, four minutes ago is too long.
    await age(app.text, 4);
    const state = { content: 'Et to tre fire', answers: {}, fulfilled: [], data: null };
    await recordSectionVersion(services.db, { sectionId: app.text, authorId: cast.users.employee.id, ...state }, { windowSeconds: 60 });
    expect(await contents(app.applicationId, app.text)).toEqual(['Et to tre fire', 'Et to tre']);
  });

  it('keeps one version per writer while several write at once: the one who wrote last is the newest', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Medarbejderens tekst');
    await save(cast.callers.admin, app.applicationId, app.text, 'Administratorens tekst');
    await save(cast.callers.employee, app.applicationId, app.text, 'Medarbejderen igen');
    await save(cast.callers.employee, app.applicationId, app.text, 'Medarbejderen igen og igen');

    const { versions } = await cast.callers.reviewer.versions.list({ applicationId: app.applicationId, sectionId: app.text });
    expect(versions.map((version) => version.authorName)).toEqual(['Employee Tester', 'Admin Tester']);
    expect(await contents(app.applicationId, app.text)).toEqual(['Medarbejderen igen og igen', 'Administratorens tekst']);
  });

  it('records nothing for a save that is refused', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Gemt');
    const refused = cast.callers.admin.applications.saveSection({ applicationId: app.applicationId, sectionId: app.text, version: 1, content: 'Forældet', answers: {}, fulfilled: [] });
    expect(await outcome(refused)).toBe('CONFLICT');
    expect(await contents(app.applicationId, app.text)).toEqual(['Gemt']);

    // A recording that arrives after a later save does not put the older state on top.
    const { version } = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.text });
    const late = await recordSectionVersion(
      services.db,
      { sectionId: app.text, authorId: cast.users.admin.id, content: 'Overhalet', answers: {}, fulfilled: [], data: null },
      { sectionVersion: version - 1 },
    );
    expect(late).toBeUndefined();
    expect(await contents(app.applicationId, app.text)).toEqual(['Gemt']);
  });

  it('records the rows of a structured section, and an accepted proposal like any save', async () => {
    const app = await startApplication();
    const line = { id: 'cto', type: 'internal-existing', name: 'CTO', hourlyWage: 50_000, hours: 10 };
    await save(cast.callers.employee, app.applicationId, app.budget, '', { lines: [line], fundingRequested: null });
    await age(app.budget, 6);
    // A save without data keeps the rows, and so does its version.
    await save(cast.callers.employee, app.applicationId, app.budget, 'Noter til budgettet');

    const { versions } = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.budget });
    expect(versions).toHaveLength(2);
    for (const version of versions) {
      const full = await cast.callers.employee.versions.get({ applicationId: app.applicationId, sectionId: app.budget, versionId: version.id });
      expect(full.data).toEqual({ lines: [line], fundingRequested: null });
    }

    // A model's proposed row, accepted: the rows it adds are in the writer's version.
    const steel = { id: 'steel', type: 'materials', name: 'Stål', description: 'Til prototypen', amount: 2_500_000 };
    const draft = await services.db
      .insertInto('ai_drafts')
      .values({ application_id: app.applicationId, section_id: app.budget, status: 'done', proposals: JSON.stringify([{ row: steel, problems: [], accepted: false }]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { fieldsVersion } = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.budget });
    await cast.callers.employee.drafts.acceptRow({ applicationId: app.applicationId, sectionId: app.budget, draftId: draft.id, rowId: steel.id, fieldsVersion });
    const after = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.budget });
    expect(after.versions).toHaveLength(2);
    const latest = await cast.callers.employee.versions.get({ applicationId: app.applicationId, sectionId: app.budget, versionId: after.versions[0]!.id });
    expect(latest).toMatchObject({ content: 'Noter til budgettet', data: { lines: [line, steel], fundingRequested: null } });
  });
});

describe('restoring a version', () => {
  it('saves the version’s state as a new version that names it, and keeps every older version', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Den gode tekst');
    await age(app.text, 6);
    await save(cast.callers.employee, app.applicationId, app.text, 'Den dårlige tekst');
    const before = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text });
    const good = before.versions[1]!;
    const sectionBefore = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.text });

    const restored = await cast.callers.employee.versions.restore({ applicationId: app.applicationId, sectionId: app.text, versionId: good.id });
    expect(restored.version).toBe(sectionBefore.version + 1);

    const section = await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.text });
    expect(section).toMatchObject({ content: 'Den gode tekst', version: restored.version });
    const after = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text });
    expect(after.versions).toHaveLength(3);
    expect(after.versions[0]).toMatchObject({ restoredFrom: good.id, restoredFromSavedAt: good.savedAt });
    expect(await contents(app.applicationId, app.text)).toEqual(['Den gode tekst', 'Den dårlige tekst', 'Den gode tekst']);

    // The writer's next save is a version of its own: the restore stays as it was.
    await save(cast.callers.employee, app.applicationId, app.text, 'Den gode tekst, forbedret');
    expect(await contents(app.applicationId, app.text)).toEqual(['Den gode tekst, forbedret', 'Den gode tekst', 'Den dårlige tekst', 'Den gode tekst']);
  });

  it('tells the section’s open editors of the restored text, as a change of its document', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Den første tekst');
    await age(app.text, 6);
    await save(cast.callers.employee, app.applicationId, app.text, 'Den anden tekst');
    const { versions } = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text });

    const watch = await cast.callers.admin.coEditing.watch({ applicationId: app.applicationId, sectionId: app.text, clientId: 4242 });
    const events = watch[Symbol.asyncIterator]();
    try {
      const doc = new Y.Doc();
      const first = (await events.next()).value;
      Y.applyUpdate(doc, fromBase64(first.update));
      expect(sectionText(doc).toString()).toBe('Den anden tekst');

      await cast.callers.employee.versions.restore({ applicationId: app.applicationId, sectionId: app.text, versionId: versions[1]!.id });
      const next = (await events.next()).value;
      expect(next).toMatchObject({ type: 'update', by: { id: cast.users.employee.id } });
      Y.applyUpdate(doc, fromBase64(next.update));
      expect(sectionText(doc).toString()).toBe('Den første tekst');
    } finally {
      await events.return?.(undefined);
    }
  });

  it('restores the rows of a structured section, also from before its first row', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.budget, 'Kun noter');
    await age(app.budget, 6);
    const line = { id: 'steel', type: 'materials', name: 'Stål', description: 'Til prototypen', amount: 2_500_000 };
    await save(cast.callers.employee, app.applicationId, app.budget, 'Kun noter', { lines: [line], fundingRequested: null });
    const { versions } = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.budget });

    await cast.callers.employee.versions.restore({ applicationId: app.applicationId, sectionId: app.budget, versionId: versions[1]!.id });
    expect((await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.budget })).data).toEqual({ lines: [], fundingRequested: null });
    await cast.callers.employee.versions.restore({ applicationId: app.applicationId, sectionId: app.budget, versionId: versions[0]!.id });
    expect((await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.budget })).data).toEqual({ lines: [line], fundingRequested: null });
  });

  it('is refused on a done section, in plain words, and changes nothing', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Første');
    await age(app.text, 6);
    await save(cast.callers.employee, app.applicationId, app.text, 'Færdig tekst');
    await cast.callers.employee.applications.markDone({ applicationId: app.applicationId, sectionId: app.text });
    const { versions } = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text });

    expect(await messageOf(cast.callers.employee.versions.restore({ applicationId: app.applicationId, sectionId: app.text, versionId: versions[1]!.id }))).toBe('versions.restoreDone');
    expect((await cast.callers.employee.applications.section({ applicationId: app.applicationId, sectionId: app.text })).content).toBe('Færdig tekst');
    expect(await contents(app.applicationId, app.text)).toEqual(['Færdig tekst', 'Første']);
  });

  it('is for editors: a reviewer reads versions but may not restore one', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Tekst');
    const { versions } = await cast.callers.reviewer.versions.list({ applicationId: app.applicationId, sectionId: app.text });
    expect(await outcome(cast.callers.reviewer.versions.restore({ applicationId: app.applicationId, sectionId: app.text, versionId: versions[0]!.id }))).toBe('FORBIDDEN');
  });
});

describe('who reaches versions', () => {
  it('answers NOT_FOUND to another company’s user, and for a version of another section', async () => {
    const app = await startApplication();
    await save(cast.callers.employee, app.applicationId, app.text, 'Hemmelig tekst');
    const { versions } = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text });
    const versionId = versions[0]!.id;
    const input = { applicationId: app.applicationId, sectionId: app.text, versionId };

    expect(await outcome(cast.callers.outsider.versions.list({ applicationId: app.applicationId, sectionId: app.text }))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.outsider.versions.get(input))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.outsider.versions.restore(input))).toBe('NOT_FOUND');
    // The version through the right application but the wrong section, or another application.
    expect(await outcome(cast.callers.employee.versions.get({ ...input, sectionId: app.budget }))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.employee.versions.restore({ ...input, sectionId: app.budget }))).toBe('NOT_FOUND');
    const other = await startApplication();
    expect(await outcome(cast.callers.employee.versions.get({ ...input, applicationId: other.applicationId }))).toBe('NOT_FOUND');
    const listed = await cast.callers.employee.versions.list({ applicationId: other.applicationId, sectionId: app.text });
    expect(listed.versions).toEqual([]);
  });

  it('pages through many versions newest first', async () => {
    const app = await startApplication();
    for (let index = 0; index < 33; index += 1) {
      await recordSectionVersion(services.db, { sectionId: app.text, authorId: cast.users.employee.id, content: `Udgave ${index}`, answers: {}, fulfilled: [], data: null }, { windowSeconds: 0 });
    }
    const first = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text });
    expect(first.versions).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const second = await cast.callers.employee.versions.list({ applicationId: app.applicationId, sectionId: app.text, cursor: first.nextCursor });
    expect(second.versions).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const all = [...first.versions, ...second.versions];
    expect(new Set(all.map((version) => version.id)).size).toBe(33);
    const newest = await cast.callers.employee.versions.get({ applicationId: app.applicationId, sectionId: app.text, versionId: all[0]!.id });
    expect(newest.content).toBe('Udgave 32');
  });
});
