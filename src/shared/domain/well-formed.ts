/**
 * PostgreSQL's jsonb refuses a lone UTF-16 surrogate (which JSON.stringify writes as `\ud800`):
 * typed text that carries one is stored with U+FFFD in its place instead of failing the request.
 */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Every string in a JSON value made well-formed. */
export function wellFormedJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) => (typeof item === 'string' ? wellFormed(item) : item)) as T;
}
