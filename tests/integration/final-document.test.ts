/**
 * The final document and its locking, on the seeded Innobooster grant: the document is read in the
 * application's language whatever the reader's interface language, carries what its cover block
 * shows (company, CVR number, grant, fund, the fund's own application link, deadline, version) and
 * the budget exactly as stored; locking it ("Indsend") sends every member a receipt in their own
 * language that says it was not sent to the fund and links to the locked document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/server/seed/seed';
import { appUrl } from '../../src/server/env';
import { renderEmail } from '../../src/server/integrations/mail/render';
import { budgetTotals } from '../../src/shared/domain/budget';
import { budgetDataSchema } from '../../src/shared/schemas/budget';
import type { Locale } from '../../src/shared/i18n';
import { nextOrgId } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, type TestServices } from './harness';

let services: TestServices;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  await seedCatalog(services.db);
  grantId = (await services.db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await services.close();
});

/** A caller whose interface language is `locale`, as the browser's `x-locale` would make it. */
async function callerIn(token: string, locale: Locale) {
  return callerFor(services, { token }, { locale });
}

/** A company whose owner writes Danish, an admin English and an employee Norwegian, and an application in `language`. */
async function startApplication(language: Locale) {
  const people = await Promise.all(
    (['da', 'en', 'nb'] as const).map(async (locale, index) => {
      const created = await createUser(services, { firstname: ['Olga', 'Adam', 'Nora'][index]!, lastname: 'Hansen' });
      await services.db.updateTable('users').set({ locale }).where('id', '=', created.user.id).execute();
      return { ...created, locale };
    }),
  );
  const orgId = nextOrgId();
  const company = await services.db.insertInto('companies').values({ org_id: orgId, name: 'Varmeværket ApS', verified: true }).returning('id').executeTakeFirstOrThrow();
  await services.db
    .insertInto('memberships')
    .values(people.map((person, index) => ({ company_id: company.id, user_id: person.user.id, role: (['owner', 'admin', 'employee'] as const)[index]! })))
    .execute();
  const owner = await callerIn(people[0]!.token, 'da');
  const { id: applicationId } = await owner.applications.create({ companyId: company.id, grantId, title: 'Halv-strøm-pumpen', language, description: 'En varmepumpe, der bruger halvt så meget strøm.' });
  return { people, orgId, companyId: company.id, applicationId, owner };
}

const budget = {
  lines: [
    { id: 'dev', type: 'internal-existing', name: 'Udvikler', hourlyWage: null, hours: 800 },
    { id: 'eng', type: 'internal-new-hire', name: 'Ingeniør', hourlyWage: null, hours: 1200 },
    { id: 'lead', type: 'internal-existing', name: 'Projektleder', hourlyWage: null, hours: 1000 },
    { id: 'dtu', type: 'knowledge-provider', name: 'DTU Energi', description: 'Målinger i laboratoriet', amount: 30_000_050 },
  ],
  fundingRequested: 100_000_000,
} as const;

