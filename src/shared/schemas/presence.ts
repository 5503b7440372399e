import { z } from 'zod';
import { applicationInput } from './applications';

/**
 * Watch who is in which section of an application now; with `sectionId` the caller is counted as
 * present in that section while the stream is open.
 */
export const watchPresenceInput = applicationInput.extend({ sectionId: z.uuid({ error: 'error.notFound' }).optional() });
export type WatchPresenceInput = z.input<typeof watchPresenceInput>;

/** One person in one section (several tabs of one person in one section are one entry). */
export interface PresenceEntry {
  userId: string;
  name: string;
  initials: string;
  sectionId: string;
}
