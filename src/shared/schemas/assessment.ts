/**
 * Inputs of the assessment feature (docs/decisions/0052): a grant's criteria as admins edit them,
 * a check asked for, its suggestions applied or dismissed; and the model's answer as it must come.
 */
import { z } from 'zod';
import { signalKinds } from '../domain/assessment';
import { applicationInput } from './applications';
import { localizedTextSchema } from './localized-text';

const uuid = z.uuid({ error: 'error.notFound' });

export const grantCriteriaInput = z.object({ grantId: uuid });

export const saveCriterionInput = z.object({
  grantId: uuid,
  /** Absent: a new criterion. */
  id: uuid.optional(),
  /** The version the editor loaded (an existing criterion). */
  version: z.number().int().min(1).optional(),
  name: localizedTextSchema(120, { required: true }),
  weight: z.number({ error: 'grants.validation.number' }).int({ error: 'grants.validation.number' }).min(1, { error: 'grants.validation.number' }).max(100, { error: 'grants.validation.number' }),
  grantSectionIds: z.array(uuid).max(50),
  signals: z.array(z.enum(signalKinds)).max(signalKinds.length),
});
export type SaveCriterionInput = z.input<typeof saveCriterionInput>;

export const criterionIdInput = z.object({ id: uuid });

/** A check of the whole application, or of one section (from the section page). */
export const requestCheckInput = applicationInput.extend({ sectionId: uuid.optional() });
export const checkInput = applicationInput.extend({ checkId: uuid });
export const suggestionInput = applicationInput.extend({ suggestionId: uuid });
/** `clientId`: the applying window's editor (its Yjs client id), which takes the change from the answer. */
export const applySuggestionInput = suggestionInput.extend({ clientId: z.number().int().min(0).max(2 ** 53 - 1).optional() });

export const checkStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type CheckStatus = (typeof checkStatuses)[number];

/** What a model must answer: per criterion a score, a verdict, quoted evidence and what is missing; and suggestions. */
export const modelAnswerSchema = z.object({
  criteria: z
    .array(
      z.object({
        id: z.string(),
        score: z.number().min(0).max(100),
        verdict: z.string().max(300),
        evidence: z.array(z.object({ sectionId: z.string(), quote: z.string().min(1).max(1000) })).max(20),
        missing: z.array(z.string().max(300)).max(20),
      }),
    )
    .max(30),
  suggestions: z
    .array(
      z.object({
        sectionId: z.string(),
        paragraph: z.number().int().min(1),
        kind: z.enum(['addition', 'rewrite']),
        text: z.string().min(1).max(3000),
        criterionId: z.string().nullish(),
        note: z.string().max(300).default(''),
      }),
    )
    .max(30),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;
