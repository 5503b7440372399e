/**
 * The authorization matrix: every procedure of the app router, called as every kind of caller
 * with real ids of real rows, answers what its access rule (`.meta({ access })`, see `src/server/trpc/policy.ts`) declares — and a refused
 * call changes nothing, neither in PostgreSQL nor in Redis.
 *
 * The procedure list and the rules are the router's own (`appRouter._def.procedures`, each
 * procedure's `_def.meta.access`): a new procedure without an access rule, or without a sample input in `procedure-samples.ts`, fails the first test. Each
 * call gets a fresh small world of rows (a company with a member in every role, invitations,
 * funds, grants, jobs…) made on demand by its sample, so a call that changes or deletes things
 * never affects another.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '../../src/server/trpc/policy';
import { hashPassword } from '../../src/server/auth/password';
import { passwordResetsSettled } from '../../src/server/features/auth/auth.service';
import { appRouter } from '../../src/server/router';
import { companyRoles, may } from '../../src/shared/domain/company-roles';
import { AppError } from '../../src/shared/errors';
import { callerFor, createTestServices, signIn, type TestServices } from './harness';
import { accessRules, actorNames, createSampleCast, databaseFingerprint, samples, World, type ActorName, type SampleCast } from './procedure-samples';

let services: TestServices;
let cast: SampleCast;

/** What the policy says `actor` gets from a procedure: 'ok' or the refusal's code. */
function expectedOutcome(rule: Policy, actor: ActorName): string {
  if (rule === 'anyone' || rule === 'token') return 'ok';
  if (actor === 'anonymous') return 'UNAUTHORIZED';
  if (rule === 'user' || rule === 'self') return 'ok';
  if (rule === 'admin') return actor === 'platformAdmin' ? 'ok' : 'FORBIDDEN';
  if ('invitee' in rule) return actor === 'outsider' ? 'ok' : rule.invitee;
  if (actor === 'outsider' || actor === 'platformAdmin') return 'NOT_FOUND';
  return rule.company === 'member' || may(actor, rule.company) ? 'ok' : 'FORBIDDEN';
}

/** Every key under the test's Redis prefix with its serialized value. */
interface RedisSnapshot {
  /** When the snapshot was read (ms). */
  taken: number;
  /** Each key's value, as the hash of its dump. */
  keys: Record<string, string>;
  /** When each key with a time to live ends (ms). */
  endsAt: Record<string, number>;
}

async function redisFingerprint(): Promise<RedisSnapshot> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await services.redis.scan(cursor, 'MATCH', `${services.env.REDIS_PREFIX}:*`, 'COUNT', 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  // Every call counts toward its caller's call limit, a refused one too (src/server/http/call-limits.ts),
  // and a busy caller's count is written by a timer of its own: a count is not something the call changed.
  const keys = found.filter((key) => !key.startsWith(`${services.env.REDIS_PREFIX}:rate:calls:`)).sort();
  const pipeline = services.redis.pipeline();
  for (const key of keys) pipeline.dumpBuffer(key).pttl(key);
  const replies = (await pipeline.exec()) ?? [];
  const taken = Date.now();
  const snapshot: RedisSnapshot = { taken, keys: {}, endsAt: {} };
  keys.forEach((key, index) => {
    const dump = replies[2 * index]?.[1] as Buffer | null;
    const ttl = Number(replies[2 * index + 1]?.[1]);
    // Gone while it was read: its time ran out.
    if (!dump) return;
    snapshot.keys[key] = createHash('md5').update(dump).digest('hex');
    if (ttl > 0) snapshot.endsAt[key] = taken + ttl;
  });
  return snapshot;
}

/**
 * The keys of both snapshots but those whose time to live (a rate limit's window) ran out, or was
 * about to, between them: on a busy machine the matrix outlasts some windows, and a key that ends
 * on its own is not a change made by the call in between.
 */
function unexpired(before: RedisSnapshot, after: RedisSnapshot): [Record<string, string>, Record<string, string>] {
  const ended = (key: string) => before.endsAt[key] !== undefined && before.endsAt[key] <= after.taken + 1000;
  const keep = (keys: Record<string, string>) => Object.fromEntries(Object.entries(keys).filter(([key]) => !ended(key)));
  return [keep(before.keys), keep(after.keys)];
}

