/**
 * Norwegian and Finnish funds and grants for the demo catalogue, with their rules as the funds
 * describe them (decision 0053), and Innobooster's rules when it has none. Run by `npm run seed`
 * after the Danish catalogue; it adds only what is missing, so it can run on every start.
 * Amounts and shares are the funds' published outlines, not a source of truth.
 */
import type { Executor } from '../db/db';
import { fundIdOf, insertCatalogueFund, setFundCountryIfUnset } from '../features/funds';
import { grantIdOf, insertCatalogueGrant, insertGrantRulesIfMissing, type CatalogueRules } from '../features/grants';
import type { LocalizedText } from '../../shared/i18n/localized-text';
import type { Country } from '../../shared/domain/org-id';

type Text = LocalizedText;

interface GrantSeed {
  slug: string;
  title: Text;
  description: Text;
  url: string;
  currency: string;
  amountMin: number | null;
  amountMax: number | null;
  maxFundingPct: number | null;
  rules: CatalogueRules;
}

interface FundSeed {
  slug: string;
  country: Country;
  name: Text;
  description: Text;
  url: string;
  grants: GrantSeed[];
}

/** Primary agriculture and fisheries are outside the EU's general block exemption most of these grants use. */
const primaryProduction = ['01', '02', '03'];

export const nordicFunds: FundSeed[] = [
  {
    slug: 'research-council-of-norway',
    country: 'NO',
    name: { da: 'Norges forskningsråd', en: 'The Research Council of Norway', nb: 'Norges forskningsråd' },
    description: {
      da: 'Norges forskningsråd finansierer forskning og innovation i Norge og forvalter skattefradragsordningen SkatteFUNN.',
      en: 'The Research Council of Norway funds research and innovation in Norway and runs the SkatteFUNN tax deduction scheme.',
      nb: 'Norges forskningsråd finansierer forskning og innovasjon i Norge og forvalter skattefradragsordningen SkatteFUNN.',
    },
    url: 'https://www.forskningsradet.no',
    grants: [
      {
        slug: 'skattefunn',
        title: { da: 'SkatteFUNN', en: 'SkatteFUNN', nb: 'SkatteFUNN' },
        description: {
          da: 'Skattefradrag for forsknings- og udviklingsprojekter i virksomheder, der er skattepligtige i Norge: en del af projektets omkostninger trækkes fra i skatten. Virksomheder af alle størrelser og brancher kan søge.',
          en: 'A tax deduction for research and development projects in companies taxable in Norway: part of the project costs is deducted from the tax. Companies of every size and industry can apply.',
          nb: 'Skattefradrag for forsknings- og utviklingsprosjekter i bedrifter som er skattepliktige i Norge: en del av prosjektkostnadene trekkes fra i skatten. Bedrifter av alle størrelser og bransjer kan søke.',
        },
        url: 'https://www.forskningsradet.no/skattefunn/',
        currency: 'NOK',
        amountMin: null,
        amountMax: 5_500_000,
        maxFundingPct: 19,
        rules: { countries: ['NO'], cofinancingPct: 81 },
      },
    ],
  },
  {
    slug: 'innovation-norway',
    country: 'NO',
    name: { da: 'Innovation Norway', en: 'Innovation Norway', nb: 'Innovasjon Norge' },
    description: {
      da: 'Innovasjon Norge er den norske stats virkemiddel for innovation og udvikling af virksomheder og erhvervsliv.',
      en: "Innovation Norway is the Norwegian government's instrument for innovation and development of Norwegian enterprises and industry.",
      nb: 'Innovasjon Norge er statens virkemiddel for innovasjon og utvikling av norske virksomheter og næringsliv.',
    },
    url: 'https://www.innovasjonnorge.no',
    grants: [
      {
        slug: 'innovasjonskontrakt',
        title: { da: 'Innovationskontrakt (IFU/OFU)', en: 'Innovation contract (IFU/OFU)', nb: 'Innovasjonskontrakt (IFU/OFU)' },
        description: {
          da: 'Tilskud til en norsk virksomhed, der udvikler et nyt produkt eller en ny tjeneste sammen med en krævende kunde. Små og mellemstore virksomheder prioriteres.',
          en: 'A grant for a Norwegian company developing a new product or service together with a demanding customer. Small and medium-sized companies come first.',
          nb: 'Tilskudd til en norsk bedrift som utvikler et nytt produkt eller en ny tjeneste sammen med en krevende kunde. Små og mellomstore bedrifter prioriteres.',
        },
        url: 'https://www.innovasjonnorge.no/tjeneste/innovasjonskontrakter',
        currency: 'NOK',
        amountMin: null,
        amountMax: 3_000_000,
        maxFundingPct: 45,
        rules: { countries: ['NO'], companySize: 'sme', naceExcluded: primaryProduction, cofinancingPct: 55 },
      },
      {
        slug: 'oppstartstilskudd',
        title: { da: 'Opstartstilskud', en: 'Start-up grant', nb: 'Oppstartstilskudd' },
        description: {
          da: 'Tilskud til unge norske virksomheder med en innovativ idé og vækstpotentiale, til at teste markedet og udvikle idéen.',
          en: 'A grant for young Norwegian companies with an innovative idea and growth potential, to test the market and develop the idea.',
          nb: 'Tilskudd til unge norske bedrifter med en innovativ idé og vekstpotensial, til å teste markedet og utvikle idéen.',
        },
        url: 'https://www.innovasjonnorge.no/tjeneste/oppstartstilskudd',
        currency: 'NOK',
        amountMin: null,
        amountMax: 1_000_000,
        maxFundingPct: 50,
        rules: { countries: ['NO'], companySize: 'small', maxAgeYears: 5, naceExcluded: primaryProduction, cofinancingPct: 50 },
      },
    ],
  },
  {
    slug: 'business-finland',
    country: 'FI',
    name: { da: 'Business Finland', en: 'Business Finland', nb: 'Business Finland' },
    description: {
      da: 'Business Finland finansierer forskning, udvikling og innovation i finske virksomheder.',
      en: 'Business Finland funds research, development and innovation in Finnish companies.',
      nb: 'Business Finland finansierer forskning, utvikling og innovasjon i finske bedrifter.',
    },
    url: 'https://www.businessfinland.fi',
    grants: [
      {
        slug: 'business-finland-rd-piloting',
        title: { da: 'Forskning, udvikling og pilotering', en: 'Research, development and piloting', nb: 'Forskning, utvikling og pilotering' },
        description: {
          da: 'Tilskud eller lån til finske virksomheder, der udvikler nye produkter, tjenester eller forretningsmodeller med internationalt potentiale.',
          en: 'A grant or loan for Finnish companies developing new products, services or business models with international potential.',
          nb: 'Tilskudd eller lån til finske bedrifter som utvikler nye produkter, tjenester eller forretningsmodeller med internasjonalt potensial.',
        },
        url: 'https://www.businessfinland.fi/en/for-finnish-customers/services/funding/research-development-and-piloting',
        currency: 'EUR',
        amountMin: null,
        amountMax: null,
        maxFundingPct: 50,
        rules: { countries: ['FI'], cofinancingPct: 50 },
      },
      {
        slug: 'business-finland-tempo',
        title: { da: 'Tempo', en: 'Tempo', nb: 'Tempo' },
        description: {
          da: 'Tilskud til unge, små finske virksomheder, der vil tage deres første skridt mod et internationalt marked.',
          en: 'A grant for young, small Finnish companies taking their first steps towards an international market.',
          nb: 'Tilskudd til unge, små finske bedrifter som vil ta sine første steg mot et internasjonalt marked.',
        },
        url: 'https://www.businessfinland.fi/en/for-finnish-customers/services/funding/tempo',
        currency: 'EUR',
        amountMin: null,
        amountMax: 50_000,
        maxFundingPct: 75,
        rules: { countries: ['FI'], companySize: 'small', maxAgeYears: 5, maxTurnoverEur: 10_000_000, cofinancingPct: 25 },
      },
    ],
  },
];

