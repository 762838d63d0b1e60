/**
 * One hub per user with open event streams in this process: a wake-up or a heartbeat makes one
 * look for all of the user's streams — one statement checks every stream's token, one reads the
 * journal from the stream furthest behind — and each stream is handed the events after its own
 * last id. A write then costs the same few statements however many streams its user holds.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { validTokenIds } from '../auth/authenticate';
import type { TokenClaims } from '../auth/tokens';
import type { Database } from '../db/types';
import type { EventBus } from './bus';
import { eventsAfter } from './journal';

/**
 * Streams one user may hold open in one process: a tab holds one, and each costs memory and a
 * socket. Beyond it the oldest is closed rather than the new one refused, so a user whose old
 * streams were never closed (a lost network, a crashed browser) is never locked out of live events.
 */
const MAX_STREAMS_PER_USER = 10;

/** One open stream, as the hub sees it; the route owns its response. */
export interface HubStream {
  claims: TokenClaims;
  /** The id of the last event sent (or the one it started after). */
  last: number;
  readonly ended: boolean;
  /** Writes one frame (the route drops a client that stopped reading). */
  send(frame: string): void;
  /** Closes the stream; the route then calls the function `add` returned. */
  end(): void;
}

interface StreamHubs {
  /** Adds a stream to its user's hub (ending that user's oldest at the cap); the returned function removes it. */
  add(userId: number, stream: HubStream): () => void;
  /** Ends every stream (the server is closing). */
  endAll(): void;
}

interface Deps {
  db: Kysely<Database>;
  events: EventBus;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

export function createStreamHubs(deps: Deps): StreamHubs {
  const hubs = new Map<number, UserHub>();
  return {
    add(userId, stream) {
      let hub = hubs.get(userId);
      if (!hub) {
        const created = createUserHub(userId, deps, () => hubs.delete(userId));
        hubs.set(userId, created);
        hub = created;
      }
      return hub.add(stream);
    },
    endAll: () => [...hubs.values()].forEach((hub) => hub.endAll()),
  };
}

interface UserHub {
  add(stream: HubStream): () => void;
  endAll(): void;
}

function createUserHub(
  userId: number,
  { db, events, heartbeatMs, log }: Deps,
  onEmpty: () => void,
): UserHub {
  // In opening order: the first is the oldest.
  const streams = new Set<HubStream>();
  let pending = Promise.resolve();
  let queued = false;

  const look = async (ping: boolean) => {
    const current = [...streams];
    if (current.length === 0) return;
    const valid = await validTokenIds(
      db,
      userId,
      current.map((stream) => stream.claims),
    );
    current.filter((stream) => !valid.has(stream.claims.jti)).forEach((stream) => stream.end());
    const live = current.filter((stream) => !stream.ended);
    if (live.length === 0) return;
    const journal = await eventsAfter(db, userId, Math.min(...live.map((stream) => stream.last)));
    for (const stream of live) {
      for (const event of journal) {
        if (stream.ended) break;
        if (event.id <= stream.last) continue;
        stream.send(`id: ${event.id}\ndata: ${event.data}\n\n`);
        stream.last = event.id;
      }
      if (ping && !stream.ended) stream.send(': ping\n\n');
    }
  };
  // Looks run one at a time, so no event is sent twice; wake-ups while one waits make one more.
  const schedule = (ping: boolean) => {
    pending = pending
      .then(() => {
        if (!ping) queued = false;
        return look(ping);
      })
      .catch((error: unknown) => {
        log.warn({ err: error, userId }, 'event streams failed; their clients will reconnect');
        endAll();
      });
  };
  const wake = () => {
    if (queued) return;
    queued = true;
    schedule(false);
  };
  const endAll = () => [...streams].forEach((stream) => stream.end());

  const unsubscribe = events.subscribe(userId, wake);
  const heartbeat = setInterval(() => schedule(true), heartbeatMs);
  return {
    add(stream) {
      streams.add(stream);
      if (streams.size > MAX_STREAMS_PER_USER) streams.values().next().value?.end();
      // Its first look sends what was committed since its starting point was read.
      wake();
      return () => {
        if (!streams.delete(stream) || streams.size > 0) return;
        clearInterval(heartbeat);
        unsubscribe();
        onEmpty();
      };
    },
    endAll,
  };
}
