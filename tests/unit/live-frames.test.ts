import { describe, expect, it } from 'vitest';
import { MAX_CALLS_PER_FRAME, splitFrame } from '../../src/shared/live-frames';

const call = (id: number) => ({ id, method: 'query', params: { path: 'auth.me' } });

describe('the frames a window sends on its live connection', () => {
  it('leaves a frame at the cap, one call, PING and unreadable text as they are', () => {
    const atCap = JSON.stringify(Array.from({ length: MAX_CALLS_PER_FRAME }, (_, index) => call(index)));
    for (const frame of [atCap, JSON.stringify(call(1)), 'PING', '[not json']) expect(splitFrame(frame)).toEqual([frame]);
  });

  it('splits a longer list into frames of at most the cap, in order, a lone call unwrapped', () => {
    const calls = Array.from({ length: 2 * MAX_CALLS_PER_FRAME + 1 }, (_, index) => call(index));
    const frames = splitFrame(JSON.stringify(calls)).map((frame) => JSON.parse(frame) as unknown);
    expect(frames).toEqual([calls.slice(0, MAX_CALLS_PER_FRAME), calls.slice(MAX_CALLS_PER_FRAME, 2 * MAX_CALLS_PER_FRAME), calls.at(-1)]);
  });
});
