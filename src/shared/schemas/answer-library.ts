import { z } from 'zod';
import { ANSWER_SEARCH_MAX } from '../domain/answer-library';
import { sectionInput } from './applications';

/** Words to look for in the company's earlier answers (any of da, en, nb); without them, the best for the section. */
export const earlierAnswersInput = sectionInput.extend({
  search: z.string().trim().max(ANSWER_SEARCH_MAX, { error: 'validation.tooLong' }).optional(),
});
export type EarlierAnswersInput = z.input<typeof earlierAnswersInput>;
