import { describe, expect, it } from 'vitest';
import { hashPassword, passwordWorkLimits, verifyPassword } from '../../src/server/auth/password';
import type { AppError } from '../../src/shared/errors';

describe('password hashing under a burst', () => {
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
});
