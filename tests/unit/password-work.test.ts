import { describe, expect, it } from 'vitest';
import { hashPassword, passwordWorkLimits, verifyPassword } from '../../src/server/auth/password';
import type { AppError } from '../../src/shared/errors';

// Each test hashes about seventy times, two at once: seconds on a busy machine.
describe('password hashing under a burst', { timeout: 30_000 }, () => {
  it('runs a bounded number at once, queues a bounded number and refuses the rest with "try again shortly"', async () => {
    const capacity = passwordWorkLimits.running + passwordWorkLimits.waiting;
    const outcomes = await Promise.allSettled(Array.from({ length: capacity + 5 }, (_, index) => hashPassword(`password number ${index}`)));
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const outcome of refused) expect((outcome.reason as AppError).code).toBe('UNAVAILABLE');
    // Once the burst is over, the slots are free again.
    const fulfilled = outcomes.find((outcome): outcome is PromiseFulfilledResult<string> => outcome.status === 'fulfilled')!;
    expect(await verifyPassword(fulfilled.value, 'password number 0')).toBe(true);
    expect(await Promise.all(Array.from({ length: capacity }, () => verifyPassword(fulfilled.value, 'wrong')))).toEqual(Array.from({ length: capacity }, () => false));
  });

  it('is fair per client: a burst from one takes the last place of its own line for a newcomer, who is served within a few hashes', async () => {
    const capacity = passwordWorkLimits.running + passwordWorkLimits.waiting;
    const finished: string[] = [];
    const burst = Array.from({ length: capacity + 5 }, (_, index) =>
      hashPassword(`burst ${index}`, '198.51.100.1').then(
        () => finished.push('burst'),
        (error: AppError) => error.code,
      ),
    );
    const newcomer = hashPassword('a password of my own', '192.0.2.2').then(() => finished.push('newcomer'));
    await Promise.all([newcomer, ...burst]);
    // The burst had 5 refused at once and gave up one more place to the newcomer.
    expect((await Promise.all(burst)).filter((result) => result === 'UNAVAILABLE')).toHaveLength(6);
    // The newcomer's line had its turn right after the burst's next waiter: it started fourth, so
    // it finishes among the first few (on a busy machine a burst hash or two that started after it
    // may finish first), where a first-come queue would have served it after the whole burst.
    expect(finished.indexOf('newcomer')).toBeLessThanOrEqual(passwordWorkLimits.running + 3);
  });
});
