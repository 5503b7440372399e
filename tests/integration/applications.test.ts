/**
 * Applications: starting one from a grant, saving sections with their statuses, the mark-done
 * rule, concurrent writers, who may do what, and a constant number of queries per page.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/schema';
import { listApplicationsOfUser } from '../../src/server/features/applications';
import * as Y from 'yjs';
import { COMPACT_AFTER_CHANGES } from '../../src/server/features/applications';
import { sectionText, textDocOf } from '../../src/shared/domain/text-doc';
import { createCast, createCompany, outcome, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, waitFor, type TestServices } from './harness';

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

interface GrantOptions {
  status?: 'draft' | 'upcoming' | 'open' | 'closed';
  published?: boolean;
  deadlineAt?: Date | null;
  sections?: number;
  fundCountry?: string;
}

/** A grant with sections: the first holds two requirements and three inputs (required text with a limit, optional number, required list). */
async function createGrant(options: GrantOptions = {}) {
  counter += 1;
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: `fond-${counter}`, name: 'Testfonden', country: options.fundCountry ?? null }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({
      fund_id: fund.id,
      slug: `pulje-${counter}`,
      title: `Pulje ${counter}`,
      status: options.status ?? 'open',
      published_at: options.published === false ? null : new Date(),
      deadline_at: options.deadlineAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = options.sections ?? 3;
  const sections = [];
  // Inserted in reverse so the order must come from `position`, not from insertion.
  for (let position = count - 1; position >= 0; position -= 1) {
    sections.unshift(
      await db
        .insertInto('grant_sections')
        .values({ grant_id: grant.id, position, kind: position === count - 1 ? 'budget' : 'text', title: `Afsnit ${position + 1}` })
        .returning(['id', 'title'])
        .executeTakeFirstOrThrow(),
    );
  }
  const first = sections[0]!.id;
  const requirements = await db
    .insertInto('section_requirements')
    .values([
      { grant_section_id: first, position: 0, text: 'Beskriver det nye' },
      { grant_section_id: first, position: 1, text: 'Sætter tal på markedet' },
    ])
    .returning('id')
    .execute();
  const inputs = await db
    .insertInto('section_inputs')
    .values([
      { grant_section_id: first, position: 0, label: 'Projektets navn', type: 'text', required: true, max_chars: 20 },
      { grant_section_id: first, position: 1, label: 'Antal ansatte', type: 'number', required: false },
      { grant_section_id: first, position: 2, label: 'Partnere', type: 'list', required: true },
    ])
    .returning('id')
    .execute();
  return {
    id: grant.id,
    sections,
    requirementIds: requirements.map((row) => row.id),
    inputIds: { name: inputs[0]!.id, employees: inputs[1]!.id, partners: inputs[2]!.id },
  };
}

/** The last section of `createGrant` is a budget: it is complete with one costed line and the funding requested. */
const completeBudget = { lines: [{ id: 'cto', type: 'internal-existing', name: 'CTO', hourlyWage: 50_000, hours: 10 }], fundingRequested: 100_000 };

async function startApplication(grantId: string, companyId?: string) {
  const company = companyId ?? (await createCompany(services, cast));
  const created = await cast.callers.employee.applications.create({ companyId: company, grantId, title: 'Vores projekt', language: 'da', description: 'Hvad vi vil' });
  return { companyId: company, applicationId: created.id };
}

describe('starting an application', () => {
  it('makes one section per grant section, in the grant’s order, each not started', async () => {
    const grant = await createGrant({ sections: 4 });
    const { applicationId } = await startApplication(grant.id);
    const overview = await cast.callers.reviewer.applications.get({ applicationId });
    expect(overview.sections.map((section) => section.title)).toEqual(['Afsnit 1', 'Afsnit 2', 'Afsnit 3', 'Afsnit 4']);
    expect(overview.sections.every((section) => section.status === 'not_started')).toBe(true);
    expect(overview).toMatchObject({ title: 'Vores projekt', language: 'da', description: 'Hvad vi vil', role: 'reviewer', published: false });
  });

  it('shows the grant’s and the sections’ own texts in the reader’s language, Danish where none is written', async () => {
    const grant = await createGrant({ sections: 2 });
    const first = grant.sections[0]!.id;
    await services.db.updateTable('grant_sections').set({ translations: JSON.stringify({ en: { title: 'Section one', guidance: 'Say what is new' } }) }).where('id', '=', first).execute();
    await services.db.updateTable('section_requirements').set({ translations: JSON.stringify({ en: { text: 'Describes what is new' } }) }).where('id', '=', grant.requirementIds[0]!).execute();
    await services.db.updateTable('section_inputs').set({ translations: JSON.stringify({ en: { label: 'Project name' } }) }).where('id', '=', grant.inputIds.name).execute();
    const { applicationId } = await startApplication(grant.id);
    const english = await callerFor(services, { token: cast.users.employee.token }, { locale: 'en' });

    const overview = await english.applications.get({ applicationId });
    expect(overview.sections.map((section) => section.title)).toEqual(['Section one', 'Afsnit 2']);
    const section = await english.applications.section({ applicationId, sectionId: overview.sections[0]!.id });
    expect(section).toMatchObject({ title: 'Section one', guidance: 'Say what is new' });
    expect(section.requirements.map((requirement) => requirement.text)).toEqual(['Describes what is new', 'Sætter tal på markedet']);
    expect(section.inputs.map((input) => input.label)).toEqual(['Project name', 'Antal ansatte', 'Partnere']);
    // The final document is what the company hands in: in the application's language (Danish here), whoever reads it.
    expect((await english.reviews.final({ applicationId })).sections.map((item) => item.title)).toEqual(['Afsnit 1', 'Afsnit 2']);
    // A Danish reader reads the Danish texts.
    expect((await cast.callers.employee.applications.get({ applicationId })).sections[0]!.title).toBe('Afsnit 1');
  });

  it('refuses a grant that is closed, past its deadline or not published, and creates nothing', async () => {
    const companyId = await createCompany(services, cast);
    const closed = await createGrant({ status: 'closed' });
    const past = await createGrant({ deadlineAt: new Date(Date.now() - 60_000) });
    const upcoming = await createGrant({ status: 'upcoming' });
    const unpublished = await createGrant({ published: false });
    for (const grant of [closed, past, upcoming]) {
      const failure = await failureOf(cast.callers.owner.applications.create({ companyId, grantId: grant.id, title: 'Nej', language: 'da' }));
      expect(failure).toMatchObject({ appCode: 'CONFLICT', messageKey: 'applications.grantClosed' });
    }
    expect(await outcome(cast.callers.owner.applications.create({ companyId, grantId: unpublished.id, title: 'Nej', language: 'da' }))).toBe('NOT_FOUND');
    const rows = await services.db.selectFrom('applications').select('id').where('company_id', '=', companyId).execute();
    expect(rows).toEqual([]);
  });

  it('lets a company apply several times to one grant; only roles that write may start one', async () => {
    const grant = await createGrant();
    const companyId = await createCompany(services, cast);
    await startApplication(grant.id, companyId);
    await startApplication(grant.id, companyId);
    expect(await outcome(cast.callers.reviewer.applications.create({ companyId, grantId: grant.id, title: 'Nej', language: 'da' }))).toBe('FORBIDDEN');
    expect(await outcome(cast.callers.outsider.applications.create({ companyId, grantId: grant.id, title: 'Nej', language: 'da' }))).toBe('NOT_FOUND');
    const list = await cast.callers.owner.applications.list({ companyId });
    expect(list.applications).toHaveLength(2);
  });
});

describe('saving a section', () => {
  it('moves not started → draft → validated → draft as the section meets its rules and stops meeting them', async () => {
    const grant = await createGrant();
    const { applicationId } = await startApplication(grant.id);
    const sectionId = (await cast.callers.employee.applications.get({ applicationId })).sections[0]!.id;
    const save = (version: number, content: string, complete: boolean) =>
      cast.callers.employee.applications.saveSection({
        applicationId,
        sectionId,
        version,
        content,
        answers: complete ? { [grant.inputIds.name]: 'Grøn motor', [grant.inputIds.partners]: ['DTU'] } : {},
        fulfilled: complete ? grant.requirementIds : [],
      });
    const first = await save(1, 'Første udkast', false);
    expect(first).toMatchObject({ status: 'draft', version: 2 });
    const second = await save(2, 'Hele teksten', true);
    expect(second).toMatchObject({ status: 'validated', version: 3 });
    const third = await save(3, 'Hele teksten', false);
    expect(third).toMatchObject({ status: 'draft', version: 4 });
    const events = await services.db.selectFrom('application_events').select(['from_status', 'to_status']).where('section_id', '=', sectionId).orderBy('id').execute();
    expect(events).toEqual([
      { from_status: 'not_started', to_status: 'draft' },
      { from_status: 'draft', to_status: 'validated' },
      { from_status: 'validated', to_status: 'draft' },
    ]);
  });

  it('of concurrent saves from the same version, exactly one lands; the others get CONFLICT and change nothing', async () => {
    const grant = await createGrant();
    const { applicationId } = await startApplication(grant.id);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[0]!.id;
    const writers = [cast.callers.owner, cast.callers.admin, cast.callers.employee, cast.callers.owner, cast.callers.admin, cast.callers.employee];
    const results = await Promise.all(
      writers.map((caller, index) =>
        outcome(caller.applications.saveSection({ applicationId, sectionId, version: 1, content: `Tekst fra skribent ${index}`, answers: {}, fulfilled: [] })),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result === 'CONFLICT')).toHaveLength(writers.length - 1);
    const winner = results.indexOf('ok');
    const stored = await cast.callers.reviewer.applications.section({ applicationId, sectionId });
    expect(stored).toMatchObject({ content: `Tekst fra skribent ${winner}`, version: 2 });
    // A writer whose save was refused saves again from the version they now see: nothing is lost.
    const loser = results.findIndex((result) => result === 'CONFLICT');
    const merged = await writers[loser]!.applications.saveSection({ applicationId, sectionId, version: stored.version, content: `${stored.content}\nTekst fra skribent ${loser}`, answers: {}, fulfilled: [] });
    expect(merged.version).toBe(3);
  });

  it('refuses an answer of the wrong type, drops answers and ticks the grant no longer has', async () => {
    const grant = await createGrant();
    const { applicationId } = await startApplication(grant.id);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[0]!.id;
    const wrongType = await failureOf(
      cast.callers.owner.applications.saveSection({ applicationId, sectionId, version: 1, content: 'x', answers: { [grant.inputIds.employees]: 'mange' }, fulfilled: [] }),
    );
    expect(wrongType).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { [`answers.${grant.inputIds.employees}`]: 'validation.invalid' } });
    const stranger = '00000000-0000-4000-8000-000000000001';
    await cast.callers.owner.applications.saveSection({
      applicationId,
      sectionId,
      version: 1,
      content: 'x',
      answers: { [grant.inputIds.employees]: 12, [stranger]: 'væk' },
      fulfilled: [grant.requirementIds[0]!, stranger],
    });
    const stored = await cast.callers.owner.applications.section({ applicationId, sectionId });
    // The project's name, which nobody answered, is the application's title.
    expect(stored.answers).toEqual({ [grant.inputIds.name]: 'Vores projekt', [grant.inputIds.employees]: 12 });
    expect(stored.fulfilled).toEqual([grant.requirementIds[0]]);
  });
});

