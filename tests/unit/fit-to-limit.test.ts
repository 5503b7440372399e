import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { countChars } from '../../src/shared/domain/application-sections';
import { applyProposal, namesIn, sentencesOf, shortenToFit, type ShortenLanguage } from '../../src/shared/domain/fit-to-limit';
import { diffWords } from '../../src/shared/domain/word-diff';

/** Sentences with figures (half the text) and filler without figures or names (the other half), per language. */
const material: Record<ShortenLanguage, { figures: string[]; filler: string[] }> = {
  da: {
    figures: [
      'Markedet for varmepumper i Norden er 4.200 mio. kr. om året og vokser med 12 % årligt.',
      'Vi har 14 medarbejdere, heraf 6 ingeniører, og en omsætning på 9,5 mio. kr. i 2025.',
      'Prototypen sænker strømforbruget med 38 % i forhold til en luft-til-vand-pumpe fra 2020.',
      'Projektet løber i 18 måneder fra 1. marts 2027 med 3 milepæle.',
      'Budgettet er 2.450.000 kr., hvoraf 857.500 kr. søges som tilskud.',
      'Ved 250 solgte enheder i 2028 sparer kunderne 1.100 tons CO₂ om året.',
      'Testen omfatter 40 boliger og 2 skoler med i alt 7.300 m² opvarmet areal.',
      'Vi forventer 45 nye kunder om året fra 2029 og en eksportandel på 60 %.',
    ],
    filler: [
      'Vi mener, at dette er en spændende mulighed for virksomheden og for vores samarbejdspartnere.',
      'Det er vigtigt for os at arbejde grundigt og ansvarligt med alle dele af projektet.',
      'Holdet er meget motiveret og ser frem til at komme i gang med arbejdet så hurtigt som muligt.',
      'Vi har en stærk kultur, hvor alle bidrager med idéer og hjælper hinanden i hverdagen.',
      'Løsningen er gennemtænkt og bygger på mange års erfaring med udvikling af gode produkter.',
      'Det giver god mening at tage dette skridt nu, hvor efterspørgslen efter grønne løsninger stiger.',
      'Vi vil løbende evaluere vores fremgang og justere planen, når det er nødvendigt.',
      'Samlet set står vi godt rustet til at gennemføre projektet med et godt resultat.',
    ],
  },
  en: {
    figures: [
      'The Nordic market for heat pumps is worth DKK 4,200 million a year and grows by 12 % annually.',
      'We have 14 employees, 6 of them engineers, and revenue of DKK 9.5 million in 2025.',
      'The prototype cuts power use by 38 % compared with an air-to-water pump from 2020.',
      'The project runs for 18 months from 1 March 2027 with 3 milestones.',
      'The budget is DKK 2,450,000, of which DKK 857,500 is applied for as a grant.',
      'With 250 units sold in 2028 our customers save 1,100 tonnes of CO₂ a year.',
      'The trial covers 40 homes and 2 schools with 7,300 m² of heated floor space in all.',
      'We expect 45 new customers a year from 2029 and an export share of 60 %.',
    ],
    filler: [
      'We believe that this is an exciting opportunity for the company and for everyone we work with.',
      'It is important to us to work thoroughly and responsibly with every part of the project.',
      'The team is highly motivated and looks forward to getting started as quickly as possible.',
      'We have a strong culture where everyone contributes ideas and helps each other every day.',
      'The solution is well thought out and builds on many years of experience with good products.',
      'It makes good sense to take this step now, while the demand for green solutions is rising.',
      'We will evaluate our progress along the way and adjust the plan whenever that is needed.',
      'All in all we are well prepared to carry out the project with a good result at the end.',
    ],
  },
  nb: {
    figures: [
      'Markedet for varmepumper i Norden er på 4 200 mill. kr. i året og vokser med 12 % årlig.',
      'Vi har 14 ansatte, av dem 6 ingeniører, og en omsetning på 9,5 mill. kr. i 2025.',
      'Prototypen senker strømforbruket med 38 % sammenlignet med en luft-til-vann-pumpe fra 2020.',
      'Prosjektet varer i 18 måneder fra 1. mars 2027 med 3 milepæler.',
      'Budsjettet er 2 450 000 kr., hvorav 857 500 kr. søkes som tilskudd.',
      'Med 250 solgte enheter i 2028 sparer kundene 1 100 tonn CO₂ i året.',
      'Testen omfatter 40 boliger og 2 skoler med til sammen 7 300 m² oppvarmet areal.',
      'Vi venter 45 nye kunder i året fra 2029 og en eksportandel på 60 %.',
    ],
    filler: [
      'Vi mener at dette er en spennende mulighet for bedriften og for alle vi samarbeider med.',
      'Det er viktig for oss å arbeide grundig og ansvarlig med alle deler av prosjektet.',
      'Teamet er svært motivert og ser frem til å komme i gang med arbeidet så raskt som mulig.',
      'Vi har en sterk kultur der alle bidrar med ideer og hjelper hverandre i hverdagen.',
      'Løsningen er gjennomtenkt og bygger på mange års erfaring med utvikling av gode produkter.',
      'Det gir god mening å ta dette steget nå, når etterspørselen etter grønne løsninger øker.',
      'Vi vil fortløpende evaluere fremgangen og justere planen når det er nødvendig.',
      'Alt i alt står vi godt rustet til å gjennomføre prosjektet med et godt resultat.',
    ],
  },
};

