/** Who is in which section of an application now. */
export { PresenceAvatars, SectionPresence } from './presence';
export { usePresence } from './use-presence';