describe('the final document', () => {
  it('is in the application’s language whatever the reader’s, with the facts of its cover block', async () => {
    const { applicationId, people, orgId } = await startApplication('da');
    for (const locale of ['da', 'en', 'nb'] as const) {
      const final = await (await callerIn(people[1]!.token, locale)).reviews.final({ applicationId });
      expect(final.language).toBe('da');
      expect(final.sections.map((section) => section.title)).toEqual([
        'Projektresumé',
        'Virksomheden og teamet',
        'Innovationen og den tekniske usikkerhed',
        'Marked og forretningspotentiale',
        'Samfundsmæssig effekt og tema',
        'Aktivitetsplan',
        'Leverancer',
        'Budget',
      ]);
      expect(final.sections[0]!.inputs.map((input) => input.label)).toEqual(['Projektets titel', 'Projektets startdato', 'Projektets slutdato']);
      expect(final.sections[0]!.requirements[0]!.text).toMatch(/^Beskriver/);
      expect(final).toMatchObject({ fundName: 'Innovationsfonden', grantTitle: 'Innobooster', companyName: 'Varmeværket ApS', orgId, deadlineAt: null });
      // Where to apply is the fund's page in the reader's language; with none in Norwegian, the Danish one, which says so.
      const applyPage = { da: ['https://innovationsfonden.dk/da/p/innobooster', 'da'], en: ['https://innovationsfonden.dk/en/p/innobooster', 'en'], nb: ['https://innovationsfonden.dk/da/p/innobooster', 'da'] }[locale];
      expect([final.grantUrl, final.grantUrlLanguage]).toEqual(applyPage);
      expect(final.revision).toBeGreaterThanOrEqual(1);
    }
    const english = await startApplication('en');
    const read = await (await callerIn(english.people[0]!.token, 'da')).reviews.final({ applicationId: english.applicationId });
    expect(read.language).toBe('en');
    expect(read.sections[0]!.title).toBe('Project summary');
    expect(read.sections[0]!.inputs[0]!.label).toBe('Project title');
    expect(read.fundName).toBe('Innovation Fund Denmark');
  });

  it('holds the budget as stored — hours, rates, amounts — and every save counts in its version', async () => {
    const { applicationId, owner } = await startApplication('da');
    const before = (await owner.reviews.final({ applicationId })).revision;
    const section = (await owner.reviews.final({ applicationId })).sections.find((candidate) => candidate.kind === 'budget')!;
    const current = await owner.applications.section({ applicationId, sectionId: section.id });
    await owner.applications.saveSection({ applicationId, sectionId: section.id, version: current.version, content: '', answers: {}, fulfilled: [], data: budget });
    const final = await owner.reviews.final({ applicationId });
    const stored = final.sections.find((candidate) => candidate.kind === 'budget')!;
    const data = budgetDataSchema.parse(stored.data);
    expect(data.lines.map((line) => ('hours' in line ? line.hours : line.amount))).toEqual([800, 1200, 1000, 30_000_050]);
    expect(stored.terms).toEqual({ currency: 'DKK', maxFundingPct: 35, minInvoiceAmount: expect.any(Number), hourlyRate: 75_000 });
    // 3,000 hours at DKK 750 and DKK 300,000.50 for the knowledge provider.
    expect(budgetTotals(data, stored.terms).total).toBe(3000 * 75_000 + 30_000_050);
    expect(final.revision).toBeGreaterThan(before);
  });
});

describe('locking the application (“Indsend”)', () => {
  it('sends every member a receipt in their language, linking to the locked document and saying it was not sent to the fund', async () => {
    const { applicationId, people, owner } = await startApplication('da');
    await services.db.updateTable('application_sections').set({ status: 'done', content: 'Færdig tekst.' }).where('application_id', '=', applicationId).execute();
    const published = await owner.reviews.publish({ applicationId });
    expect(published.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const emails = await services.db.selectFrom('emails').select(['recipient', 'template', 'locale', 'params']).where('template', '=', 'applicationLocked').execute();
    const link = `${appUrl(services.env)}/applications/${applicationId}/final`;
    expect(emails.map((email) => [email.recipient, email.locale]).sort()).toEqual(people.map((person) => [person.user.email, person.locale]).sort());

    const expected: Record<Locale, { subject: RegExp; notSent: RegExp }> = {
      da: { subject: /Halv-strøm-pumpen.*låst/, notSent: /ikke sendt til Innovationsfonden/ },
      en: { subject: /Halv-strøm-pumpen.*locked/, notSent: /not been sent to Innovation Fund Denmark/ },
      nb: { subject: /Halv-strøm-pumpen.*låst/, notSent: /ikke sendt til Innovationsfonden/ },
    };
    for (const email of emails) {
      const rendered = renderEmail('applicationLocked', email.locale as Locale, email.params);
      const { subject, notSent } = expected[email.locale as Locale];
      expect(rendered.subject).toMatch(subject);
      expect(rendered.text).toMatch(notSent);
      expect(rendered.text).toContain(link);
      // The fund's page in the reader's language, or another with a note of its language.
      const applyLink = { da: 'https://innovationsfonden.dk/da/p/innobooster\n', en: 'https://innovationsfonden.dk/en/p/innobooster\n', nb: 'https://innovationsfonden.dk/da/p/innobooster (siden er på dansk)' }[email.locale as Locale];
      expect(rendered.text).toContain(applyLink);
      expect(rendered.html).toContain(`href="${link}"`);
    }
  });

  it('sends nothing when it is refused', async () => {
    const { applicationId, owner } = await startApplication('da');
    expect(await failureOf(owner.reviews.publish({ applicationId }))).toMatchObject({ messageKey: 'reviews.refused.notDone' });
    const emails = await services.db.selectFrom('emails').select('params').where('template', '=', 'applicationLocked').execute();
    expect(emails.filter((email) => JSON.stringify(email.params).includes(applicationId))).toEqual([]);
  });
});
