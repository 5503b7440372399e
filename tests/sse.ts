/**
 * A live stream (tRPC SSE subscription) opened as the browser's EventSource opens it — input and
 * session token in the URL — read in the background over real HTTP. Each message's data is
 * passed to `onMessage` deserialised; every event is kept with when it came.
 */

export interface StreamEvent {
  event: string;
  data: string;
  at: number;
}

export function openEventStream<T = unknown>(base: string, procedure: string, input: unknown, token: string, onMessage: (data: T) => void = () => {}) {
  const url = `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify((input)))}&connectionParams=${encodeURIComponent(JSON.stringify({ token }))}`;
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  let status: number | null = null;
  const ended = (async () => {
    const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    status = response.status;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        events.push({ event, data, at: Date.now() });
        if (event === 'message' && data) onMessage(JSON.parse(data) as T);
      }
    }
    return Date.now();
  })().catch(() => Date.now());
  return { events, ended, status: () => status, close: () => controller.abort(), messages: () => events.filter((item) => item.event === 'message') };
}
