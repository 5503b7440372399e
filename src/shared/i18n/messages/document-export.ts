/** Messages of the final document's Word and Excel files, their names and its cover's status (docs/decisions/0045). */
const da = {
  'documentExport.word': 'Hent som Word',
  'documentExport.excel': 'Hent budget og planer som Excel',
  'documentExport.preparing': 'Gør filen klar …',
  'documentExport.failed': 'Filen kunne ikke laves. Prøv igen.',
  'documentExport.cover.status': 'Status',
  'documentExport.cover.locked': 'Endelig version, låst {date}',
  'documentExport.cover.draft': 'Udkast, endnu ikke endeligt',
  'documentExport.sheet.budget': 'Budget',
  'documentExport.sheet.plan': 'Aktivitetsplan',
  'documentExport.sheet.deliverables': 'Leverancer',
  'documentExport.column.rate': 'Timesats',
  'documentExport.column.currency': 'Valuta',
  'documentExport.column.milestone': 'Milepæl',
  'documentExport.column.number': 'Nr.',
  'documentExport.yes': 'Ja',
  'documentExport.no': 'Nej',
  'documentExport.page': 'Side',
  'documentExport.fileName': 'ansøgning',
} as const;

type Keys = keyof typeof da;

const en: Record<Keys, string> = {
  'documentExport.word': 'Download as Word',
  'documentExport.excel': 'Download budget and plans as Excel',
  'documentExport.preparing': 'Preparing the file …',
  'documentExport.failed': 'The file could not be made. Please try again.',
  'documentExport.cover.status': 'Status',
  'documentExport.cover.locked': 'Final version, locked on {date}',
  'documentExport.cover.draft': 'Draft, not yet final',
  'documentExport.sheet.budget': 'Budget',
  'documentExport.sheet.plan': 'Activity plan',
  'documentExport.sheet.deliverables': 'Deliverables',
  'documentExport.column.rate': 'Hourly rate',
  'documentExport.column.currency': 'Currency',
  'documentExport.column.milestone': 'Milestone',
  'documentExport.column.number': 'No.',
  'documentExport.yes': 'Yes',
  'documentExport.no': 'No',
  'documentExport.page': 'Page',
  'documentExport.fileName': 'application',
};

const nb: Record<Keys, string> = {
  'documentExport.word': 'Last ned som Word',
  'documentExport.excel': 'Last ned budsjett og planer som Excel',
  'documentExport.preparing': 'Gjør filen klar …',
  'documentExport.failed': 'Filen kunne ikke lages. Prøv igjen.',
  'documentExport.cover.status': 'Status',
  'documentExport.cover.locked': 'Endelig versjon, låst {date}',
  'documentExport.cover.draft': 'Utkast, ennå ikke endelig',
  'documentExport.sheet.budget': 'Budsjett',
  'documentExport.sheet.plan': 'Aktivitetsplan',
  'documentExport.sheet.deliverables': 'Leveranser',
  'documentExport.column.rate': 'Timesats',
  'documentExport.column.currency': 'Valuta',
  'documentExport.column.milestone': 'Milepæl',
  'documentExport.column.number': 'Nr.',
  'documentExport.yes': 'Ja',
  'documentExport.no': 'Nei',
  'documentExport.page': 'Side',
  'documentExport.fileName': 'søknad',
};

export const documentExport = { da, en, nb };
