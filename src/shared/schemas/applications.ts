import { z } from 'zod';
import { APPLICATION_TITLE_MAX, applicationStatuses } from '../domain/applications';
import { locales } from '../i18n/locales';
import { companyIdSchema } from './companies';
import { uuidSchema } from './funds';

export const applicationIdSchema = z.uuid({ error: 'error.notFound' });
const versionSchema = z.number().int().min(1).max(2_147_483_647);

export const applicationTitleSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(APPLICATION_TITLE_MAX, { error: 'validation.tooLong' });
export const applicationDescriptionSchema = z.string().trim().max(20_000, { error: 'validation.tooLong' });
export const applicationLanguageSchema = z.enum(locales, { error: 'validation.invalid' });

export const startOptionsInput = z.object({ grantId: uuidSchema });

/** The setup step of starting an application: where, what it is called and its language. */
export const applicationSetupInput = z.object({
  companyId: companyIdSchema,
  title: applicationTitleSchema,
  language: applicationLanguageSchema,
});
export type ApplicationSetupInput = z.input<typeof applicationSetupInput>;

export const createApplicationInput = applicationSetupInput.extend({
  grantId: uuidSchema,
  description: applicationDescriptionSchema.default(''),
});
export type CreateApplicationInput = z.input<typeof createApplicationInput>;

export const applicationInput = z.object({ applicationId: applicationIdSchema });

export const updateApplicationInput = applicationInput.extend({
  version: versionSchema,
  title: applicationTitleSchema,
  language: applicationLanguageSchema,
  description: applicationDescriptionSchema,
});
export type UpdateApplicationInput = z.input<typeof updateApplicationInput>;

export const applicationListInput = z.object({
  companyId: companyIdSchema.optional(),
  status: z.enum(applicationStatuses).optional(),
  /** Continues after the last application of the previous page (keyset). */
  cursor: z.string().max(300).nullish(),
});
export type ApplicationListInput = z.input<typeof applicationListInput>;

export const sectionInput = applicationInput.extend({ sectionId: z.uuid({ error: 'error.notFound' }) });

export const SECTION_CONTENT_MAX = 100_000;

/** One input's value: text and dates as strings (dates `YYYY-MM-DD`), numbers, lists of strings. */
export const answerValueSchema = z.union([
  z.string().max(100_000, { error: 'validation.tooLong' }),
  z.number({ error: 'validation.invalid' }).finite({ error: 'validation.invalid' }).min(-1e15).max(1e15),
  z.array(z.string().max(10_000, { error: 'validation.tooLong' })).max(200),
  z.null(),
]);

export const saveSectionInput = sectionInput
  .extend({
    /**
     * With `content`: the version the writer's text was based on; a save from an older one is
     * refused (CONFLICT). The editor writes the text live (co-editing) and saves the rest without
     * it, on `fieldsVersion` instead: only another save of the inputs, ticks or rows makes that stale.
     */
    version: versionSchema.optional(),
    fieldsVersion: versionSchema.optional(),
    content: z.string().max(SECTION_CONTENT_MAX, { error: 'validation.tooLong' }).optional(),
    answers: z.record(z.uuid(), answerValueSchema).refine((answers) => Object.keys(answers).length <= 100, { error: 'validation.invalid' }),
    fulfilled: z.array(z.uuid()).max(100),
    /**
     * The structured content of a budget, activity plan or deliverables section, checked on the
     * server against the schema of the section's kind (schemas/section-data.ts). Absent or null: unchanged.
     */
    data: z.unknown().optional(),
  })
  .refine((input) => (input.content === undefined ? input.fieldsVersion !== undefined : input.version !== undefined), { error: 'validation.invalid', path: ['version'] });
export type SaveSectionInput = z.input<typeof saveSectionInput>;
