/** URL slugs of funds and grants: lower-case ASCII words joined by hyphens. */
export const SLUG_MAX = 80;
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const transliterations: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** `Innovation Fund Denmark` → `innovation-fund-denmark`; `Grøn omstilling` → `groen-omstilling`. */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[æøåäöüß]/g, (char) => transliterations[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** The next free slug: `name`, else `name-2`, `name-3`… (kept within the maximum length). */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
