/** Grant alerts: the sign-up, the confirmation and unsubscribe links, and the e-mails. */
const da = {
  'grant-alerts.signup.title': 'Få besked om nye puljer',
  'grant-alerts.signup.intro': 'Vi sender dig én e-mail, hver gang en ny pulje bliver offentliggjort. Du kan framelde dig med ét klik.',
  'grant-alerts.signup.email': 'Din e-mailadresse',
  'grant-alerts.signup.language': 'Sprog i e-mails',
  'grant-alerts.signup.funds': 'Fonde, du er interesseret i (valgfrit)',
  'grant-alerts.signup.fundsHint': 'Vælger du ingen, får du besked om puljer fra alle fonde.',
  'grant-alerts.signup.privacy': 'Vi bruger kun adressen til at give dig besked om nye puljer.',
  'grant-alerts.signup.privacyLink': 'Læs mere i privatlivspolitikken',
  'grant-alerts.signup.submit': 'Tilmeld',
  'grant-alerts.signup.sentTitle': 'Tjek din indbakke',
  'grant-alerts.signup.sentBody': 'Hvis {email} kan modtage e-mails, har vi sendt en e-mail med et link. Følg linket for at bekræfte tilmeldingen.',
  'grant-alerts.signup.again': 'Tilmeld en anden adresse',
  'grant-alerts.link.confirmed': 'Tak! Din tilmelding er bekræftet. Du får en e-mail, når nye puljer bliver offentliggjort.',
  'grant-alerts.link.unsubscribed': 'Du er frameldt beskeder om nye puljer, og din adresse er slettet hos os.',
  'grant-alerts.link.invalid': 'Linket er ugyldigt, udløbet eller allerede brugt. Tilmeld dig igen, hvis du stadig ønsker besked om nye puljer.',
  'grant-alerts.error.invalidLink': 'Linket er ugyldigt, udløbet eller allerede brugt.',
  'grant-alerts.email.confirm.subject': 'Bekræft din tilmelding til besked om nye puljer',
  'grant-alerts.email.confirm.body':
    'Du (eller nogen med din adresse) har bedt om at få en e-mail fra Grantwork, når nye puljer bliver offentliggjort. Følg linket herunder inden for 7 dage for at bekræfte. Har du ikke bedt om det, kan du se bort fra denne e-mail; så hører du ikke mere fra os.',
  'grant-alerts.email.alert.subject': 'Ny pulje: {grantTitle}',
  'grant-alerts.email.deadline': 'Ansøgningsfrist: {date}',
  'grant-alerts.email.noDeadline': 'Ansøgningsfrist: løbende',
  'grant-alerts.email.amountRange': 'Beløb: {min} – {max}',
  'grant-alerts.email.amountUpTo': 'Beløb: op til {max}',
  'grant-alerts.email.amountFrom': 'Beløb: fra {min}',
  'grant-alerts.email.alert.body':
    '{fundName} har offentliggjort en ny pulje: {grantTitle}.\n\n{facts}\n\nLæs om den, og start din ansøgning: {grantLink}',
} as const;

type Keys = keyof typeof da;

