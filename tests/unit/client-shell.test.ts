import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialsOf } from '../../src/shared/domain/names';
import { isChunkLoadError, reloadOnce, RELOAD_GUARD_MS, withChunkReload } from '../../src/client/lib/chunk-reload';
import { initialLocale } from '../../src/client/lib/intl';
import { toast, TOAST_DURATION_MS } from '../../src/client/lib/toast-store';

describe('avatar initials', () => {
  it('takes at most two initials from the words of the alt text', () => {
    expect(initialsOf('Mette Frederiksen')).toBe('MF');
    expect(initialsOf('Hans Christian Andersen')).toBe('HC');
    expect(initialsOf('  øjvind   ågård ')).toBe('ØÅ');
    expect(initialsOf('Madonna')).toBe('M');
    expect(initialsOf('')).toBe('');
  });
});

describe('toasts', () => {
  afterEach(() => toast.clear());

  it('close after 5000 ms by default and can be added, updated, removed and cleared', () => {
    const id = toast.add({ title: 'Saved' });
    expect(toast.list()).toMatchObject([{ id, title: 'Saved', duration: TOAST_DURATION_MS, variant: 'info' }]);
    expect(TOAST_DURATION_MS).toBe(5000);
    toast.update(id, { title: 'Saved again', variant: 'success' });
    expect(toast.list()[0]).toMatchObject({ title: 'Saved again', variant: 'success' });
    const other = toast.error('Failed');
    toast.remove(id);
    expect(toast.list().map((item) => item.id)).toEqual([other]);
    toast.clear();
    expect(toast.list()).toEqual([]);
  });

  it('notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = toast.subscribe(listener);
    toast.add({ title: 'x' });
    unsubscribe();
    toast.add({ title: 'y' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('interface language', () => {
  it('is Danish by default; ?lang= wins over the remembered choice', () => {
    expect(initialLocale('', null)).toBe('da');
    expect(initialLocale('', 'nb')).toBe('nb');
    expect(initialLocale('?lang=en', 'nb')).toBe('en');
    expect(initialLocale('?lang=xx', 'fr')).toBe('da');
  });
});

describe('stale-build reload', () => {
  const storage = new Map<string, string>();
  const reload = vi.fn();
  beforeEach(() => {
    storage.clear();
    reload.mockClear();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    });
    vi.stubGlobal('window', { location: { reload } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once, then not again within 10 s, then again after', () => {
    expect(reloadOnce(1_000_000)).toBe(true);
    expect(reloadOnce(1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadOnce(1_000_000 + RELOAD_GUARD_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('turns a repeated chunk failure into an error instead of a reload loop', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'));
    storage.set('chunk-reload-at', String(Date.now()));
    await expect(withChunkReload(failing)()).rejects.toThrow('A part of the page could not be loaded');
    expect(reload).not.toHaveBeenCalled();
  });
});
