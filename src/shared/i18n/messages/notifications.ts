/** Messages of review notifications: the digest e-mail and the settings on the profile. */
const da = {
  'notifications.item.reviewRequest': '{actor} har bedt dig gennemse afsnittet «{section}» i «{application}».',
  'notifications.item.mention': '{actor} nævnte dig i en kommentar til «{section}» i «{application}»: «{excerpt}»',
  'notifications.item.approved': '{actor} har godkendt afsnittet «{section}» i «{application}».',
  'notifications.item.notApproved': '{actor} har ikke godkendt afsnittet «{section}» i «{application}». Begrundelse: «{excerpt}»',
  'notifications.someone': 'En kollega',
  'notifications.more': '…og {count, plural, one {# besked mere} other {# beskeder mere}}. Se dem alle på din oversigt:\n{link}',
  'notifications.subject': '{count, plural, one {{first}: nyt i ansøgningen} other {# nye beskeder om jeres ansøgninger}}',
  'notifications.email.subject': '{subject}',
  'notifications.email.body':
    'Der er nyt i jeres ansøgninger:\n\n{items}\n\nDu får denne e-mail, fordi du er med i en virksomhed, der skriver ansøgningen. Du kan slå hver slags besked fra på din profil: {profileLink}',
  'notifications.settings.title': 'Beskeder på e-mail',
  'notifications.settings.intro': 'Beskeder, der kommer kort efter hinanden, samles i én e-mail.',
  'notifications.settings.reviewRequests': 'Når nogen beder mig gennemse et afsnit',
  'notifications.settings.mentions': 'Når nogen nævner mig i en kommentar',
  'notifications.settings.reviewResults': 'Når et afsnit, jeg har sendt til gennemsyn, er godkendt eller ikke godkendt',
  'notifications.settings.save': 'Gem indstillinger',
  'notifications.settings.saved': 'Dine indstillinger for beskeder er gemt',
} as const;

type Keys = keyof typeof da;

const en: Record<Keys, string> = {
  'notifications.item.reviewRequest': '{actor} asked you to review the section “{section}” in “{application}”.',
  'notifications.item.mention': '{actor} mentioned you in a comment on “{section}” in “{application}”: “{excerpt}”',
  'notifications.item.approved': '{actor} approved the section “{section}” in “{application}”.',
  'notifications.item.notApproved': '{actor} did not approve the section “{section}” in “{application}”. Reason: “{excerpt}”',
  'notifications.someone': 'A colleague',
  'notifications.more': '…and {count, plural, one {# more notification} other {# more notifications}}. See them all on your dashboard:\n{link}',
  'notifications.subject': '{count, plural, one {{first}: news in the application} other {# new notifications about your applications}}',
  'notifications.email.subject': '{subject}',
  'notifications.email.body':
    'There is news in your applications:\n\n{items}\n\nYou get this e-mail because you belong to a company writing the application. You can turn each kind of notification off on your profile: {profileLink}',
  'notifications.settings.title': 'E-mail notifications',
  'notifications.settings.intro': 'Notifications that come close together are gathered into one e-mail.',
  'notifications.settings.reviewRequests': 'When someone asks me to review a section',
  'notifications.settings.mentions': 'When someone mentions me in a comment',
  'notifications.settings.reviewResults': 'When a section I sent to review is approved or not approved',
  'notifications.settings.save': 'Save settings',
  'notifications.settings.saved': 'Your notification settings have been saved',
};

const nb: Record<Keys, string> = {
  'notifications.item.reviewRequest': '{actor} har bedt deg gå gjennom delen «{section}» i «{application}».',
  'notifications.item.mention': '{actor} nevnte deg i en kommentar til «{section}» i «{application}»: «{excerpt}»',
  'notifications.item.approved': '{actor} har godkjent delen «{section}» i «{application}».',
  'notifications.item.notApproved': '{actor} har ikke godkjent delen «{section}» i «{application}». Begrunnelse: «{excerpt}»',
  'notifications.someone': 'En kollega',
  'notifications.more': '…og {count, plural, one {# melding til} other {# meldinger til}}. Se alle på oversikten din:\n{link}',
  'notifications.subject': '{count, plural, one {{first}: nytt i søknaden} other {# nye varsler om søknadene deres}}',
  'notifications.email.subject': '{subject}',
  'notifications.email.body':
    'Det er nytt i søknadene deres:\n\n{items}\n\nDu får denne e-posten fordi du er med i en virksomhet som skriver søknaden. Du kan slå av hver type varsel på profilen din: {profileLink}',
  'notifications.settings.title': 'Varsler på e-post',
  'notifications.settings.intro': 'Varsler som kommer tett etter hverandre, samles i én e-post.',
  'notifications.settings.reviewRequests': 'Når noen ber meg gå gjennom en del',
  'notifications.settings.mentions': 'Når noen nevner meg i en kommentar',
  'notifications.settings.reviewResults': 'Når en del jeg har sendt til gjennomgang, er godkjent eller ikke godkjent',
  'notifications.settings.save': 'Lagre innstillingene',
  'notifications.settings.saved': 'Innstillingene for varsler er lagret',
};

export const notifications = { da, en, nb };
