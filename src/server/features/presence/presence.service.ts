/**
 * One presence stream: the application's presence list now and whenever it changes. With a
 * section the caller counts as present there while the stream is open; who the caller is comes
 * from the session only. The stream's entry goes when the stream ends, whichever way (the client
 * left, the session or membership ended, the lifetime is over).
 */
import { randomUUID } from 'node:crypto';
import type { PresenceEntry } from '../../../shared/schemas/presence';
import { wakeUps } from '../../live/live-stream';
import type { PresenceHub, PresenceStay } from '../../live/presence-hub';

/** Runs until `ended` is aborted (see `live/live-stream.ts`). */
export async function* watchPresence(
  presence: PresenceHub,
  applicationId: string,
  stay: PresenceStay | null,
  ended: AbortSignal,
): AsyncGenerator<PresenceEntry[]> {
  const streamId = randomUUID();
  const wakes = wakeUps(ended, presence.timings.rereadMs);
  let unlisten = () => {};
  let refresh: NodeJS.Timeout | undefined;
  try {
    unlisten = await presence.listen(applicationId, () => wakes.poke());
    if (stay) {
      // Redis away: the entry is written at the next renewal; the stream goes on meanwhile.
      await presence.enter(applicationId, streamId, stay, { announce: true }).catch(() => {});
      refresh = setInterval(() => void presence.enter(applicationId, streamId, stay, { announce: false }).catch(() => {}), presence.timings.refreshMs);
    }
    let shown = '';
    while (!ended.aborted) {
      const list = await presence.list(applicationId).catch(() => null);
      // Nothing more is sent once the stream must end (access gone, lifetime over).
      if (ended.aborted) return;
      const serialized = JSON.stringify(list);
      if (list && serialized !== shown) {
        shown = serialized;
        yield list;
      }
      await wakes.next();
    }
  } finally {
    clearInterval(refresh);
    wakes.dispose();
    unlisten();
    if (stay) await presence.leave(applicationId, streamId).catch(() => {});
  }
}
