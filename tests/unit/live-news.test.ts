/**
 * The one way a live watcher waits for news (`wakeUps`), and the status notices it is woken by
 * (`application-events.ts`): what a hub tells it is never lost, and a message that is not a
 * notice never reaches it.
 */
import { describe, expect, it } from 'vitest';
import { listenToStatuses, type StatusNotice } from '../../src/server/live/application-events';
import type { BusListener, LiveBus } from '../../src/server/live/live-bus';
import { wakeUps } from '../../src/server/live/live-stream';

describe('wakeUps', () => {
  it('returns at once for news that came while the watcher was busy, and hands over pushed messages in order', async () => {
    const wakes = wakeUps<string>(new AbortController().signal);
    wakes.push('a');
    wakes.push('b');
    expect(await wakes.next()).toEqual(['a', 'b']);
    wakes.poke();
    expect(await wakes.next()).toEqual([]);
    const waiting = wakes.next();
    wakes.push('c');
    expect(await waiting).toEqual(['c']);
    wakes.dispose();
  });

  it('returns after the re-read interval without news, and at once when the stream ends', async () => {
    const ended = new AbortController();
    const wakes = wakeUps(ended.signal, 20);
    const started = Date.now();
    await wakes.next();
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const forever = wakeUps(ended.signal);
    const waiting = forever.next();
    ended.abort();
    expect(await waiting).toEqual([]);
    wakes.dispose();
    forever.dispose();
  });
});

describe('status notices', () => {
  it('pass on a section’s status, a lock and missed news; anything else is dropped', async () => {
    let deliver: BusListener = () => {};
    const bus = { subscribe: async (_name: string, listener: BusListener) => ((deliver = listener), () => {}) } as unknown as LiveBus;
    const heard: Array<StatusNotice | null> = [];
    await listenToStatuses(bus, 'application-1', (notice) => heard.push(notice));
    const sectionId = '00000000-0000-4000-8000-000000000001';
    for (const raw of [
      JSON.stringify({ sectionId, status: 'approved' }),
      JSON.stringify({ published: true }),
      JSON.stringify({ sectionId, status: 'on_fire' }),
      JSON.stringify({ sectionId: 7, status: 'done' }),
      JSON.stringify({ sectionId, status: 'done', padding: 'x'.repeat(500) }),
      'not json',
      'null',
    ]) {
      deliver(raw);
    }
    deliver(null);
    expect(heard).toEqual([{ sectionId, status: 'approved' }, { published: true }, null]);
  });
});
