/**
 * Writes an import without holding the database: its todos are staged in import_rows a chunk at a
 * time, each chunk its own short transaction, then moved into todos by one statement in the owner's
 * transaction, where the todo limit is checked as for a create. Until then nothing reads them; a
 * failure deletes the batch, and one a crash abandoned is deleted by housekeeping.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { recordEvent } from '../events/journal';
import { DomainError } from '../domain-error';
import { liveTodoCount, makeRoom } from './capacity';
import { labelIdsFor, linkImported, type ImportedLabel } from '../labels';
import { projectIdsFor, type ImportedProject } from './import-projects';
import { deleteBatch } from './import-cleanup';
import { linkImportedParents } from './import-subtasks';
import { positionsFromIds, rowOf, seriesFor, type ImportedTodo } from './todo-rows';

type Db = Kysely<Database>;

/** Rows staged per transaction: a few milliseconds of the database, so other calls wait little. */
const CHUNK = 250;

/** The columns an import sets, in the order the final statement copies them. */
const COLUMNS = [
  'title',
  'title_key',
  'description',
  'completed',
  'created_at',
  'updated_at',
  'due_date',
  'remind_at',
  'recurrence',
  'series_id',
  'followed',
  'priority',
] as const;

/** Per seriesKey of the file: how many rows share it and the last of them, whose fields the series' template takes. */
function seriesKeys(todos: ImportedTodo[]): Map<string, { made: number; last: ImportedTodo }> {
  const keys = new Map<string, { made: number; last: ImportedTodo }>();
  for (const todo of todos) {
    if (todo.seriesKey !== undefined)
      keys.set(todo.seriesKey, { made: (keys.get(todo.seriesKey)?.made ?? 0) + 1, last: todo });
  }
  return keys;
}

/** Stages the todos under `batchId`, a chunk a transaction, starting each series where its first row is. */
async function stage(
  db: Db,
  ownerId: number,
  batchId: string,
  todos: ImportedTodo[],
  now: Date,
): Promise<void> {
  const keys = seriesKeys(todos);
  const series = new Map<string, string | null>();
  // Rows sharing a seriesKey share the series their first row starts; a recurring row without one starts its own.
  const seriesOf = async (trx: Db, todo: ImportedTodo) => {
    if (todo.seriesKey === undefined) return seriesFor(trx, ownerId, todo, now);
    if (!series.has(todo.seriesKey)) {
      const { last, made } = keys.get(todo.seriesKey)!;
      series.set(todo.seriesKey, await seriesFor(trx, ownerId, last, now, made));
    }
    return series.get(todo.seriesKey) ?? null;
  };
  for (let start = 0; start < todos.length; start += CHUNK) {
    await db.transaction().execute(async (trx) => {
      const rows = [];
      for (let index = start; index < Math.min(start + CHUNK, todos.length); index++) {
        const todo = todos[index]!;
        const {
          owner_id: _owner,
          project_id: _project,
          parent_id: _parent,
          position: _position,
          ...row
        } = rowOf(ownerId, todo, todo.recurrence ? await seriesOf(trx, todo) : null);
        rows.push({
          ...row,
          batch_id: batchId,
          position: index,
          project_ref: todo.projectRef ?? null,
          parent_ref: todo.parentRef ?? null,
          todo_position: todo.position ?? null,
        });
      }
      await trx.insertInto('import_rows').values(rows).execute();
      await trx
        .updateTable('import_batches')
        .set({ touched_at: new Date().toISOString() })
        .where('id', '=', batchId)
        .execute();
    });
    // Calls that came in meanwhile run before the next chunk.
    await nextTurn();
  }
}

/**
 * Adds `todos` to the owner's, all or none: staged, then shown at once. The limit is checked before
 * staging (a quick refusal) and again when they are moved, against the todos made meanwhile.
 */
export async function importTodos(
  db: Db,
  ownerId: number,
  todos: ImportedTodo[],
  maxTodos = Infinity,
  now = new Date(),
  {
    projects = [],
    maxProjects = Infinity,
    labels = [],
    maxLabels = Infinity,
  }: {
    projects?: ImportedProject[];
    maxProjects?: number;
    labels?: ImportedLabel[];
    maxLabels?: number;
  } = {},
): Promise<number> {
  if ((await liveTodoCount(db, ownerId)) + todos.length > maxTodos)
    throw new DomainError('todo-limit');
  if (todos.length === 0) return 0;
  const batchId = randomUUID();
  await db
    .insertInto('import_batches')
    .values({ id: batchId, owner_id: ownerId, touched_at: now.toISOString() })
    .execute();
  let imported: number;
  try {
    await stage(db, ownerId, batchId, todos, now);
    imported = await ownerTransaction(db, ownerId, async (trx) => {
      await makeRoom(trx, ownerId, todos.length, maxTodos);
      const projectIds = await projectIdsFor(trx, ownerId, projects, maxProjects, now);
      const labelIds = await labelIdsFor(trx, ownerId, labels, maxLabels, now);
      const at = now.toISOString();
      const staged = trx
        .selectFrom('import_rows')
        .select((eb) => [
          eb.cast<number>(eb.val(ownerId), 'integer').as('owner_id'),
          ...COLUMNS,
          // A reminder whose time has passed was sent where the file came from: kept, marked sent.
          eb
            .case()
            .when('remind_at', '<=', at)
            .then(eb.cast<string>(eb.val(at), 'text'))
            .end()
            .as('reminded_at'),
          // A todo the file gives no position gets its id (positionsFromIds, below).
          eb.fn.coalesce('todo_position', eb.lit(0)).as('position'),
          // Each staged row's project entry as the owner's project id (ids from the database: literals).
          (projectIds.length === 0
            ? sql<number | null>`cast(null as integer)`
            : sql<number | null>`case project_ref ${sql.join(
                projectIds.map((id, ref) => sql`when ${ref} then ${sql.lit(id)}`),
                sql` `,
              )} end`
          ).as('project_id'),
        ])
        .where('batch_id', '=', batchId)
        .orderBy('position');
      const ids = (
        await trx
          .insertInto('todos')
          .columns(['owner_id', ...COLUMNS, 'reminded_at', 'position', 'project_id'])
          .expression(staged)
          .returning('id')
          .execute()
      ).map((row) => row.id);
      // Housekeeping took a batch it thought abandoned: the file is not whole any more.
      if (ids.length !== todos.length)
        throw new Error(`import ${batchId}: ${ids.length} of ${todos.length} staged rows left`);
      await linkImportedParents(trx, batchId, ids);
      // The rows went in in file order, so their ids ascend in it.
      ids.sort((a, b) => a - b);
      await positionsFromIds(
        trx,
        ownerId,
        ids.filter((_, index) => todos[index]!.position === undefined),
      );
      await linkImported(
        trx,
        ownerId,
        todos.flatMap((todo, index) =>
          (todo.labelRefs ?? []).map((ref) => ({
            todoId: ids[index]!,
            labelId: labelIds[ref]!,
            open: todo.completed ? 0 : 1,
          })),
        ),
      );
      await trx
        .updateTable('import_batches')
        .set({ finished: 1, touched_at: new Date().toISOString() })
        .where('id', '=', batchId)
        .execute();
      await recordEvent(trx, ownerId, 'created', ids);
      return ids.length;
    });
  } catch (error) {
    // Left to housekeeping when the database is away.
    await deleteBatch(db, batchId, false).catch(() => undefined);
    throw error;
  }
  // The staged copies go after the moving statement, a chunk at a time, rather than in it.
  await deleteBatch(db, batchId, true).catch(() => undefined);
  return imported;
}
