/**
 * The calls one frame of the live connection (`/live`) may carry: no more than one HTTP batch
 * (`MAX_BATCH_CALLS`). tRPC's WebSocket client sends every call queued in one tick as one frame
 * (after a reconnection: every subscription of the window at once), so the window's socket splits
 * a longer frame into frames of at most that many calls before sending (`framesOfAtMost`); the
 * server refuses a longer frame whole (`live-socket.ts`).
 */
import { MAX_BATCH_CALLS } from './batch-limit';

export const MAX_CALLS_PER_FRAME = MAX_BATCH_CALLS;

/** The frames to send for `frame`: itself, or its calls in frames of at most `max` calls. */
export function splitFrame(frame: string, max: number = MAX_CALLS_PER_FRAME): string[] {
  // Only a list of calls can be too long; anything else (one call, PING, the connection's parameters) goes as it is.
  if (!frame.startsWith('[')) return [frame];
  let calls: unknown;
  try {
    calls = JSON.parse(frame);
  } catch {
    return [frame];
  }
  if (!Array.isArray(calls) || calls.length <= max) return [frame];
  const frames: string[] = [];
  for (let start = 0; start < calls.length; start += max) {
    const part = calls.slice(start, start + max);
    frames.push(JSON.stringify(part.length === 1 ? part[0] : part));
  }
  return frames;
}

// A mixin's constructor must take `any[]` (TypeScript's rule); both the browser's WebSocket and ws's fit.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SocketClass = new (...args: any[]) => { send(data: any, ...rest: any[]): void };

/** A WebSocket class whose `send` never puts more than `max` calls in one frame. */
export function framesOfAtMost<T extends SocketClass>(Base: T, max: number = MAX_CALLS_PER_FRAME): T {
  return class extends Base {
    override send(data: unknown, ...rest: unknown[]): void {
      if (typeof data !== 'string') return super.send(data, ...rest);
      for (const frame of splitFrame(data, max)) super.send(frame, ...rest);
    }
  };
}
