/**
 * Checking an application against the call's own criteria (docs/decisions/0052): the shapes of a
 * check's result, and the offline assessor's rules. The offline assessor is a checklist, not a
 * judgement: it looks for the signals each criterion names, with rules per language (figures with
 * units and currency, dates and milestones, organisations named, comparisons with what exists,
 * effects quantified), reads the budget against the grant's terms, and counts what is over its
 * limit. Every finding quotes the text it rests on, with its section and place. Deterministic: the
 * same texts give the same result.
 */
import type { Locale } from '../i18n/locales';
import type { LocalizedText } from '../i18n/localized-text';
import { budgetDataSchema } from '../schemas/budget';
import { activityPlanDataSchema } from '../schemas/activity-plan';
import { deliverablesDataSchema } from '../schemas/deliverables';
import { budgetTotals, exceedsFundingShare, isStaffLine, lineCost, type GrantTerms } from './budget';

/** What a strong answer shows; an admin picks a criterion's signals from these. */
export const signalKinds = [
  'market_size',
  'named_partner',
  'state_of_art',
  'novelty',
  'milestones',
  'quantified_effect',
  'costs_per_activity',
  'hourly_rate',
  'co_financing',
  'totals_agree',
] as const;
export type SignalKind = (typeof signalKinds)[number];

/** A criterion as a check was asked with (copied into the check, so later edits never rewrite it). */
export interface CriterionSnapshot {
  id: string;
  name: LocalizedText;
  weight: number;
  grantSectionIds: string[];
  signals: SignalKind[];
}

/** One section as the assessor reads it. */
export interface SectionMaterial {
  /** The application's section. */
  id: string;
  grantSectionId: string;
  title: string;
  kind: 'text' | 'budget' | 'activity_plan' | 'deliverables';
  content: string;
  maxChars: number | null;
  data: unknown;
}

export interface AssessmentMaterial {
  language: Locale;
  company: { name: string; orgId: string | null };
  terms: GrantTerms;
  criteria: CriterionSnapshot[];
  sections: SectionMaterial[];
}

/** A piece of evidence: the words quoted, in their section, at a paragraph (1-based) and offset; a structured section's row has offset -1. */
export interface Evidence {
  signal: SignalKind | null;
  sectionId: string;
  sectionTitle: string;
  paragraph: number;
  at: number;
  quote: string;
}

export type MissingItem =
  | { kind: 'signal'; signal: SignalKind }
  | { kind: 'empty'; sectionId: string; sectionTitle: string }
  | { kind: 'overLimit'; sectionId: string; sectionTitle: string; over: number }
  | { kind: 'totalsDisagree'; sectionId: string; sectionTitle: string; quote: string }
  | { kind: 'note'; text: string };

/** A verdict: a message of the catalogue (offline, in the reader's language) or a model's own line. */
export type Verdict = { key: 'assessment.verdict.strong' | 'assessment.verdict.partial' | 'assessment.verdict.weak' | 'assessment.verdict.empty'; found: number; total: number } | { text: string };

export interface CriterionResult {
  criterionId: string;
  score: number;
  verdict: Verdict;
  evidence: Evidence[];
  missing: MissingItem[];
}

export interface SuggestionProposal {
  sectionId: string;
  /** Index (0-based) of the paragraph in the section's text as read. */
  paragraph: number;
  criterionId: string | null;
  signal: SignalKind | null;
  kind: 'addition' | 'rewrite';
  /** The words to add after the paragraph, or the paragraph rewritten. */
  text: string;
  note: string;
}

export interface AssessmentOutcome {
  criteria: CriterionResult[];
  readiness: number;
  suggestions: SuggestionProposal[];
  /** Set when a model's answer was not used and the offline result stands, with why. */
  fallback?: string;
}

export const MAX_SUGGESTIONS = 12;

