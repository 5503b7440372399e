/**
 * A section's co-edited text as stored now, and where a suggestion's anchored paragraph stands in
 * it: a suggestion whose paragraph has changed since the check is out of date.
 */
import * as Y from 'yjs';
import type { Executor } from '../../db/db';
import { passageOf, sectionText, textDocOf, type TextAnchor } from '../../../shared/domain/text-doc';
import { storedTextOf } from './assessment.queries';

export async function documentOf(db: Executor, sectionId: string): Promise<Y.Doc | null> {
  const stored = await storedTextOf(db, sectionId, null);
  if (!stored) return null;
  const doc = textDocOf(stored.textDoc, stored.content);
  for (const update of stored.updates) Y.applyUpdate(doc, update);
  return doc;
}

/** The anchored paragraph in the text now, or null when it is gone or its words changed. */
export function currentParagraph(doc: Y.Doc, anchor: TextAnchor, paragraph: string): { from: number; to: number; text: string } | null {
  const passage = passageOf(doc, anchor);
  if (!passage) return null;
  const text = sectionText(doc).toString();
  const now = text.slice(passage.from, passage.to);
  return now === paragraph ? { ...passage, text } : null;
}
