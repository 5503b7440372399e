/**
 * Demo data for a new installation: Innovation Fund Denmark with its Innobooster grant (built
 * from the fund's public facts, sections written in our own words, in Danish, English and
 * Norwegian) and a platform admin.
 * Idempotent: what exists already is left as it is. Each table is written by the module that owns
 * it (funds, grants, assessment, auth), through its `index.ts`: the seed writes none itself.
 */
import { randomBytes } from 'node:crypto';
import { findAnyPlatformAdmin, findUserByEmail, hashPassword, insertPlatformAdmin, verifyPassword } from '../auth';
import type { Database, Executor } from '../db/db';
import { insertCriteriaIfNone } from '../features/assessment';
import { fundIdOf, insertCatalogueFund } from '../features/funds';
import { grantIdOf, insertCatalogueGrant, liveSectionIds, type CatalogueGrant } from '../features/grants';
import type { LocalizedText } from '../../shared/i18n/localized-text';

type Text = LocalizedText & { en: string; nb: string };

type SectionSeed = {
  kind: 'text' | 'deliverables' | 'budget' | 'activity_plan';
  title: Text;
  guidance: Text;
  aiInstructions: string;
  /** The grant's limit on the section's text, in characters. */
  maxChars?: number;
  requirements: Text[];
  inputs?: Array<{ label: Text; type: 'text' | 'number' | 'date' | 'list'; required?: boolean; maxChars?: number }>;
};

// Not published by the fund; a configurable value an administrator can change on the grant.
export const INNOBOOSTER_MIN_INVOICE = 5000;

export const innoboosterFund = {
  name: { da: 'Innovationsfonden', en: 'Innovation Fund Denmark', nb: 'Innovationsfonden (Danmark)' },
  description: {
    da: 'Innovationsfonden investerer i forskning og innovation, der skaber værdi for Danmark: ny viden, nye teknologier og vækstvirksomheder.',
    en: 'Innovation Fund Denmark invests in research and innovation that creates value for Denmark: new knowledge, technologies and growth companies.',
    nb: 'Innovationsfonden investerer i forskning og innovasjon som skaper verdi for Danmark: ny kunnskap, nye teknologier og vekstbedrifter.',
  },
} satisfies Record<string, Text>;

export const innoboosterGrant = {
  title: { da: 'Innobooster', en: 'Innobooster', nb: 'Innobooster' },
  description: {
    da:
      'Innobooster støtter små og mellemstore virksomheder og iværksættere med innovationsprojekter, der har et klart kommercielt potentiale. ' +
      'Der kan søges 50.000–1.500.000 kr. (de minimis-sporet); tilskuddet dækker højst 35 % af projektets samlede omkostninger. ' +
      'Egne medarbejdere regnes til en fast sats på 750 kr. i timen. Projekter varer op til to år. Der er løbende ansøgningsfrist.',
    en:
      'Innobooster supports small and medium-sized companies and start-ups with innovation projects that have a clear commercial potential. ' +
      "Applications of DKK 50,000–1,500,000 (de minimis track); the grant covers at most 35% of the project's total cost. " +
      'Own staff are costed at a fixed DKK 750 per hour. Projects last up to two years. Applications are accepted continuously.',
    nb:
      'Innobooster støtter små og mellomstore bedrifter og gründere med innovasjonsprosjekter som har et tydelig kommersielt potensial. ' +
      'Det kan søkes om 50 000–1 500 000 DKK (de minimis-sporet); tilskuddet dekker høyst 35 % av prosjektets samlede kostnader. ' +
      'Egne ansatte regnes med en fast sats på 750 DKK per time. Prosjektene varer opptil to år. Søknader tas imot løpende.',
  },
} satisfies Record<string, Text>;

