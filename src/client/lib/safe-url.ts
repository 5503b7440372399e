/**
 * A stored URL as a link target only when it is http(s): the schemas refuse anything else on the
 * way in, and this keeps a `javascript:` or `data:` value (old rows, a missed schema) from ever
 * becoming a clickable href.
 */
export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
