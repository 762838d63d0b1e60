/**
 * Queries Kysely builds and compiles once per shape, then runs with new values.
 *
 * Building and compiling a query costs more than SQLite takes to answer it (a session lookup:
 * ~12 µs to compile, ~5 µs to run), and the server runs the same few shapes on every request.
 * A shape is built with placeholders (`param(i)`) where the values go; the compiled SQL is kept
 * and each call binds its own values in the placeholders' order.
 */
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Pace, Pipeline } from './pipeline';
import type { Database } from './types';

/** Stands for the value at `index` while a shape is compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

/** Gives the placeholder of value `index`; typed as any value so it fits wherever that value goes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Param = (index: number) => any;

export type RunPrepared<Row> = (values: readonly unknown[]) => Promise<Row[]>;

export interface ShapeOptions {
  /**
   * The shape's best plan does not depend on its values (rows by key, or an owner's rows read in
   * the order of an index that starts with the owner): PostgreSQL may plan it once per connection
   * (a generic plan) instead of on every run. Left to itself it plans such a statement anew each
   * time: a LIMIT given as a value makes a generic plan look costlier than it is. Planning the
   * list's page was over half of PostgreSQL's time for the request. Not for a shape whose best plan
   * depends on its values (a title search: how many rows match decides between the sort's index
   * and a scan of the owner's rows).
   */
  planOnce?: boolean;
  /**
   * PostgreSQL works long on each run, though it is planned once (a deep page's skipped index
   * entries, a write's triggers: hundreds of µs), so its connection is given fewer statements at a
   * time (db/pipeline STATEMENTS_IN_FLIGHT). A shape not planned once is slow anyway: it is planned
   * on every run.
   */
  slow?: boolean;
}

/** Shapes kept per database handle; only a client inventing sort orders could ever reach it. */
const SHAPES_PER_DATABASE = 256;

/**
 * Most SQL texts given a statement name: each stays prepared on every PostgreSQL connection that
 * ran it, and sort orders can be combined without end; texts beyond these run unnamed.
 */
const NAMED_STATEMENTS = 256;

/** The SQL texts of compiled shapes → the name PostgreSQL connections keep them prepared under. */
const statementNames = new Map<string, string>();

/** The name under which a connection may keep `sql` prepared, if it is the text of a shape. */
export const preparedStatementName = (sql: string): string | undefined => statementNames.get(sql);

const shapesByDatabase = new WeakMap<Kysely<Database>, Map<string, RunPrepared<unknown>>>();

/** The SQLite connection under a Kysely instance (db/connect registers it), for shapes to run on directly. */
const sqliteUnder = new WeakMap<Kysely<Database>, SQLite.Database>();

/** The PostgreSQL pipelines beside a Kysely instance (db/connect registers them). */
const pipelinesBeside = new WeakMap<Kysely<Database>, PostgresPipelines>();

export interface PostgresPipelines {
  /** Connections on which PostgreSQL chooses when to plan a statement again (plan_cache_mode auto). */
  pipeline: Pipeline;
  /** Connections that keep one generic plan per statement (plan_cache_mode force_generic_plan). */
  planOncePipeline: Pipeline;
}

/** SQL texts of shapes marked planOnce (the bench's EXPLAIN plans them as the server does). */
const plannedOnce = new Set<string>();

/** Whether the server runs `sql` on its plan-once connections (see ShapeOptions.planOnce). */
export const isPlannedOnce = (sql: string): boolean => plannedOnce.has(sql);

/**
 * Lets the shapes of `db` run straight on pipelined connections of their own (db/pipeline), apart
 * from Kysely's pool: each as a named statement that every connection parses once, its rows read
 * as arrays; shapes marked planOnce on the plan-once pipeline. Each runs as its own transaction,
 * never inside one that Kysely holds open.
 */
export function runShapesOnPostgres(db: Kysely<Database>, pipelines: PostgresPipelines): void {
  pipelinesBeside.set(db, pipelines);
}

/**
 * Lets the shapes of `db` run straight on its SQLite connection. Kysely's way to the connection
 * (plugins, a connection mutex, several promise hops) and better-sqlite3's building of each row
 * object from C++ cost more than SQLite takes to answer a page; a shape instead reads rows as
 * arrays and builds them in JavaScript. While a transaction is open on the connection, shapes go
 * through Kysely, which waits for the transaction's end like any other query.
 */
