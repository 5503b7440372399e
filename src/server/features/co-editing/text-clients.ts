/**
 * Who writes under which Yjs client id in a section's document (docs/decisions/0040). An editor's
 * changes carry its client id, and its own changes are not sent back to it: so an id is bound to
 * the first person who uses it in the section, and nobody else may write under it (which would
 * put words in someone else's name, or hide them from that editor) or open the text as it.
 * Bindings never change, so each process remembers those it has seen.
 */
import { AppError } from '../../../shared/errors';
import type { Executor } from '../../db/db';
import { claimTextClients } from '../applications';

/** The id under which a section's earlier text is made (`textDocOf`): nobody writes under it. */
const RESERVED_CLIENT_IDS = new Set([0, 1]);
const MAX_REMEMBERED = 100_000;
const remembered = new Map<string, string>();

const keyOf = (sectionId: string, clientId: number) => `${sectionId}:${clientId}`;

/** Binds the client ids to the user in the section, refusing (FORBIDDEN) any that is someone else's. */
export async function bindClients(db: Executor, sectionId: string, userId: string, clientIds: readonly number[]): Promise<void> {
  const unknown = [...new Set(clientIds)].filter((clientId) => {
    if (RESERVED_CLIENT_IDS.has(clientId)) throw new AppError('FORBIDDEN');
    const owner = remembered.get(keyOf(sectionId, clientId));
    if (owner !== undefined && owner !== userId) throw new AppError('FORBIDDEN');
    return owner === undefined;
  });
  if (unknown.length === 0) return;
  const rows = await claimTextClients(db, sectionId, userId, unknown);
  if (remembered.size > MAX_REMEMBERED) remembered.clear();
  for (const row of rows) remembered.set(keyOf(sectionId, row.clientId), row.userId);
  // An id claimed by someone else at this very moment is in neither list: refused, like theirs.
  if (rows.length < unknown.length || rows.some((row) => row.userId !== userId)) throw new AppError('FORBIDDEN');
}

/** Binds one client id (an editor opening the text) to the user. */
export function bindsClient(db: Executor, sectionId: string, userId: string, clientId: number): Promise<void> {
  return bindClients(db, sectionId, userId, [clientId]);
}
