/**
 * Reads an .eml file the worker wrote, decoding quoted-printable bodies, so tests can look for
 * texts and links in it as a person reading the e-mail would.
 */
import { readFileSync } from 'node:fs';

export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The whole message with its bodies decoded. The message's own headers are left as written: they
 * are not quoted-printable, and a header such as `List-Unsubscribe: <…?token=ED…>` would
 * otherwise lose the "=ED" of its token to a decoded byte.
 */
export function readEmail(file: string): string {
  const raw = readFileSync(file, 'utf8');
  const end = raw.search(/\r?\n\r?\n/);
  return end === -1 ? raw : raw.slice(0, end) + decodeQuotedPrintable(raw.slice(end));
}

/** The first link in the message that starts with the given address. */
export function linkIn(file: string, startsWith: string): string | null {
  const escaped = startsWith.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return readEmail(file).match(new RegExp(`${escaped}[^\\s"<>]*`))?.[0] ?? null;
}
