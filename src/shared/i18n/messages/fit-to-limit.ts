/** Messages of "Shorten to fit" beside a section's text (docs/decisions/0054). */
const da = {
  'fitToLimit.shorten': 'Forkort, så teksten passer',
  'fitToLimit.shortening': 'Forkorter …',
  'fitToLimit.heading': 'Forslag inden for grænsen',
  'fitToLimit.legend': 'Gennemstreget: tages ud. Understreget: kommer til.',
  'fitToLimit.changes': 'Forslagets ændringer af teksten',
  'fitToLimit.result': '{count} af {max} tegn',
  'fitToLimit.byOffline':
    'Hele sætninger er taget ud, dem med færrest tal og navne først; ingen sætning er skåret over eller skrevet om. {dropped, plural, one {# sætning} other {# sætninger}} fjernet.',
  'fitToLimit.droppedWithSignals': 'Heraf havde {count, number} et tal eller et navn: læs efter, at intet vigtigt er gået tabt.',
  'fitToLimit.byModel': 'Omskrevet af AI-modellen og kontrolleret mod grænsen. Læs det igennem: tal og navne skal stå, som de skal.',
  'fitToLimit.modelUnavailable': 'AI-modellen svarede ikke, så forslaget er lavet uden den.',
  'fitToLimit.accept': 'Brug forslaget',
  'fitToLimit.discard': 'Kassér',
  'fitToLimit.accepted': 'Teksten er forkortet.',
  'fitToLimit.undo': 'Fortryd',
  'fitToLimit.stale': 'Teksten er ændret, siden forslaget blev lavet.',
  'fitToLimit.again': 'Lav et nyt forslag',
  'fitToLimit.fits': 'Teksten er allerede inden for grænsen.',
  'fitToLimit.notReady': 'Teksten kan ikke ændres lige nu. Prøv igen om et øjeblik.',
  'fitToLimit.cannotFit': 'Ikke en eneste hel sætning kan stå inden for grænsen på {limit, number} tegn. Forkort teksten i hånden.',
  'fitToLimit.modelOver': 'AI-modellens forkortede tekst var stadig over grænsen på {limit, number} tegn, også i andet forsøg. Prøv igen, eller forkort teksten i hånden.',
  'fitToLimit.limitUser': 'Du har bedt om mange forkortelser på kort tid. Prøv igen om {minutes, plural, one {# minut} other {# minutter}}.',
};

type Keys = keyof typeof da;

const en: Record<Keys, string> = {
  'fitToLimit.shorten': 'Shorten to fit',
  'fitToLimit.shortening': 'Shortening …',
  'fitToLimit.heading': 'Proposal within the limit',
  'fitToLimit.legend': 'Struck through: taken out. Underlined: added.',
  'fitToLimit.changes': 'The proposal’s changes to the text',
  'fitToLimit.result': '{count} of {max} characters',
  'fitToLimit.byOffline':
    'Whole sentences were taken out, those with the fewest figures and names first; no sentence was cut short or rewritten. {dropped, plural, one {# sentence} other {# sentences}} removed.',
  'fitToLimit.droppedWithSignals': 'Of these, {count, number} had a figure or a name: check that nothing important was lost.',
  'fitToLimit.byModel': 'Rewritten by the AI model and checked against the limit. Read it through: figures and names must stand as they should.',
  'fitToLimit.modelUnavailable': 'The AI model did not answer, so this proposal was made without it.',
  'fitToLimit.accept': 'Use the proposal',
  'fitToLimit.discard': 'Discard',
  'fitToLimit.accepted': 'The text has been shortened.',
  'fitToLimit.undo': 'Undo',
  'fitToLimit.stale': 'The text has changed since the proposal was made.',
  'fitToLimit.again': 'Make a new proposal',
  'fitToLimit.fits': 'The text is already within the limit.',
  'fitToLimit.notReady': 'The text cannot be changed right now. Try again in a moment.',
  'fitToLimit.cannotFit': 'Not one whole sentence fits within the limit of {limit, number} characters. Shorten the text by hand.',
  'fitToLimit.modelOver': 'The AI model’s shortened text was still over the limit of {limit, number} characters, on the second try too. Try again, or shorten the text by hand.',
  'fitToLimit.limitUser': 'You have asked for many shortenings in a short time. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
};

const nb: Record<Keys, string> = {
  'fitToLimit.shorten': 'Forkort så teksten passer',
  'fitToLimit.shortening': 'Forkorter …',
  'fitToLimit.heading': 'Forslag innenfor grensen',
  'fitToLimit.legend': 'Gjennomstreket: tas ut. Understreket: kommer til.',
  'fitToLimit.changes': 'Forslagets endringer i teksten',
  'fitToLimit.result': '{count} av {max} tegn',
  'fitToLimit.byOffline':
    'Hele setninger er tatt ut, de med færrest tall og navn først; ingen setning er kuttet eller skrevet om. {dropped, plural, one {# setning} other {# setninger}} fjernet.',
  'fitToLimit.droppedWithSignals': 'Av disse hadde {count, number} et tall eller et navn: se etter at ikke noe viktig har gått tapt.',
  'fitToLimit.byModel': 'Skrevet om av AI-modellen og kontrollert mot grensen. Les det gjennom: tall og navn må stå som de skal.',
  'fitToLimit.modelUnavailable': 'AI-modellen svarte ikke, så forslaget er laget uten den.',
  'fitToLimit.accept': 'Bruk forslaget',
  'fitToLimit.discard': 'Forkast',
  'fitToLimit.accepted': 'Teksten er forkortet.',
  'fitToLimit.undo': 'Angre',
  'fitToLimit.stale': 'Teksten er endret siden forslaget ble laget.',
  'fitToLimit.again': 'Lag et nytt forslag',
  'fitToLimit.fits': 'Teksten er allerede innenfor grensen.',
  'fitToLimit.notReady': 'Teksten kan ikke endres akkurat nå. Prøv igjen om et øyeblikk.',
  'fitToLimit.cannotFit': 'Ikke én eneste hel setning får plass innenfor grensen på {limit, number} tegn. Forkort teksten for hånd.',
  'fitToLimit.modelOver': 'AI-modellens forkortede tekst var fortsatt over grensen på {limit, number} tegn, også i andre forsøk. Prøv igjen, eller forkort teksten for hånd.',
  'fitToLimit.limitUser': 'Du har bedt om mange forkortelser på kort tid. Prøv igjen om {minutes, plural, one {# minutt} other {# minutter}}.',
};

export const fitToLimit = { da, en, nb };