const en: Record<Keys, string> = {
  'grant-alerts.signup.title': 'Hear about new grants',
  'grant-alerts.signup.intro': 'We send you one e-mail whenever a new grant is published. You can unsubscribe with one click.',
  'grant-alerts.signup.email': 'Your e-mail address',
  'grant-alerts.signup.language': 'Language of the e-mails',
  'grant-alerts.signup.funds': 'Funds you are interested in (optional)',
  'grant-alerts.signup.fundsHint': 'If you choose none, you hear about grants from every fund.',
  'grant-alerts.signup.privacy': 'We use the address for grant alerts only.',
  'grant-alerts.signup.privacyLink': 'Read more in the privacy policy',
  'grant-alerts.signup.submit': 'Sign up',
  'grant-alerts.signup.sentTitle': 'Check your inbox',
  'grant-alerts.signup.sentBody': 'If {email} can receive alerts, we have sent it an e-mail with a link. Follow the link to confirm your sign-up.',
  'grant-alerts.signup.again': 'Sign up another address',
  'grant-alerts.link.confirmed': 'Thank you! Your sign-up is confirmed. You will get an e-mail when new grants are published.',
  'grant-alerts.link.unsubscribed': 'You are unsubscribed from grant alerts, and your address has been deleted.',
  'grant-alerts.link.invalid': 'The link is invalid, expired or already used. Sign up again if you still want alerts.',
  'grant-alerts.error.invalidLink': 'The link is invalid, expired or already used.',
  'grant-alerts.email.confirm.subject': 'Confirm your sign-up for grant alerts',
  'grant-alerts.email.confirm.body':
    'You (or someone using your address) asked Grantwork for an e-mail whenever a new grant is published. Follow the link below within 7 days to confirm. If you did not ask for this, ignore this e-mail and you will not hear from us again.',
  'grant-alerts.email.alert.subject': 'New grant: {grantTitle}',
  'grant-alerts.email.deadline': 'Deadline: {date}',
  'grant-alerts.email.noDeadline': 'Deadline: open, applications are read as they come',
  'grant-alerts.email.amountRange': 'Amount: {min} – {max}',
  'grant-alerts.email.amountUpTo': 'Amount: up to {max}',
  'grant-alerts.email.amountFrom': 'Amount: from {min}',
  'grant-alerts.email.alert.body':
    '{fundName} has published a new grant: {grantTitle}.\n\n{facts}\n\nRead about it and start your application: {grantLink}',
};

const nb: Record<Keys, string> = {
  'grant-alerts.signup.title': 'Få beskjed om nye tilskudd',
  'grant-alerts.signup.intro': 'Vi sender deg én e-post hver gang et nytt tilskudd blir publisert. Du kan melde deg av med ett klikk.',
  'grant-alerts.signup.email': 'E-postadressen din',
  'grant-alerts.signup.language': 'Språk i e-postene',
  'grant-alerts.signup.funds': 'Fond du er interessert i (valgfritt)',
  'grant-alerts.signup.fundsHint': 'Velger du ingen, får du beskjed om tilskudd fra alle fond.',
  'grant-alerts.signup.privacy': 'Vi bruker adressen bare til å varsle deg om nye tilskudd.',
  'grant-alerts.signup.privacyLink': 'Les mer i personvernerklæringen',
  'grant-alerts.signup.submit': 'Meld på',
  'grant-alerts.signup.sentTitle': 'Sjekk innboksen din',
  'grant-alerts.signup.sentBody': 'Hvis {email} kan motta e-post, har vi sendt en e-post med en lenke. Følg lenken for å bekrefte påmeldingen.',
  'grant-alerts.signup.again': 'Meld på en annen adresse',
  'grant-alerts.link.confirmed': 'Takk! Påmeldingen er bekreftet. Du får en e-post når nye tilskudd blir publisert.',
  'grant-alerts.link.unsubscribed': 'Du er avmeldt varsel om nye tilskudd, og adressen din er slettet hos oss.',
  'grant-alerts.link.invalid': 'Lenken er ugyldig, utløpt eller allerede brukt. Meld deg på igjen hvis du fortsatt vil ha varsel om nye tilskudd.',
  'grant-alerts.error.invalidLink': 'Lenken er ugyldig, utløpt eller allerede brukt.',
  'grant-alerts.email.confirm.subject': 'Bekreft påmeldingen til varsel om nye tilskudd',
  'grant-alerts.email.confirm.body':
    'Du (eller noen med adressen din) har bedt om en e-post fra Grantwork når nye tilskudd blir publisert. Følg lenken nedenfor innen 7 dager for å bekrefte. Har du ikke bedt om dette, kan du se bort fra denne e-posten; da hører du ikke mer fra oss.',
  'grant-alerts.email.alert.subject': 'Nytt tilskudd: {grantTitle}',
  'grant-alerts.email.deadline': 'Søknadsfrist: {date}',
  'grant-alerts.email.noDeadline': 'Søknadsfrist: løpende',
  'grant-alerts.email.amountRange': 'Beløp: {min} – {max}',
  'grant-alerts.email.amountUpTo': 'Beløp: opptil {max}',
  'grant-alerts.email.amountFrom': 'Beløp: fra {min}',
  'grant-alerts.email.alert.body':
    '{fundName} har publisert et nytt tilskudd: {grantTitle}.\n\n{facts}\n\nLes om det og start søknaden din: {grantLink}',
};

export const grantAlerts = { da, en, nb };