async function invoke(caller: unknown, path: string, input: unknown): Promise<string> {
  const procedure = path.split('.').reduce<any>((node, key) => node[key], caller); // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    const result = await procedure(input);
    if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      // A subscription: its first value is the answer.
      const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      await iterator.next();
      await iterator.return?.();
    }
    return 'ok';
  } catch (error) {
    if (error instanceof TRPCError) return error.cause instanceof AppError ? error.cause.code : error.code;
    throw error;
  }
}

beforeAll(async () => {
  services = await createTestServices();
  cast = await createSampleCast(services);
});

afterAll(async () => {
  await cast?.close();
  await services?.close();
});

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
const paths = Object.keys(procedures).sort();

describe('the declared access rules', () => {
  it('every procedure of the app router declares an access rule and has a sample input here', () => {
    expect(paths.filter((path) => accessRules[path] === undefined)).toEqual([]);
    expect(paths.filter((path) => !(path in samples))).toEqual([]);
    expect(Object.keys(samples).filter((path) => !(path in procedures))).toEqual([]);
  });

  it('refuses company procedures to platform admins who are not members, and admin procedures to every company role', () => {
    for (const path of paths) {
      const rule = accessRules[path]!;
      if (typeof rule === 'object' && 'company' in rule) expect(expectedOutcome(rule, 'platformAdmin')).toBe('NOT_FOUND');
      if (rule === 'admin') for (const role of companyRoles) expect(expectedOutcome(rule, role)).toBe('FORBIDDEN');
    }
  });
});

describe('every procedure as every caller', () => {
  it.each(paths)('%s', async (path) => {
    const rule = accessRules[path];
    const sample = samples[path];
    if (!rule || !sample) throw new Error(`${path}: no access rule or sample input`);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const actor of actorNames) {
      // Deleting an account works for every signed-in caller, on their own account only: it would
      // end the cast here, so only its refusal to anonymous callers is checked (data-rights.test.ts has the rest).
      if (path === 'dataRights.deleteAccount' && actor !== 'anonymous') continue;
      const world = new World(services, cast);
      const baseInput = await sample(world);
      // The current password (and the one a company's deletion asks for) is the actor's own.
      const input =
        path === 'auth.changePassword'
          ? { ...(baseInput as object), currentPassword: cast.password }
          : path === 'companies.delete'
            ? { ...(baseInput as object), password: cast.password }
            : baseInput;
      // `auth.changePassword`, run before it, gave every signed-in caller a new password: the
      // deletion's is set back to the one it sends.
      if (path === 'companies.delete' && actor !== 'anonymous') {
        await services.db.updateTable('users').set({ password_hash: await hashPassword(cast.password) }).where('id', '=', cast.users[actor].id).execute();
      }
      const caller = await callerFor(services, actor === 'anonymous' ? null : await signIn(services, cast.users[actor]));
      // A reset request does its work after answering: the previous call's must not be counted as this one's.
      await passwordResetsSettled();
      const before = await Promise.all([databaseFingerprint(services.db), redisFingerprint()]);
      outcomes[actor] = await invoke(caller, path, input);
      expected[actor] = expectedOutcome(rule, actor);
      const refused = expected[actor] !== 'ok';
      // `self`: another user's row matches nothing, so only its owner's call changes anything.
      const mustNotChange = refused || (rule === 'self' && actor !== 'owner');
      if (mustNotChange) {
        const after = await Promise.all([databaseFingerprint(services.db), redisFingerprint()]);
        expect(after[0], `${path} as ${actor} changed the database`).toEqual(before[0]);
        const [redisBefore, redisAfter] = unexpired(before[1], after[1]);
        expect(redisAfter, `${path} as ${actor} changed Redis`).toEqual(redisBefore);
      }
      if (rule === 'self' && actor === 'owner') {
        const left = await services.db.selectFrom('sessions').select('id').where('id', '=', (input as { sessionId: string }).sessionId).executeTakeFirst();
        expect(left).toBeUndefined();
      }
    }
    expect(outcomes).toEqual(expected);
  });
});
