/**
 * Statuses live, across web processes: every committed change of a section's status (a save, a
 * review move, done, reopen) or of the application's (locked) is announced on the application's
 * channel of the live bus (`live-bus.ts`), and every web process wakes the application watchers
 * it holds (`applications.watch`), which read the statuses again from PostgreSQL.
 *
 * A notice names the section and its status after the change, so a watcher already showing that
 * status reads nothing: a change of the text announces on every push, whether its status moved or
 * not (the push alone cannot tell). Like every live message, a notice is checked before it is
 * used; one that is not a notice is dropped.
 */
import { isSectionStatus, type SectionStatus } from '../../shared/domain/application-sections';
import type { LiveBus } from './live-bus';

export type StatusNotice = { sectionId: string; status: SectionStatus } | { published: true };

const nameOf = (applicationId: string) => `application:${applicationId}`;

/** Far above any notice; a longer message is not read at all. */
const NOTICE_MAX_CHARS = 200;

function decoded(raw: string): StatusNotice | undefined {
  if (raw.length > NOTICE_MAX_CHARS) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const notice = value as Record<string, unknown>;
  if (notice.published === true) return { published: true };
  if (typeof notice.sectionId === 'string' && isSectionStatus(notice.status)) return { sectionId: notice.sectionId, status: notice.status };
  return undefined;
}

/** Tells every web process that the application's statuses changed. Never fails the caller: the change is committed. */
export async function announceStatus(bus: Pick<LiveBus, 'publish'>, applicationId: string, notice: StatusNotice): Promise<void> {
  await bus.publish(nameOf(applicationId), JSON.stringify(notice));
}

/**
 * Calls `listener` with every notice about the application, and with null when notices may have
 * been missed (read the statuses again), until the returned function is called.
 */
export function listenToStatuses(bus: LiveBus, applicationId: string, listener: (notice: StatusNotice | null) => void): Promise<() => void> {
  return bus.subscribe(nameOf(applicationId), (raw) => {
    if (raw === null) return listener(null);
    const notice = decoded(raw);
    if (notice) listener(notice);
  });
}
