/** The privacy policy. */
const da = {
  'legal.privacy.description': 'Hvilke oplysninger Grantwork gemmer, hvorfor, hvor længe, og hvordan du får dem slettet.',
  'legal.privacy.updated': 'Senest opdateret den 26. november 2026.',
  'legal.privacy.intro':
    'Grantwork er et værktøj, hvor virksomheder finder puljer og skriver ansøgninger sammen. Her kan du læse, hvilke personoplysninger vi behandler, hvorfor vi gør det, hvor længe vi gemmer dem, og hvordan du bruger dine rettigheder efter databeskyttelsesforordningen (GDPR).',
  'legal.privacy.who.heading': 'Hvem er ansvarlig',
  'legal.privacy.who.body':
    'Den, der driver denne installation af Grantwork, er dataansvarlig for oplysningerne. Du kan kontakte os om alt, der vedrører dine oplysninger, via den e-mailadresse, som vores e-mails sendes fra. For oplysninger i en virksomheds ansøgninger handler vi på virksomhedens vegne.',
  'legal.privacy.what.heading': 'Hvad vi gemmer',
  'legal.privacy.what.account': 'Din konto: navn, e-mailadresse, foretrukket sprog og en krypteret hash af din adgangskode (aldrig selve adgangskoden), samt hvornår du accepterede denne politik.',
  'legal.privacy.what.company':
    'Virksomheder: registreringsnummeret (CVR-nummer, norsk organisasjonsnummer eller finsk Y-tunnus) og de offentlige oplysninger, som landets register giver (navn, adresse, branche, antal ansatte, stiftelsesdato, selskabsform), hvem der er medlem af virksomheden med hvilken rolle, og invitationer til nye medlemmer.',
  'legal.privacy.what.applications': 'Ansøgninger: det, I skriver — tekster, leverancer, budget, aktivitetsplan, kommentarer og AI-udkast — og en historik over, hvem der ændrede status hvornår.',
  'legal.privacy.what.alerts': 'Besked om nye puljer: din e-mailadresse, sprog, de fonde du valgte (ingen valgt betyder alle fonde), og hvornår du bekræftede tilmeldingen. Bekræftelseslinket gemmes kun som en hash.',
  'legal.privacy.what.technical':
    'Tekniske oplysninger: dine log-ind-sessioner (med IP-adresse og browser, så du kan se og afslutte dem), en log over de e-mails, vi sender dig, og tællere, der beskytter mod misbrug (antal forsøg pr. IP-adresse og e-mail).',
  'legal.privacy.why.heading': 'Hvorfor vi gemmer det',
  'legal.privacy.why.body':
    'Vi bruger oplysningerne til at levere tjenesten, du har bedt om (aftale), til at give dig besked om nye puljer, når du har sagt ja til det (samtykke, som du altid kan trække tilbage), og til at holde tjenesten sikker og forhindre misbrug (legitim interesse). Vi sælger aldrig dine oplysninger og bruger dem ikke til reklame.',
  'legal.privacy.why.ai':
    'Når du beder om et AI-udkast, sendes afsnittets vejledning, krav, jeres projektbeskrivelse og virksomhedsprofil til den AI-tjeneste, installationen er sat op med. Udbyderen må kun bruge dem til at lave udkastet.',
  'legal.privacy.howLong.heading': 'Hvor længe vi gemmer det',
  'legal.privacy.howLong.account': 'Konto-, virksomheds- og ansøgningsoplysninger gemmes, så længe kontoen eller virksomheden findes. Sletter du din konto, fjernes dine personoplysninger fra databasen med det samme; der er ingen fortrydelsesfrist.',
  'legal.privacy.howLong.alerts': 'En tilmelding til besked om nye puljer, der ikke bliver bekræftet, bortfalder efter 7 dage. Framelder du dig, sletter vi din adresse med det samme.',
  'legal.privacy.howLong.technical': 'Sessioner udløber efter 14 dages inaktivitet og senest efter 90 dage og slettes derefter. Links i e-mails (bekræftelse, ny adgangskode) slettes, når de udløber. E-mail-loggen — også kvitteringer for låste ansøgninger — gemmes i 90 dage, beskeder i indbakken i 1 år, og tidligere versioner af et afsnit i 2 år (den nyeste version bliver altid). Et udtræk af dine data gemmes i 48 timer. Baggrundsjob, der lykkedes, gemmes i 7 dage og fejlede job i 30 dage; de indeholder kun id\'er. Tællere mod misbrug forsvinder efter højst et døgn. En slettet virksomhed eller ansøgning kan gendannes i 14 dage og slettes derefter for altid med alt, hvad den indeholdt. Oprydningen kører hver time.',
  'legal.privacy.rights.delete': 'Sådan sletter du dine oplysninger: Under "Slet min konto" på din profil sletter du kontoen, når du har skrevet din adgangskode. Det sker med det samme: dine sessioner afsluttes, og dit navn og din adresse fjernes. Det, du har skrevet i en virksomheds ansøgninger, bliver hos virksomheden som skrevet af et tidligere medlem, og dine kommentarer bliver uden dit navn. Er du eneste ejer af en virksomhed med andre medlemmer, gør du først en af dem til ejer; er du virksomhedens eneste medlem, slettes den med din konto. En ejer kan hente og slette virksomhedens data. Besked om nye puljer frameldes med linket i hver e-mail.',
  'legal.privacy.sharing.heading': 'Hvem vi deler med',
  'legal.privacy.sharing.body':
    'Vi deler kun oplysninger med de databehandlere, der skal til for at drive tjenesten: hosting, e-mailudsendelse og — når du beder om det — AI-udkast. Opslag af en virksomhed sendes til det offentlige register i dens land: CVR i Danmark, Enhetsregisteret (Brønnøysundregistrene) i Norge og YTJ (Patent- og registerstyrelsen, PRH) i Finland. Andre medlemmer af din virksomhed ser virksomhedens ansøgninger og dit navn.',
  'legal.privacy.rights.heading': 'Dine rettigheder',
  'legal.privacy.rights.body': 'Du har ret til at få indsigt i, rette, begrænse og få udleveret dine oplysninger, og til at gøre indsigelse mod behandlingen. Under "Hent mine data" på din profil får du med det samme alt, hvad vi gemmer om dig, som JSON i en ZIP-fil. Skriv til os om alt andet, så svarer vi inden for en måned.',
  'legal.privacy.rights.complaint': 'Er du utilfreds med, hvordan vi behandler dine oplysninger, kan du klage til Datatilsynet (datatilsynet.dk).',
  'legal.privacy.security.heading': 'Sikkerhed',
  'legal.privacy.security.body': 'Adgangskoder gemmes med argon2id, og links i e-mails indeholder engangskoder, som vi kun gemmer som hash. Forbindelsen er krypteret, og du ser kun de virksomheder og ansøgninger, du er medlem af.',
  'legal.privacy.changes.heading': 'Ændringer',
  'legal.privacy.changes.body': 'Ændrer vi politikken væsentligt, fortæller vi det i tjenesten, før ændringen træder i kraft. Datoen øverst viser, hvornår den senest blev ændret.',
} as const;