export const innoboosterSections: SectionSeed[] = [
  {
    kind: 'text',
    title: { da: 'Projektresumé', en: 'Project summary', nb: 'Prosjektsammendrag' },
    guidance: {
      da: 'Beskriv med få afsnit, hvad projektet skal udvikle, hvorfor det skal ske nu, og hvad virksomheden får ud af det. Skriv, så en ikke-specialist forstår det.',
      en: 'Describe in a few paragraphs what the project will develop, why now, and what the company gains. Write so a non-specialist understands it.',
      nb: 'Beskriv med noen få avsnitt hva prosjektet skal utvikle, hvorfor det skal skje nå, og hva bedriften får ut av det. Skriv slik at en ikke-spesialist forstår det.',
    },
    aiInstructions: 'Write a concise summary (max 2,000 characters) covering problem, solution, novelty and expected effect.',
    maxChars: 2000,
    requirements: [
      { da: 'Beskriver det problem, projektet løser', en: 'States the problem the project solves', nb: 'Beskriver problemet prosjektet løser' },
      { da: 'Beskriver løsningen, og hvad der er nyt', en: 'Describes the solution and what is new', nb: 'Beskriver løsningen og hva som er nytt' },
      { da: 'Nævner det forventede kommercielle resultat', en: 'Names the expected commercial result', nb: 'Nevner det forventede kommersielle resultatet' },
    ],
    inputs: [
      { label: { da: 'Projektets titel', en: 'Project title', nb: 'Prosjektets tittel' }, type: 'text', maxChars: 150 },
      { label: { da: 'Projektets startdato', en: 'Project start date', nb: 'Prosjektets startdato' }, type: 'date' },
      { label: { da: 'Projektets slutdato', en: 'Project end date', nb: 'Prosjektets sluttdato' }, type: 'date' },
    ],
  },
  {
    kind: 'text',
    title: { da: 'Virksomheden og teamet', en: 'The company and the team', nb: 'Bedriften og teamet' },
    guidance: {
      da: 'Præsenter virksomheden, dens nuværende forretning og de personer, der skal gennemføre projektet, med de kompetencer, de bidrager med.',
      en: 'Present the company, its current business and the people who will carry out the project, with the competences they bring.',
      nb: 'Presenter bedriften, dens nåværende virksomhet og personene som skal gjennomføre prosjektet, med kompetansen de bidrar med.',
    },
    aiInstructions: 'Use the company profile from the registry. Describe the team roles and why they can deliver.',
    requirements: [
      { da: 'Beskriver virksomhedens nuværende forretning', en: "Describes the company's current business", nb: 'Beskriver bedriftens nåværende virksomhet' },
      { da: 'Nævner nøglepersonerne og deres roller', en: 'Names the key people and their roles', nb: 'Nevner nøkkelpersonene og rollene deres' },
      { da: 'Viser, at teamet har de kompetencer, projektet kræver', en: 'Shows the team has the competences the project needs', nb: 'Viser at teamet har kompetansen prosjektet krever' },
    ],
    inputs: [
      { label: { da: 'Antal medarbejdere', en: 'Number of employees', nb: 'Antall ansatte' }, type: 'number' },
      { label: { da: 'Nøglepersoner', en: 'Key people', nb: 'Nøkkelpersoner' }, type: 'list' },
    ],
  },
  {
    kind: 'text',
    title: { da: 'Innovationen og den tekniske usikkerhed', en: 'The innovation and its technical uncertainty', nb: 'Innovasjonen og den tekniske usikkerheten' },
    guidance: {
      da: 'Forklar, hvad der er nyt i forhold til det, der findes i dag, og hvilke tekniske spørgsmål projektet skal besvare, før løsningen virker.',
      en: 'Explain what is new compared to what exists today, and which technical questions the project has to answer before the solution works.',
      nb: 'Forklar hva som er nytt sammenlignet med det som finnes i dag, og hvilke tekniske spørsmål prosjektet må besvare før løsningen virker.',
    },
    aiInstructions: 'Contrast the solution with existing alternatives and list the main technical risks and how the project tests them.',
    requirements: [
      { da: 'Beskriver, hvad der er nyt i forhold til eksisterende løsninger', en: 'States what is new compared to existing solutions', nb: 'Beskriver hva som er nytt sammenlignet med eksisterende løsninger' },
      { da: 'Beskriver den tekniske usikkerhed, og hvordan den mindskes', en: 'Describes the technical uncertainty and how it is reduced', nb: 'Beskriver den tekniske usikkerheten og hvordan den reduseres' },
      { da: 'Forklarer, hvorfor virksomheden ikke kan gøre det uden støtte', en: 'Explains why the company cannot do it without support', nb: 'Forklarer hvorfor bedriften ikke kan gjøre det uten støtte' },
    ],
    inputs: [{ label: { da: 'Eksisterende løsninger, der sammenlignes med', en: 'Existing solutions compared against', nb: 'Eksisterende løsninger det sammenlignes med' }, type: 'list' }],
  },
  {
    kind: 'text',
    title: { da: 'Marked og forretningspotentiale', en: 'Market and business potential', nb: 'Marked og forretningspotensial' },
    guidance: {
      da: 'Beskriv kunderne, markedets størrelse, og hvordan virksomheden vil tjene penge på resultatet.',
      en: 'Describe the customers, the size of the market and how the company will earn money on the result.',
      nb: 'Beskriv kundene, markedets størrelse og hvordan bedriften skal tjene penger på resultatet.',
    },
    aiInstructions: 'Quantify the target market, describe the business model and expected revenue in the years after the project.',
    requirements: [
      { da: 'Sætter tal på målmarkedet', en: 'Quantifies the target market', nb: 'Tallfester målmarkedet' },
      { da: 'Beskriver forretningsmodellen', en: 'Describes the business model', nb: 'Beskriver forretningsmodellen' },
      { da: 'Anslår omsætning eller besparelser efter projektet', en: 'Estimates revenue or savings after the project', nb: 'Anslår omsetning eller besparelser etter prosjektet' },
      { da: 'Nævner konkurrenter', en: 'Names competitors', nb: 'Nevner konkurrenter' },
    ],
    inputs: [
      {
        label: { da: 'Forventet omsætning tre år efter projektet (kr.)', en: 'Expected revenue three years after the project (DKK)', nb: 'Forventet omsetning tre år etter prosjektet (DKK)' },
        type: 'number',
        required: false,
      },
    ],
  },
  {
    kind: 'text',
    title: { da: 'Samfundsmæssig effekt og tema', en: 'Societal impact and theme', nb: 'Samfunnseffekt og tema' },
    guidance: {
      da: 'Forklar, hvilket af fondens temaer projektet understøtter, og hvad det betyder for samfundet: arbejdspladser, klima, sundhed eller sikkerhed.',
      en: "Explain which of the fund's themes the project supports and what it means for society: jobs, climate, health or security.",
      nb: 'Forklar hvilket av fondets temaer prosjektet støtter, og hva det betyr for samfunnet: arbeidsplasser, klima, helse eller sikkerhet.',
    },
    aiInstructions: 'Tie the project to one theme (green technology; life science, health and welfare technology; digital and critical technologies) with concrete effects.',
    requirements: [
      { da: 'Nævner et af fondens temaer', en: "Names one of the fund's themes", nb: 'Nevner ett av fondets temaer' },
      { da: 'Beskriver en konkret samfundsmæssig effekt', en: 'Describes a concrete societal effect', nb: 'Beskriver en konkret samfunnseffekt' },
    ],
    inputs: [{ label: { da: 'Tema', en: 'Theme', nb: 'Tema' }, type: 'text', maxChars: 120 }],
  },
  {
    kind: 'activity_plan',
    title: { da: 'Aktivitetsplan', en: 'Activity plan', nb: 'Aktivitetsplan' },
    guidance: {
      da: 'Angiv projektets aktiviteter med start- og slutdato, hvem der udfører dem, og det resultat eller den milepæl, hver fører til. Et projekt varer højst to år.',
      en: "List the project's activities with start and end dates, who does them and the result or milestone each leads to. A project lasts at most two years.",
      nb: 'Før opp prosjektets aktiviteter med start- og sluttdato, hvem som utfører dem, og resultatet eller milepælen hver fører til. Et prosjekt varer høyst to år.',
    },
    aiInstructions: 'Propose activities that follow from the innovation section, each with a measurable milestone.',
    requirements: [
      { da: 'Hver aktivitet har datoer, en ansvarlig og en milepæl', en: 'Every activity has dates, a responsible and a milestone', nb: 'Hver aktivitet har datoer, en ansvarlig og en milepæl' },
      { da: 'Planen holder sig inden for to år', en: 'The plan fits within two years', nb: 'Planen holder seg innenfor to år' },
    ],
  },
  {
    kind: 'deliverables',
    title: { da: 'Leverancer', en: 'Deliverables', nb: 'Leveranser' },
    guidance: {
      da: 'Beskriv, hvad projektet leverer: prototyper, test, dokumentation eller markedsvalidering.',
      en: 'Describe what the project delivers: prototypes, tests, documentation or market validation.',
      nb: 'Beskriv hva prosjektet leverer: prototyper, tester, dokumentasjon eller markedsvalidering.',
    },
    aiInstructions: 'List concrete, verifiable deliverables linked to the activity plan.',
    requirements: [
      { da: 'Hver leverance er konkret og kan efterprøves', en: 'Each deliverable is concrete and verifiable', nb: 'Hver leveranse er konkret og etterprøvbar' },
      { da: 'Leverancerne passer til aktivitetsplanen', en: 'Deliverables match the activity plan', nb: 'Leveransene samsvarer med aktivitetsplanen' },
    ],
  },
  {
    kind: 'budget',
    title: { da: 'Budget', en: 'Budget', nb: 'Budsjett' },
    guidance: {
      da: 'Angiv projektets omkostninger: egne medarbejdere (nuværende og nyansatte) til den faste sats på 750 kr. i timen, videninstitutioner, eksterne ydelser, materialer og udstyr. Tilskuddet dækker højst 35 % af de samlede omkostninger.',
      en: "Enter the project's costs: own staff (existing and new hires) at the fixed rate of DKK 750 per hour, knowledge providers, external services, materials and equipment. The grant covers at most 35% of the total cost.",
      nb: 'Før opp prosjektets kostnader: egne ansatte (nåværende og nyansatte) til fast sats på 750 DKK per time, kunnskapsleverandører, eksterne tjenester, materialer og utstyr. Tilskuddet dekker høyst 35 % av de samlede kostnadene.',
    },
    aiInstructions: 'Check that the budget matches the activities and that the funding share does not exceed the maximum.',
    requirements: [
      { da: 'Omkostningerne passer til aktiviteterne', en: 'Costs match the activities', nb: 'Kostnadene samsvarer med aktivitetene' },
      { da: 'Tilskudsandelen ligger inden for puljens maksimum', en: "The funding share is within the grant's maximum", nb: 'Tilskuddsandelen er innenfor tilskuddets maksimum' },
    ],
  },
];

