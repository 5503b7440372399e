import { z } from 'zod';
import { sectionInput } from './applications';

export const listVersionsInput = sectionInput.extend({
  /** Continues after the last version of the previous page. */
  cursor: z.string().max(40).nullish(),
});
export type ListVersionsInput = z.input<typeof listVersionsInput>;

export const versionInput = sectionInput.extend({ versionId: z.uuid({ error: 'error.notFound' }) });
export type VersionInput = z.input<typeof versionInput>;

export const restoreVersionInput = versionInput;
