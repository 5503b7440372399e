/**
 * One Redis subscriber connection per web process, whatever it listens to: sections' texts,
 * presence, inboxes, changes of access and applications' statuses all share it. A channel is
 * heard while someone holds it; after the connection breaks, its holders hear `null` (news may
 * have been missed) and then hear the channel's messages again.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnotherProcess, createTestServices, redisUrl, waitFor, type TestServices } from './harness';

let services: TestServices;
let admin: Redis;

beforeAll(async () => {
  services = await createTestServices();
  admin = new Redis(redisUrl);
});

afterAll(async () => {
  admin?.disconnect();
  await services?.close();
});

/** The ids of the Redis connections that carry this name (`CLIENT LIST`). */
async function connectionsNamed(name: string): Promise<string[]> {
  const list = (await admin.call('CLIENT', 'LIST')) as string;
  return list
    .split('\n')
    .filter((line) => line.includes(` name=${name} `))
    .map((line) => /(?:^|\s)id=(\d+)/.exec(line)![1]!);
}

const someId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the live bus', () => {
  it('holds one subscriber connection for every live channel the process listens to', async () => {
    const stops: Array<() => void> = [];
    for (let n = 1; n <= 10; n += 1) {
      stops.push(await services.textChannel.listen(someId(n), () => {}));
      stops.push(await services.presence.listen(someId(100 + n), () => {}));
      stops.push(await services.inbox.listen(someId(200 + n), () => {}));
      stops.push(await services.bus.subscribe(`application:${someId(300 + n)}`, () => {}));
    }
    services.liveAccess.follow(() => {});
    await waitFor(async () => services.liveAccess.following());
    expect(await connectionsNamed(services.bus.connectionName)).toHaveLength(1);
    const channels = (await admin.call('PUBSUB', 'CHANNELS', `${services.env.REDIS_PREFIX}:*`)) as string[];
    // 10 texts, 10 presences, 10 applications, the inbox and the access channel.
    expect(channels).toHaveLength(32);

    // A channel nobody holds any more is given up; the connection stays the one.
    for (const stop of stops) stop();
    await waitFor(async () => ((await admin.call('PUBSUB', 'CHANNELS', `${services.env.REDIS_PREFIX}:text:*`)) as string[]).length === 0);
    expect(await connectionsNamed(services.bus.connectionName)).toHaveLength(1);
  });

  it('a second process has its own, and hears what the first publishes', async () => {
    const other = asAnotherProcess(services);
    try {
      const heard: Array<string | null> = [];
      const stop = await other.bus.subscribe('application:heard', (message) => heard.push(message));
      expect(await connectionsNamed(services.bus.connectionName)).toHaveLength(2);
      expect(await services.bus.publish('application:heard', 'hello')).toBe(true);
      await waitFor(async () => heard.includes('hello'));
      stop();
    } finally {
      await other.closeProcess();
    }
    await waitFor(async () => (await connectionsNamed(services.bus.connectionName)).length === 1);
  });

  it('after the connection breaks, holders hear null and then the channel again', async () => {
    const heard: Array<string | null> = [];
    const stop = await services.bus.subscribe('application:broken', (message) => heard.push(message));
    expect(services.bus.hearing('application:broken')).toBe(true);
    const [id] = await connectionsNamed(services.bus.connectionName);
    await admin.call('CLIENT', 'KILL', 'ID', id!);
    await waitFor(async () => heard.includes(null));
    await waitFor(async () => services.bus.hearing('application:broken'));
    await services.bus.publish('application:broken', 'after');
    await waitFor(async () => heard.includes('after'));
    expect(await connectionsNamed(services.bus.connectionName)).toHaveLength(1);
    stop();
  });
});
