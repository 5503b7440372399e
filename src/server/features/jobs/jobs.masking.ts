/**
 * What an admin may see of a job. Payloads hold ids only, but return values, failure messages,
 * stacks and logs can carry anything a processor or library put there. E-mail addresses are
 * shortened unless the admin asks to see them; secrets (API keys, tokens, passwords) are hidden
 * always, by the name of the field that holds them and by their look inside free text.
 */

export const HIDDEN = '[hidden]';

const secretKey = /pass(word|wd)?$|secret|token|api[-_]?key|authori[sz]ation|cookie|credential|private[-_]?key|signature/i;

const email = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
const bearer = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const secretParameter = /([?&#;]\s*(?:token|access_token|refresh_token|id_token|api[-_]?key|key|secret|code|sig|signature|password)=)[^&\s#"'<>]+/gi;
const jwt = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const prefixedKey = /\b(?:sk|pk|rk|ghp|gho|xox[abpr]|AKIA)[-_]?[A-Za-z0-9_-]{16,}/g;
// Long random-looking runs (session tokens, hex digests); ids written as UUIDs stay readable.
const longRun = /[A-Za-z0-9_-]{32,}/g;
const uuidChain = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-?)+$/i;
// A file path on the server (in a stack or a library's message) shows only its file name.
const serverPath = /(?<![\w:/.])(?:file:\/\/)?(?:\/[\w.@+-]+)+\/([\w.@+-]+\.(?:[cm]?[jt]sx?|json|node))\b/g;

export interface MaskOptions {
  revealEmails: boolean;
}

/** Free text with secrets hidden and, unless revealed, e-mail addresses shortened (`k***@example.no`). */
export function maskText(text: string, { revealEmails }: MaskOptions): string {
  let masked = text
    .replace(serverPath, '$1')
    .replace(bearer, (_match, scheme: string) => `${scheme} ${HIDDEN}`)
    .replace(secretParameter, (_match, name: string) => `${name}${HIDDEN}`)
    .replace(jwt, HIDDEN)
    .replace(prefixedKey, HIDDEN)
    .replace(longRun, (run) => (uuidChain.test(run) || !/\d/.test(run) || !/[A-Za-z]/.test(run) ? run : HIDDEN));
  if (!revealEmails) masked = masked.replace(email, (_match, first: string, domain: string) => `${first}***@${domain}`);
  return masked;
}

// A count such as `{ outputTokens: 812 }` is not a secret; strings and nested values under such a name are.
function isSecretShaped(value: unknown): boolean {
  return value !== null && value !== undefined && typeof value !== 'number' && typeof value !== 'boolean';
}

/** Any JSON-like value with `maskText` applied to every string and secret-named fields hidden. */
export function maskValue(value: unknown, options: MaskOptions, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value, options);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 20) return HIDDEN;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, options, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, secretKey.test(key) && isSecretShaped(item) ? HIDDEN : maskValue(item, options, depth + 1)]),
  );
}