/** About 2,600 characters: paragraphs of a figure sentence then a filler one, half of each by length. */
function textOf(language: ShortenLanguage): string {
  const { figures, filler } = material[language];
  const paragraphs: string[][] = [[]];
  let figureChars = 0;
  let fillerChars = 0;
  for (let round = 0; figureChars + fillerChars < 2600; round += 1) {
    // Whichever half is behind gets the next sentence, so the halves stay about equal.
    const withFigures = figureChars <= fillerChars;
    const sentence = withFigures ? figures[round % figures.length]! : filler[round % filler.length]!;
    if (withFigures) figureChars += sentence.length + 1;
    else fillerChars += sentence.length + 1;
    if (paragraphs[paragraphs.length - 1]!.length === 3) paragraphs.push([]);
    paragraphs[paragraphs.length - 1]!.push(sentence);
  }
  return paragraphs.map((sentences) => sentences.join(' ')).join('\n\n');
}

const figuresOf = (text: string) => text.match(/\d+(?:[.,\s]\d{3})*(?:[.,]\d+)?/gu)?.map((figure) => figure.trim()) ?? [];

describe('shortenToFit: the issue’s case', () => {
  it.each(['da', 'en', 'nb'] as const)('%s: 2,600 characters under a 2,000 limit keep every figure and end with a whole sentence', (language) => {
    const text = textOf(language);
    const { figures, filler } = material[language];
    expect(countChars(text)).toBeGreaterThanOrEqual(2600);
    expect(countChars(text)).toBeLessThan(2700);
    const result = shortenToFit(text, 2000, language);
    expect(result).not.toBeNull();
    expect(result!.count).toBeLessThanOrEqual(2000);
    expect(countChars(result!.text)).toBe(result!.count);
    // Never cut inside a sentence: every sentence of the result is one of the original's, whole.
    const known = new Set([...figures, ...filler]);
    for (const sentence of sentencesOf(result!.text, language)) expect(known.has(sentence.text), sentence.text).toBe(true);
    expect(result!.text.trimEnd()).toMatch(/[.!?]$/u);
    // Every figure of the original is still there, as often as it was.
    const before = figuresOf(text).sort();
    const after = figuresOf(result!.text).sort();
    expect(before.length).toBeGreaterThan(30);
    expect(after).toEqual(before);
    expect(result!.droppedWithSignals).toBe(0);
    expect(result!.dropped).toBeGreaterThan(0);
    // Only as much as needed: no dropped filler sentence would still have fitted.
    const shortestFiller = Math.min(...filler.map((sentence) => sentence.length));
    expect(result!.count + shortestFiller + 1).toBeGreaterThan(2000);
  });
});

describe('shortenToFit', () => {
  it('leaves a text within its limit as it is', () => {
    expect(shortenToFit('Kort tekst.', 100, 'da')).toEqual({ text: 'Kort tekst.', count: 11, dropped: 0, droppedWithSignals: 0 });
  });

  it('refuses when not even one whole sentence fits', () => {
    expect(shortenToFit('Denne ene sætning er alt for lang til grænsen. Og denne med.', 20, 'da')).toBeNull();
  });

  it('drops sentences with a figure or a name only when dropping the others was not enough, the fewest signals first', () => {
    const text = 'Vi har kunder i Aarhus. Det er godt. Omsætningen var 3 mio. kr. i 2025. Vi glæder os.';
    const enough = shortenToFit(text, 60, 'da')!;
    expect(enough.text).toBe('Vi har kunder i Aarhus. Omsætningen var 3 mio. kr. i 2025.');
    expect(enough.droppedWithSignals).toBe(0);
    // Room for one of them: the one with one name goes before the one with two figures.
    const tight = shortenToFit(text, 40, 'da')!;
    expect(tight.text).toBe('Omsætningen var 3 mio. kr. i 2025.');
    expect(tight.droppedWithSignals).toBe(1);
  });

  it('keeps paragraphs and list markers, and drops a line with its break', () => {
    const text = 'Første afsnit med 3 tal. Fyld uden noget.\n\n- Punkt med 5 enheder.\n- Bare snak her.\n\nSidste afsnit med 7 ting.';
    const result = shortenToFit(text, 80, 'da')!;
    expect(result.text).toBe('Første afsnit med 3 tal.\n\n- Punkt med 5 enheder.\n\nSidste afsnit med 7 ting.');
  });
});

