/**
 * The fan-out of live co-editing (docs/decisions/0034-live-co-editing.md): every change of a
 * section's text, every writer's cursor and every change of its comments is published on the section's Redis channel, and each
 * web process passes it to the editors it serves. A process listens to a section's channel only
 * while one of its editors is open on that section.
 *
 * A message published while a process's connection was down is lost to it: listeners then hear
 * `null` and load the text anew from PostgreSQL, which holds every change before it is published.
 */
import type { Redis } from 'ioredis';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import { createRedis } from '../../redis';

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
  /** The section's comments changed (a thread or reply added, a thread resolved or reopened). */
  comments?: true;
}

export type TextListener = (message: TextMessage | null) => void;

export interface TextChannel {
  /** Passes a message to every process; false when Redis did not take it (its editors catch up when they reconnect). */
  publish(message: TextMessage): Promise<boolean>;
  /** Listens to a section's messages; resolves once listening (or after a short wait when Redis is away). */
  listen(sectionId: string, listener: TextListener): Promise<() => void>;
  close(): void;
}

const READY_WAIT_MS = 2000;

export function createTextChannel(options: { redis: Redis; redisUrl: string; prefix: string }): TextChannel {
  const channelOf = (sectionId: string) => `${options.prefix}:text:${sectionId}`;
  const sections = new Map<string, { listeners: Set<TextListener>; subscribed: Promise<unknown> }>();
  let subscriber: Redis | null = null;

  function connection(): Redis {
    if (subscriber) return subscriber;
    const redis = createRedis(options.redisUrl, 'worker');
    redis.on('message', (channel: string, raw: string) => {
      let message: TextMessage;
      try {
        message = JSON.parse(raw) as TextMessage;
      } catch {
        return;
      }
      if (channel !== channelOf(message.sectionId)) return;
      for (const listener of sections.get(message.sectionId)?.listeners ?? []) listener(message);
    });
    // ioredis subscribes again by itself after a reconnect; what came in between is missing.
    let readyBefore = false;
    redis.on('ready', () => {
      if (readyBefore) for (const entry of sections.values()) for (const listener of entry.listeners) listener(null);
      readyBefore = true;
    });
    subscriber = redis;
    return redis;
  }

  return {
    publish(message) {
      return options.redis.publish(channelOf(message.sectionId), JSON.stringify(message)).then(
        () => true,
        () => false,
      );
    },

    async listen(sectionId, listener) {
      const redis = connection();
      let entry = sections.get(sectionId);
      if (!entry) {
        entry = { listeners: new Set(), subscribed: redis.subscribe(channelOf(sectionId)).catch(() => {}) };
        sections.set(sectionId, entry);
      }
      entry.listeners.add(listener);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([entry.subscribed, new Promise((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
      clearTimeout(timer);
      return () => {
        const current = sections.get(sectionId);
        if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
        sections.delete(sectionId);
        void redis.unsubscribe(channelOf(sectionId)).catch(() => {});
      };
    },

    close() {
      sections.clear();
      subscriber?.disconnect();
      subscriber = null;
    },
  };
}
