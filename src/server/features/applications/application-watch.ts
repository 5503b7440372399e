/**
 * The application's live stream (`applications.watch`): one per open page of the application,
 * carrying what its section lists and the section editor show of every section — its status (and
 * the version it moved at: a reviewer approves the version they read) and its newest AI draft's
 * state — and whether the application is locked. The current state first (a subscription sees
 * only what happens after it connects), then again whenever it changes, in any web process.
 *
 * Woken by the application's status notices (`application-events.ts`) and by the drafts queue's
 * job events (`job-events.ts`); PostgreSQL stays the source of truth, read again when woken and,
 * without any news, every few seconds.
 */
import type { Services } from '../../services';
import { listenToStatuses } from '../../live/application-events';
import { wakeUps } from '../../live/live-stream';
import { draftIdsOf } from './section-drafts.queries';
import { findLiveStates } from './applications.queries';

export type LiveStates = NonNullable<Awaited<ReturnType<typeof findLiveStates>>>;

/** Without any news, the states are read again this often (a lost notice or job event costs at most this). */
const REREAD_MS = 5000;

/** Runs until `ended` is aborted (see `live/live-stream.ts`), or the application is gone. */
export async function* watchApplication(services: Pick<Services, 'db' | 'bus' | 'jobEvents'>, applicationId: string, ended: AbortSignal): AsyncGenerator<LiveStates> {
  const wakes = wakeUps(ended, REREAD_MS);
  let known: LiveStates | null = null;
  let draftIds = new Set<string>();
  const unlisten: Array<() => void> = [];
  try {
    unlisten.push(
      await listenToStatuses(services.bus, applicationId, (notice) => {
        // A notice of what is already shown (most pushes of the text) needs no reading.
        if (notice && known) {
          if ('published' in notice ? known.published : known.sections.some((section) => section.id === notice.sectionId && section.status === notice.status)) return;
        }
        wakes.poke();
      }),
      // A draft queued anywhere may be this application's (its id is not known yet); progress
      // never changes a state, while the text grows.
      await services.jobEvents.listen(
        'drafts',
        () => true,
        (event) => {
          if (event.type === 'waiting' || event.type === 'missed' || (event.type !== 'progress' && draftIds.has(event.jobId))) wakes.poke();
        },
      ),
    );
    let serialized = '';
    while (!ended.aborted) {
      const [states, ids] = await Promise.all([findLiveStates(services.db, applicationId), draftIdsOf(services.db, applicationId)]);
      // Nothing more is sent once the stream must end (access gone, lifetime over).
      if (!states || ended.aborted) return;
      draftIds = new Set(ids);
      // A new version alone (the text typed on) is not news: only a status or a draft state is.
      const shownNow = JSON.stringify([states.published, states.sections.map(({ id, status, draftState }) => [id, status, draftState])]);
      known = states;
      if (shownNow !== serialized) {
        serialized = shownNow;
        yield states;
      }
      await wakes.next();
    }
  } finally {
    wakes.dispose();
    for (const stop of unlisten) stop();
  }
}
