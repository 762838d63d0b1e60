/**
 * One stream of the signed-in user's todo changes (GET /api/todos/events), opened with
 * fetch-event-source: the browser's EventSource cannot send the bearer header. The library keeps the
 * last event id and sends it as Last-Event-ID when it reconnects, so the server replays what the
 * tab missed; this module chooses when and how soon to reconnect, and which cached data goes stale.
 */
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { backoffDelay } from '../lib/api';
import { API_BASE } from '../config';
import { ALL_TODO_TAGS, tagsForEvent, type LiveTag } from './liveTags';
import { reminderOf, type Reminder } from './reminders';

const EVENTS_URL = `${API_BASE}/todos/events`;
/** Changes that arrive together (a bulk action, this tab's own writes) refetch once. */
const COALESCE_MS = 100;

let holds = 0;
const onRelease = new Set<() => void>();

/**
 * Keeps every stream's refetches back until the returned function is called: a Generate Todos run
 * creates a hundred todos one after another, and a list refetch and render after each batch of their
 * events slowed the run several times over. Changes that came meanwhile are then refetched once.
 */
export function holdLiveRefetches(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) onRelease.forEach((resume) => resume());
  };
}

export interface LiveStreamOptions {
  token: string;
  /** Where this user's previous stream in this tab stopped: the new one resumes from there. */
  lastEventId?: string;
  onTags(tags: LiveTag[]): void;
  /**
   * The server refused the token (401): `afterOpen` when this stream had been open with it (the
   * token ended meanwhile), not when it was refused from the first attempt.
   */
  onUnauthorized(afterOpen: boolean): void;
  onEventId?(id: string): void;
  /** A todo's reminder time came. */
  onReminder?(reminder: Reminder): void;
  /** The wait before reconnect attempt n (1, 2, …): the API's capped exponential backoff with jitter. */
  retryDelay?(attempt: number): number;
}

/** Thrown to stop retrying: fetch-event-source gives up when onerror throws. */
class StreamRefused extends Error {}

const isEventStream = (response: Response) =>
  response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;

/** Opens the stream; the returned function closes it for good. */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const { token, onTags, onUnauthorized, onEventId, retryDelay = backoffDelay } = options;
  const controller = new AbortController();
  let lastId = options.lastEventId;
  let attempt = 0;
  let lostTrack = false;
  let opened = false;
  let stale = new Map<string, LiveTag>();
  let flush: ReturnType<typeof setTimeout> | undefined;

  const invalidate = (tags: LiveTag[]) => {
    tags.forEach((tag) => stale.set(JSON.stringify(tag), tag));
    if (holds > 0 || flush !== undefined || stale.size === 0) return;
    flush = setTimeout(() => {
      const batch = [...stale.values()];
      stale = new Map();
      flush = undefined;
      onTags(batch);
    }, COALESCE_MS);
  };

  const onmessage = ({ id, event, data }: EventSourceMessage) => {
    if (id) {
      lastId = id;
      onEventId?.(id);
    }
    if (event === 'ready' || event === 'reset') attempt = 0;
    const reminder = reminderOf(event, data);
    if (reminder) options.onReminder?.(reminder);
    invalidate(event === 'ready' && lostTrack ? ALL_TODO_TAGS : tagsForEvent(event, data));
  };

  fetchEventSource(EVENTS_URL, {
    headers: { authorization: `Bearer ${token}`, ...(lastId ? { 'last-event-id': lastId } : {}) },
    signal: controller.signal,
    // A background tab keeps following, so it is current when it comes back.
    openWhenHidden: true,
    async onopen(response) {
      if (response.ok && isEventStream(response)) {
        // After a failure with no id to resume from, what changed meanwhile is unknown.
        lostTrack = attempt > 0 && lastId === undefined;
        opened = true;
        return;
      }
      if (response.status === 401) onUnauthorized(opened);
      // As with EventSource, only a busy or failing server (429, 5xx) is asked again: any other
      // answer (a 4xx, a 204, a page that is not a stream) would be the same next time.
      if (response.status !== 429 && response.status < 500) throw new StreamRefused();
      throw new Error(`the event stream answered ${response.status}`);
    },
    onmessage,
    onclose() {
      throw new Error('the server ended the event stream');
    },
    onerror(error) {
      if (error instanceof StreamRefused) throw error;
      attempt += 1;
      return retryDelay(attempt);
    },
  }).catch(() => undefined);

  const resume = () => invalidate([]);
  onRelease.add(resume);

  return () => {
    controller.abort();
    clearTimeout(flush);
    onRelease.delete(resume);
  };
}
