/**
 * Todo persistence. Every function takes the owner's id (the list and createTodoAs: the caller's
 * session, whose user is the owner) and never reads or writes another user's rows.
 */
import type { Readable } from 'node:stream';
import { sql, type AliasedExpression, type Kysely } from 'kysely';
import { onPostgres } from '../db/dialect';
import { prepared, type Param } from '../db/prepared';
import { jsonArrayInPieces } from '../db/row-batches';
import type { Database, TodoRow } from '../db/types';
import { liveSessionUser, type TokenSession } from '../users/repository';
import { offsetAndLimit, type ListQuery, type SortKey } from './query';

type Db = Kysely<Database>;

export interface TodoInput {
  title: string;
  description: string | null;
  completed: boolean;
}

/** The key titles are searched and sorted by: Unicode lower case, computed here so both databases agree. */
export const titleKey = (title: string): string => title.normalize('NFC').toLowerCase();

const SORT_COLUMNS = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  title: 'title_key',
  completed: 'completed',
  id: 'id',
} as const;

type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];

/**
 * From this offset on, a page first picks its rows' ids, then fetches those rows: SQLite would
 * otherwise read every skipped row from the table (page 500 of 10: a fifth less work), while on
 * the first pages the second step costs more than it saves.
 */
const DEFERRED_ROWS_FROM = 100;

/**
 * Whether a page picks its ids first (see DEFERRED_ROWS_FROM). A title search sorted by title
 * always does: the title index holds the search key, so the titles that do not match are skipped
 * on the index alone. Read from the table, each was a random heap fetch on PostgreSQL: page 1 of
 * "re" by title at 100,000 todos among 1,000,000 went from 77 ms to 6–10 ms.
 */
function picksIdsFirst(query: ListQuery, sort: SortKey[], offset: number): boolean {
  return offset >= DEFERRED_ROWS_FROM || (query.titleContains.length > 0 && sort[0]?.field === 'title');
}

/**
 * Whether a page's statement plans the same for any owner and page (db/prepared planOnce): no
 * filter, and the order of one of the owner's sort indexes (one key, ties by id the same way; see
 * migrations 001 and 002), so reading that index is its best plan however many rows the owner has.
 * A filter's best plan depends on how many rows match.
 */
