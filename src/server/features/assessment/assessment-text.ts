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
  // The text is named as a Y.Text before any place in it is resolved: a document made from updates
  // has its root type untyped until then, and a place resolved earlier would not be "in" the text.
  sectionText(doc);
  return doc;
}

/**
 * The anchored paragraph in the text now, or null when it is gone or its words changed: the line
 * that holds the anchored passage must read exactly as it did (a word added after it counts too).
 */
export function currentParagraph(doc: Y.Doc, anchor: TextAnchor, paragraph: string): { from: number; to: number; text: string } | null {
  const passage = passageOf(doc, anchor);
  if (!passage) return null;
  const text = sectionText(doc).toString();
  const lineStart = text.lastIndexOf('\n', passage.from - 1) + 1;
  const lineEnd = text.indexOf('\n', passage.to);
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
  if (text.slice(passage.from, passage.to) !== paragraph || line.trim() !== paragraph) return null;
  return { ...passage, text };
}
