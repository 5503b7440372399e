import { z } from 'zod';
import { SLUG_MAX, slugPattern } from '../domain/slug';
import { localizedTextSchema } from './localized-text';

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(SLUG_MAX, { error: 'funds.validation.slug' })
  .regex(slugPattern, { error: 'funds.validation.slug' });

/** A slug field that may be left empty: the server then makes one from the name or title. */
export const optionalSlugSchema = z.union([z.literal(''), slugSchema]).optional();

/** http(s) only, so a stored link can never run script. Empty means none. */
export const webUrlSchema = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(500, { error: 'funds.validation.url' })
    .pipe(z.url({ protocol: /^https?$/, error: 'funds.validation.url' })),
]);

/** The pages in the other languages beside the Danish one (`url`): a fund's or grant's link exists per language. */
export const translatedUrlsSchema = z.object({ en: webUrlSchema.default(''), nb: webUrlSchema.default('') }).default({ en: '', nb: '' });

export const uuidSchema = z.uuid({ error: 'validation.invalid' });

export const fundFields = z.object({
  name: localizedTextSchema(200, { required: true, tooLong: 'funds.validation.tooLong' }),
  slug: optionalSlugSchema,
  description: localizedTextSchema(5000, { tooLong: 'funds.validation.tooLong' }).default({ da: '', en: '', nb: '' }),
  url: webUrlSchema.default(''),
  urls: translatedUrlsSchema,
});
export type FundFields = z.input<typeof fundFields>;

export const createFundInput = fundFields;
export const updateFundInput = fundFields.extend({ id: uuidSchema });
export const fundIdInput = z.object({ id: uuidSchema });
export const fundSlugInput = z.object({ slug: z.string().trim().min(1).max(200) });