describe('a text saved again and again', () => {
  it('keeps its change log short: the changes are folded into the stored document, which reads back as the last save', async () => {
    const grant = await createGrant({ sections: 3 });
    const company = await createCompany(services, cast);
    const { applicationId } = await startApplication(grant.id, company);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[1]!.id;
    let version = 1;
    for (let index = 0; index <= COMPACT_AFTER_CHANGES + 10; index += 1) {
      ({ version } = await cast.callers.owner.applications.saveSection({ applicationId, sectionId, version, content: `Udkast nummer ${index}.`, answers: {}, fulfilled: [] }));
    }
    const logged = () => services.db.selectFrom('section_text_updates').select((eb) => eb.fn.countAll<string>().as('n')).where('section_id', '=', sectionId).executeTakeFirstOrThrow();
    // Folded after the save that made 200 was answered; the saves since are logged beside it.
    await waitFor(async () => Number((await logged()).n) < COMPACT_AFTER_CHANGES);
    expect(Number((await logged()).n)).toBeLessThanOrEqual(11);
    // A process that has not kept the document (another web process) reads it whole: the last save's text.
    const stored = await services.db.selectFrom('application_sections').select(['text_doc', 'content']).where('id', '=', sectionId).executeTakeFirstOrThrow();
    const updates = await services.db.selectFrom('section_text_updates').select('update').where('section_id', '=', sectionId).orderBy('seq').execute();
    const doc = textDocOf(stored.text_doc, '');
    for (const { update } of updates) Y.applyUpdate(doc, update);
    expect(sectionText(doc).toString()).toBe(`Udkast nummer ${COMPACT_AFTER_CHANGES + 10}.`);
    expect(stored.content).toBe(`Udkast nummer ${COMPACT_AFTER_CHANGES + 10}.`);
  });
});

