/**
 * Deletion that can be undone (decision 0050): a company is deleted only with its name typed
 * exactly and the owner's password, disappears for every member at once, its other owners get an
 * e-mail with the link that restores it, a former owner restores it within 14 days with its
 * members, applications and texts, and the retention sweep removes it for good after that. An
 * application is deleted and restored the same way by owners and admins.
 */
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { sweepExpired } from '../../src/server/features/data-rights/data-rights.service';
import { emailProcessor } from '../../worker/processors/email';
import { linkIn, readEmail } from '../eml';
import { createApplicationOf, createOpenGrant, messageOf, nextOrgId, outcome } from './company-fixtures';
import { callerFor, createTestServices, createUser, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
const workers: Worker[] = [];
const log = pino({ level: 'silent' });
const TEXT = 'Vores idé er en varmepumpe, der lærer af vejret.';

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  workers.push(startWorker(services, 'email', emailProcessor({ db: services.db, mail: createMailSender(services.env), log })));
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await services.close();
});

/** A company with an owner, a writer, a second owner (English) and an admin, and an application whose one section has a text. */
async function company(name: string) {
  const grant = await createOpenGrant(services, { slug: `deletion-${nextOrgId()}`, fund: 'Fonden', grant: 'Puljen' });
  const made = await createApplicationOf(services, grant, { company: name, application: `${name}s ansøgning` });
  const coOwner = await createUser(services, { firstname: 'Karen', lastname: 'Medejer' });
  const admin = await createUser(services);
  await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', coOwner.user.id).execute();
  await services.db
    .insertInto('memberships')
    .values([
      { company_id: made.companyId, user_id: coOwner.user.id, role: 'owner' },
      { company_id: made.companyId, user_id: admin.user.id, role: 'admin' },
    ])
    .execute();
  await services.db.updateTable('application_sections').set({ content: TEXT }).where('id', '=', made.sectionId).execute();
  const caller = async (who: { token: string }) => callerFor(services, { token: who.token });
  return { ...made, coOwner, admin, caller, name };
}

