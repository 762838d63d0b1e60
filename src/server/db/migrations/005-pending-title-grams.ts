/**
 * PostgreSQL: a todo created alone (the API's create, one per POST) is not counted into the title
 * grams of migration 004 inside its insert; its id is noted in todo_title_grams_pending and a
 * fold counts it shortly after (todos/title-gram-folding, the server's timer), many at a time.
 * Counting the ~45 grams of a title cost each insert 0.16–0.35 ms of PostgreSQL's CPU (more than
 * the rest of the insert; bench/write-cost.mjs), a fold ~0.03 ms a todo (issue 5: 100 sequential
 * POSTs). Totals stay exact: a short
 * search's total is the gram's count plus the owner's pending todos that match, read in the same
 * snapshot (todos/repository countColumns); a fold moves a todo from one to the other in one commit.
 *
 * Rules that keep it exact under concurrency (READ COMMITTED; each statement of a trigger takes a
 * new snapshot):
 * - A todo is pending, or counted in the grams, never both: an update that changes a pending
 *   todo's owner, title, completion or id counts it first (its old row) and then applies its delta
 *   as for any todo; a delete of a pending todo only removes its note.
 * - Whoever changes a todo or its note holds the todo's row lock: writers by writing the row, the
 *   fold by locking the rows it folds (skipping those another transaction holds, so it never waits
 *   on a writer). A fold's lock waits on gram rows are cut short (lock_timeout): a transaction that
 *   counted grams and then waits on a todo the fold holds must not deadlock with it; the fold gives
 *   up instead and the next one retries.
 * - Statements inserting several rows at once (imports, bulk loads) are counted at once, as
 *   before: in bulk the grams they share are written once.
 *
 * SQLite: nothing changes. Its row triggers count a title in ~20 µs, a fraction of an insert.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';
import {
  POSTGRES_TRIGGER_BODIES,
  type GramOptions,
  postgresAddDelta,
  postgresAddDeltaDroppingSpent,
  postgresGramsOf,
  postgresTriggerFunction,
  postgresUpdateDelta,
} from './004-title-gram-counts';

/** Adds the grams of these todos (a relation) to the counts (with bounds, their title_keys to the bounds). */
const countGramsOf = (todos: string, options: GramOptions) =>
  postgresAddDelta(postgresGramsOf(todos, '1', '(completed = 1)::integer', options), options);

/** Removes the notes of the todos in `removed` and gives their ids (the pending ones) in pended_ids. */
const TAKE_PENDED = `with taken as (
     delete from todo_title_grams_pending as pending using removed where pending.todo_id = removed.id returning pending.todo_id
   )
   select coalesce(array_agg(todo_id), '{}') into pended_ids from taken;`;

/** What each trigger function runs; migration 006 writes them again with bounds, its down without. */
export const pendingTriggerBodies = (options: GramOptions) => ({
  todo_title_grams_insert: `if (select count(*) from (select from added limit 2) as first_two) = 1 then
       insert into todo_title_grams_pending (todo_id, owner_id) select id, owner_id from added;
     else
       ${countGramsOf('added', options)};
     end if;`,
  // A deleted user's todos: their notes go, their grams go with the user.
  todo_title_grams_delete: `${TAKE_PENDED}
     ${postgresAddDeltaDroppingSpent(
       postgresGramsOf(
         '(select * from removed where exists (select from users where id = removed.owner_id) and removed.id <> all(pended_ids))',
         '-1',
         '-(completed = 1)::integer',
         options,
       ),
       options,
     )}`,
  todo_title_grams_update: `if exists (select id, owner_id, title_key, completed from removed except all select id, owner_id, title_key, completed from added) then
       ${TAKE_PENDED}
       ${postgresAddDeltaDroppingSpent(
         `${postgresGramsOf('(select * from removed where removed.id = any(pended_ids))', '1', '(completed = 1)::integer', options)}
          union all ${postgresUpdateDelta('removed', 'added', options)}`,
         options,
       )}
     end if;`,
});

/** (Re)creates the trigger functions of the pending todos. */
export const pendingTriggerFunctions = (options: GramOptions) =>
  Object.entries(pendingTriggerBodies(options)).map(([name, body]) =>
    postgresTriggerFunction(name, body, { replace: true, declare: 'pended_ids integer[];' }),
  );

/**
 * Counts up to `batch` pending todos (oldest notes first) and returns how many it counted. Safe to
 * run beside writers and other folds (see the rules above); 0 when nothing could be taken.
 */
export const foldFunction = (options: GramOptions) =>
  sql.raw(`create or replace function todo_title_grams_fold(batch integer) returns integer
  language plpgsql set lock_timeout = '100ms' as $$
  declare
    locked_ids integer[];
    taken_ids integer[];
  begin
    select array_agg(id) into locked_ids from (
      select id from todos
      where id in (select todo_id from todo_title_grams_pending order by todo_id limit batch)
      order by id
      for update skip locked
    ) as lockable;
    if locked_ids is null then
      return 0;
    end if;
    with taken as (delete from todo_title_grams_pending where todo_id = any(locked_ids) returning todo_id)
    select array_agg(todo_id) into taken_ids from taken;
    if taken_ids is null then
      return 0;
    end if;
    ${countGramsOf('(select * from todos where id = any(taken_ids))', options)};
    return cardinality(taken_ids);
  end $$`);

const WITHOUT_BOUNDS: GramOptions = { bounds: false };

export async function up(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  await db.schema
    .createTable('todo_title_grams_pending')
    .addColumn('todo_id', 'integer', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .execute();
  // A search's total reads the owner's notes.
  await db.schema.createIndex('todo_title_grams_pending_owner').on('todo_title_grams_pending').column('owner_id').execute();
  await foldFunction(WITHOUT_BOUNDS).execute(db);
  for (const statement of pendingTriggerFunctions(WITHOUT_BOUNDS)) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  for (const [name, body] of Object.entries(POSTGRES_TRIGGER_BODIES)) await postgresTriggerFunction(name, body, { replace: true }).execute(db);
  await sql.raw(countGramsOf('(select * from todos where id in (select todo_id from todo_title_grams_pending))', WITHOUT_BOUNDS)).execute(db);
  await sql`drop function todo_title_grams_fold(integer)`.execute(db);
  await db.schema.dropTable('todo_title_grams_pending').execute();
}
