/**
 * A worker told to stop lets its running jobs finish, but only for so long (SHUTDOWN_TIMEOUT_MS):
 * past that it hands each one back to its queue's waiting list and exits, so another worker
 * starts it at once rather than after its lock expires and the stalled check finds it. A job
 * handed back is not failed and spends no attempt; its processor is idempotent (it starts over),
 * as after a worker killed outright.
 */
import { WaitingError, type Job, type Processor } from 'bullmq';

export interface HandBack {
  /** Wraps a processor so its running jobs can be handed back. */
  wrap(processor: Processor): Processor;
  /** Hands every running job back; resolves when each is back in its queue. */
  handBackAll(): Promise<void>;
  /** The jobs running now. */
  readonly running: number;
}

export function createHandBack(): HandBack {
  const running = new Map<Job, { handBack: () => void; settled: Promise<void> }>();
  return {
    get running() {
      return running.size;
    },
    wrap(processor) {
      return async (job: Job, token?: string) => {
        let handBack = () => {};
        const handedBack = new Promise<'handed-back'>((resolve) => (handBack = () => resolve('handed-back')));
        let settle = () => {};
        running.set(job, { handBack, settled: new Promise<void>((resolve) => (settle = resolve)) });
        const work = Promise.resolve(processor(job, token));
        try {
          const outcome = await Promise.race([work, handedBack]);
          if (outcome !== 'handed-back') return outcome;
          // The processor still runs until the process exits: whatever it does now is redone
          // by the next worker, which is what an idempotent processor is for.
          work.catch(() => {});
          await job.moveToWait(token);
          throw new WaitingError();
        } finally {
          running.delete(job);
          settle();
        }
      };
    },
    async handBackAll() {
      const entries = [...running.values()];
      for (const entry of entries) entry.handBack();
      await Promise.all(entries.map((entry) => entry.settled));
    },
  };
}
