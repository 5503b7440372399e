/**
 * Shortens a text to at most `max` characters on a word boundary, ending in "…" with no stray
 * punctuation or space before it (never ".…"). A text that fits is returned as it is.
 */
export function truncateAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  // One very long word: cut inside it rather than return almost nothing.
  const words = space >= max / 2 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s.,;:!?–—-]+$/u, '')}…`;
}