describe('marking a section done', () => {
  it('is refused naming each missing item — text, unticked requirement, required input, too long, empty list value — and allowed when all are met', async () => {
    const grant = await createGrant();
    const { applicationId } = await startApplication(grant.id);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[0]!.id;
    let version = 1;
    const save = async (content: string, answers: Record<string, string | number | string[]>, fulfilled: string[]) => {
      version = (await cast.callers.owner.applications.saveSection({ applicationId, sectionId, version, content, answers, fulfilled })).version;
    };
    const refusal = () => failureOf(cast.callers.owner.applications.markDone({ applicationId, sectionId }));

    await save('', {}, []);
    expect(await refusal()).toMatchObject({
      appCode: 'VALIDATION',
      messageKey: 'applications.section.notComplete',
      fieldErrors: {
        content: 'applications.missing.content',
        [`fulfilled.${grant.requirementIds[0]}`]: 'applications.missing.requirement',
        [`fulfilled.${grant.requirementIds[1]}`]: 'applications.missing.requirement',
        // Not the project's name: the application's title stands there.
        [`answers.${grant.inputIds.partners}`]: 'applications.missing.input',
      },
    });

    await save('Teksten', { [grant.inputIds.name]: 'Et navn, der er alt for langt', [grant.inputIds.partners]: ['DTU', ' '] }, [grant.requirementIds[0]!]);
    const second = await refusal();
    expect(second.fieldErrors).toEqual({
      [`fulfilled.${grant.requirementIds[1]}`]: 'applications.missing.requirement',
      [`answers.${grant.inputIds.name}`]: 'applications.input.tooLong',
      [`answers.${grant.inputIds.partners}`]: 'applications.input.emptyListValue',
    });

    await save('Teksten', { [grant.inputIds.name]: 'Grøn motor', [grant.inputIds.partners]: ['DTU', 'AU'] }, grant.requirementIds);
    const done = await cast.callers.owner.applications.markDone({ applicationId, sectionId });
    expect(done.status).toBe('done');
    const overview = await cast.callers.owner.applications.get({ applicationId });
    expect(overview.sections[0]!.status).toBe('done');
  });

  it('refuses done over the character limit the grant’s admin set, naming the limit and the count; the editor reads the limit', async () => {
    const grant = await createGrant({ sections: 2 });
    const platformAdmin = await callerFor(services, await createUser(services, { platformRole: 'admin' }));
    const loaded = await platformAdmin.grants.admin.getSection({ id: grant.sections[0]!.id });
    expect(loaded.maxChars).toBeNull();
    await platformAdmin.grants.admin.updateSection({ ...loaded, maxChars: 20 });
    expect((await platformAdmin.grants.admin.getSection({ id: grant.sections[0]!.id })).maxChars).toBe(20);
    expect((await failureOf(platformAdmin.grants.admin.updateSection({ ...(await platformAdmin.grants.admin.getSection({ id: grant.sections[0]!.id })), maxChars: 0 }))).fieldErrors).toEqual({
      maxChars: 'grants.validation.number',
    });

    const { applicationId } = await startApplication(grant.id);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[0]!.id;
    expect((await cast.callers.reviewer.applications.section({ applicationId, sectionId })).maxChars).toBe(20);
    const answers = { [grant.inputIds.name]: 'Grøn motor', [grant.inputIds.partners]: ['DTU'] };
    // 21 characters, one of them an emoji (one character, two UTF-16 units).
    let { version } = await cast.callers.owner.applications.saveSection({ applicationId, sectionId, version: 1, content: 'Vi bygger en motor 🚀.', answers, fulfilled: grant.requirementIds });
    const refused = await failureOf(cast.callers.owner.applications.markDone({ applicationId, sectionId }));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', messageKey: 'applications.section.tooLong', values: { limit: 20, count: 21 }, fieldErrors: { content: 'applications.input.tooLong' } });
    // An input over its own limit is named the same way.
    ({ version } = await cast.callers.owner.applications.saveSection({
      applicationId,
      sectionId,
      version,
      content: 'Vi bygger en motor 🚀',
      answers: { ...answers, [grant.inputIds.name]: 'Et navn, der er alt for langt' },
      fulfilled: grant.requirementIds,
    }));
    expect(await failureOf(cast.callers.owner.applications.markDone({ applicationId, sectionId }))).toMatchObject({
      messageKey: 'applications.section.inputTooLong',
      values: { label: 'Projektets navn', limit: 20, count: 29 },
    });
    await cast.callers.owner.applications.saveSection({ applicationId, sectionId, version, content: 'Vi bygger en motor 🚀', answers, fulfilled: grant.requirementIds });
    expect((await cast.callers.owner.applications.markDone({ applicationId, sectionId })).status).toBe('done');
  });

  it('locks a done section until it is reopened; reviewers may neither mark done nor reopen', async () => {
    const grant = await createGrant({ sections: 2 });
    const { applicationId } = await startApplication(grant.id);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[1]!.id;
    const saved = await cast.callers.owner.applications.saveSection({ applicationId, sectionId, version: 1, content: 'Budgettet', answers: {}, fulfilled: [], data: completeBudget });
    expect(saved.status).toBe('validated');
    expect(await outcome(cast.callers.reviewer.applications.markDone({ applicationId, sectionId }))).toBe('FORBIDDEN');
    const done = await cast.callers.employee.applications.markDone({ applicationId, sectionId });
    const locked = await failureOf(cast.callers.owner.applications.saveSection({ applicationId, sectionId, version: done.version, content: 'Ændret', answers: {}, fulfilled: [] }));
    expect(locked).toMatchObject({ appCode: 'CONFLICT', messageKey: 'applications.section.locked' });
    expect(await outcome(cast.callers.reviewer.applications.reopen({ applicationId, sectionId }))).toBe('FORBIDDEN');
    const reopened = await cast.callers.employee.applications.reopen({ applicationId, sectionId });
    expect(reopened.status).toBe('draft');
    const edited = await cast.callers.owner.applications.saveSection({ applicationId, sectionId, version: reopened.version, content: 'Ændret', answers: {}, fulfilled: [], data: completeBudget });
    expect(edited.status).toBe('validated');
  });
});

