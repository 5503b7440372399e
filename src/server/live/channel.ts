/**
 * A typed channel of the live bus (`live-bus.ts`): its name, per key, and the zod schema of its
 * messages. Every live channel is one — applications' statuses, the inbox, sections' texts, job
 * progress — so each is published and heard the same way: a message is JSON, checked against its
 * schema before a listener sees it (one that is not a message of the channel is dropped, whoever
 * published it), and a listener hears `null` when messages may have been missed.
 */
import type { z } from 'zod';
import type { LiveBus } from './live-bus';

export interface Channel<Key, Message> {
  /** Passes a message to every process listening to the key's channel; false when Redis did not take it. */
  publish(bus: Pick<LiveBus, 'publish'>, key: Key, message: Message): Promise<boolean>;
  /** Calls `listener` with each message of the key's channel, and null when some may have been missed, until the returned function is called. */
  subscribe(bus: Pick<LiveBus, 'subscribe'>, key: Key, listener: (message: Message | null) => void): Promise<() => void>;
}

export function channel<Key, Schema extends z.ZodType>(
  nameOf: (key: Key) => string,
  schema: Schema,
  /** Far above any message of the channel; a longer one is not read at all. */
  maxChars: number,
): Channel<Key, z.output<Schema>> {
  return {
    publish(bus, key, message) {
      return bus.publish(nameOf(key), JSON.stringify(message));
    },
    subscribe(bus, key, listener) {
      return bus.subscribe(nameOf(key), (raw) => {
        if (raw === null) return listener(null);
        if (raw.length > maxChars) return;
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch {
          return;
        }
        const message = schema.safeParse(value);
        if (message.success) listener(message.data);
      });
    },
  };
}
