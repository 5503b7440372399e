/**
 * An Innobooster application in Danish, English and Norwegian with strong sections and one weak
 * one (the market: no numbers, no customer named), as the offline assessor's golden tests and the
 * check's end-to-end tests write it. Sections are by position in the seeded Innobooster grant.
 */
import type { Locale } from '../../src/shared/i18n';

export interface ApplicationTexts {
  /** Text sections by position: summary, company and team, innovation, market, impact. */
  texts: Record<0 | 1 | 2 | 3 | 4, string>;
  /** The market as a strong answer writes it. */
  strongMarket: string;
}

export const companyName: Record<Locale, string> = { da: 'Varmeværket ApS', en: 'Heatworks ApS', nb: 'Varmeverket AS' };

export const applicationTexts: Record<Locale, ApplicationTexts> = {
  da: {
    texts: {
      0: 'Vi udvikler en ny varmepumpe til etageboliger, der genbruger varmen fra ventilationen.\nI modsætning til eksisterende luft-til-vand-pumper kører den hele året. Det sparer en typisk boligforening 180.000 kr. om året. Budgettet er på i alt 530.000 kr.',
      1: 'Varmeværket ApS har 12 ansatte og har leveret ventilation siden 2014.\nProjektet gennemføres sammen med Teknologisk Institut, og den første prototype er klar i marts 2027.',
      2: 'Teknologien er ny på markedet, og vi har indleveret en patentansøgning.\nSammenlignet med de bedste varmepumper i dag er virkningsgraden 30 % højere.',
      3: 'Der er mange, der kunne have glæde af løsningen, og interessen er stor.\nVi tror, at den kan sælges bredt.',
      4: 'Løsningen reducerer udledningen med 1.200 ton CO₂ om året ved fuld udrulning.',
    },
    strongMarket: 'Markedet for varmepumper til etageboliger i Danmark er ca. 2,4 mia. kr. om året.\nVi har en hensigtserklæring fra Boligselskabet Aros A/S om 40 anlæg.',
  },
  en: {
    texts: {
      0: 'We are developing a new heat pump for apartment blocks that reuses the heat of the ventilation.\nUnlike existing air-to-water pumps it runs all year. It saves a typical housing association DKK 180,000 a year. The budget is DKK 530,000 in total.',
      1: 'Heatworks ApS has 12 employees and has supplied ventilation since 2014.\nThe project is carried out together with Danish Technological Institute, and the first prototype is ready in March 2027.',
      2: 'The technology is new to the market, and we have filed a patent application.\nCompared with the best heat pumps today, its efficiency is 30 % higher.',
      3: 'Many could benefit from the solution, and interest is high.\nWe believe it can be sold widely.',
      4: 'The solution cuts emissions by 1,200 tonnes of CO₂ a year when fully rolled out.',
    },
    strongMarket: 'The market for heat pumps in apartment blocks in Denmark is about DKK 2.4 billion a year.\nWe have a letter of intent from Boligselskabet Aros A/S for 40 installations.',
  },
  nb: {
    texts: {
      0: 'Vi utvikler en ny varmepumpe for boligblokker som gjenbruker varmen fra ventilasjonen.\nI motsetning til eksisterende luft-til-vann-pumper går den hele året. Den sparer et typisk borettslag 180 000 kr. i året. Budsjettet er på totalt 530 000 kr.',
      1: 'Varmeverket AS har 12 ansatte og har levert ventilasjon siden 2014.\nProsjektet gjennomføres i samarbeid med SINTEF, og den første prototypen er klar i mars 2027.',
      2: 'Teknologien er ny på markedet, og vi har levert en patentsøknad.\nSammenlignet med de beste varmepumpene i dag er virkningsgraden 30 % høyere.',
      3: 'Det er mange som kunne ha nytte av løsningen, og interessen er stor.\nVi tror den kan selges bredt.',
      4: 'Løsningen reduserer utslippene med 1 200 tonn CO₂ i året ved full utrulling.',
    },
    strongMarket: 'Markedet for varmepumper i boligblokker i Norge er ca. 2,4 mrd. kr. i året.\nVi har en intensjonsavtale med Boligbyggelaget Aros AS om 40 anlegg.',
  },
};

/** The budget: own staff at the grant's fixed rate, a consultant and materials; 35 % applied for. */
export const budgetData = {
  lines: [
    { id: 'staff', type: 'internal-existing', name: 'Udvikling', hourlyWage: null, hours: 400 },
    { id: 'consult', type: 'external', name: 'Målinger', description: 'Uvildige målinger', amount: 15_000_000 },
    { id: 'steel', type: 'materials', name: 'Prototype', description: 'Stål og kompressor', amount: 8_000_000 },
  ],
  fundingRequested: 18_550_000,
};

export const activityPlanData = {
  activities: [
    { id: 'a1', activity: 'Prototype', start: '2027-01-01', end: '2027-03-31', who: '', outcome: 'Prototype klar', milestone: true },
    { id: 'a2', activity: 'Pilot', start: '2027-04-01', end: '2027-09-30', who: '', outcome: 'Pilottest afsluttet', milestone: true },
  ],
};

export const deliverablesData = {
  deliverables: [{ id: 'd1', title: 'Testrapport', description: 'Målinger fra piloten', due: '2027-10-15', activityIds: ['a2'] }],
};
