/**
 * News of statuses comes from the module that writes them, once their transaction has committed
 * (docs/decisions/0057): a write of a section's status or of the application's (a review move,
 * done, reopen, publishing, a change of the text that moves the status) notes what changed on its
 * transaction, and `changeApplication`, which runs the transaction, announces the notes on the
 * application's live channel after the commit. A transaction rolled back announces nothing, and no
 * caller announces by hand.
 */
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../../db/db';
import type { DB } from '../../db/schema';
import { announceStatus, type StatusNotice } from '../../live/application-events';
import type { LiveBus } from '../../live/live-bus';

const notes = new WeakMap<Executor, StatusNotice[]>();

/** Runs `work` in one transaction of the application and, once it committed, announces the statuses it changed. */
export async function changeApplication<T>(
  services: { db: Database; bus: Pick<LiveBus, 'publish'> },
  applicationId: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const noted: StatusNotice[] = [];
  const result = await services.db.transaction().execute((trx) => {
    notes.set(trx, noted);
    return work(trx);
  });
  for (const notice of noted) await announceStatus(services.bus, applicationId, notice);
  return result;
}

/** Notes a change of status made in `trx`, announced once it commits. A status changes only in `changeApplication`'s transaction. */
export function noteStatus(trx: Executor, notice: StatusNotice): void {
  const noted = notes.get(trx);
  if (!noted) throw new Error('a status changes only in a transaction of changeApplication, which announces it once committed');
  noted.push(notice);
}

/** Notes a change of status where the transaction may be one of `changeApplication` (a save's own transaction announces for itself). */
export function noteStatusIfFollowed(trx: Executor, notice: StatusNotice): void {
  notes.get(trx)?.push(notice);
}
