/**
 * Who is in which section of an application now (`presence.watch`), shared by every component of
 * the page: one stream per application however many components ask (a user may hold only a few
 * streams open, `MAX_OPEN_SUBSCRIPTIONS_PER_USER`). While some component names a section, the
 * stream is opened with it and the user counts as present there; the components that name none
 * (the overview's section list) just watch.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PresenceEntry } from '../../../shared/schemas/presence';
import { usePageVisible } from '../../lib/page-visible';
import { trpc } from '../../lib/trpc';

type Client = ReturnType<typeof trpc.useUtils>['client'];

interface Holder {
  sectionId: string | undefined;
}

interface Stream {
  holders: Set<Holder>;
  listeners: Set<() => void>;
  entries: readonly PresenceEntry[];
  open: { sectionId: string | undefined; unsubscribe: () => void } | null;
  syncScheduled: boolean;
}

const NOBODY: readonly PresenceEntry[] = [];
const streams = new Map<string, Stream>();

function streamOf(applicationId: string): Stream {
  let stream = streams.get(applicationId);
  if (!stream) {
    stream = { holders: new Set(), listeners: new Set(), entries: NOBODY, open: null, syncScheduled: false };
    streams.set(applicationId, stream);
  }
  return stream;
}

function publish(stream: Stream, entries: readonly PresenceEntry[]) {
  stream.entries = entries;
  for (const listener of stream.listeners) listener();
}

/**
 * Opens, reopens or closes the application's stream to fit its holders. Run after the holders of
 * one render have come and gone (a page that replaces its components does not reopen it twice).
 */
function scheduleSync(client: Client, applicationId: string) {
  const stream = streamOf(applicationId);
  if (stream.syncScheduled) return;
  stream.syncScheduled = true;
  setTimeout(() => {
    stream.syncScheduled = false;
    const wanted = [...stream.holders].reverse().find((holder) => holder.sectionId !== undefined)?.sectionId;
    if (stream.holders.size === 0) {
      stream.open?.unsubscribe();
      stream.open = null;
      if (stream.listeners.size === 0) streams.delete(applicationId);
      else publish(stream, NOBODY);
      return;
    }
    if (stream.open && stream.open.sectionId === wanted) return;
    stream.open?.unsubscribe();
    const subscription = client.presence.watch.subscribe(
      { applicationId, sectionId: wanted },
      {
        onData: (entries) => publish(stream, entries),
        // Refused (access gone) or failed for good: show nobody rather than who was there.
        onError: () => publish(stream, NOBODY),
      },
    );
    stream.open = { sectionId: wanted, unsubscribe: () => subscription.unsubscribe() };
  }, 0);
}

/**
 * Everyone in a section of the application now, the user included (`me` tells which entries are
 * the user's). With `sectionId` the user counts as present in that section while this is mounted.
 */
export function usePresence(applicationId: string, sectionId?: string): { entries: readonly PresenceEntry[]; me: string | undefined } {
  const client = trpc.useUtils().client;
  const me = trpc.auth.me.useQuery().data?.id;
  // A page in the background holds no stream (and is not present anywhere): `page-visible.ts`.
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible) return;
    const holder: Holder = { sectionId };
    streamOf(applicationId).holders.add(holder);
    scheduleSync(client, applicationId);
    return () => {
      streamOf(applicationId).holders.delete(holder);
      scheduleSync(client, applicationId);
    };
  }, [client, applicationId, sectionId, visible]);
  const entries = useSyncExternalStore(
    (listener) => {
      const stream = streamOf(applicationId);
      stream.listeners.add(listener);
      return () => stream.listeners.delete(listener);
    },
    () => streams.get(applicationId)?.entries ?? NOBODY,
    () => NOBODY,
  );
  return { entries, me };
}
