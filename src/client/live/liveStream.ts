/**
 * One stream of the signed-in user's todo changes (GET /api/todos/events), opened with
 * fetch-event-source: the browser's EventSource cannot send the bearer header. The library keeps the
 * last event id and sends it as Last-Event-ID when it reconnects, so the server replays what the
 * tab missed; this module chooses when and how soon to reconnect, and which cached data goes stale.
 */
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { backoffDelay } from '../lib/api';
import { API_BASE } from '../config';
import { ALL_TODO_TAGS, changeOf, tagsForChange, type LiveTag, type TodoChange } from './liveTags';
import { watchOwnWrites } from './ownWrites';
import { reminderOf, type Reminder } from './reminders';

const EVENTS_URL = `${API_BASE}/todos/events`;
/** Changes that arrive together (a bulk action, several writes elsewhere) refetch once. */
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
  let stale: LiveTag[] = [];
  let changes: TodoChange[] = [];
  let flush: ReturnType<typeof setTimeout> | undefined;
  // The echoes of this tab's writes are told apart when the batch goes out, so a write still on its
  // way (its event can come before its answer) holds the batch back like holdLiveRefetches.
  const ownWrites = watchOwnWrites(() => invalidate());
  const held = () => holds > 0 || ownWrites.pending();

  const send = () => {
    flush = undefined;
    if (held()) return;
    const others = changes.filter((change) => !ownWrites.isEcho(change));
    const tags = new Map(
      [...stale, ...others.flatMap(tagsForChange)].map((tag) => [JSON.stringify(tag), tag]),
    );
    stale = [];
    changes = [];
    if (tags.size > 0) onTags([...tags.values()]);
  };

  function invalidate(tags: LiveTag[] = [], change?: TodoChange) {
    stale.push(...tags);
    if (change) changes.push(change);
    // A write answered after the stream closed still reports here: a closed stream refetches nothing.
    if (controller.signal.aborted || held() || flush !== undefined) return;
    if (stale.length + changes.length === 0) return;
    flush = setTimeout(send, COALESCE_MS);
  }

  const onmessage = ({ id, event, data }: EventSourceMessage) => {
    if (id) {
      lastId = id;
      onEventId?.(id);
    }
    if (event === 'ready' || event === 'reset') attempt = 0;
    const reminder = reminderOf(event, data);
    if (reminder) options.onReminder?.(reminder);
    if (event === 'reset' || (event === 'ready' && lostTrack)) invalidate(ALL_TODO_TAGS);
    else invalidate([], changeOf(event, data));
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

  const resume = () => invalidate();
  onRelease.add(resume);

  return () => {
    controller.abort();
    clearTimeout(flush);
    onRelease.delete(resume);
    ownWrites.stop();
  };
}
