/**
 * A page of one owner's live todos and the exact total it is a page of. The page reads the owner's
 * indexes (each starts with owner_id and holds live todos only, migrations 001, 002, 009, 013,
 * 017); the total is read from kept counts (migrations 016 and 026: all, open, completed, the
 * roots, one label's) unless another filter narrows the list, when the matching rows are counted
 * (a project's and the Inbox's from the index of migration 018, a parent's subtasks from that of
 * migration 020). Labels are joined only when a label filter asks (label-filter.ts).
 */
import { sql, type AliasableExpression, type Kysely, type SelectQueryBuilder } from 'kysely';
import { onPostgres } from '../db/dialect';
import { keyContains, withIdTieBreak } from '../db/list-terms';
import type { Database, TodoRow } from '../db/types';
import { offsetAndLimit } from '../http/pagination';
import type { ListQuery, SortKey } from '../../shared/list-query';
import type { SortField } from '../../shared/list-request';
import { labelCondition } from './label-filter';

type Db = Kysely<Database>;

const SORT_COLUMNS = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  title: 'title_key',
  completed: 'completed',
  dueDate: 'due_date',
  priority: 'priority',
  position: 'position',
  id: 'id',
} as const satisfies Record<SortField, string>;

/** What a list shows of each todo (the API's attributes): the owner and the search key stay behind. */
export const LISTED_COLUMNS = [
  'id',
  'title',
  'description',
  'completed',
  'created_at',
  'updated_at',
  'due_date',
  'remind_at',
  'recurrence',
  'series_id',
  'priority',
  'project_id',
  'parent_id',
  'position',
] as const;
export type ListedTodo = Pick<TodoRow, (typeof LISTED_COLUMNS)[number]>;

/**
 * One owner's live todos narrowed by the query's filters. Needles match the title's lower-case key,
 * so both databases agree on case and Unicode; pg_trgm serves needles of 3+ characters (migration 007).
 */
function matchingTodos(
  db: Db,
  ownerId: number,
  query: Pick<
    ListQuery,
    'titleContains' | 'completed' | 'dueDate' | 'priority' | 'project' | 'parent' | 'labels'
  >,
) {
  let scoped = db
    .selectFrom('todos')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null);
  for (const needle of query.titleContains) {
    scoped = scoped.where(keyContains('title_key', needle));
  }
  if (query.completed !== undefined)
    scoped = scoped.where('completed', '=', query.completed ? 1 : 0);
  for (const condition of query.dueDate)
    scoped = scoped.where('due_date', condition.op, condition.date);
  for (const condition of query.priority)
    scoped = scoped.where('priority', condition.op, condition.value);
  for (const condition of query.project)
    scoped = scoped.where('project_id', condition.op, condition.value);
  for (const condition of query.parent ?? [])
    scoped = scoped.where('parent_id', condition.op, condition.value);
  for (const condition of query.labels) scoped = scoped.where(labelCondition(ownerId, condition));
  return scoped;
}

/**
 * The order of the sort keys. Undated todos come last in both directions: on PostgreSQL by NULLS
 * LAST, which its dueDate indexes store; on SQLite, whose indexes keep nulls first, by sorting on
 * (due_date is null) first, as its expression indexes do (migration 013).
 */
function ordered<Q extends SelectQueryBuilder<Database, 'todos', object>>(
  query: Q,
  sort: SortKey[],
  postgres: boolean,
): Q {
  return sort.reduce((sorted, key) => {
    if (key.field !== 'dueDate') return sorted.orderBy(SORT_COLUMNS[key.field], key.direction) as Q;
    if (postgres)
      return sorted.orderBy('due_date', (order) =>
        (key.direction === 'desc' ? order.desc() : order.asc()).nullsLast(),
      ) as Q;
    return sorted.orderBy(sql`due_date is null`).orderBy('due_date', key.direction) as Q;
  }, query);
}

/**
 * How many todos match the query, as a scalar subquery: a kept count when at most the completed
 * filter narrows the owner's todos, the roots or one label's todos (live, open, or live less open),
 * else a count of the matching rows.
 */
function totalOf(db: Db, ownerId: number, query: ListQuery): AliasableExpression<number | string> {
  const roots = query.parent?.length === 1 && query.parent[0]!.op === 'is';
  const [label, ...moreLabels] = query.labels;
  const oneLabel =
    label?.kind === 'id' && label.ids.length === 1 && moreLabels.length === 0
      ? label.ids[0]
      : undefined;
  const narrowed = [
    query.titleContains,
    query.dueDate,
    query.priority,
    query.project,
    roots ? [] : (query.parent ?? []),
    oneLabel !== undefined ? [] : query.labels,
  ];
  // The roots are kept alone: neither by completion nor per label.
  if (
    narrowed.some((conditions) => conditions.length > 0) ||
    (roots && (oneLabel !== undefined || query.completed !== undefined))
  )
    return matchingTodos(db, ownerId, query)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .$asScalar();
  // Both owner_counts and labels keep live_todos and open_todos.
  const kept = roots
    ? sql<number>`live_roots`
    : query.completed === undefined
      ? sql<number>`live_todos`
      : query.completed
        ? sql<number>`live_todos - open_todos`
        : sql<number>`open_todos`;
  const total = kept.as('total');
  if (oneLabel === undefined)
    return db.selectFrom('owner_counts').select(total).where('owner_id', '=', ownerId).$asScalar();
  // Another owner's label id finds no row: a total of 0, as its page is empty.
  return db
    .selectFrom('labels')
    .select(total)
    .where('id', '=', oneLabel)
    .where('owner_id', '=', ownerId)
    .$asScalar();
}

/**
 * From this offset on, a page picks its ids from the sort's index first, then reads those rows:
 * SQLite would otherwise read each skipped row from the table too, while on the first pages the
 * second step costs more than it saves.
 */
const IDS_FIRST_FROM = 100;

/**
 * The page and the total in one statement: the total is an uncorrelated subquery, which both
 * databases run once, so PostgreSQL is asked once per page. A page past the end has no row to carry
 * it, so the total is then read alone.
 */
export async function listTodos(
  db: Db,
  ownerId: number,
  query: ListQuery,
): Promise<{ rows: ListedTodo[]; total: number }> {
  const { offset, limit } = offsetAndLimit(query.pagination);
  const total = totalOf(db, ownerId, query).as('total');
  const sort = withIdTieBreak(query.sort);
  const postgres = onPostgres(db);
  const inOrder = <Q extends SelectQueryBuilder<Database, 'todos', object>>(q: Q) =>
    ordered(q, sort, postgres);
  // A title search in title order too: the order's index holds the title key, so PostgreSQL finds
  // the page's ids there, where its plain index scan read every skipped row from the table first
  // (bench/README, session 33).
  const idsFirst =
    offset >= IDS_FIRST_FROM || (query.titleContains.length > 0 && sort[0]?.field === 'title');
  const page = !idsFirst
    ? inOrder(matchingTodos(db, ownerId, query).select(LISTED_COLUMNS))
        .limit(limit)
        .offset(offset)
    : inOrder(
        db
          .selectFrom('todos')
          .select(LISTED_COLUMNS)
          .where(
            'id',
            'in',
            inOrder(matchingTodos(db, ownerId, query).select('id'))
              .limit(limit)
              .offset(offset),
          ),
      );
  const rows = await page.select(total).execute();
  const counted = rows[0]
    ? rows[0].total
    : (await db.selectNoFrom(total).executeTakeFirst())?.total;
  return { rows, total: Number(counted ?? 0) };
}
