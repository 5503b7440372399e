/**
 * Bursts of logins against the password hashing, which has a few slots for the whole process:
 * one client's burst must not take every slot from everyone else, and a burst of guesses at one
 * account is cut at its limit before any hash is queued.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/auth/rate-limits';
import { callerFor, createTestServices, createUser, deleteKeys, failureOf, type TestServices } from './harness';

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await services.close();
});
beforeEach(async () => {
  await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
});

function from(ip: string) {
  return callerFor(services, null, { ip });
}

/** The product's code of a call's refusal, or null when it succeeded. */
async function outcome(call: Promise<unknown>): Promise<string | null> {
  try {
    await call;
    return null;
  } catch {
    return (await failureOf(call)).appCode;
  }
}

describe('a burst of logins from one address (issue: 45 concurrent failures gave everyone else 503)', () => {
  it('lets a login from another address in while one address’s 45 concurrent failed logins fill the hashing queue', async () => {
    const { user, password } = await createUser(services);
    const attacker = await from('198.51.100.66');
    let firstRefusal!: () => void;
    const queueFull = new Promise<void>((resolve) => (firstRefusal = resolve));
    const burst = Array.from({ length: 45 }, (_, index) =>
      outcome(attacker.auth.login({ email: `made-up-${index}@probe.test`, password: 'wrong password' })).then((code) => {
        if (code === 'UNAVAILABLE') firstRefusal();
        return code;
      }),
    );
    // Once the burst has been refused "try again shortly", the queue is as full as it gets.
    await Promise.race([queueFull, Promise.all(burst)]);
    const bystander = await from('192.0.2.10');
    const codes = await Promise.all([outcome(bystander.auth.login({ email: user.email, password })), ...burst]);
    expect(codes.slice(1)).toContain('UNAVAILABLE');
    expect(codes[0]).toBeNull();
    expect(codes.slice(1).every((code) => code === 'UNAUTHORIZED' || code === 'UNAVAILABLE')).toBe(true);
  });
});

describe('concurrent guesses at one account', () => {
  it('counts each attempt on the account before its password is hashed, so a burst is cut at the limit', async () => {
    const { user } = await createUser(services);
    const guessers = await Promise.all(Array.from({ length: 30 }, (_, index) => from(`203.0.113.${index + 1}`)));
    const codes = await Promise.all(guessers.map((guesser, index) => outcome(guesser.auth.login({ email: user.email, password: `guess number ${index}` }))));
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(rateLimits.loginPerEmail.limit);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(30 - rateLimits.loginPerEmail.limit);
  });
});
