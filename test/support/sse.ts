/** A small Server-Sent Events reader over Node's fetch, for tests: frames as they arrive, waited for one at a time. */

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  /** A comment line (`: ping`), without the colon. */
  comment?: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every frame read so far. */
  frames: SseFrame[];
  /** The next frame matching `accept` not yet taken, waiting up to `timeoutMs`; undefined if the stream ended first. */
  next(accept?: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame | undefined>;
  /** The next data event's parsed JSON. */
  nextData<T = Record<string, unknown>>(timeoutMs?: number): Promise<T & { eventId: number }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === '') frame.comment = value;
    else if (field === 'id' || field === 'event') frame[field] = value;
    else if (field === 'data')
      frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
  }
  return frame;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  let taken = 0;
  let done = false;
  let notify: () => void = () => undefined;
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          frames.push(parseFrame(buffer.slice(0, cut)));
          buffer = buffer.slice(cut + 2);
          notify();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      done = true;
      notify();
    }
  })();

  async function next(
    accept: (frame: SseFrame) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<SseFrame | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (taken < frames.length) {
        const frame = frames[taken++]!;
        if (accept(frame)) return frame;
      }
      if (done) return undefined;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching event within ${timeoutMs} ms; frames so far: ${JSON.stringify(frames)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        notify = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    frames,
    next,
    async nextData<T>(timeoutMs?: number) {
      const frame = await next(
        (candidate) => candidate.data !== undefined && candidate.event === undefined,
        timeoutMs,
      );
      if (!frame) throw new Error('the stream ended before a data event');
      return { ...(JSON.parse(frame.data!) as T), eventId: Number(frame.id) };
    },
    ended,
    close: () => controller.abort(),
  };
}