function plansOnce(query: ListQuery, sort: SortKey[]): boolean {
  if (query.titleContains.length > 0 || query.completed !== undefined) return false;
  const [first, second, ...rest] = sort;
  if (!first || rest.length > 0) return false;
  return second === undefined || (second.field === 'id' && second.direction === first.direction);
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The values a list's scope binds, in the order scopedTodos places them: owner, title patterns, completion. */
function scopeValues(ownerId: number, query: Pick<ListQuery, 'titleContains' | 'completed'>): unknown[] {
  const patterns = query.titleContains.map((needle) => `%${escapeLike(titleKey(needle))}%`);
  return query.completed === undefined ? [ownerId, ...patterns] : [ownerId, ...patterns, query.completed ? 1 : 0];
}

/** What changes a list's SQL text (not its values): how many title needles, whether completion is filtered. */
const scopeShape = (query: Pick<ListQuery, 'titleContains' | 'completed'>): string =>
  `${query.titleContains.length}${query.completed === undefined ? '' : 'c'}`;

/**
 * A bound value inside a cast. Used for two reasons. SQLite must not plan around it: SQLite
 * re-prepares (parses and plans again) a statement on every run in which a value it planned around
 * was bound anew: a LIKE pattern or a LIMIT/OFFSET given as a bare parameter, which is most of a
 * page's cost; inside a cast the value is only an operand, and PostgreSQL reads the same SQL as it
 * would the bare parameter. And a value selected for an insert has no column to take its type from.
 */
const castAs = <T>(value: unknown, type: 'text' | 'bigint' | 'integer') => sql<T>`cast(${value} as ${sql.raw(type)})`;

/** One owner's todos, narrowed by the filters of a query of that shape, with its values as params. */
function scopedTodos(db: Db, param: Param, query: Pick<ListQuery, 'titleContains' | 'completed'>) {
  let scoped = db.selectFrom('todos').where('owner_id', '=', param(0));
  query.titleContains.forEach((_needle, i) => {
    scoped = scoped.where(sql<boolean>`title_key like ${castAs(param(1 + i), 'text')} escape '\\'`);
  });
  if (query.completed !== undefined) scoped = scoped.where('completed', '=', param(1 + query.titleContains.length));
  return scoped;
}

/** Sort keys plus the id, in the first key's direction, so equal keys never make a page repeat or skip a row. */
function withTieBreak(sort: SortKey[]): SortKey[] {
  if (sort.some((key) => key.field === 'id')) return sort;
  return [...sort, { field: 'id', direction: sort[0]?.direction ?? 'asc' }];
}

/**
 * Where a list's exact total comes from. Without a title search it is the owner's count kept by
 * the triggers of migration 003 ('owner'); a search for one needle of 1 or 2 characters is a gram
 * count kept by those of migration 004 ('gram'; both constant time); any other search counts the
 * owner's matching rows ('rows').
 */
type CountSource = { kind: 'owner' } | { kind: 'gram'; gram: string } | { kind: 'rows' };

/**
 * A query's count source. A single title needle is counted by its gram when it has 1 or 2
 * characters (migration 004 keeps those); the gram is what the LIKE pattern matches literally, so
 * `%`, `_` and `\` are grams like any other character; lengths are in code points, as the
 * databases count them.
 */
function countSource(query: ListQuery): CountSource {
  if (query.titleContains.length === 0) return { kind: 'owner' };
  if (query.titleContains.length > 1) return { kind: 'rows' };
  const key = titleKey(query.titleContains[0]!);
  const length = [...key].length;
  return length === 1 || length === 2 ? { kind: 'gram', gram: key } : { kind: 'rows' };
}

/**
 * PostgreSQL: the owner's todos that match the first title needle and are not counted in the
 * title grams yet (created since the last fold, migration 005).
 */
const pendingMatches = (db: Db, param: Param) =>
  db
    .selectFrom('todo_title_grams_pending as pending')
    .innerJoin('todos as pended', 'pended.id', 'pending.todo_id')
    .where('pending.owner_id', '=', param(0))
    .where('pended.owner_id', '=', param(0))
    .where(sql<boolean>`pended.title_key like ${castAs(param(1), 'text')} escape '\\'`);

/**
 * The gram a page sorted by title is bounded by when it searches titles: the first one or two
 * characters of the first needle, which every todo it matches contains (see titleKeyBounds).
 */
function boundingGram(query: ListQuery, sort: SortKey[]): string | undefined {
  if (sort[0]?.field !== 'title' || query.titleContains.length === 0) return undefined;
  const gram = [...titleKey(query.titleContains[0]!)].slice(0, 2).join('');
  return gram === '' ? undefined : gram;
}

/**
 * Keeps a search's rows to the title_keys between the bounds of the gram's todos (migration 006;
 * `gramAt` is the gram's param), so a page sorted by title reads the title index from the first
 * todo that may match instead of from the owner's first title, and stops after the last. On
 * PostgreSQL the matching todos not counted yet widen them. No todo that matches is left out:
 * each contains the gram, so its title_key lies within the gram's bounds; without a gram row (and
 * on PostgreSQL nothing pending that matches) the bounds are null and so is the page, as nothing
 * matches.
 */
function titleKeyBounds(db: Db, param: Param, gramAt: number) {
  const gramRow = db.selectFrom('todo_title_grams').where('owner_id', '=', param(0)).where('gram', '=', castAs<string>(param(gramAt), 'text'));
  let first = sql`(${gramRow.select('first_key').$asScalar()})`;
  let last = sql`(${gramRow.select('last_key').$asScalar()})`;
  if (onPostgres(db)) {
    const pending = pendingMatches(db, param);
    first = sql`least(${first}, (${pending.select((eb) => eb.fn.min('pended.title_key').as('key')).$asScalar()}))`;
    last = sql`greatest(${last}, (${pending.select((eb) => eb.fn.max('pended.title_key').as('key')).$asScalar()}))`;
  }
  return sql<boolean>`title_key >= ${first} and title_key <= ${last}`;
}

/** The count columns as read: a counter's total and completed, or the rows counted (total only). */
type CountValue = number | bigint | string | null;
type CountValues = { total_count: CountValue; completed_count: CountValue };

/**
 * The count of a list as the columns `total_count` and `completed_count` of one row: subqueries
 * reading only the owner's values (`param` as scopeValues places them; a gram comes right after
 * them), so the same columns can be selected alone or beside a page's rows.
 */
function countColumns(db: Db, param: Param, query: ListQuery, source: CountSource): AliasedExpression<CountValue, keyof CountValues>[] {
  if (source.kind === 'rows') {
    const counted = scopedTodos(db, param, query).select((eb) => eb.fn.countAll().as('count'));
    return [counted.$asScalar().as('total_count'), sql<null>`null`.as('completed_count')];
  }
  if (source.kind === 'owner') {
    const counter = db.selectFrom('todo_counts').where('owner_id', '=', param(0));
    return [counter.select('total').$asScalar().as('total_count'), counter.select('completed').$asScalar().as('completed_count')];
  }
  const counter = db.selectFrom('todo_title_grams').where('owner_id', '=', param(0)).where('gram', '=', param(scopeValueCount(query)));
  const total = counter.select('total').$asScalar();
  const completed = counter.select('completed').$asScalar();
  if (!onPostgres(db)) return [total.as('total_count'), completed.as('completed_count')];
  // PostgreSQL: plus the owner's todos created since the last fold that match (migration 005).
  const pending = pendingMatches(db, param);
  const pendingTotal = pending.select((eb) => eb.fn.countAll().as('n')).$asScalar();
  const pendingCompleted = pending.select(sql<number>`count(*) filter (where pended.completed = 1)`.as('n')).$asScalar();
  return [
    sql<CountValue>`coalesce((${total}), 0) + (${pendingTotal})`.as('total_count'),
    sql<CountValue>`coalesce((${completed}), 0) + (${pendingCompleted})`.as('completed_count'),
  ];
}

/** A list's total from its count columns: the rows counted, or the counter's figure for the completion filter. */
function totalFrom(counts: CountValues | undefined, query: ListQuery, source: CountSource): number {
  const total = Number(counts?.total_count ?? 0);
  if (source.kind === 'rows' || query.completed === undefined) return total;
  const done = Number(counts?.completed_count ?? 0);
  return query.completed ? done : total - done;
}

/** How many values a list's scope binds (see scopeValues). */
const scopeValueCount = (query: ListQuery): number => 1 + query.titleContains.length + (query.completed === undefined ? 0 : 1);

/**
 * The values a list's scope and count columns bind: the scope's, then the gram when one counts it,
 * then the gram that bounds the page's title_keys when one does.
 */
function listValues(ownerId: number, query: ListQuery, source: CountSource, bound?: string): unknown[] {
  const values = scopeValues(ownerId, query);
  if (source.kind === 'gram') values.push(source.gram);
  if (bound !== undefined) values.push(bound);
  return values;
}

/** Whether the session (param(0) the user, `jti` its token) may still act, as a boolean expression. */
const sessionIsLive = (db: Db, param: Param, jti: number) =>
  db.selectNoFrom((eb) => eb.exists(liveSessionUser(db, param(0), param(jti)).select(sql.lit(1).as('live'))).as('live')).$asScalar();

/**
 * The exact number of todos a list matches, read alone (see countColumns), with whether the
 * caller's session is live; undefined when it is not.
 */
async function countMatching(db: Db, session: TokenSession, query: ListQuery, source: CountSource): Promise<number | undefined> {
  // The owner's counter row is all a list without a search reads: its filters bind nothing.
  const owner = source.kind === 'owner';
  const values = owner ? [session.userId] : listValues(session.userId, query, source);
  const run = prepared(
    db,
    owner ? 'todos.count' : `todos.count:${scopeShape(query)}:${source.kind}`,
    (param) => db.selectNoFrom([...countColumns(db, param, query, source), sessionIsLive(db, param, values.length).as('live')]),
    // A counter's row is read by its key; counting the rows that match is a search's plan.
    { planOnce: source.kind !== 'rows' },
  );
  const [counts] = await run([...values, session.jti]);
  // SQLite reads the condition as 1 or 0, PostgreSQL as true or false.
  return counts && Boolean(counts.live) ? totalFrom(counts, query, source) : undefined;
}

/** What a list shows of each todo (the API's attributes): the owner and the search key stay behind. */
const LISTED_COLUMNS = ['id', 'title', 'description', 'completed', 'created_at', 'updated_at'] as const;
export type ListedTodo = Pick<TodoRow, (typeof LISTED_COLUMNS)[number]>;

/**
 * One page of the caller's list and the list's exact total, read by one statement that also checks
 * the caller's session (users/repository liveSessionUser), so both come from one snapshot and
 * PostgreSQL is asked once per request: a round trip costs the server more than either query. The
 * count rides on every row of the page; a page past the end (or of an empty list) has no rows to
 * carry it, so the count is then read alone, with the session's check. Undefined when the session
 * may no longer act (revoked token, blocked or deleted user): the caller answers 401.
 */
export async function listTodos(
  db: Db,
  session: TokenSession,
  query: ListQuery,
): Promise<{ rows: ListedTodo[]; total: number } | undefined> {
  const { offset, limit } = offsetAndLimit(query.pagination);
  const sort = withTieBreak(query.sort);
  const deferred = picksIdsFirst(query, sort, offset);
  const source = countSource(query);
  const bound = boundingGram(query, sort);
  const shape = `todos.page:${scopeShape(query)}:${source.kind}:${sort.map((key) => `${key.field} ${key.direction}`).join(',')}${deferred ? ':deferred' : ''}`;
  const values = listValues(session.userId, query, source, bound);
  const run = prepared(
    db,
    shape,
    (param) => {
      const counts = countColumns(db, param, query, source);
      // Evaluated once per statement (it names no row), before any row is read.
      const live = sessionIsLive(db, param, values.length + 2);
      const ordered = <Q extends { orderBy: (column: SortColumn, direction: 'asc' | 'desc') => Q }>(select: Q): Q =>
        sort.reduce((sorted, key) => sorted.orderBy(SORT_COLUMNS[key.field], key.direction), select);
      const window = (select: ReturnType<typeof scopedTodos>) =>
        ordered(select)
          .limit(castAs<number>(param(values.length), 'bigint'))
          .offset(castAs<number>(param(values.length + 1), 'bigint'));
      if (!deferred) return window(scopedTodos(db, param, query).where(live)).select(LISTED_COLUMNS).select(counts);
      // The rows skipped are read from the sort's index alone; only the page's rows are fetched, by
      // primary key (the ids are the owner's, picked by the scoped subquery; naming the owner again
      // here would have the databases scan the owner's rows instead). PostgreSQL gets the ids as an
      // array, computed once: planned without knowing the page, `id in (…)` may be a hash join
      // over the whole table.
      const scoped = scopedTodos(db, param, query);
      const pageIds = window(bound === undefined ? scoped : scoped.where(titleKeyBounds(db, param, values.length - 1))).select('id');
      const isOnPage = onPostgres(db) ? sql<boolean>`${sql.ref('id')} = any(array(${pageIds}))` : sql<boolean>`${sql.ref('id')} in (${pageIds})`;
      return ordered(db.selectFrom('todos').select(LISTED_COLUMNS).select(counts).where(isOnPage).where(live));
    },
    // The rows a deferred page skips are read all the same: thousands at a deep page.
    { planOnce: plansOnce(query, sort), slow: deferred },
  );
  const rows = await run([...values, limit, offset, session.jti]);
  if (rows.length > 0) return { rows, total: totalFrom(rows[0], query, source) };
  const total = await countMatching(db, session, query, source);
  return total === undefined ? undefined : { rows, total };
}

/** Rows of the whole list that PostgreSQL hands over at a time: ~32 KB of JSON each. */
const ROWS_PER_PIECE = 200;

/** The whole list as flat todos, oldest first: one fixed text, so each connection parses it once. */
const POSTGRES_ALL_TODOS = `select id, title, description, completed = 1 as completed, created_at as "createdAt", updated_at as "updatedAt"
  from todos where owner_id = $1 order by created_at, id`;

/**
 * All of one owner's todos, oldest first, as the JSON array users/me?populate=todos answers
 * (flat todos): from SQLite the whole text at once, from PostgreSQL a stream of its pieces.
 *
 * SQLite builds the text itself: for 10,000 todos several times faster than reading rows into
 * objects and serialising them again, and the process's memory stays flat. PostgreSQL's JSON
 * functions are the slow way there (json_agg ~40 ms of its CPU for 10,000 todos; a string_agg of
 * each row's text ~10 ms, and then sending one 1.6 MB value ~30 ms more); it sends the rows (~5 ms)
 * and the server writes them out 200 at a time as they arrive (see db/row-batches).
 */
export async function allTodosJson(db: Db, ownerId: number): Promise<Buffer | string | Readable> {
  if (onPostgres(db)) {
    return jsonArrayInPieces(db, { name: 'todos.all-json', text: POSTGRES_ALL_TODOS, values: [ownerId] }, ROWS_PER_PIECE);
  }
  // SQLite sorts an aggregate's own ORDER BY apart from the index (a third to a half of the
  // time at 10,000 todos); rows read in index order from a subquery reach the aggregate in that
  // order. As a blob, the text reaches the process as one Buffer, ready for the socket, instead of
  // a string that is copied again into bytes on the way out.
  const { rows } = await sql<{ todos: Buffer }>`select cast(coalesce(json_group_array(json_object(
      'id', id, 'title', title, 'description', description, 'completed', iif(completed, json('true'), json('false')),
      'createdAt', created_at, 'updatedAt', updated_at)), '[]') as blob) as todos
    from (select * from todos where owner_id = ${ownerId} order by created_at, id)`.execute(db);
  return rows[0]?.todos ?? '[]';
}

export function findTodo(db: Db, ownerId: number, id: number): Promise<TodoRow | undefined> {
  return db.selectFrom('todos').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** A new todo's values in the order the create shapes bind them (the timestamp goes to both created_at and updated_at). */
const newTodoValues = (ownerId: number, input: TodoInput, now: Date): unknown[] => [
  ownerId,
  input.title,
  titleKey(input.title),
  input.description,
  input.completed ? 1 : 0,
  now.toISOString(),
];

export async function createTodo(db: Db, ownerId: number, input: TodoInput, now = new Date()): Promise<TodoRow> {
  const run = prepared(db, 'todos.create', (param) =>
    db
      .insertInto('todos')
      .values({
        owner_id: param(0),
        title: param(1),
        title_key: param(2),
        description: param(3),
        completed: param(4),
        created_at: param(5),
        updated_at: param(5),
      })
      .returningAll(),
  );
  const [row] = await run(newTodoValues(ownerId, input, now));
  if (!row) throw new Error('the insert returned no row');
  return row;
}

/**
 * A new todo of the caller's, written by a statement that also checks the caller's session (as
 * the list does): "Generate Todos" sends a hundred of these in a row, and on PostgreSQL each saves
 * the round trip of the session lookup. Undefined, and nothing written, when the session may no
 * longer act: the caller answers 401.
 */
export async function createTodoAs(db: Db, session: TokenSession, input: TodoInput, now = new Date()): Promise<TodoRow | undefined> {
  const run = prepared(
    db,
    'todos.create-as',
    (param) => {
      const row = db
        .selectNoFrom([
          castAs(param(0), 'integer').as('owner_id'),
          castAs(param(1), 'text').as('title'),
          castAs(param(2), 'text').as('title_key'),
          castAs(param(3), 'text').as('description'),
          castAs(param(4), 'integer').as('completed'),
          castAs(param(5), 'text').as('created_at'),
          castAs(param(5), 'text').as('updated_at'),
        ])
        .where(sessionIsLive(db, param, 6));
      return db
        .insertInto('todos')
        .columns(['owner_id', 'title', 'title_key', 'description', 'completed', 'created_at', 'updated_at'])
        .expression(row)
        .returningAll();
    },
    // Rows by key only: its plan is the same for any values. The title grams' triggers make it slow.
    { planOnce: true, slow: true },
  );
  const [row] = await run([...newTodoValues(session.userId, input, now), session.jti]);
  return row;
}

export function updateTodo(
  db: Db,
  ownerId: number,
  id: number,
  patch: Partial<TodoInput>,
  now = new Date(),
): Promise<TodoRow | undefined> {
  return db
    .updateTable('todos')
    .set({
      ...(patch.title !== undefined && { title: patch.title, title_key: titleKey(patch.title) }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.completed !== undefined && { completed: patch.completed ? 1 : 0 }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}

export function deleteTodo(db: Db, ownerId: number, id: number): Promise<TodoRow | undefined> {
  return db.deleteFrom('todos').where('id', '=', id).where('owner_id', '=', ownerId).returningAll().executeTakeFirst();
}
