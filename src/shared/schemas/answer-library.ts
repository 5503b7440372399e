import { z } from 'zod';
import { sectionInput } from './applications';

/** Words to look for in the company's earlier answers (any of da, en, nb); empty lists the best for the section. */
export const ANSWER_SEARCH_MAX = 200;

export const earlierAnswersInput = sectionInput.extend({
  search: z.string().trim().max(ANSWER_SEARCH_MAX, { error: 'validation.tooLong' }).optional(),
});
export type EarlierAnswersInput = z.input<typeof earlierAnswersInput>;

/** How many earlier answers the panel shows, and how many the drafter's prompt may hold. */
export const EARLIER_ANSWERS_SHOWN = 8;
export const EARLIER_ANSWERS_IN_PROMPT = 2;