describe('sentence splitting per language', () => {
  const texts = (text: string, language: ShortenLanguage) => sentencesOf(text, language).map((sentence) => sentence.text);

  it('da: abbreviations and numbers do not end sentences', () => {
    expect(texts('Vi samarbejder bl.a. med Aalborg Universitet, f.eks. om test. Prisen er ca. 5 mio. kr. Det er nr. 2 af 3 trin. Den 1. marts starter vi.', 'da')).toEqual([
      'Vi samarbejder bl.a. med Aalborg Universitet, f.eks. om test.',
      'Prisen er ca. 5 mio. kr.',
      'Det er nr. 2 af 3 trin.',
      'Den 1. marts starter vi.',
    ]);
  });

  it('nb: abbreviations and numbers do not end sentences', () => {
    expect(texts('Vi jobber bl.a. med SINTEF. Kostnaden er ca. 2 mill. kr. Hvorfor nå? Fordi kr. 500 000 er lite.', 'nb')).toEqual([
      'Vi jobber bl.a. med SINTEF.',
      'Kostnaden er ca. 2 mill. kr.',
      'Hvorfor nå?',
      'Fordi kr. 500 000 er lite.',
    ]);
  });

  it('en: abbreviations, initials and decimals do not end sentences', () => {
    expect(texts('We work with e.g. Siemens and Dr. Jensen. J. Hansen leads it. Costs rise 2.5 % (approx. 3 units). See no. 4 below! Done.', 'en')).toEqual([
      'We work with e.g. Siemens and Dr. Jensen.',
      'J. Hansen leads it.',
      'Costs rise 2.5 % (approx. 3 units).',
      'See no. 4 below!',
      'Done.',
    ]);
  });

  it('names: capitals after the first word, acronyms and legal forms; not the English "I"', () => {
    expect(namesIn('Vi har solgt til Grundfos A/S og DTU.', 'da')).toEqual(['Grundfos', 'A/S', 'DTU']);
    expect(namesIn('Then I met the team.', 'en')).toEqual([]);
    expect(namesIn('Det er godt.', 'da')).toEqual([]);
  });
});

describe('applyProposal', () => {
  it('changes the shared text word by word in one transaction, and refuses a text that has moved on', () => {
    const doc = new Y.Doc();
    const text = doc.getText('content');
    text.insert(0, 'A has 3. Filler here. B has 4.');
    const keptFrom = Y.createRelativePositionFromTypeIndex(text, text.toString().indexOf('B has'));
    const updates: unknown[] = [];
    doc.on('update', (_update: Uint8Array, origin: unknown) => updates.push(origin));
    expect(applyProposal(text, 'A has 3. Filler here. B has 4.', 'A has 3. B has 4.', 'fit')).toBe(true);
    expect(text.toString()).toBe('A has 3. B has 4.');
    expect(updates).toEqual(['fit']);
    // What was kept is the same characters: a place held in it stays on it.
    expect(Y.createAbsolutePositionFromRelativePosition(keptFrom, doc)?.index).toBe(text.toString().indexOf('B has'));
    expect(applyProposal(text, 'A has 3. Filler here. B has 4.', 'A has 3.', 'fit')).toBe(false);
    expect(text.toString()).toBe('A has 3. B has 4.');
  });
});

describe('a dropped sentence reads as one in the word-by-word view', () => {
  it('strikes the whole sentence, not the end of one and the start of the next', () => {
    const before = 'Budgettet er 2.450.000 kr. Vi mener, at det er godt. Vi venter 45 kunder.';
    const after = shortenToFit(before, 50, 'da')!.text;
    expect(after).toBe('Budgettet er 2.450.000 kr. Vi venter 45 kunder.');
    expect(diffWords(before, after).parts).toEqual([
      { kind: 'same', text: 'Budgettet er 2.450.000 kr. ' },
      { kind: 'deleted', text: 'Vi mener, at det er godt. ' },
      { kind: 'same', text: 'Vi venter 45 kunder.' },
    ]);
  });
});
