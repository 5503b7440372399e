/** The schema of a catalogue text in Danish and, optionally, English and Norwegian (see `i18n/localized-text.ts`). */
import { z } from 'zod';

/**
 * A localized text of at most `max` characters per language. `required` makes the Danish text
 * required (the others are always optional: an empty one falls back to Danish).
 */
export function localizedTextSchema(max: number, options: { required?: boolean; tooLong?: string } = {}) {
  const tooLong = options.tooLong ?? 'grants.validation.tooLong';
  const optional = z.string().trim().max(max, { error: tooLong });
  const da = options.required ? optional.min(1, { error: 'validation.required' }) : optional;
  return z.object({ da, en: optional.default(''), nb: optional.default('') });
}
