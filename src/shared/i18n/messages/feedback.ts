/** Messages of the feedback form and the platform admin's list of what users wrote. */
const da = {
  'feedback.link': 'Skriv til os',
  'feedback.intro': 'Hvad virker, og hvad gør ikke? Skriv det, som du ville sige det – vi læser alt.',
  'feedback.message': 'Din besked',
  'feedback.email': 'Din e-mail, hvis du vil have svar (valgfri)',
  'feedback.send': 'Send',
  'feedback.sent': 'Tak! Vi har fået din besked.',
  'feedback.again': 'Skriv en besked mere',
  'feedback.admin.empty': 'Ingen har skrevet endnu.',
  'feedback.admin.more': 'Vis ældre',
  'feedback.admin.from': '{who} · {date} · {page}',
  'feedback.admin.anonymous': 'Uden navn',
} as const;

type Keys = keyof typeof da;

const en: Record<Keys, string> = {
  'feedback.link': 'Write to us',
  'feedback.intro': 'What works and what does not? Write it the way you would say it – we read everything.',
  'feedback.message': 'Your message',
  'feedback.email': 'Your e-mail, if you would like an answer (optional)',
  'feedback.send': 'Send',
  'feedback.sent': 'Thank you! We have your message.',
  'feedback.again': 'Write another message',
  'feedback.admin.empty': 'Nobody has written yet.',
  'feedback.admin.more': 'Show older',
  'feedback.admin.from': '{who} · {date} · {page}',
  'feedback.admin.anonymous': 'No name',
};

const nb: Record<Keys, string> = {
  'feedback.link': 'Skriv til oss',
  'feedback.intro': 'Hva virker, og hva virker ikke? Skriv det slik du ville sagt det – vi leser alt.',
  'feedback.message': 'Meldingen din',
  'feedback.email': 'E-posten din, hvis du vil ha svar (valgfri)',
  'feedback.send': 'Send',
  'feedback.sent': 'Takk! Vi har fått meldingen din.',
  'feedback.again': 'Skriv en melding til',
  'feedback.admin.empty': 'Ingen har skrevet ennå.',
  'feedback.admin.more': 'Vis eldre',
  'feedback.admin.from': '{who} · {date} · {page}',
  'feedback.admin.anonymous': 'Uten navn',
};

export const feedback = { da, en, nb };