export const innoboosterRequirements: Text[] = [
  { da: 'Virksomheden har et dansk CVR-nummer', en: 'The company has a Danish CVR number', nb: 'Bedriften har et dansk CVR-nummer' },
  { da: 'Virksomheden er en SMV (færre end 250 ansatte)', en: 'The company is an SME (fewer than 250 employees)', nb: 'Bedriften er en SMB (færre enn 250 ansatte)' },
  {
    da: 'Virksomheden havde i seneste regnskabsår et bruttoresultat på mindst 250.000 kr., eller den har i de seneste tre år rejst mindst 100.000 kr. i ekstern kapital',
    en: 'In the last fiscal year the company had at least DKK 250,000 gross profit, or in the last three years it raised at least DKK 100,000 of external capital',
    nb: 'Bedriften hadde i siste regnskapsår et bruttoresultat på minst 250 000 DKK, eller den har de siste tre årene hentet minst 100 000 DKK i ekstern kapital',
  },
  {
    da: 'Projektet passer til et af fondens temaer: grøn teknologi; life science, sundheds- og velfærdsteknologi; digitale og kritiske teknologier',
    en: "The project fits one of the fund's themes: green technology; life science, health and welfare technology; digital and critical technologies",
    nb: 'Prosjektet passer til ett av fondets temaer: grønn teknologi; livsvitenskap, helse- og velferdsteknologi; digitale og kritiske teknologier',
  },
  { da: 'Projektet varer højst to år', en: 'The project lasts at most two years', nb: 'Prosjektet varer høyst to år' },
];

