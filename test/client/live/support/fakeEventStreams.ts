/**
 * A stand-in for GET /api/todos/events: jsdom cannot reach a real server, so `globalThis.fetch` is
 * wrapped and each stream request gets a body the test writes Server-Sent Events into (or another
 * answer, from `answer`). Other requests go to the fetch that was installed before.
 */
export interface FakeStream {
  headers: Headers;
  signal: AbortSignal;
  /** Writes raw event-stream text, e.g. `id: 3\ndata: {...}\n\n`. */
  write(text: string): void;
  /** The server ends the stream. */
  end(): void;
}

export class FakeEventStreams {
  streams: FakeStream[] = [];
  /** Answers the next stream request with this instead of a stream (then back to streams). */
  answers: Response[] = [];
  private before: typeof fetch | undefined;
  private waiters: (() => void)[] = [];

  install(): this {
    const fallback = globalThis.fetch;
    this.before = fallback;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname !== '/api/todos/events') return fallback(input, init);
      return Promise.resolve(
        this.open(new Headers(init?.headers), init?.signal ?? new AbortController().signal),
      );
    }) as typeof fetch;
    return this;
  }

  uninstall(): void {
    if (this.before) globalThis.fetch = this.before;
  }

  /** Waits until `count` stream requests have been made. */
  async requested(count: number, timeoutMs = 5000): Promise<FakeStream> {
    const deadline = Date.now() + timeoutMs;
    while (this.streams.length < count) {
      if (Date.now() > deadline)
        throw new Error(`${this.streams.length} stream requests, expected ${count}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.streams[count - 1]!;
  }

  private open(headers: Headers, signal: AbortSignal): Response {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    signal.addEventListener('abort', () =>
      controller.error(new DOMException('aborted', 'AbortError')),
    );
    const stream: FakeStream = {
      headers,
      signal,
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    };
    this.streams.push(stream);
    this.waiters.splice(0).forEach((wake) => wake());
    const answer = this.answers.shift();
    return (
      answer ??
      new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })
    );
  }
}

/** One event-stream message as the server writes it. */
export const frame = (id: number, data: object | null, event?: string) =>
  `${event ? `event: ${event}\n` : ''}id: ${id}\ndata: ${JSON.stringify(data ?? {})}\n\n`;
