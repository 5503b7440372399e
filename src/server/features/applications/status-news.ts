/**
 * News of statuses and texts comes from the module that writes them, once their transaction has
 * committed (docs/decisions/0057, 0065): a write of a section's status or of the application's (a
 * review move, done, reopen, publishing, a save that moves the status) notes what changed on its
 * transaction, and so does a stored change of a section's text (a co-editor's push,
 * `saveTextChange`, or a save, `saveSection`); and `changeApplication`, which runs the
 * transaction, announces the statuses on the application's live channel and then passes the
 * texts' changes on to the sections' open editors after the commit. A transaction rolled back
 * announces nothing, and no caller announces by hand.
 */
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../../db/db';
import type { DB } from '../../db/schema';
import { announceStatus, type StatusNotice } from '../../live/application-events';
import type { LiveBus } from '../../live/live-bus';
import type { TextChannel, TextMessage } from '../../live/text-channel';
import { dropDocument, keepCommitted, type KeptDocument } from './text-store';

interface Notes {
  statuses: StatusNotice[];
  texts: TextMessage[];
  documents: KeptDocument[];
}

const notes = new WeakMap<Executor, Notes>();

/**
 * Runs `work` in one transaction of the application and, once it committed, announces the statuses
 * it changed, then passes on the changes of text it stored.
 */
export async function changeApplication<T>(
  services: { db: Database; bus: Pick<LiveBus, 'publish'>; textChannel: Pick<TextChannel, 'publish'> },
  applicationId: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const noted: Notes = { statuses: [], texts: [], documents: [] };
  const result = await services.db
    .transaction()
    .execute((trx) => {
      notes.set(trx, noted);
      return work(trx);
    })
    .catch((error: unknown) => {
      // A change of a text rolled back: its document is read again by the next change.
      for (const document of noted.documents) dropDocument(document.sectionId, document);
      throw error;
    });
  for (const document of noted.documents) keepCommitted(services.db, document.sectionId, document);
  for (const notice of noted.statuses) await announceStatus(services.bus, applicationId, notice);
  for (const change of noted.texts) await services.textChannel.publish(change);
  return result;
}

/** Notes a change of status made in `trx`, announced once it commits. A status changes only in `changeApplication`'s transaction. */
export function noteStatus(trx: Executor, notice: StatusNotice): void {
  const noted = notes.get(trx);
  if (!noted) throw new Error('a status changes only in a transaction of changeApplication, which announces it once committed');
  noted.statuses.push(notice);
}

/** Notes a change of status where the transaction may be one of `changeApplication` (every save's is: `saveSection` checks). */
export function noteStatusIfFollowed(trx: Executor, notice: StatusNotice): void {
  notes.get(trx)?.statuses.push(notice);
}

/** Whether `trx` is a transaction of `changeApplication`, whose changes are announced once it commits. */
export function isFollowed(trx: Executor): boolean {
  return notes.has(trx);
}

/** Notes a stored change of a section's text made in `trx`, passed on to its open editors once it commits. */
export function noteText(trx: Executor, change: TextMessage): void {
  const noted = notes.get(trx);
  if (!noted) throw new Error('a text changes live only in a transaction of changeApplication, which passes it on once committed');
  noted.texts.push(change);
}

/** Notes the section's document as a change of its text in `trx` left it: kept for the next change once it commits, dropped if it does not. */
export function noteDocument(trx: Executor, document: KeptDocument): void {
  const noted = notes.get(trx);
  if (!noted) throw new Error('a text changes only in a transaction of changeApplication, which keeps its document once committed');
  noted.documents.push(document);
}
