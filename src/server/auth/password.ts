import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../shared/errors';

// argon2id with OWASP's minimum: 19 MiB of memory, two passes, one lane.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (four threads), which file reads and DNS share. Without a
 * bound, a burst of hashing queues unbounded work in front of every other request; with it, at
 * most `running` hashes run at once, at most `waiting` more wait their turn, and anything past
 * that is refused at once with "try again shortly" (503) instead of holding a request open.
 *
 * The waiting is fair per client (its address): each client waits in a line of its own, a free
 * slot goes to the lines in turn, and when every place is taken a newcomer takes the last place of
 * the longest line (that request is refused instead) unless its own line is as long. So one
 * client's burst delays another client's login by about one hash per busy client, never refuses it.
 */
export const passwordWorkLimits = { running: 2, waiting: 32 } as const;

/** Whose request a hash is made for: work not made for a request (seed, command line) shares one line. */
const SERVER_WORK = 'server';

interface Waiter {
  start(): void;
  refuse(error: AppError): void;
}

let running = 0;
let waiting = 0;
/** One line per client, in the order their turns come (a served line moves to the end). */
const lines = new Map<string, Waiter[]>();

function longestLine(): Waiter[] | undefined {
  let longest: Waiter[] | undefined;
  for (const line of lines.values()) if (!longest || line.length > longest.length) longest = line;
  return longest;
}

function waitForSlot(client: string): Promise<void> {
  if (running < passwordWorkLimits.running) {
    running += 1;
    return Promise.resolve();
  }
  const own = lines.get(client);
  if (waiting >= passwordWorkLimits.waiting) {
    const longest = longestLine();
    if (!longest || longest.length <= (own?.length ?? 0)) return Promise.reject(new AppError('UNAVAILABLE'));
    longest.pop()?.refuse(new AppError('UNAVAILABLE'));
    waiting -= 1;
  }
  return new Promise<void>((start, refuse) => {
    const line = lines.get(client) ?? [];
    line.push({ start, refuse });
    lines.set(client, line);
    waiting += 1;
  });
}

function releaseSlot(): void {
  const next = lines.entries().next();
  if (next.done) {
    running -= 1;
    return;
  }
  const [client, line] = next.value;
  const waiter = line.shift() as Waiter;
  lines.delete(client);
  if (line.length) lines.set(client, line);
  waiting -= 1;
  // The slot passes straight to the next waiter, so `running` counts it without a gap.
  waiter.start();
}

async function withPasswordSlot<T>(client: string, work: () => Promise<T>): Promise<T> {
  await waitForSlot(client);
  try {
    return await work();
  } finally {
    releaseSlot();
  }
}

/** Hashes a password; `client` is the address of the request it is made for. */
export function hashPassword(password: string, client: string = SERVER_WORK): Promise<string> {
  return withPasswordSlot(client, () => hash(password, options));
}

export function verifyPassword(passwordHash: string, password: string, client: string = SERVER_WORK): Promise<boolean> {
  return withPasswordSlot(client, async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
