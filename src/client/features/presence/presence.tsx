/**
 * Who is in a section now, as small avatars: initials in a circle, each person in a colour of
 * their own (the same everywhere, from their id), their name in the tooltip and for screen readers.
 */
import type { PresenceEntry } from '../../../shared/schemas/presence';
import { useT } from '../../lib/intl';
import { usePresence } from './use-presence';

// Pairs with a contrast of at least 7:1 between the initials and their circle.
const colours = [
  'bg-sky-100 text-sky-900',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-900',
  'bg-violet-100 text-violet-900',
  'bg-emerald-100 text-emerald-900',
  'bg-orange-100 text-orange-900',
  'bg-teal-100 text-teal-900',
  'bg-lime-100 text-lime-900',
];

function colourOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return colours[hash % colours.length]!;
}

/** At most `max` avatars and a "+N" for the rest; the names as one sentence for screen readers. */
export function PresenceAvatars({ entries, me, max = 3, size = 'sm' }: { entries: readonly PresenceEntry[]; me: string | undefined; max?: number; size?: 'sm' | 'md' }) {
  const t = useT();
  if (entries.length === 0) return null;
  const nameOf = (entry: PresenceEntry) => (entry.userId === me ? t('presence.you', { name: entry.name }) : entry.name);
  // Exactly one more than fits: show that person instead of "+1".
  const shown = entries.length > max + 1 ? entries.slice(0, max) : entries;
  const rest = entries.slice(shown.length);
  const circle = `inline-flex shrink-0 items-center justify-center rounded-full font-semibold ${size === 'sm' ? 'size-6 text-[0.6875rem]' : 'size-8 text-xs'}`;
  return (
    <span className="inline-flex items-center" data-presence={entries.map((entry) => entry.initials).join(' ')}>
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {shown.map((entry) => (
          <span key={entry.userId} title={nameOf(entry)} className={`${circle} ${colourOf(entry.userId)}`}>
            {entry.initials || '?'}
          </span>
        ))}
        {rest.length > 0 && (
          <span title={t('presence.more', { count: rest.length, names: rest.map(nameOf).join(', ') })} className={`${circle} bg-gray-100 text-gray-800`}>
            +{rest.length}
          </span>
        )}
      </span>
      <span className="sr-only">{t('presence.hereNow', { names: entries.map(nameOf).join(', ') })}</span>
    </span>
  );
}

/** Beside a section's title: who else is in this section now (the user counts as present there). */
export function SectionPresence({ applicationId, sectionId }: { applicationId: string; sectionId: string }) {
  const t = useT();
  const { entries, me } = usePresence(applicationId, sectionId);
  const others = entries.filter((entry) => entry.sectionId === sectionId && entry.userId !== me);
  if (others.length === 0) return null;
  return (
    <span className="inline-flex items-center gap-2" data-testid="section-presence">
      <span className="text-xs text-gray-600" aria-hidden="true">
        {t('presence.alsoHere')}
      </span>
      <PresenceAvatars entries={others} me={me} max={3} size="md" />
    </span>
  );
}
