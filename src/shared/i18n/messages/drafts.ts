/** Messages of AI section drafts, and the texts the offline drafter writes with. */
const da = {
  'drafts.offline.label': 'Offline-udkast: skrevet uden en AI-model ud fra puljens vejledning, kravene og jeres egne oplysninger. Læs det igennem, og udfyld det, der står i [klammer].',
  'drafts.offline.intro': '{company} søger {grant} hos {fund} til projektet »{title}«.',
  'drafts.offline.project': 'Projektet med vores egne ord: {description}',
  'drafts.offline.noDescription': '[Beskriv projektet: hvad I vil gøre, hvorfor, og hvad I forventer at opnå.]',
  'drafts.offline.company': 'Om virksomheden: {facts}.',
  'drafts.offline.employees': '{count} ansatte',
  'drafts.offline.founded': 'stiftet {date}',
  'drafts.offline.facts': 'Oplysninger til afsnittet: {facts}.',
  'drafts.offline.missingFact': '{label}: [mangler]',
  'drafts.offline.requirement': '[Skriv her, hvordan projektet opfylder dette – med konkrete tal, navne og eksempler.]',
  'drafts.offline.instruction': '[Ønske til udkastet: {instruction}]',
  'drafts.limit': 'Virksomheden har bedt om mange udkast den seneste time. Prøv igen om {minutes, plural, one {# minut} other {# minutter}}.',
  'drafts.notText': 'Der kan kun laves udkast til tekstafsnit.',
};

const en: Record<keyof typeof da, string> = {
  'drafts.offline.label': 'Offline draft: written without an AI model from the grant’s guidance, the requirements and your own details. Read it through and fill in what is in [brackets].',
  'drafts.offline.intro': '{company} is applying to {fund} for {grant} for the project “{title}”.',
  'drafts.offline.project': 'The project in our own words: {description}',
  'drafts.offline.noDescription': '[Describe the project: what you will do, why, and what you expect to achieve.]',
  'drafts.offline.company': 'About the company: {facts}.',
  'drafts.offline.employees': '{count} employees',
  'drafts.offline.founded': 'founded {date}',
  'drafts.offline.facts': 'Details for this section: {facts}.',
  'drafts.offline.missingFact': '{label}: [missing]',
  'drafts.offline.requirement': '[Write here how the project meets this – with concrete figures, names and examples.]',
  'drafts.offline.instruction': '[Wish for the draft: {instruction}]',
  'drafts.limit': 'Your company has asked for many drafts in the last hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'drafts.notText': 'Drafts can only be made for text sections.',
};

const nb: Record<keyof typeof da, string> = {
  'drafts.offline.label': 'Frakoblet utkast: skrevet uten en KI-modell ut fra ordningens veiledning, kravene og deres egne opplysninger. Les det gjennom, og fyll ut det som står i [klammer].',
  'drafts.offline.intro': '{company} søker {grant} hos {fund} til prosjektet «{title}».',
  'drafts.offline.project': 'Prosjektet med våre egne ord: {description}',
  'drafts.offline.noDescription': '[Beskriv prosjektet: hva dere skal gjøre, hvorfor, og hva dere forventer å oppnå.]',
  'drafts.offline.company': 'Om virksomheten: {facts}.',
  'drafts.offline.employees': '{count} ansatte',
  'drafts.offline.founded': 'stiftet {date}',
  'drafts.offline.facts': 'Opplysninger til delen: {facts}.',
  'drafts.offline.missingFact': '{label}: [mangler]',
  'drafts.offline.requirement': '[Skriv her hvordan prosjektet oppfyller dette – med konkrete tall, navn og eksempler.]',
  'drafts.offline.instruction': '[Ønske til utkastet: {instruction}]',
  'drafts.limit': 'Virksomheten har bedt om mange utkast den siste timen. Prøv igjen om {minutes, plural, one {# minutt} other {# minutter}}.',
  'drafts.notText': 'Det kan bare lages utkast til tekstdeler.',
};

export const drafts = { da, en, nb };
