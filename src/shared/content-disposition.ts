/**
 * `Content-Disposition` (RFC 6266) both ways, for the file routes (docs/decisions/0055): the
 * server names a file in whatever language — `filename*` (RFC 8187, UTF-8) for a name that is not
 * plain ASCII, with a plain `filename` beside it for a reader that knows only that — and the client
 * reads the name back to save the file under.
 */

// Letters with a usual spelling in ASCII; the others lose their accents, or become a dash.
const spelledOut: Record<string, string> = { æ: 'ae', Æ: 'Ae', ø: 'oe', Ø: 'Oe', å: 'aa', Å: 'Aa', ß: 'ss' };

/** The name in plain ASCII, for the `filename` parameter (`Halv-strøm.docx` → `Halv-stroem.docx`). */
export function asciiFileName(fileName: string): string {
  const ascii = fileName
    .normalize('NFC')
    .replace(/[æÆøØåÅß]/g, (letter) => spelledOut[letter]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  // Nothing left before the extension (a name of only other letters): `жж.docx` → `file.docx`.
  return ascii === '' || ascii.startsWith('.') ? `file${ascii}` : ascii;
}

/** RFC 8187's encoding of a parameter's value: UTF-8, percent-escaped except the attribute characters. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The header naming a file: `filename*` too when the name is not plain ASCII. */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  // Never a path, a quote or a control character, whatever a title holds.
  const name = fileName.normalize('NFC').replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-');
  const fallback = asciiFileName(name);
  if (fallback === name) return `${disposition}; filename="${name}"`;
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/** The file name a header gives: `filename*` first, else `filename`; null without one. */
export function fileNameOfDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A broken escape: the plain name below.
    }
  }
  return /(?:^|;)\s*filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
}
