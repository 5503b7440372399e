/**
 * The fan-out of live co-editing (docs/decisions/0034-live-co-editing.md): every change of a
 * section's text and every writer's cursor is published on the section's Redis channel, and each
 * web process passes it to the editors it serves. A process listens to a section's channel only
 * while one of its editors is open on that section.
 *
 * The channels are the process's live bus (`live-bus.ts`). A message published while a process's
 * connection was down is lost to it: listeners then hear `null` and load the text anew from
 * PostgreSQL, which holds every change before it is published.
 */
import { z } from 'zod';
import { isSectionStatus, type SectionStatus } from '../../shared/domain/application-sections';
import { channel } from './channel';
import type { LiveBus } from './live-bus';

export interface TextMessage {
  sectionId: string;
  /** The Yjs client id of the editor the change came from (its own changes are not sent back). */
  clientId: number;
  /** Who made it, as the server knows them. */
  by: { id: string; name: string };
  /** A change of the text (base64 of a Yjs update), with the section's version and status after it. */
  update?: string;
  version?: number;
  status?: SectionStatus;
  /** A cursor (base64 of a y-protocols awareness update). */
  awareness?: string;
}

const textMessage: z.ZodType<TextMessage> = z.object({
  sectionId: z.string().max(100),
  clientId: z.number().int(),
  by: z.object({ id: z.string().max(100), name: z.string().max(1000) }),
  update: z.string().optional(),
  version: z.number().int().optional(),
  status: z.custom<SectionStatus>((value) => isSectionStatus(value)).optional(),
  awareness: z.string().optional(),
});

/** A section's channel; a message is at most one accepted change or cursor (a push is under 1 MB, base64 a third more). */
const texts = channel((sectionId: string) => `text:${sectionId}`, textMessage, 4 * 1024 * 1024);

export type TextListener = (message: TextMessage | null) => void;

export interface TextChannel {
  /** Passes a message to every process; false when Redis did not take it (its editors catch up when they reconnect). */
  publish(message: TextMessage): Promise<boolean>;
  /** Listens to a section's messages; resolves once listening (or after a short wait when Redis is away). */
  listen(sectionId: string, listener: TextListener): Promise<() => void>;
  close(): void;
}

export function createTextChannel(options: { bus: LiveBus }): TextChannel {
  const { bus } = options;
  const closers = new Set<() => void>();

  return {
    publish(message) {
      return texts.publish(bus, message.sectionId, message);
    },

    async listen(sectionId, listener) {
      const unsubscribe = await texts.subscribe(bus, sectionId, (message) => {
        if (message === null) return listener(null);
        // A message naming another section than its channel's is not passed on.
        if (message.sectionId === sectionId) listener(message);
      });
      const stop = () => {
        closers.delete(stop);
        unsubscribe();
      };
      closers.add(stop);
      return stop;
    },

    close() {
      for (const stop of [...closers]) stop();
    },
  };
}
