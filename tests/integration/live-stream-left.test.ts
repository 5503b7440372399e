/**
 * A stream whose reader has left ends quietly when its lifetime is over: the end that tells a
 * reading browser to connect again is not thrown at nobody (an unhandled rejection in the web
 * process).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createTestServices, createUser, type TestServices } from './harness';

const LIFETIME_MS = 1500;
let services: TestServices;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  services = await createTestServices({ LIVE_STREAM_MAX_MS: String(LIFETIME_MS) });
  process.on('unhandledRejection', onRejection);
});

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await services?.close();
});

it('a stream read once and left runs out its lifetime without an unhandled rejection', async () => {
  const app = createApp(services);
  const { token } = await createUser(services);
  const response = await app.request('/trpc/notifications.watchUnread', { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/data:/.test(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  expect(text).toMatch(/data:/);
  await reader.cancel();
  // Past the lifetime, and a turn of the event loop for a rejection to be reported.
  await new Promise((resolve) => setTimeout(resolve, LIFETIME_MS + 1000));
  await new Promise((resolve) => setImmediate(resolve));
  expect(rejections).toEqual([]);
}, 20_000);