/** The .eml file of the e-mail of `template` to `to`, once the worker has written it. */
function sentEmail(to: string, template: string): Promise<string> {
  return waitFor(async () => {
    const email = await services.db.selectFrom('emails').select(['status', 'location']).where('recipient', '=', to).where('template', '=', template).orderBy('created_at', 'desc').executeTakeFirst();
    return email?.status === 'sent' && email.location;
  });
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

describe('deleting a company', () => {
  it('names what goes with it, counted', async () => {
    const team = await company('Tælling ApS');
    const owner = await team.caller(team.owner);
    await owner.invitations.create({ companyId: team.companyId, email: 'ny@example.com', role: 'employee' });
    expect(await owner.companies.deletionSummary({ companyId: team.companyId })).toEqual({ applications: 1, sections: 1, versions: 0, members: 4, invitations: 1 });
    expect(await outcome((await team.caller(team.writer)).companies.deletionSummary({ companyId: team.companyId }))).toBe('FORBIDDEN');
  });

  it('leaves its invitations unanswerable while it is deleted, and answerable again once restored', async () => {
    const team = await company('Invitation ApS');
    const invitee = await createUser(services);
    const owner = await team.caller(team.owner);
    await owner.invitations.create({ companyId: team.companyId, email: invitee.user.email, role: 'employee' });
    const guest = await callerFor(services, { token: invitee.token });
    const [invitation] = await guest.invitations.mine();
    await owner.companies.delete({ companyId: team.companyId, name: 'Invitation ApS', password: team.owner.password });
    expect(await guest.invitations.mine()).toEqual([]);
    expect(await outcome(guest.invitations.acceptMine({ invitationId: invitation!.id }))).toBe('NOT_FOUND');
    expect(await outcome(guest.companies.get({ companyId: team.companyId }))).toBe('NOT_FOUND');
    await owner.companies.restore({ companyId: team.companyId });
    await guest.invitations.acceptMine({ invitationId: invitation!.id });
    expect((await guest.companies.get({ companyId: team.companyId })).role).toBe('employee');
  });

  it('refuses a name not typed exactly or a wrong password, and deletes nothing', async () => {
    const team = await company('Præcis ApS');
    const owner = await team.caller(team.owner);
    expect(await messageOf(owner.companies.delete({ companyId: team.companyId, name: 'præcis aps', password: team.owner.password }))).toBe('companies.delete.wrongName');
    expect(await messageOf(owner.companies.delete({ companyId: team.companyId, name: 'Præcis ApS', password: 'not the password' }))).toBe('companies.delete.wrongPassword');
    expect((await (await team.caller(team.writer)).companies.get({ companyId: team.companyId })).name).toBe('Præcis ApS');
    const row = await services.db.selectFrom('companies').select('deleted_at').where('id', '=', team.companyId).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('is gone for every member at once, the other owners are mailed a restore link, and a former owner restores it with its texts', async () => {
    const team = await company('Fortryd ApS');
    const writer = await team.caller(team.writer);
    // Read before the deletion: what a process keeps of the membership must not outlive it.
    await writer.applications.get({ applicationId: team.applicationId });
    await (await team.caller(team.owner)).companies.delete({ companyId: team.companyId, name: 'Fortryd ApS', password: team.owner.password });

    for (const member of [team.owner, team.writer, team.coOwner, team.admin]) {
      const caller = await team.caller(member);
      expect(await outcome(caller.companies.get({ companyId: team.companyId }))).toBe('NOT_FOUND');
      expect(await outcome(caller.applications.get({ applicationId: team.applicationId }))).toBe('NOT_FOUND');
      expect((await caller.companies.list()).map((item) => item.id)).not.toContain(team.companyId);
      expect((await caller.applications.list({})).applications.map((item) => item.id)).not.toContain(team.applicationId);
    }

    // The other owner hears who deleted it, in English, with the link to restore it; the writer without it.
    const mail = readEmail(await sentEmail(team.coOwner.user.email, 'companyDeletedOwner'));
    expect(mail).toContain(`${team.owner.user.firstname} ${team.owner.user.lastname} has deleted Fortryd ApS`);
    const link = linkIn(await sentEmail(team.coOwner.user.email, 'companyDeletedOwner'), 'https://grantwork.example/companies?restore=');
    expect(link).toBe(`https://grantwork.example/companies?restore=${team.companyId}`);
    expect(readEmail(await sentEmail(team.writer.user.email, 'companyDeleted'))).not.toContain('restore=');
    expect(await services.db.selectFrom('emails').select('id').where('recipient', '=', team.owner.user.email).where('template', 'like', 'companyDeleted%').execute()).toEqual([]);

    // Their dashboards list it to restore; not the writer's, who was no owner.
    const coOwner = await team.caller(team.coOwner);
    expect((await coOwner.companies.restorable()).map((item) => [item.id, item.deletedBy])).toEqual([[team.companyId, `${team.owner.user.firstname} ${team.owner.user.lastname}`]]);
    expect(await writer.companies.restorable()).toEqual([]);
    expect(await outcome(writer.companies.restore({ companyId: team.companyId }))).toBe('NOT_FOUND');
    expect(await outcome((await team.caller(team.admin)).companies.restore({ companyId: team.companyId }))).toBe('NOT_FOUND');

    await coOwner.companies.restore({ companyId: team.companyId });
    const restored = await writer.applications.section({ applicationId: team.applicationId, sectionId: team.sectionId });
    expect(restored.content).toBe(TEXT);
    expect((await (await team.caller(team.owner)).companies.members({ companyId: team.companyId })).map((member) => member.role).sort()).toEqual(['admin', 'employee', 'owner', 'owner']);
    expect(await coOwner.companies.restorable()).toEqual([]);
  });

  it('cannot be restored after 14 days, and the retention sweep then removes it for good', async () => {
    const team = await company('Forbi ApS');
    await (await team.caller(team.owner)).companies.delete({ companyId: team.companyId, name: 'Forbi ApS', password: team.owner.password });
    await services.db.updateTable('companies').set({ deleted_at: daysAgo(13) }).where('id', '=', team.companyId).execute();
    await sweepExpired(services.db);
    expect(await services.db.selectFrom('applications').select('id').where('id', '=', team.applicationId).execute()).toHaveLength(1);

    await services.db.updateTable('companies').set({ deleted_at: daysAgo(14.01) }).where('id', '=', team.companyId).execute();
    const owner = await team.caller(team.owner);
    expect(await owner.companies.restorable()).toEqual([]);
    expect(await messageOf(owner.companies.restore({ companyId: team.companyId }))).toBe('companies.restore.gone');
    const counts = await sweepExpired(services.db);
    expect(counts.deletedCompanies).toBeGreaterThanOrEqual(1);
    expect(await services.db.selectFrom('companies').select('id').where('id', '=', team.companyId).execute()).toEqual([]);
    expect(await services.db.selectFrom('applications').select('id').where('id', '=', team.applicationId).execute()).toEqual([]);
    expect(await services.db.selectFrom('deleted_company_members').select('user_id').where('company_id', '=', team.companyId).execute()).toEqual([]);
  });
});

describe('deleting an application', () => {
  it('names what goes, is gone for every member, and an owner or admin restores it with its text', async () => {
    const team = await company('Ansøgning ApS');
    const admin = await team.caller(team.admin);
    const writer = await team.caller(team.writer);
    await writer.applications.get({ applicationId: team.applicationId });
    expect(await admin.applications.deletionSummary({ applicationId: team.applicationId })).toEqual({ sections: 1, versions: 0, comments: 0 });
    expect(await outcome(writer.applications.delete({ applicationId: team.applicationId }))).toBe('FORBIDDEN');
    await admin.applications.delete({ applicationId: team.applicationId });

    expect(await outcome(writer.applications.get({ applicationId: team.applicationId }))).toBe('NOT_FOUND');
    expect(await outcome(writer.applications.section({ applicationId: team.applicationId, sectionId: team.sectionId }))).toBe('NOT_FOUND');
    expect((await writer.applications.list({})).applications.map((item) => item.id)).not.toContain(team.applicationId);

    expect(await outcome(writer.applications.restorable({ companyId: team.companyId }))).toBe('FORBIDDEN');
    expect(await outcome(writer.applications.restore({ companyId: team.companyId, applicationId: team.applicationId }))).toBe('FORBIDDEN');
    const outsider = await callerFor(services, { token: (await createUser(services)).token });
    expect(await outcome(outsider.applications.restore({ companyId: team.companyId, applicationId: team.applicationId }))).toBe('NOT_FOUND');

    const owner = await team.caller(team.owner);
    expect((await owner.applications.restorable({ companyId: team.companyId })).map((item) => item.title)).toEqual(['Ansøgning ApSs ansøgning']);
    await owner.applications.restore({ companyId: team.companyId, applicationId: team.applicationId });
    expect((await writer.applications.section({ applicationId: team.applicationId, sectionId: team.sectionId })).content).toBe(TEXT);
    expect(await owner.applications.restorable({ companyId: team.companyId })).toEqual([]);
  });

  it('cannot be restored after 14 days, and the retention sweep then removes it for good', async () => {
    const team = await company('Gammel ApS');
    const owner = await team.caller(team.owner);
    await owner.applications.delete({ applicationId: team.applicationId });
    await services.db.updateTable('applications').set({ deleted_at: daysAgo(14.01) }).where('id', '=', team.applicationId).execute();
    expect(await owner.applications.restorable({ companyId: team.companyId })).toEqual([]);
    expect(await messageOf(owner.applications.restore({ companyId: team.companyId, applicationId: team.applicationId }))).toBe('applications.restore.gone');
    await sweepExpired(services.db);
    expect(await services.db.selectFrom('applications').select('id').where('id', '=', team.applicationId).execute()).toEqual([]);
    expect(await services.db.selectFrom('application_sections').select('id').where('id', '=', team.sectionId).execute()).toEqual([]);
    expect((await owner.companies.get({ companyId: team.companyId })).name).toBe('Gammel ApS');
  });
});