describe('who reaches an application', () => {
  it('answers NOT_FOUND to a user of another company for every procedure that takes an application or section id', async () => {
    const grant = await createGrant();
    const { applicationId } = await startApplication(grant.id);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[0]!.id;
    const outsider = cast.callers.outsider;
    const calls = [
      () => outsider.applications.get({ applicationId }),
      () => outsider.applications.section({ applicationId, sectionId }),
      () => outsider.applications.saveSection({ applicationId, sectionId, version: 1, content: 'Indbrud', answers: {}, fulfilled: [] }),
      () => outsider.applications.markDone({ applicationId, sectionId }),
      () => outsider.applications.reopen({ applicationId, sectionId }),
      () => outsider.applications.update({ applicationId, version: 1, title: 'Indbrud', language: 'da', description: '' }),
      () => outsider.applications.delete({ applicationId }),
    ];
    for (const call of calls) expect(await outcome(call())).toBe('NOT_FOUND');
    expect((await outsider.applications.list({})).applications.map((application) => application.id)).not.toContain(applicationId);
  });

  it('does not reach a section of another application through an application the user may edit', async () => {
    const grant = await createGrant();
    const mine = await startApplication(grant.id);
    const theirs = await startApplication(grant.id);
    const theirSection = (await cast.callers.owner.applications.get({ applicationId: theirs.applicationId })).sections[0]!.id;
    const probe = { applicationId: mine.applicationId, sectionId: theirSection };
    expect(await outcome(cast.callers.owner.applications.section(probe))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.owner.applications.saveSection({ ...probe, version: 1, content: 'x', answers: {}, fulfilled: [] }))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.owner.applications.markDone(probe))).toBe('NOT_FOUND');
    const untouched = await services.db.selectFrom('application_sections').select(['content', 'version']).where('id', '=', theirSection).executeTakeFirstOrThrow();
    expect(untouched).toEqual({ content: '', version: 1 });
  });
});

