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
import { z } from 'zod';
import { isSectionStatus, type SectionStatus } from '../../shared/domain/application-sections';
import { channel } from './channel';
import type { LiveBus } from './live-bus';

export type StatusNotice = { sectionId: string; status: SectionStatus } | { published: true };

const statusNotice: z.ZodType<StatusNotice> = z.union([
  z.object({ published: z.literal(true) }),
  z.object({ sectionId: z.string().max(100), status: z.custom<SectionStatus>((value) => isSectionStatus(value)) }),
]);

/** A notice is far below 200 characters; a longer message is not read at all. */
const statuses = channel((applicationId: string) => `application:${applicationId}`, statusNotice, 200);

/** Tells every web process that the application's statuses changed. Never fails the caller: the change is committed. */
export async function announceStatus(bus: Pick<LiveBus, 'publish'>, applicationId: string, notice: StatusNotice): Promise<void> {
  await statuses.publish(bus, applicationId, notice);
}

/**
 * Calls `listener` with every notice about the application, and with null when notices may have
 * been missed (read the statuses again), until the returned function is called.
 */
export function listenToStatuses(bus: LiveBus, applicationId: string, listener: (notice: StatusNotice | null) => void): Promise<() => void> {
  return statuses.subscribe(bus, applicationId, listener);
}
