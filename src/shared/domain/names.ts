/**
 * Names people type (their own, their company's) are shown in pages and e-mails. A name is one
 * line: control characters, line and paragraph separators and direction overrides become spaces,
 * so a name can never add lines of its own to an e-mail or turn text around.
 */
// Cc (C0/C1 controls, incl. CR/LF/TAB), U+2028/U+2029, and the bidirectional embeddings, overrides and isolates.
const breaking = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

export function singleLineName(value: string): string {
  return value.replace(breaking, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A name as an e-mail shows it: one line, and nothing a mail program would turn into a link —
 * a scheme's `://`, an `@` and the dots between a domain's parts are written with look-alike
 * characters (“evil.test” stays readable but is not a link).
 */
export function emailSafeName(value: string): string {
  return singleLineName(value)
    .replace(/:\/\//g, ':\u2044\u2044')
    .replace(/@/g, '\uff20')
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '\u2024');
}

/**
 * A person's name as others see it beside their work: first and last name, or their e-mail
 * address when they have given no name.
 */
export function personName(user: { firstname: string; lastname: string; email: string }): string {
  return singleLineName(`${user.firstname} ${user.lastname}`) || singleLineName(user.email);
}

/**
 * At most two initials, from the first letters of the words of a name (an avatar's alt text):
 * "Anne-Marie Østergaard" → "AØ", "Åse" → "Å". Letters typed as a base letter and a combining
 * mark ("A" + ring) count as the one letter they show.
 */
export function initialsOf(name: string): string {
  return name
    .normalize('NFC')
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase())
    .join('');
}