describe('the dashboard', () => {
  it('shows progress and derived status, filters by company and status, and offers open grants not yet applied to', async () => {
    const grant = await createGrant({ sections: 2 });
    const other = await createGrant({ sections: 1 });
    const passed = await createGrant({ sections: 1, deadlineAt: new Date(Date.now() - 86_400_000) });
    const soon = await createGrant({ sections: 1, deadlineAt: new Date(Date.now() + 30 * 86_400_000) });
    const danish = await createGrant({ sections: 1, fundCountry: 'DK' });
    const norwegian = await createGrant({ sections: 1, fundCountry: 'NO' });
    const companyId = await createCompany(services, cast, { name: 'Dashboard ApS' });
    const { applicationId } = await startApplication(grant.id, companyId);
    const untouched = await startApplication(grant.id, companyId);
    const sectionId = (await cast.callers.owner.applications.get({ applicationId })).sections[1]!.id;
    await cast.callers.owner.applications.saveSection({ applicationId, sectionId, version: 1, content: 'Budget', answers: {}, fulfilled: [], data: completeBudget });
    await cast.callers.owner.applications.markDone({ applicationId, sectionId });

    const { applications, openGrants } = await cast.callers.owner.applications.list({ companyId });
    const started = applications.find((application) => application.id === applicationId);
    expect(started).toMatchObject({ companyName: 'Dashboard ApS', total: 2, done: 1, status: 'in_progress' });
    expect(applications.find((application) => application.id === untouched.applicationId)).toMatchObject({ done: 0, status: 'not_started' });
    const inProgress = await cast.callers.owner.applications.list({ companyId, status: 'in_progress' });
    expect(inProgress.applications.map((application) => application.id)).toEqual([applicationId]);
    // Open continuously and open until a coming deadline are offered; applied to or past their deadline are not.
    expect(openGrants.map((open) => open.id)).toContain(other.id);
    expect(openGrants.map((open) => open.id)).toContain(soon.id);
    expect(openGrants.map((open) => open.id)).not.toContain(grant.id);
    expect(openGrants.map((open) => open.id)).not.toContain(passed.id);
    // A Danish company's member is offered Danish funds' grants and those for all countries, not Norway's.
    const offered = (await cast.callers.owner.applications.list({})).openGrants.map((open) => open.id);
    expect(offered).toContain(danish.id);
    expect(offered).not.toContain(norwegian.id);
  });
});