/** The paragraphs of a text: its non-empty lines, each with where it starts. */
export function paragraphsOf(text: string): Array<{ index: number; from: number; to: number; text: string }> {
  const result: Array<{ index: number; from: number; to: number; text: string }> = [];
  const pattern = /[^\n]+/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].trim() === '') continue;
    const lead = match[0].length - match[0].trimStart().length;
    const body = match[0].trim();
    result.push({ index: result.length, from: match.index + lead, to: match.index + lead + body.length, text: body });
  }
  return result;
}

/**
 * The sentences of a paragraph, each with its offset in the paragraph. A sentence ends at a full
 * stop, question or exclamation mark followed by a capital letter (or the paragraph's end), so
 * "ca. 2,4 mia. kr." and "1.500" stay inside their sentence.
 */
export function sentencesOf(text: string): Array<{ at: number; text: string }> {
  const result: Array<{ at: number; text: string }> = [];
  const boundary = /[.!?]+(?=\s+["«“(]?[A-ZÆØÅ])/g;
  let start = 0;
  const push = (end: number) => {
    const piece = text.slice(start, end);
    const lead = piece.length - piece.trimStart().length;
    const body = piece.trim();
    if (body) result.push({ at: start + lead, text: body });
  };
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const end = match.index + match[0].length;
    push(end);
    start = end;
  }
  push(text.length);
  return result;
}

const NUMBER = String.raw`\d[\d.,\u00a0 ]*\d|\d`;
const CURRENCY = String.raw`(?:kr\.?|kroner|DKK|NOK|SEK|EUR|€|\$|USD|mio\.?|mia\.?|millioner?|millions?|mill\.?|billions?|milliarder?|mrd\.?)`;
const EFFECT_UNIT = String.raw`(?:%|procent|prosent|percent|per cent|CO2|CO₂|tons?|tonn?|kWh|MWh|GWh|timer|hours|år|years)`;
const withCurrency = new RegExp(String.raw`(?:${NUMBER})\s*${CURRENCY}|${CURRENCY}\s*(?:${NUMBER})`, 'i');
const withEffectUnit = new RegExp(String.raw`(?:${NUMBER})\s*${EFFECT_UNIT}`, 'i');
const anyNumber = new RegExp(NUMBER);

/** Words per language that mark what a sentence is about. */
interface Cues {
  market: RegExp;
  effect: RegExp;
  comparison: RegExp;
  novelty: RegExp;
  partner: RegExp;
  total: RegExp;
  milestone: RegExp;
}

const cues: Record<Locale, Cues> = {
  da: {
    market: /\b(marked\w*|kunder?|kundegrundlag|segment\w*|omsætning|salg|afsætning)/i,
    effect: /\b(spar\w*|besparelse\w*|reduc\w*|reduktion|halver\w*|øg\w*|forøg\w*|effekt\w*|udledning\w*|omsætning|indtjening|arbejdspladser)/i,
    comparison: /\b(sammenlignet med|i modsætning til|eksisterende|konkurrent\w*|i dag bruger|state of the art|end (?:de |den |det )?(?:nuværende|eksisterende|kendte))/i,
    novelty: /\b(ny(?:t|e|skabende)?|første|patent\w*|unik\w*|ikke tidligere|nyhed\w*)\b/i,
    partner: /\b(kunde[n]?|pilotkunde[n]?|partner\w*|samarbejde med|sammen med|aftale med|hos)\s+/i,
    total: /\b(i alt|samlet|totalt?|budget(?:tet)?\s+(?:på|er))/i,
    milestone: /\b(milepæl\w*|leverance\w*|måned\s+\d+|fase\s+\d+)/i,
  },
  en: {
    market: /\b(market\w*|customers?|segment\w*|revenue|sales|buyers?|users?)\b/i,
    effect: /\b(sav\w*|reduc\w*|cut\w*|halv\w*|increas\w*|effect\w*|emission\w*|revenue|earnings|jobs)\b/i,
    comparison: /\b(compared (?:to|with)|unlike|in contrast to|existing|competitors?|state of the art|than (?:the )?(?:current|existing|known))/i,
    novelty: /\b(new|novel|first|patent\w*|unique|never before)\b/i,
    partner: /\b(customer|pilot customer|partner\w*|together with|in cooperation with|agreement with|with)\s+/i,
    total: /\b(in total|total(?:s|ling)?|overall budget|budget of)\b/i,
    milestone: /\b(milestones?|deliverables?|month\s+\d+|phase\s+\d+)/i,
  },
  nb: {
    market: /\b(marked\w*|kunder?|kundegrunnlag|segment\w*|omsetning|salg)/i,
    effect: /\b(spar\w*|besparelse\w*|reduser\w*|reduksjon|halver\w*|øk\w*|effekt\w*|utslipp\w*|omsetning|inntjening|arbeidsplasser)/i,
    comparison: /\b(sammenlignet med|i motsetning til|eksisterende|konkurrent\w*|i dag bruker|state of the art|enn (?:de |den |det )?(?:nåværende|eksisterende|kjente))/i,
    novelty: /\b(ny(?:tt|e|skapende)?|første|patent\w*|unik\w*|ikke tidligere|nyhet\w*)\b/i,
    partner: /\b(kunde[n]?|pilotkunde[n]?|partner\w*|samarbeid med|sammen med|avtale med|hos)\s+/i,
    total: /\b(totalt?|samlet|til sammen|budsjett(?:et)?\s+(?:på|er))/i,
    milestone: /\b(milepæl\w*|leveranse\w*|måned\s+\d+|fase\s+\d+)/i,
  },
};

const MONTHS = 'januar|january|februar|february|marts|march|mars|april|maj|may|mai|juni|june|juli|july|august|september|oktober|october|november|december|desember';
const datePattern = new RegExp(String.raw`\b(?:20\d\d-\d\d(?:-\d\d)?|[QK][1-4]\s?20\d\d|(?:${MONTHS})\s+20\d\d|\d{1,2}\.\s*(?:${MONTHS})\s+20\d\d)\b`, 'i');
const LEGAL_FORMS = String.raw`A\/S|ApS|AS|ASA|AB|Oy|Ltd\.?|Inc\.?|GmbH|I\/S|P\/S|IVS|BV|SE`;
const organisationPattern = new RegExp(String.raw`\b[A-ZÆØÅ][\wÆØÅæøå&-]*(?:\s+[A-ZÆØÅ][\wÆØÅæøå&-]*){0,3}\s+(?:${LEGAL_FORMS})(?![\wÆØÅæøå])`, 'g');
const capitalisedName = /^[A-ZÆØÅ][\wÆØÅæøå&-]+(?:\s+[A-ZÆØÅ][\wÆØÅæøå&-]+){0,3}/;

interface Found {
  signal: SignalKind;
  sectionId: string;
  sectionTitle: string;
  paragraph: number;
  at: number;
  quote: string;
}

/** The organisations a sentence names (by legal form, or a capitalised name after a partner cue), other than the company itself. */
function namedOrganisations(sentence: string, language: Locale, ownName: string): string[] {
  const names = new Set<string>();
  for (const match of sentence.matchAll(organisationPattern)) names.add(match[0]);
  const cue = cues[language].partner;
  const cueMatch = new RegExp(cue.source, 'gi');
  for (const match of sentence.matchAll(cueMatch)) {
    const after = sentence.slice(match.index + match[0].length);
    const name = capitalisedName.exec(after);
    if (name && name[0].length > 2) names.add(name[0]);
  }
  const own = ownName.trim().toLowerCase();
  return [...names].filter((name) => !own || (!own.startsWith(name.toLowerCase()) && !name.toLowerCase().startsWith(own.split(/\s+/)[0] ?? own)));
}

/** The signals a text section shows, each with the sentence quoted. */
function textSignals(section: SectionMaterial, language: Locale, ownName: string): Found[] {
  const found: Found[] = [];
  const languageCues = cues[language];
  for (const paragraph of paragraphsOf(section.content)) {
    for (const sentence of sentencesOf(paragraph.text)) {
      const at = paragraph.from + sentence.at;
      const cite = (signal: SignalKind) => found.push({ signal, sectionId: section.id, sectionTitle: section.title, paragraph: paragraph.index + 1, at, quote: sentence.text });
      const text = sentence.text;
      const hasNumber = anyNumber.test(text);
      if (hasNumber && languageCues.market.test(text) && (withCurrency.test(text) || /\d[\d.,\u00a0 ]*\s*(?:\w+\s+)?(?:kunder|customers|virksomheder|companies|bedrifter|users|brugere|brukere|husstande|households)/i.test(text))) cite('market_size');
      if ((withCurrency.test(text) || withEffectUnit.test(text)) && languageCues.effect.test(text)) cite('quantified_effect');
      if (languageCues.comparison.test(text)) cite('state_of_art');
      if (languageCues.novelty.test(text)) cite('novelty');
      if (datePattern.test(text) || (hasNumber && languageCues.milestone.test(text) && /\d/.test(text))) cite('milestones');
      if (namedOrganisations(text, language, ownName).length > 0) cite('named_partner');
    }
  }
  return found;
}

const money = (minor: number, currency: string) => `${Math.round(minor / 100).toLocaleString('en-US').replaceAll(',', '.')} ${currency}`;

/** The signals of a structured section: the budget read against the grant's terms, dates of the plan. */
function dataSignals(section: SectionMaterial, terms: GrantTerms, texts: readonly SectionMaterial[], language: Locale): { found: Found[]; missing: MissingItem[] } {
  const found: Found[] = [];
  const missing: MissingItem[] = [];
  // A row of a structured section is cited by its number (0: the section as a whole), with no offset in a text.
  const cite = (signal: SignalKind, row: number, quote: string) => found.push({ signal, sectionId: section.id, sectionTitle: section.title, paragraph: row, at: -1, quote });
  if (section.kind === 'budget') {
    const parsed = budgetDataSchema.safeParse(section.data);
    if (!parsed.success) return { found, missing };
    const budget = parsed.data;
    const costed = budget.lines.map((line, index) => ({ line, index, cost: lineCost(line, terms) })).filter((entry) => entry.line.name.trim() !== '' && entry.cost > 0);
    if (costed.length >= 2) for (const entry of costed.slice(0, 3)) cite('costs_per_activity', entry.index + 1, `${entry.line.name}: ${money(entry.cost, terms.currency)}`);
    if (terms.hourlyRate !== null) {
      const staff = budget.lines.map((line, index) => ({ line, index })).filter((entry) => isStaffLine(entry.line) && (entry.line.hours ?? 0) > 0);
      for (const entry of staff.slice(0, 2)) {
        const line = entry.line as Extract<typeof entry.line, { hours: number | null }>;
        cite('hourly_rate', entry.index + 1, `${line.name}: ${line.hours} × ${money(terms.hourlyRate, terms.currency)}`);
      }
    }
    const totals = budgetTotals(budget, terms);
    if (totals.total > 0 && budget.fundingRequested !== null && budget.fundingRequested <= totals.total && (terms.maxFundingPct === null || !exceedsFundingShare(budget.fundingRequested, totals.total, terms.maxFundingPct))) {
      cite('co_financing', 0, `${money(budget.fundingRequested, terms.currency)} / ${money(totals.total, terms.currency)} (${Math.round((budget.fundingRequested * 100) / totals.total)} %)`);
    }
    if (totals.total > 0) {
      // A total written in a text must be the budget's.
      let disagrees = false;
      const totalCue = cues[language].total;
      for (const text of texts) {
        for (const paragraph of paragraphsOf(text.content)) {
          for (const sentence of sentencesOf(paragraph.text)) {
            if (!totalCue.test(sentence.text) || !withCurrency.test(sentence.text)) continue;
            const amounts = amountsIn(sentence.text);
            if (amounts.length === 0) continue;
            if (amounts.some((amount) => Math.abs(amount - totals.total / 100) <= 1)) {
              found.push({ signal: 'totals_agree', sectionId: text.id, sectionTitle: text.title, paragraph: paragraph.index + 1, at: paragraph.from + sentence.at, quote: sentence.text });
            } else {
              disagrees = true;
              missing.push({ kind: 'totalsDisagree', sectionId: text.id, sectionTitle: text.title, quote: sentence.text });
            }
          }
        }
      }
      if (!disagrees && !found.some((entry) => entry.signal === 'totals_agree')) cite('totals_agree', 0, money(totals.total, terms.currency));
    }
  } else if (section.kind === 'activity_plan') {
    const parsed = activityPlanDataSchema.safeParse(section.data);
    if (!parsed.success) return { found, missing };
    parsed.data.activities.forEach((activity, index) => {
      if (activity.activity.trim() && activity.end && (activity.milestone || activity.start)) cite('milestones', index + 1, `${activity.activity}: ${activity.start || '…'} – ${activity.end}`);
    });
  } else if (section.kind === 'deliverables') {
    const parsed = deliverablesDataSchema.safeParse(section.data);
    if (!parsed.success) return { found, missing };
    parsed.data.deliverables.forEach((deliverable, index) => {
      if (deliverable.title.trim() && deliverable.due) cite('milestones', index + 1, `${deliverable.title}: ${deliverable.due}`);
    });
  }
  return { found, missing };
}

/** The amounts a sentence names, in whole currency units ("1,2 mio. kr." is 1 200 000). */
export function amountsIn(sentence: string): number[] {
  const result: number[] = [];
  const pattern = new RegExp(String.raw`(${NUMBER})\s*(mio\.?|millioner?|millions?|mill\.?|mia\.?|milliarder?|billions?|mrd\.?)?`, 'gi');
  for (const match of sentence.matchAll(pattern)) {
    const raw = (match[1] ?? '').replace(/[\u00a0 ]/g, '');
    // "1.500.000" and "1,500,000" group thousands; "1,2" and "1.2" are decimals.
    const grouped = /^\d{1,3}([.,])\d{3}(\1\d{3})*$/.test(raw);
    const value = grouped ? Number(raw.replace(/[.,]/g, '')) : Number(raw.replace(',', '.'));
    if (!Number.isFinite(value)) continue;
    const scale = match[2] ? (/^(mia|milliard|billion|mrd)/i.test(match[2]) ? 1e9 : 1e6) : 1;
    result.push(value * scale);
  }
  return result;
}

/** Words the offline assessor proposes to add, in the application's language, with a place for the team's own facts. */
const additionTexts: Record<Locale, Record<SignalKind, string>> = {
  da: {
    market_size: '[Sæt tal på markedet: fx »Markedet for … i Danmark er ca. … mio. kr. om året (kilde …)«.]',
    named_partner: '[Nævn en navngiven kunde eller partner: fx »… A/S har givet tilsagn om at teste løsningen i …«.]',
    state_of_art: '[Sammenlign med det, der findes i dag: fx »I modsætning til eksisterende løsninger som … kan vores …«.]',
    novelty: '[Skriv, hvad der er nyt: fx »Det nye er, at … – det findes ikke på markedet i dag«.]',
    milestones: '[Giv milepæle med datoer: fx »Prototype klar i marts 2027, pilottest afsluttet i Q3 2027«.]',
    quantified_effect: '[Sæt tal på effekten: fx »Løsningen sparer kunden … kr. om året og reducerer udledningen med … ton CO₂«.]',
    costs_per_activity: '[Knyt omkostningerne til aktiviteterne: fx »Arbejdspakke 1 (… timer) koster … kr.«.]',
    hourly_rate: '[Regn timerne med puljens faste timesats.]',
    co_financing: '[Skriv, hvordan den egenfinansierede del dækkes, og hvor stor en andel der søges.]',
    totals_agree: '[Skriv budgettets samlede beløb, som det står i budgettet.]',
  },
  en: {
    market_size: '[Put a figure on the market: e.g. "The market for … in Denmark is about DKK … million a year (source …)".]',
    named_partner: '[Name a customer or partner: e.g. "… A/S has agreed to test the solution in …".]',
    state_of_art: '[Compare with what exists today: e.g. "Unlike existing solutions such as …, ours …".]',
    novelty: '[Say what is new: e.g. "What is new is that … – nothing on the market does this today".]',
    milestones: '[Give milestones with dates: e.g. "Prototype ready in March 2027, pilot completed in Q3 2027".]',
    quantified_effect: '[Put a figure on the effect: e.g. "The solution saves the customer DKK … a year and cuts emissions by … tonnes of CO₂".]',
    costs_per_activity: '[Tie the costs to the activities: e.g. "Work package 1 (… hours) costs DKK …".]',
    hourly_rate: "[Cost the hours at the grant's fixed hourly rate.]",
    co_financing: '[Say how the own share is financed and what share is applied for.]',
    totals_agree: "[State the budget's total as the budget gives it.]",
  },
  nb: {
    market_size: '[Sett tall på markedet: f.eks. «Markedet for … i Norge er ca. … mill. kr. i året (kilde …)».]',
    named_partner: '[Nevn en navngitt kunde eller partner: f.eks. «… AS har sagt ja til å teste løsningen i …».]',
    state_of_art: '[Sammenlign med det som finnes i dag: f.eks. «I motsetning til eksisterende løsninger som … kan vår …».]',
    novelty: '[Skriv hva som er nytt: f.eks. «Det nye er at … – det finnes ikke på markedet i dag».]',
    milestones: '[Gi milepæler med datoer: f.eks. «Prototype klar i mars 2027, pilot avsluttet i Q3 2027».]',
    quantified_effect: '[Sett tall på effekten: f.eks. «Løsningen sparer kunden … kr. i året og reduserer utslippene med … tonn CO₂».]',
    costs_per_activity: '[Knytt kostnadene til aktivitetene: f.eks. «Arbeidspakke 1 (… timer) koster … kr.».]',
    hourly_rate: '[Regn timene med ordningens faste timesats.]',
    co_financing: '[Skriv hvordan egenandelen finansieres, og hvor stor andel det søkes om.]',
    totals_agree: '[Skriv budsjettets samlede beløp slik det står i budsjettet.]',
  },
};

export function additionText(language: Locale, signal: SignalKind): string {
  return additionTexts[language][signal];
}

function verdictOf(found: number, total: number, score: number, empty: boolean): Verdict {
  if (empty) return { key: 'assessment.verdict.empty', found, total };
  if (score >= 75) return { key: 'assessment.verdict.strong', found, total };
  if (score >= 40) return { key: 'assessment.verdict.partial', found, total };
  return { key: 'assessment.verdict.weak', found, total };
}

/** The weighted mean of the criteria's scores, 0–100. */
export function readinessOf(criteria: readonly CriterionSnapshot[], results: readonly CriterionResult[]): number {
  let weights = 0;
  let sum = 0;
  for (const result of results) {
    const weight = criteria.find((criterion) => criterion.id === result.criterionId)?.weight ?? 1;
    weights += weight;
    sum += weight * result.score;
  }
  return weights === 0 ? 0 : Math.round(sum / weights);
}

const EVIDENCE_PER_CRITERION = 6;

/** The offline check: a checklist of each criterion's signals in the sections it reads. */
export function assessOffline(material: AssessmentMaterial): AssessmentOutcome {
  const textSections = material.sections.filter((section) => section.kind === 'text');
  const bySection = new Map<string, { found: Found[]; missing: MissingItem[] }>();
  for (const section of material.sections) {
    bySection.set(section.id, section.kind === 'text' ? { found: textSignals(section, material.language, material.company.name), missing: [] } : dataSignals(section, material.terms, textSections, material.language));
  }
  const results: CriterionResult[] = [];
  const suggestions: SuggestionProposal[] = [];
  const suggested = new Set<string>();
  for (const criterion of material.criteria) {
    const read = material.sections.filter((section) => criterion.grantSectionIds.includes(section.grantSectionId));
    const findings = read.flatMap((section) => bySection.get(section.id)?.found ?? []);
    const evidence: Evidence[] = [];
    const missing: MissingItem[] = [];
    let foundCount = 0;
    for (const signal of criterion.signals) {
      const hits = findings.filter((finding) => finding.signal === signal);
      if (hits.length > 0) {
        foundCount += 1;
        for (const hit of hits.slice(0, 2)) if (evidence.length < EVIDENCE_PER_CRITERION) evidence.push({ ...hit });
      } else {
        missing.push({ kind: 'signal', signal });
      }
    }
    for (const section of read) missing.push(...(bySection.get(section.id)?.missing ?? []));
    const filled = read.filter((section) => (section.kind === 'text' ? section.content.trim() !== '' : hasRows(section.data)));
    for (const section of read) {
      if (section.kind === 'text' && section.content.trim() === '') missing.push({ kind: 'empty', sectionId: section.id, sectionTitle: section.title });
      if (section.maxChars !== null && section.content.length > section.maxChars) missing.push({ kind: 'overLimit', sectionId: section.id, sectionTitle: section.title, over: section.content.length - section.maxChars });
    }
    const signalShare = criterion.signals.length === 0 ? (filled.length > 0 ? 1 : 0) : foundCount / criterion.signals.length;
    const filledShare = read.length === 0 ? 0 : filled.length / read.length;
    const penalties = missing.filter((item) => item.kind === 'overLimit' || item.kind === 'totalsDisagree').length * 10;
    const score = Math.max(0, Math.min(100, Math.round(10 * filledShare + 90 * signalShare) - penalties));
    results.push({ criterionId: criterion.id, score, verdict: verdictOf(foundCount, criterion.signals.length, score, filled.length === 0), evidence, missing });

    // A suggestion per missing signal, at the end of the weakest written text section the criterion reads.
    const candidates = read
      .filter((section) => section.kind === 'text' && section.content.trim() !== '')
      .map((section) => ({ section, strength: (bySection.get(section.id)?.found ?? []).filter((finding) => criterion.signals.includes(finding.signal)).length }))
      .sort((a, b) => a.strength - b.strength || material.sections.indexOf(a.section) - material.sections.indexOf(b.section));
    const target = candidates[0]?.section;
    if (!target) continue;
    const paragraphs = paragraphsOf(target.content);
    const last = paragraphs.at(-1);
    if (!last) continue;
    for (const item of missing) {
      if (item.kind !== 'signal' || suggestions.length >= MAX_SUGGESTIONS) continue;
      const key = `${target.id}:${item.signal}`;
      if (suggested.has(key)) continue;
      suggested.add(key);
      suggestions.push({ sectionId: target.id, paragraph: last.index, criterionId: criterion.id, signal: item.signal, kind: 'addition', text: additionText(material.language, item.signal), note: '' });
    }
  }
  return { criteria: results, readiness: readinessOf(material.criteria, results), suggestions };
}

function hasRows(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  return Object.values(data as Record<string, unknown>).some((value) => Array.isArray(value) && value.length > 0);
}

/** The paragraph with a suggestion applied: an addition follows it, a rewrite replaces it. */
export function appliedParagraph(paragraph: string, suggestion: { kind: 'addition' | 'rewrite'; text: string }): string {
  return suggestion.kind === 'rewrite' ? suggestion.text : `${paragraph} ${suggestion.text}`;
}
