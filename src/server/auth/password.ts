import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../shared/errors';

// argon2id with OWASP's minimum: 19 MiB of memory, two passes, one lane.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (four threads), which file reads and DNS share. Without a
 * bound, a burst of hashing queues unbounded work in front of every other request; with it, at
 * most `running` hashes run at once, at most `waiting` more wait their turn, and anything past
 * that is refused at once with "try again shortly" (503) instead of holding a request open.
 */
export const passwordWorkLimits = { running: 2, waiting: 32 } as const;

let running = 0;
const queue: Array<() => void> = [];

async function withPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= passwordWorkLimits.running) {
    if (queue.length >= passwordWorkLimits.waiting) throw new AppError('UNAVAILABLE');
    await new Promise<void>((resolve) => queue.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` counts it without a gap.
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withPasswordSlot(() => hash(password, options));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withPasswordSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