/** Innobooster's rules (the migration gives them to a catalogue seeded before them). */
const innoboosterRules: CatalogueRules = { countries: ['DK'], companySize: 'sme', cofinancingPct: 25 };

/**
 * Adds the funds, grants and rules that are missing, each through the module that owns its table;
 * returns how many grants it added.
 */
export async function seedNordicCatalog(db: Executor): Promise<number> {
  const innobooster = await grantIdOf(db, 'innobooster');
  if (innobooster) {
    await insertGrantRulesIfMissing(db, innobooster, innoboosterRules);
    await setFundCountryIfUnset(db, 'innovation-fund-denmark', 'DK');
  }
  let added = 0;
  for (const fund of nordicFunds) {
    const fundId =
      (await fundIdOf(db, fund.slug)) ??
      (await insertCatalogueFund(db, { slug: fund.slug, country: fund.country, texts: { name: fund.name, description: fund.description, url: { da: fund.url } } }));
    for (const grant of fund.grants) {
      if (await grantIdOf(db, grant.slug)) continue;
      const grantId = await insertCatalogueGrant(db, fundId, {
        slug: grant.slug,
        texts: { title: grant.title, description: grant.description, url: { da: grant.url } },
        status: 'open',
        currency: grant.currency,
        amountMin: grant.amountMin,
        amountMax: grant.amountMax,
        maxFundingPct: grant.maxFundingPct,
        questions: [],
        sections: [],
      });
      await insertGrantRulesIfMissing(db, grantId, grant.rules);
      added += 1;
    }
  }
  return added;
}
