/**
 * A few PostgreSQL connections in pipeline mode (pg's `pipeline` client option), for the server's
 * one-statement queries: a call is written to a connection while earlier ones are still being
 * answered there, instead of waiting for a connection of its own as in a pool.
 *
 * A round trip costs per write and per wakeup, not per statement: on a loopback connection a write
 * and the wakeup it causes cost the server and PostgreSQL more than a page query does. Here the
 * calls made in one turn of the event loop leave in one write per connection, and a backend with
 * statements waiting runs them back to back without going to sleep in between.
 *
 * Each statement carries its own Sync (pg sends one per query), so it is its own transaction and
 * its error fails it alone. Calls wait in one queue, oldest first, and a connection is given at
 * most a few of them (STATEMENTS_IN_FLIGHT, by their pace), so a slow statement holds up few others.
 */
import type * as Pg from 'pg';

/**
 * Statements one connection is given at a time, by how long PostgreSQL works on each (its pace).
 *
 * More in flight means fewer writes and wakeups per statement, but a statement waits for those
 * written before it on its connection. A slow one (a plan made on every run, a deep page's
 * thousands of skipped index entries, a write's triggers: 250–300 µs) kept 3: on the 2-core
 * machine, PostgreSQL 15 on loopback, 50 connections, against a pool of 5 (one each) 3 on 3
 * connections served page 1 4,033 → 5,984 req/s, page 500 1,985 → 2,560 (p99 50.5 → 40 ms), and 4
 * stretched page 500's p99; 10 took it to 38–50 ms (3 on 3 connections: 25 ms), and the title
 * search's to 94 ms. A quick one (a row by key, an index read from its start: 10–30 µs) is worth
 * more: 8 took page 1 9,100 → 11,000 req/s (p99 15 → 13 ms) and users/me 12,500 → 15,300.
 */
export const STATEMENTS_IN_FLIGHT = { quick: 8, slow: 3 } as const;
export type Pace = keyof typeof STATEMENTS_IN_FLIGHT;

export interface PipelineOptions {
  connectionString: string;
  /** Connections at most, opened as the calls need them. */
  connections: number;
  /** Runs on each new connection before its first call (a session setting, say). */
  setup?: (client: Pg.Client) => Promise<unknown>;
  /** How long opening a connection may take before its calls fail. */
  connectionTimeoutMillis: number;
}

export interface Pipeline {
  /** Runs a statement; its pace (slow unless said) bounds how many share its connection's queue. */
  query<Row extends unknown[]>(config: Pg.QueryConfig & { rowMode: 'array' }, pace?: Pace): Promise<Pg.QueryArrayResult<Row>>;
  /** Closes the connections once their calls are answered; calls still waiting fail. */
  end(): Promise<void>;
}

interface Lane {
  /** The connection once open (and set up); rejects when it could not be opened. */
  ready: Promise<Pg.Client>;
  inFlight: number;
  corked: boolean;
  /** Takes the connection out of use and closes it. */
  retire(): void;
}

interface Call {
  config: Pg.QueryConfig;
  /** The most statements its connection may hold, itself included. */
  inFlight: number;
  resolve: (result: Pg.QueryResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Whether a call's error means its connection is finished: not a statement's error (a
 * DatabaseError of severity ERROR, after which the connection goes on) but a FATAL one, such as a
 * backend terminated by an administrator, or a socket's error.
 */
export const endsConnection = (error: unknown): boolean => (error as { severity?: string } | null)?.severity !== 'ERROR';

/** pg keeps the socket on the Client's connection object; it writes every message through it. */
const socketOf = (client: Pg.Client) => (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;

export function createPipeline(Client: typeof Pg.Client, options: PipelineOptions): Pipeline {
  const lanes: Lane[] = [];
  const waiting: Call[] = [];
  let ended = false;

  const open = (): Lane => {
    const client = new Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      pipeline: true,
    } as Pg.ClientConfig);
    const drop = () => {
      const index = lanes.indexOf(lane);
      if (index >= 0) lanes.splice(index, 1);
    };
    const retire = () => {
      drop();
      client.end().catch(() => undefined);
    };
    const lane: Lane = {
      ready: client
        .connect()
        .then(() => options.setup?.(client))
        .then(() => client)
        .catch((error: unknown) => {
          retire();
          throw error;
        }),
      inFlight: 0,
      corked: false,
      retire,
    };
    // A connection that dies fails the calls it holds (pg rejects each); later calls open another.
    client.on('error', drop);
    client.on('end', drop);
    lanes.push(lane);
    return lane;
  };

  /** An idle connection, else a new one while there may be more, else the least busy one with room for `call`. */
  const pick = (call: Call): Lane | undefined => {
    let best: Lane | undefined;
    for (const lane of lanes) if (lane.inFlight < call.inFlight && (!best || lane.inFlight < best.inFlight)) best = lane;
    if (best?.inFlight === 0 || lanes.length >= options.connections) return best;
    return open();
  };

  /** Holds a connection's writes until this turn of the event loop ends, so its calls leave together. */
  const corkForThisTurn = (lane: Lane, client: Pg.Client) => {
    if (lane.corked) return;
    const socket = socketOf(client);
    socket.cork();
    lane.corked = true;
    setImmediate(() => {
      lane.corked = false;
      socket.uncork();
    });
  };

  const dispatch = () => {
    while (waiting.length > 0) {
      // Oldest first: a slow call that finds no room holds back the quick ones behind it.
      const lane = pick(waiting[0]!);
      if (!lane) return;
      const call = waiting.shift()!;
      lane.inFlight += 1;
      lane.ready
        .then((client) => {
          corkForThisTurn(lane, client);
          return client.query(call.config);
        })
        .then(call.resolve, (error: unknown) => {
          // Before the socket closes, a call may already have failed for the connection's end.
          if (endsConnection(error)) lane.retire();
          call.reject(error);
        })
        .finally(() => {
          lane.inFlight -= 1;
          dispatch();
        });
    }
  };

  return {
    query<Row extends unknown[]>(config: Pg.QueryConfig & { rowMode: 'array' }, pace: Pace = 'slow') {
      if (ended) return Promise.reject(new Error('the database connections are closed'));
      return new Promise<Pg.QueryArrayResult<Row>>((resolve, reject) => {
        waiting.push({ config, inFlight: STATEMENTS_IN_FLIGHT[pace], resolve: resolve as Call['resolve'], reject });
        dispatch();
      });
    },
    async end() {
      ended = true;
      for (const call of waiting.splice(0)) call.reject(new Error('the database connections are closed'));
      await Promise.all(lanes.splice(0).map((lane) => lane.ready.then((client) => client.end()).catch(() => undefined)));
    },
  };
}