export function runShapesOnSqlite(db: Kysely<Database>, sqlite: SQLite.Database): void {
  sqliteUnder.set(db, sqlite);
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * Turns a row array into the object Kysely would have given. Generated from the statement's column
 * names (ours, from the compiled SQL), so that every row gets one object of one fixed shape.
 */
function rowBuilder(columns: readonly string[]): RowBuilder {
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  return new Function('row', `return { ${fields} };`) as RowBuilder;
}

/** Runs compiled SQL straight on a pipeline, as the named statement `name` when it has one. */
function postgresRunner<Row>(pipeline: Pipeline, sql: string, name: string | undefined, pace: Pace): (values: unknown[]) => Promise<Row[]> {
  let toRow: RowBuilder | undefined;
  return async (values) => {
    const result = await pipeline.query<unknown[]>({ ...(name ? { name } : {}), text: sql, values, rowMode: 'array' }, pace);
    toRow ??= rowBuilder(result.fields.map((field) => field.name));
    return result.rows.map(toRow) as Row[];
  };
}

/** Runs compiled SQL straight on the SQLite connection (see runShapesOnSqlite). */
function sqliteRunner<Row>(
  sqlite: SQLite.Database,
  sql: string,
  viaKysely: (values: unknown[]) => Promise<Row[]>,
): (values: unknown[]) => Promise<Row[]> {
  let statement: SQLite.Statement<unknown[], unknown[]> | undefined;
  let toRow: RowBuilder | undefined;
  return (values) => {
    if (sqlite.inTransaction) return viaKysely(values);
    try {
      if (!statement) {
        statement = sqlite.prepare<unknown[], unknown[]>(sql);
        if (statement.reader) {
          statement.raw(true);
          toRow = rowBuilder(statement.columns().map((column) => column.name));
        }
      }
      if (!toRow) {
        statement.run(values);
        return Promise.resolve([]);
      }
      return Promise.resolve(statement.all(values).map(toRow) as Row[]);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

function compileShape<Row>(
  db: Kysely<Database>,
  shape: string,
  build: (param: Param) => Compilable<Row>,
  options: ShapeOptions,
): RunPrepared<Row> {
  const placeholders: Placeholder[] = [];
  const param: Param = (index) => (placeholders[index] ??= new Placeholder(index));
  const { sql, parameters } = build(param).compile();
  const order = parameters.map((value) => {
    // A value captured into the shape instead of passed through param() would be replayed for
    // every later call; constants belong in the SQL text (sql.lit / eb.lit).
    if (!(value instanceof Placeholder)) throw new Error(`prepared query "${shape}" binds a value that is not a param()`);
    return value.index;
  });
  const arity = placeholders.length;
  if (!statementNames.has(sql) && statementNames.size < NAMED_STATEMENTS) statementNames.set(sql, `ticklist_${statementNames.size + 1}`);
  // A generic plan is kept only by a named statement; an unnamed one is planned on every run anyway.
  const name = preparedStatementName(sql);
  const planOnce = Boolean(options.planOnce && name);
  if (planOnce) plannedOnce.add(sql);
  const viaKysely = (bound: unknown[]) => db.executeQuery<Row>(CompiledQuery.raw(sql, bound)).then(({ rows }) => rows);
  const sqlite = sqliteUnder.get(db);
  const pipelines = pipelinesBeside.get(db);
  const run = sqlite
    ? sqliteRunner(sqlite, sql, viaKysely)
    : pipelines
      ? postgresRunner<Row>(planOnce ? pipelines.planOncePipeline : pipelines.pipeline, sql, name, planOnce && !options.slow ? 'quick' : 'slow')
      : viaKysely;
  return (values) => {
    if (values.length !== arity) throw new Error(`prepared query "${shape}" takes ${arity} values, got ${values.length}`);
    return run(order.map((index) => values[index]));
  };
}

/**
 * The runner of `shape` on `db`, compiled on first use. `shape` must name everything that changes
 * the SQL text (sort order, which filters are present); the values go through `param`.
 */
export function prepared<Row>(
  db: Kysely<Database>,
  shape: string,
  build: (param: Param) => Compilable<Row>,
  options: ShapeOptions = {},
): RunPrepared<Row> {
  let shapes = shapesByDatabase.get(db);
  if (!shapes) shapesByDatabase.set(db, (shapes = new Map()));
  let run = shapes.get(shape) as RunPrepared<Row> | undefined;
  if (!run) {
    run = compileShape(db, shape, build, options);
    if (shapes.size >= SHAPES_PER_DATABASE) shapes.delete(shapes.keys().next().value as string);
    shapes.set(shape, run as RunPrepared<unknown>);
  }
  return run;
}
