/**
 * The section editor's autosave engine (`src/client/features/co-editing/autosave.ts`), which the
 * co-edited text and the fields both use: what the browser keeps and under which key (also what
 * the code before it kept), when a send starts, what a failure, a refusal and going offline do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosave, earlierKey, readUnsaved, removeUnsaved, unsavedKey, writeUnsaved, type AutosaveOptions, type AutosaveState } from '../../src/client/features/co-editing/autosave';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

type State = AutosaveState | 'locked';

interface Send {
  resolve: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
}

function setUp(options: Partial<AutosaveOptions<State>> = {}) {
  const storage = new MemoryStorage();
  const sends: Send[] = [];
  const page = { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'visible' }) };
  const is = { online: true, blocked: false, state: 'saved' as State };
  const engine = new Autosave<State, string>({
    kind: 'text',
    sectionId: 's1',
    delayMs: 120,
    retryDelaysMs: [1000, 2000, 5000],
    dirty: false,
    blockedState: 'locked',
    setState: (next) => {
      is.state = typeof next === 'function' ? next(is.state) : next;
    },
    blocked: () => is.blocked,
    send: (signal) =>
      new Promise<void>((resolve, reject) => {
        sends.push({ resolve, reject, signal });
        signal?.addEventListener('abort', () => reject(new Error('aborted')));
      }),
    online: () => is.online,
    storage,
    ...options,
  });
  const stop = engine.listen(page);
  return { engine, storage, sends, page, is, stop };
}

const kept = (storage: MemoryStorage, kind: 'text' | 'fields' = 'text', sectionId = 's1') => JSON.parse(storage.getItem(unsavedKey(kind, sectionId)) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-12-06T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('what the browser keeps', () => {
  it('is one record per kind and section, under one key scheme, read back as written', () => {
    const storage = new MemoryStorage();
    writeUnsaved({ kind: 'text', sectionId: 's1', pending: 'AQID', base: null, changedAt: 1 }, storage);
    writeUnsaved({ kind: 'fields', sectionId: 's1', pending: { answers: { a: 'x' }, fulfilled: [], data: null }, base: 4, changedAt: 2 }, storage);
    expect([...storage.items.keys()].sort()).toEqual(['gw:unsaved:fields:s1', 'gw:unsaved:text:s1']);
    expect(readUnsaved('text', 's1', storage)).toEqual({ kind: 'text', sectionId: 's1', pending: 'AQID', base: null, changedAt: 1 });
    expect(readUnsaved('fields', 's1', storage)).toEqual({ kind: 'fields', sectionId: 's1', pending: { answers: { a: 'x' }, fulfilled: [], data: null }, base: 4, changedAt: 2 });
    expect(readUnsaved('text', 's2', storage)).toBeNull();
    removeUnsaved('text', 's1', storage);
    expect(readUnsaved('text', 's1', storage)).toBeNull();
    expect(readUnsaved('fields', 's1', storage)).not.toBeNull();
  });

  it('reads what the earlier code kept under its own keys, and moves it to the new key', () => {
    const storage = new MemoryStorage();
    storage.setItem('gw:section-text:s1', 'AQID');
    storage.setItem('gw:section-draft:s1', JSON.stringify({ doc: { answers: {}, fulfilled: ['r1'], data: null }, baseVersion: 3, changedAt: 1234 }));
    expect(readUnsaved('text', 's1', storage)).toEqual({ kind: 'text', sectionId: 's1', pending: 'AQID', base: null, changedAt: Date.now() });
    expect(readUnsaved('fields', 's1', storage)).toEqual({ kind: 'fields', sectionId: 's1', pending: { answers: {}, fulfilled: ['r1'], data: null }, base: 3, changedAt: 1234 });
    expect(storage.getItem('gw:section-text:s1')).toBeNull();
    expect(storage.getItem('gw:section-draft:s1')).toBeNull();
    expect(kept(storage, 'fields')).toMatchObject({ kind: 'fields', base: 3, changedAt: 1234 });
    expect(readUnsaved('text', 's1', storage)).toMatchObject({ pending: 'AQID' });
  });

  it('when the new key does not fit, leaves the earlier copy where it is; removing clears both', () => {
    const storage = new MemoryStorage();
    storage.setItem(earlierKey('text', 's1'), 'AQID');
    const full = { getItem: (key: string) => storage.getItem(key), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: (key: string) => storage.removeItem(key) };
    expect(readUnsaved('text', 's1', full)?.pending).toBe('AQID');
    expect(storage.getItem(earlierKey('text', 's1'))).toBe('AQID');
    expect(() => writeUnsaved({ kind: 'text', sectionId: 's1', pending: 'BB', base: null, changedAt: 1 }, full)).not.toThrow();
    removeUnsaved('text', 's1', full);
    expect(storage.items.size).toBe(0);
  });

  it('is no error when storage is disabled or holds something unreadable', () => {
    const disabled = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); }, removeItem: () => { throw new Error('SecurityError'); } };
    expect(readUnsaved('fields', 's1', disabled)).toBeNull();
    expect(() => writeUnsaved({ kind: 'fields', sectionId: 's1', pending: {}, base: 1, changedAt: 1 }, disabled)).not.toThrow();
    expect(() => removeUnsaved('fields', 's1', disabled)).not.toThrow();
    const storage = new MemoryStorage();
    storage.setItem(earlierKey('fields', 's1'), '{not json');
    expect(readUnsaved('fields', 's1', storage)).toBeNull();
  });
});

describe('the engine', () => {
  it('keeps each change at once and sends once, the delay after the last change; once stored, it forgets the copy', async () => {
    const { engine, storage, sends, is } = setUp();
    engine.changed('a', null);
    expect(is.state).toBe('unsaved');
    expect(kept(storage)).toEqual({ kind: 'text', sectionId: 's1', pending: 'a', base: null, changedAt: Date.now() });
    await vi.advanceTimersByTimeAsync(100);
    engine.changed('ab', null);
    await vi.advanceTimersByTimeAsync(119);
    expect(sends).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends).toHaveLength(1);
    expect(is.state).toBe('saving');
    expect(engine.unsent).toBe(false);
    sends[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(is.state).toBe('saved');
    expect(engine.dirty).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('sends a change made while a send runs after it, and keeps it meanwhile', async () => {
    const { engine, storage, sends, is } = setUp();
    engine.changed('a', null);
    await vi.advanceTimersByTimeAsync(120);
    engine.changed('ab', null);
    expect(engine.unsent).toBe(true);
    sends[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(is.state).toBe('unsaved');
    expect(kept(storage).pending).toBe('ab');
    await vi.advanceTimersByTimeAsync(120);
    expect(sends).toHaveLength(2);
    sends[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(is.state).toBe('saved');
    expect(storage.items.size).toBe(0);
  });

  it("tells what was sent from what changed since by the kind's own mark when it has one", async () => {
    let doc = { v: 1 };
    const { engine, sends, is } = setUp({ current: () => doc });
    engine.changed('a', 1);
    await vi.advanceTimersByTimeAsync(120);
    doc = { v: 2 }; // e.g. rows adopted from a save made on the server, no change of the writer's
    sends[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(is.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(120);
    expect(sends).toHaveLength(2);
  });

  it('tries a failed send again after 1, 2 and 5 s, then every 5 s, and starts over after a success', async () => {
    const { engine, sends, is } = setUp();
    engine.changed('a', null);
    await vi.advanceTimersByTimeAsync(120);
    for (const [index, pause] of [1000, 2000, 5000, 5000].entries()) {
      sends[index]!.reject(new Error('network'));
      await vi.advanceTimersByTimeAsync(0);
      expect(is.state).toBe('failed');
      await vi.advanceTimersByTimeAsync(pause - 1);
      expect(sends).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sends).toHaveLength(index + 2);
    }
    sends[4]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(is.state).toBe('saved');
    engine.changed('ab', null);
    await vi.advanceTimersByTimeAsync(120);
    sends[5]!.reject(new Error('network'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sends).toHaveLength(7);
  });

  it('tries the fields again every 5 s', async () => {
    const { engine, sends } = setUp({ delayMs: 800, retryDelaysMs: [5000] });
    engine.changed('a', 1);
    await vi.advanceTimersByTimeAsync(799);
    expect(sends).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    for (let index = 0; index < 3; index += 1) {
      sends[index]!.reject(new Error('network'));
      await vi.advanceTimersByTimeAsync(4999);
      expect(sends).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(sends).toHaveLength(4);
  });

  it('offline, sends nothing and says so; sends when the connection is back', async () => {
    const { engine, sends, is, page } = setUp();
    is.online = false;
    engine.changed('a', null);
    await vi.advanceTimersByTimeAsync(120);
    expect(sends).toHaveLength(0);
    expect(is.state).toBe('offline');
    is.online = true;
    page.window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toHaveLength(1);
  });

  it('losing the connection gives up the send that runs and shows offline, but leaves saved and a refusal as they are', async () => {
    const { engine, sends, is, page } = setUp({ giveUpAfterMs: 8000 });
    page.window.dispatchEvent(new Event('offline'));
    expect(is.state).toBe('saved');
    engine.changed('a', null);
    await vi.advanceTimersByTimeAsync(120);
    is.online = false;
    page.window.dispatchEvent(new Event('offline'));
    expect(sends[0]!.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(is.state).toBe('offline');
    is.state = 'locked';
    page.window.dispatchEvent(new Event('offline'));
    expect(is.state).toBe('locked');
  });

  it('gives up a send with no answer after its time limit, and sends again', async () => {
    const { engine, sends, is } = setUp({ giveUpAfterMs: 8000 });
    engine.changed('a', null);
    await vi.advanceTimersByTimeAsync(120 + 7999);
    expect(sends[0]!.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends[0]!.signal?.aborted).toBe(true);
    expect(is.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sends).toHaveLength(2);
  });

  it('sends at once when the page is hidden or left, and when the editor closes', async () => {
    const { engine, sends, page, stop } = setUp();
    page.window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toHaveLength(0);
    engine.changed('a', null);
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toHaveLength(1);
    sends[0]!.resolve();
    engine.changed('ab', null);
    page.window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toHaveLength(2);
    sends[1]!.resolve();
    engine.changed('abc', null);
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toHaveLength(3);
    // Closed: no longer listening.
    page.window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sends).toHaveLength(3);
  });

  it('after a refusal the kind settles, tries nothing again, and keeps later changes without sending them', async () => {
    const { engine, storage, sends, is } = setUp({
      settle: () => {
        is.blocked = true;
        is.state = 'locked';
        return true;
      },
    });
    engine.changed('a', null);
    await vi.advanceTimersByTimeAsync(120);
    sends[0]!.reject(new Error('CONFLICT'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sends).toHaveLength(1);
    expect(is.state).toBe('locked');
    engine.changed('ab', null);
    expect(is.state).toBe('locked');
    expect(kept(storage).pending).toBe('ab');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sends).toHaveLength(1);
  });

  it('refuses a flush the kind refuses, and lets changes wait while the kind says so', async () => {
    const refusing = setUp({ refused: () => true, dirty: true });
    expect(await refusing.engine.flush()).toBe(false);
    let waiting = true;
    const { engine, sends } = setUp({ waiting: () => waiting, dirty: true });
    expect(await engine.flush()).toBe(false);
    expect(sends).toHaveLength(0);
    waiting = false;
    const stored = engine.flush();
    sends[0]!.resolve();
    expect(await stored).toBe(true);
    expect(await engine.flush()).toBe(true);
  });

  it('drops the changes when the writer takes the stored copy: nothing kept, nothing sent', async () => {
    const { engine, storage, sends, is } = setUp();
    engine.changed('a', 2);
    engine.drop();
    expect(is.state).toBe('saved');
    expect(storage.items.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sends).toHaveLength(0);
  });
});
