import type { z } from 'zod';
import { sectionInput } from './applications';

/** "Shorten to fit": the section whose stored text is to be proposed within its limit. */
export const proposeFitInput = sectionInput;
export type ProposeFitInput = z.input<typeof proposeFitInput>;
