/**
 * A section's text against its grant's limit, for the editor (which shows the count) and the tools
 * a route puts under a text over its limit ("Shorten to fit", decision 0054): both count the same
 * way, and the tools get the same view of the text.
 */
import type * as Y from 'yjs';
import { countChars } from '../../shared/domain/application-sections';

/** What a tool for the text's limit (composed by the route, shown under the text) may know of and do to it. */
export interface SectionLimitContext {
  applicationId: string;
  sectionId: string;
  /** The grant's limit on the text, in characters as the count beside the text counts them. */
  maxChars: number;
  /** The text now, with everyone's changes. */
  text: string;
  /** Whether the writer may change the text now (it has arrived and is not locked). */
  editable: boolean;
  /** The co-edited text: a change made to it is sent, stored and seen by the others like typing. */
  sharedText: Y.Text;
  /** Stores everything typed so far (false when it could not be). */
  flush: () => Promise<boolean>;
}

/** The text's count against the limit: how many characters it has, and how many over the limit they are (0 within it). */
export function countAgainst(text: string, max: number): { count: number; over: number } {
  const count = countChars(text);
  return { count, over: Math.max(0, count - max) };
}