type Keys = keyof typeof da;

const en: Record<Keys, string> = {
  'legal.privacy.description': 'What Grantwork stores, why, for how long, and how to have it deleted.',
  'legal.privacy.updated': 'Last updated on 26 November 2026.',
  'legal.privacy.intro':
    'Grantwork is a tool in which companies find grants and write applications together. This page explains which personal data we process, why we do it, how long we keep it, and how you exercise your rights under the General Data Protection Regulation (GDPR).',
  'legal.privacy.who.heading': 'Who is responsible',
  'legal.privacy.who.body':
    'Whoever runs this installation of Grantwork is the data controller. You can contact us about anything concerning your data at the e-mail address our e-mails are sent from. For the data in a company’s applications, we act on the company’s behalf.',
  'legal.privacy.what.heading': 'What we store',
  'legal.privacy.what.account': 'Your account: name, e-mail address, preferred language and a one-way hash of your password (never the password itself), and when you accepted this policy.',
  'legal.privacy.what.company':
    'Companies: the registration number (a Danish CVR number, a Norwegian organisation number or a Finnish business ID) and the public details its country’s registry gives (name, address, industry, number of employees, founding date, legal form), who is a member of the company in which role, and invitations to new members.',
  'legal.privacy.what.applications': 'Applications: what you write — texts, deliverables, budget, activity plan, comments and AI drafts — and a history of who changed a status when.',
  'legal.privacy.what.alerts': 'Grant alerts: your e-mail address, language, the funds you chose (none chosen means every fund) and when you confirmed the sign-up. The confirmation link is stored only as a hash.',
  'legal.privacy.what.technical':
    'Technical data: your login sessions (with IP address and browser, so you can see and end them), a log of the e-mails we send you, and counters that protect against abuse (attempts per IP address and e-mail).',
  'legal.privacy.why.heading': 'Why we store it',
  'legal.privacy.why.body':
    'We use the data to provide the service you asked for (contract), to send grant alerts you agreed to (consent, which you can withdraw at any time), and to keep the service secure and prevent abuse (legitimate interest). We never sell your data or use it for advertising.',
  'legal.privacy.why.ai':
    'When you ask for an AI draft, the section’s guidance, requirements, your project description and company profile are sent to the AI service this installation is configured with. The provider may use them only to produce the draft.',
  'legal.privacy.howLong.heading': 'How long we keep it',
  'legal.privacy.howLong.account': 'Account, company and application data are kept for as long as the account or company exists. If you delete your account, your personal data is removed from the database at once; there is no grace period.',
  'legal.privacy.howLong.alerts': 'A grant-alert sign-up that is not confirmed lapses after 7 days. When you unsubscribe, we delete your address immediately.',
  'legal.privacy.howLong.technical': 'Sessions expire after 14 days of inactivity and at most after 90 days, and are then deleted. Links in e-mails (confirmation, new password) are deleted when they expire. The e-mail log — receipts of locked applications included — is kept for 90 days, inbox items for 1 year, and earlier versions of a section for 2 years (the newest version always stays). An archive of your data is kept for 48 hours. Background jobs that succeeded are kept for 7 days and failed ones for 30 days; they hold ids only. Counters against misuse disappear after a day at most. A deleted company or application can be restored for 14 days and is then deleted for good with everything it held. The clean-up runs every hour.',
  'legal.privacy.rights.delete': 'How to delete your data: under "Delete my account" on your profile you delete the account after entering your password. It happens at once: your sessions end, and your name and address are removed. What you wrote in a company\'s applications stays with the company as written by a former member, and your comments stay without your name. If you are the only owner of a company with other members, you first make one of them an owner; if you are the company\'s only member, it is deleted with your account. An owner can download and delete the company\'s data. Grant alerts are cancelled with the link in every e-mail.',
  'legal.privacy.sharing.heading': 'Who we share it with',
  'legal.privacy.sharing.body':
    'We share data only with the processors needed to run the service: hosting, e-mail delivery and — when you ask for it — AI drafts. A company lookup goes to the public registry of its country: CVR in Denmark, the Central Coordinating Register for Legal Entities (Brønnøysund Register Centre) in Norway and YTJ (the Finnish Patent and Registration Office, PRH) in Finland. Other members of your company see the company’s applications and your name.',
  'legal.privacy.rights.heading': 'Your rights',
  'legal.privacy.rights.body': 'You have the right to access, correct, restrict and receive your data, and to object to the processing. Under "Download my data" on your profile you get everything we hold about you at once, as JSON in a ZIP file. Write to us about anything else, and we answer within a month.',
  'legal.privacy.rights.complaint': 'If you are unhappy with how we handle your data, you can complain to the Danish Data Protection Agency (Datatilsynet, datatilsynet.dk).',
  'legal.privacy.security.heading': 'Security',
  'legal.privacy.security.body': 'Passwords are stored with argon2id, and links in e-mails carry one-time codes that we store only as a hash. The connection is encrypted, and you see only the companies and applications you are a member of.',
  'legal.privacy.changes.heading': 'Changes',
  'legal.privacy.changes.body': 'If we change this policy materially, we say so in the service before the change takes effect. The date at the top shows when it last changed.',
};