/**
 * Innobooster's assessment criteria as Innovationsfonden names them, each reading the sections
 * (by position in `innoboosterSections`) where a strong answer shows, with the signals it looks for.
 */
export const innoboosterCriteria: Array<{ name: Text; weight: number; sections: number[]; signals: string[] }> = [
  { name: { da: 'Nyhedsværdi', en: 'Novelty', nb: 'Nyhetsverdi' }, weight: 30, sections: [0, 2], signals: ['novelty', 'state_of_art', 'quantified_effect'] },
  { name: { da: 'Værdiskabelse', en: 'Value creation', nb: 'Verdiskaping' }, weight: 30, sections: [3, 4], signals: ['market_size', 'named_partner', 'quantified_effect'] },
  { name: { da: 'Gennemførsel', en: 'Implementation', nb: 'Gjennomføring' }, weight: 25, sections: [1, 5, 6], signals: ['milestones', 'named_partner'] },
  { name: { da: 'Økonomisk effektivitet', en: 'Cost-effectiveness', nb: 'Kostnadseffektivitet' }, weight: 15, sections: [7], signals: ['costs_per_activity', 'hourly_rate', 'co_financing', 'totals_agree'] },
];

/**
 * The criteria of the catalogue's other seeded grants, by slug, each its fund's own: they read no
 * section yet (those grants have none), and an admin attaches sections when adding them.
 */
