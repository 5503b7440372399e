/** Messages of presence: who is in which section of an application now. */
const da = {
  'presence.alsoHere': 'Også i afsnittet nu',
  'presence.hereNow': 'I afsnittet nu: {names}',
  'presence.you': '{name} (dig)',
  'presence.more': '{count} mere: {names}',
};

const en: Record<keyof typeof da, string> = {
  'presence.alsoHere': 'Also in this section now',
  'presence.hereNow': 'In this section now: {names}',
  'presence.you': '{name} (you)',
  'presence.more': '{count} more: {names}',
};

const nb: Record<keyof typeof da, string> = {
  'presence.alsoHere': 'Også i delen nå',
  'presence.hereNow': 'I delen nå: {names}',
  'presence.you': '{name} (deg)',
  'presence.more': '{count} til: {names}',
};

export const presence = { da, en, nb };
