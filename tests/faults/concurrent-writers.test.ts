/**
 * Twenty concurrent writers saving the same record — a company profile (companies.update) and a
 * grant in the admin editor (grants.admin.update) — lose no update: every save names the version
 * it was loaded at, exactly one of the saves made from the same version lands, and every other
 * gets CONFLICT (which the editor shows as `error.conflict`). Saves made one after the other, each
 * from the version the previous one left, all land.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestServices, signIn, type TestServices } from '../integration/harness';
import { createCast, messageOf, nextOrgId, outcome, type Cast } from '../integration/company-fixtures';

const WRITERS = 20;
let services: TestServices;
let cast: Cast;

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
});
afterAll(async () => {
  await services?.close();
});

/** A caller through a session of its own, as each writer's browser has one. */
async function writerAs(user: { id: string }) {
  return callerFor(services, await signIn(services, user));
}

async function newCompany(): Promise<string> {
  const { id } = await (await writerAs(cast.users.owner)).companies.create({ orgId: nextOrgId(), name: 'Samtidig ApS' });
  return id;
}

describe('twenty writers saving one company profile', () => {
  it('lets exactly one of the saves made from the same version land; the other nineteen get CONFLICT', async () => {
    const companyId = await newCompany();
    const writers = await Promise.all(Array.from({ length: WRITERS }, () => writerAs(cast.users.owner)));
    const loaded = await writers[0]!.companies.get({ companyId });
    expect(loaded.version).toBe(1);

    const outcomes = await Promise.all(
      writers.map((caller, index) =>
        outcome(caller.companies.update({ companyId, name: `Skribent ${index} ApS`, website: `https://writer${index}.dk`, version: loaded.version })),
      ),
    );
    expect(outcomes.filter((result) => result === 'ok')).toHaveLength(1);
    expect(outcomes.filter((result) => result === 'CONFLICT')).toHaveLength(WRITERS - 1);

    const winner = outcomes.indexOf('ok');
    const saved = await writers[0]!.companies.get({ companyId });
    expect(saved).toMatchObject({ name: `Skribent ${winner} ApS`, website: `https://writer${winner}.dk`, version: 2 });
    // What the editor shows the others.
    expect(await messageOf(writers[1]!.companies.update({ companyId, name: 'Sent', version: loaded.version }))).toBe('error.conflict');
  });

  it('lands every save made from the version the previous save left', async () => {
    const companyId = await newCompany();
    const caller = await writerAs(cast.users.owner);
    for (let index = 0; index < WRITERS; index += 1) {
      const { version } = await caller.companies.get({ companyId });
      const saved = await caller.companies.update({ companyId, name: `Runde ${index} ApS`, version });
      expect(saved.version).toBe(version + 1);
    }
    expect(await caller.companies.get({ companyId })).toMatchObject({ name: `Runde ${WRITERS - 1} ApS`, version: WRITERS + 1 });
  });
});

describe('twenty admins saving one grant in the editor', () => {
  const fields = {
    slug: '',
    description: { da: 'Beskrivelse' },
    url: '',
    opensAt: null,
    deadlineAt: null,
    status: 'draft' as const,
    currency: 'DKK',
    amountMin: null,
    amountMax: null,
    maxFundingPct: null,
    minInvoiceAmount: null,
    hourlyRate: null,
    requirements: [],
  };

  async function newGrant() {
    const caller = await writerAs(cast.users.platformAdmin);
    const fund = await caller.funds.admin.create({ name: { da: `Samtidig Fond ${Date.now()}` }, slug: '', description: { da: '' }, url: '' });
    const grant = await caller.grants.admin.create({ ...fields, fundId: fund.id, title: { da: `Samtidig Pulje ${Date.now()}` } });
    return { caller, id: grant.id };
  }

  it('lets exactly one of the saves made from the same version land; the other nineteen get CONFLICT', async () => {
    const { id } = await newGrant();
    const writers = await Promise.all(Array.from({ length: WRITERS }, () => writerAs(cast.users.platformAdmin)));
    const loaded = await writers[0]!.grants.admin.get({ id });

    const outcomes = await Promise.all(
      writers.map((caller, index) =>
        outcome(caller.grants.admin.update({ ...fields, id, version: loaded.version, title: { da: `Pulje ${index}` }, description: { da: `Skrevet af ${index}` } })),
      ),
    );
    expect(outcomes.filter((result) => result === 'ok')).toHaveLength(1);
    expect(outcomes.filter((result) => result === 'CONFLICT')).toHaveLength(WRITERS - 1);

    const winner = outcomes.indexOf('ok');
    const saved = await writers[0]!.grants.admin.get({ id });
    expect(saved).toMatchObject({ title: { da: `Pulje ${winner}` }, description: { da: `Skrevet af ${winner}` }, version: loaded.version + 1 });
  });

  it('lands every save made from the version the previous save left', async () => {
    const { caller, id } = await newGrant();
    for (let index = 0; index < WRITERS; index += 1) {
      const { version } = await caller.grants.admin.get({ id });
      const saved = await caller.grants.admin.update({ ...fields, id, version, title: { da: `Runde ${index}` } });
      expect(saved.version).toBe(version + 1);
    }
    expect(await caller.grants.admin.get({ id })).toMatchObject({ title: { da: `Runde ${WRITERS - 1}` } });
  });
});