const nb: Record<Keys, string> = {
  'legal.privacy.description': 'Hvilke opplysninger Grantwork lagrer, hvorfor, hvor lenge, og hvordan du får dem slettet.',
  'legal.privacy.updated': 'Sist oppdatert 26. november 2026.',
  'legal.privacy.intro':
    'Grantwork er et verktøy der virksomheter finner tilskudd og skriver søknader sammen. Her kan du lese hvilke personopplysninger vi behandler, hvorfor vi gjør det, hvor lenge vi lagrer dem, og hvordan du bruker rettighetene dine etter personvernforordningen (GDPR).',
  'legal.privacy.who.heading': 'Hvem som er ansvarlig',
  'legal.privacy.who.body':
    'Den som driver denne installasjonen av Grantwork, er behandlingsansvarlig. Du kan kontakte oss om alt som gjelder opplysningene dine, på e-postadressen våre e-poster sendes fra. For opplysninger i en virksomhets søknader handler vi på vegne av virksomheten.',
  'legal.privacy.what.heading': 'Hva vi lagrer',
  'legal.privacy.what.account': 'Kontoen din: navn, e-postadresse, foretrukket språk og en enveis hash av passordet ditt (aldri selve passordet), og når du godtok denne erklæringen.',
  'legal.privacy.what.company':
    'Virksomheter: registreringsnummeret (dansk CVR-nummer, organisasjonsnummer eller finsk Y-tunnus) og de offentlige opplysningene landets register gir (navn, adresse, bransje, antall ansatte, stiftelsesdato, organisasjonsform), hvem som er medlem av virksomheten med hvilken rolle, og invitasjoner til nye medlemmer.',
  'legal.privacy.what.applications': 'Søknader: det dere skriver — tekster, leveranser, budsjett, aktivitetsplan, kommentarer og AI-utkast — og en historikk over hvem som endret status når.',
  'legal.privacy.what.alerts': 'Varsel om nye tilskudd: e-postadressen din, språk, fondene du valgte (ingen valgt betyr alle fond), og når du bekreftet påmeldingen. Bekreftelseslenken lagres bare som en hash.',
  'legal.privacy.what.technical':
    'Tekniske opplysninger: innloggingsøktene dine (med IP-adresse og nettleser, så du kan se og avslutte dem), en logg over e-postene vi sender deg, og tellere som beskytter mot misbruk (forsøk per IP-adresse og e-post).',
  'legal.privacy.why.heading': 'Hvorfor vi lagrer det',
  'legal.privacy.why.body':
    'Vi bruker opplysningene til å levere tjenesten du har bedt om (avtale), til å varsle deg om nye tilskudd når du har sagt ja til det (samtykke, som du alltid kan trekke tilbake), og til å holde tjenesten sikker og hindre misbruk (berettiget interesse). Vi selger aldri opplysningene dine og bruker dem ikke til reklame.',
  'legal.privacy.why.ai':
    'Når du ber om et AI-utkast, sendes avsnittets veiledning, krav, prosjektbeskrivelsen og virksomhetsprofilen til AI-tjenesten installasjonen er satt opp med. Leverandøren får bare bruke dem til å lage utkastet.',
  'legal.privacy.howLong.heading': 'Hvor lenge vi lagrer det',
  'legal.privacy.howLong.account': 'Konto-, bedrifts- og søknadsopplysninger lagres så lenge kontoen eller bedriften finnes. Sletter du kontoen din, fjernes personopplysningene dine fra databasen med en gang; det er ingen angrefrist.',
  'legal.privacy.howLong.alerts': 'En påmelding til varsel om nye tilskudd som ikke blir bekreftet, faller bort etter 7 dager. Melder du deg av, sletter vi adressen din med en gang.',
  'legal.privacy.howLong.technical': 'Økter utløper etter 14 dager uten aktivitet og senest etter 90 dager, og slettes da. Lenker i e-post (bekreftelse, nytt passord) slettes når de utløper. E-postloggen — også kvitteringer for låste søknader — lagres i 90 dager, meldinger i innboksen i 1 år og tidligere versjoner av en del i 2 år (den nyeste versjonen blir alltid). Et uttrekk av dataene dine lagres i 48 timer. Bakgrunnsjobber som lyktes, lagres i 7 dager og mislykkede i 30 dager; de inneholder bare id-er. Tellere mot misbruk forsvinner etter høyst et døgn. En slettet virksomhet eller søknad kan gjenopprettes i 14 dager og slettes deretter for godt med alt den inneholdt. Oppryddingen kjører hver time.',
  'legal.privacy.rights.delete': 'Slik sletter du opplysningene dine: Under «Slett kontoen min» på profilen din sletter du kontoen etter å ha skrevet passordet ditt. Det skjer med en gang: øktene dine avsluttes, og navnet og adressen din fjernes. Det du har skrevet i en bedrifts søknader, blir hos bedriften som skrevet av et tidligere medlem, og kommentarene dine blir uten navnet ditt. Er du eneste eier av en bedrift med andre medlemmer, gjør du først en av dem til eier; er du bedriftens eneste medlem, slettes den sammen med kontoen din. En eier kan laste ned og slette bedriftens data. Varsler om nye tilskudd avmeldes med lenken i hver e-post.',
  'legal.privacy.sharing.heading': 'Hvem vi deler med',
  'legal.privacy.sharing.body':
    'Vi deler bare opplysninger med databehandlerne som trengs for å drive tjenesten: hosting, e-postutsending og — når du ber om det — AI-utkast. Oppslag av en virksomhet sendes til det offentlige registeret i landet dens: CVR i Danmark, Enhetsregisteret (Brønnøysundregistrene) i Norge og YTJ (Patent- og registerstyrelsen, PRH) i Finland. Andre medlemmer av virksomheten din ser virksomhetens søknader og navnet ditt.',
  'legal.privacy.rights.heading': 'Rettighetene dine',
  'legal.privacy.rights.body': 'Du har rett til innsyn i, retting, begrensning og utlevering av opplysningene dine, og til å protestere mot behandlingen. Under «Last ned dataene mine» på profilen din får du med en gang alt vi lagrer om deg, som JSON i en ZIP-fil. Skriv til oss om alt annet, så svarer vi innen en måned.',
  'legal.privacy.rights.complaint': 'Er du misfornøyd med hvordan vi behandler opplysningene dine, kan du klage til det danske Datatilsynet (datatilsynet.dk).',
  'legal.privacy.security.heading': 'Sikkerhet',
  'legal.privacy.security.body': 'Passord lagres med argon2id, og lenker i e-poster inneholder engangskoder som vi bare lagrer som hash. Forbindelsen er kryptert, og du ser bare virksomhetene og søknadene du er medlem av.',
  'legal.privacy.changes.heading': 'Endringer',
  'legal.privacy.changes.body': 'Endrer vi erklæringen vesentlig, sier vi fra i tjenesten før endringen trer i kraft. Datoen øverst viser når den sist ble endret.',
};

export const legal = { da, en, nb };