describe('queries per page', () => {
  /** A caller whose database counts the SQL statements it runs. */
  async function countingCaller(token: string) {
    let count = 0;
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: services.scratch.url, max: 4 }) }),
      log: (event) => {
        if (event.level === 'query') count += 1;
      },
    });
    const caller = await callerFor({ ...services, db }, { token });
    return {
      caller,
      async count(run: () => Promise<unknown>) {
        count = 0;
        await run();
        return count;
      },
      close: () => db.destroy(),
    };
  }

  it('the overview and the dashboard run the same number of queries for 3 and for 30 sections', async () => {
    const small = await createGrant({ sections: 3 });
    const large = await createGrant({ sections: 30 });
    const few = await createCompany(services, cast);
    const smallApplication = await startApplication(small.id, few);
    const many = await createCompany(services, cast);
    let largeApplication = { applicationId: '' };
    for (let index = 0; index < 12; index += 1) largeApplication = await startApplication(large.id, many);

    const counting = await countingCaller(cast.users.owner.token);
    try {
      const overviewSmall = await counting.count(() => counting.caller.applications.get({ applicationId: smallApplication.applicationId }));
      const overviewLarge = await counting.count(() => counting.caller.applications.get({ applicationId: largeApplication.applicationId }));
      // The membership check, the application with its sections.
      expect([overviewSmall, overviewLarge]).toEqual([2, 2]);
      // Once the membership is known (kept in memory, auth/membership-cache.ts): one statement.
      const again = await counting.count(() => counting.caller.applications.get({ applicationId: largeApplication.applicationId }));
      expect(again).toBe(1);
      const dashboardSmall = await counting.count(() => counting.caller.applications.list({ companyId: few }));
      const dashboardLarge = await counting.count(() => counting.caller.applications.list({ companyId: many }));
      // The applications with their section counts, and the open grants not applied to.
      expect([dashboardSmall, dashboardLarge]).toEqual([2, 2]);
    } finally {
      await counting.close();
    }
  });

  it('a section save is seven statements, its membership, status change, version and text’s change included; six once its text’s document is kept', async () => {
    const grant = await createGrant({ sections: 3 });
    const company = await createCompany(services, cast);
    const { applicationId } = await startApplication(grant.id, company);
    const caller = await callerFor(services, cast.users.owner);
    const overview = await caller.applications.get({ applicationId });
    const sectionId = overview.sections[1]!.id;
    const counting = await countingCaller(cast.users.owner.token);
    try {
      let saved = { version: 1, status: 'not_started' };
      // The first save moves the section from not started to draft (an event), the second does not.
      const statements: number[] = [];
      for (const content of ['Første udkast', 'Andet udkast', 'Tredje udkast']) {
        statements.push(
          await counting.count(async () => {
            saved = await counting.caller.applications.saveSection({ applicationId, sectionId, version: saved.version, content, answers: {}, fulfilled: [] });
          }),
        );
      }
      // The caller's membership, read anew for every write (never from memory, decision 0049);
      // then in one transaction (begin, commit): the section with its rules and its application's
      // state, its row locked; the text's document with its logged changes; the versioned write
      // with the text's change logged, its event and kept counts; and the version history. From the
      // second save on, the document the save before left is kept in memory
      // (features/applications/text-store.ts) and not read again.
      expect(statements).toEqual([7, 6, 6]);
      const events = await services.db.selectFrom('application_events').select(['from_status', 'to_status']).where('section_id', '=', sectionId).execute();
      expect(events).toEqual([{ from_status: 'not_started', to_status: saved.status }]);
    } finally {
      await counting.close();
    }
  });
});

describe('the dashboard list', () => {
  it('continues page after page in the same order, each application once, with applications saved at the same instant', async () => {
    const grant = await createGrant({ sections: 1 });
    const company = await createCompany(services, cast);
    for (let index = 0; index < 5; index += 1) await startApplication(grant.id, company);
    // All five share one updated_at, to the microsecond: the id decides across page boundaries.
    const at = new Date('2026-01-02T03:04:05.123456Z');
    await services.db.updateTable('applications').set({ updated_at: at }).where('company_id', '=', company).execute();
    const userId = cast.users.owner.id;
    const all = await listApplicationsOfUser(services.db, userId, { companyId: company });
    expect(all.applications).toHaveLength(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listApplicationsOfUser>> = await listApplicationsOfUser(services.db, userId, { companyId: company, cursor }, 2);
      seen.push(...page.applications.map((application) => application.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.applications.map((application) => application.id));
    // A cursor that is not one starts from the top instead of failing.
    expect((await listApplicationsOfUser(services.db, userId, { companyId: company, cursor: 'not-a-cursor' }, 2)).applications.map((a) => a.id)).toEqual(seen.slice(0, 2));
  });
});