export const catalogueCriteria: Record<string, Array<{ name: Text; weight: number; sections: number[]; signals: string[] }>> = {
  innobooster: innoboosterCriteria,
  skattefunn: [
    { name: { da: 'Forskning og udvikling', en: 'Research and development', nb: 'Forskning og utvikling' }, weight: 50, sections: [], signals: ['novelty', 'state_of_art'] },
    { name: { da: 'Nytte for virksomheden', en: 'Benefit to the company', nb: 'Nytte for bedriften' }, weight: 30, sections: [], signals: ['quantified_effect', 'market_size'] },
    { name: { da: 'Projektplan og budget', en: 'Project plan and budget', nb: 'Prosjektplan og budsjett' }, weight: 20, sections: [], signals: ['milestones', 'costs_per_activity'] },
  ],
  innovasjonskontrakt: [
    { name: { da: 'Innovationshøjde', en: 'Degree of innovation', nb: 'Innovasjonshøyde' }, weight: 30, sections: [], signals: ['novelty', 'state_of_art'] },
    { name: { da: 'Markedsmulighed', en: 'Market opportunity', nb: 'Markedsmulighet' }, weight: 30, sections: [], signals: ['market_size', 'named_partner'] },
    { name: { da: 'Gennemførelsesevne', en: 'Ability to carry it out', nb: 'Gjennomføringsevne' }, weight: 25, sections: [], signals: ['milestones', 'costs_per_activity'] },
    { name: { da: 'Samfundsnytte', en: 'Benefit to society', nb: 'Samfunnsnytte' }, weight: 15, sections: [], signals: ['quantified_effect'] },
  ],
  oppstartstilskudd: [
    { name: { da: 'Innovation', en: 'Innovation', nb: 'Innovasjon' }, weight: 40, sections: [], signals: ['novelty', 'state_of_art'] },
    { name: { da: 'Marked', en: 'Market', nb: 'Marked' }, weight: 40, sections: [], signals: ['market_size', 'named_partner'] },
    { name: { da: 'Team og plan', en: 'Team and plan', nb: 'Team og plan' }, weight: 20, sections: [], signals: ['milestones'] },
  ],
  'business-finland-rd-piloting': [
    { name: { da: 'Nyhedsværdi', en: 'Novelty', nb: 'Nyhetsverdi' }, weight: 35, sections: [], signals: ['novelty', 'state_of_art'] },
    { name: { da: 'Forretningspotentiale', en: 'Business potential', nb: 'Forretningspotensial' }, weight: 40, sections: [], signals: ['market_size', 'named_partner', 'quantified_effect'] },
    { name: { da: 'Gennemførsel', en: 'Implementation', nb: 'Gjennomføring' }, weight: 25, sections: [], signals: ['milestones', 'costs_per_activity'] },
  ],
  'business-finland-tempo': [
    { name: { da: 'Vækst på det internationale marked', en: 'Growth in the international market', nb: 'Vekst i det internasjonale markedet' }, weight: 60, sections: [], signals: ['market_size', 'named_partner'] },
    { name: { da: 'Plan og team', en: 'Plan and team', nb: 'Plan og team' }, weight: 40, sections: [], signals: ['milestones', 'costs_per_activity'] },
  ],
};

/**
 * Gives each seeded grant of the catalogue its own criteria when it has none (a catalogue seeded
 * before criteria existed gets them too); what an admin changed is left alone. Returns how many
 * grants were given criteria.
 */
export async function seedCatalogueCriteria(db: Executor): Promise<number> {
  let seeded = 0;
  for (const [slug, criteria] of Object.entries(catalogueCriteria)) {
    const grantId = await grantIdOf(db, slug);
    if (!grantId) continue;
    const sections = await liveSectionIds(db, grantId);
    const given = await insertCriteriaIfNone(
      db,
      grantId,
      criteria.map((criterion) => ({ ...criterion, grantSectionIds: criterion.sections.flatMap((index) => (sections[index] ? [sections[index].id] : [])) })),
    );
    if (given) seeded += 1;
  }
  return seeded;
}

/** Innobooster as the grants module adds it: published, open, with its questions and sections. */
const innobooster: CatalogueGrant = {
  slug: 'innobooster',
  texts: { ...innoboosterGrant, url: { da: 'https://innovationsfonden.dk/da/p/innobooster', en: 'https://innovationsfonden.dk/en/p/innobooster' } },
  status: 'open',
  currency: 'DKK',
  amountMin: 50000,
  amountMax: 1500000,
  maxFundingPct: 35,
  minInvoiceAmount: INNOBOOSTER_MIN_INVOICE,
  hourlyRate: 750,
  opensAt: new Date('2026-01-01T00:00:00Z'),
  // The first two questions the company's registry profile answers (CVR number, head count).
  questions: innoboosterRequirements.map((text, position) => ({ text, prefill: position === 0 ? 'org_id' : position === 1 ? 'sme' : null })),
  sections: innoboosterSections.map((section) => ({
    kind: section.kind,
    title: section.title,
    guidance: section.guidance,
    aiInstructions: section.aiInstructions,
    maxChars: section.maxChars ?? null,
    requirements: section.requirements,
    inputs: (section.inputs ?? []).map((input) => ({ label: input.label, type: input.type, required: input.required ?? true, maxChars: input.maxChars ?? null })),
  })),
};

export async function seedCatalog(db: Database): Promise<boolean> {
  if (await fundIdOf(db, 'innovation-fund-denmark')) {
    await seedCatalogueCriteria(db);
    return false;
  }
  await db.transaction().execute(async (trx) => {
    // The fund's pages per language, as its texts are: Danish in the column, English beside it.
    const fundId = await insertCatalogueFund(trx, {
      slug: 'innovation-fund-denmark',
      country: null,
      texts: { ...innoboosterFund, url: { da: 'https://innovationsfonden.dk/da', en: 'https://innovationsfonden.dk/en' } },
    });
    await insertCatalogueGrant(trx, fundId, innobooster);
    await seedCatalogueCriteria(trx);
  });
  return true;
}

/**
 * What the platform-admin bootstrap did: made the admin (`generatedPassword` when it chose the
 * password, to be printed once), found it there already, or refused to touch an account it did
 * not make (`refused`: the address belongs to an account that is not a platform admin).
 */
export type SeedAdminResult =
  | { outcome: 'created'; email: string; generatedPassword: string | null }
  | { outcome: 'exists'; email: string; passwordDiffers: boolean }
  | { outcome: 'refused'; email: string };

/**
 * Makes sure a platform admin exists; runs on every start. It only ever creates an account: one
 * that exists already is never promoted and never given a new password, since anybody may have
 * signed up with the address before the operator chose it (decision 0025). An existing platform
 * admin with the address is left as it is, so a start after the one that made it works the same.
 */
export async function seedAdmin(db: Database, options: { email?: string | undefined; password?: string | undefined }): Promise<SeedAdminResult> {
  const email = (options.email ?? 'admin@grantwork.local').toLowerCase();
  if (!options.email) {
    const anyAdmin = await findAnyPlatformAdmin(db);
    if (anyAdmin) return { outcome: 'exists', email: anyAdmin, passwordDiffers: false };
  }
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.platform_role !== 'admin') return { outcome: 'refused', email };
    const passwordDiffers = options.password !== undefined && !(await verifyPassword(existing.password_hash, options.password));
    return { outcome: 'exists', email, passwordDiffers };
  }
  const generatedPassword = options.password ? null : randomBytes(12).toString('base64url');
  const inserted = await insertPlatformAdmin(db, { email, passwordHash: await hashPassword(options.password ?? generatedPassword!) });
  // Someone signing up with the address at this moment keeps their account, and the start refuses.
  if (!inserted) return { outcome: 'refused', email };
  return { outcome: 'created', email, generatedPassword };
}
