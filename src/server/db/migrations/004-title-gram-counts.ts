/**
 * Per owner, how many todos (and how many completed ones) contain each 1- and 2-character
 * substring ("gram") of their title_key, kept by triggers like the counters of migration 003, so
 * every writer keeps them exact. A title search for a 1- or 2-character needle reads its exact
 * total here instead of testing each of the owner's rows against LIKE (issue: the "re" search
 * spent most of its time counting, ten times more at 100,000 todos than at 10,000).
 *
 * A gram counts once per todo however often the title repeats it, as LIKE matches a todo once.
 * Characters are code points, as substr() and length() count them on both databases (a UTF-8
 * PostgreSQL database; SQLite text). The grams follow each database's LIKE: SQLite's folds ASCII
 * letters (and only those), so its grams are lower()ed, which folds exactly those without ICU;
 * SQLite's LIKE never matches a blob and ends a text at its first NUL, as length() and substr()
 * do, so a blob has no grams and a NUL ends the grams. PostgreSQL's LIKE is case-sensitive
 * and its text cannot hold NUL.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

/**
 * The positions 0..length(text)-1 of a text as the `key` column of json_each. A trigger body
 * cannot use a recursive CTE and SQLite has no generate_series, so the sequence is a JSON array
 * of length(text) zeros (the hex of a zero blob is "00" per byte, each made ",0"). Unlike a table
 * of positions it has no upper bound: no title_key is too long to be counted in full. A long one
 * costs more than its length, though: substr() walks the text from its start for each position
 * (a few ms for 765 characters, the longest key a 255-character title gives; ~0.2 s for 10,000).
 */
const sqlitePositions = (text: string) =>
  `json_each('[' || substr(replace(hex(zeroblob(length(${text}))), '00', ',0'), 2) || ']')`;

/** One row per 1- and 2-character gram position of a text (SQLite): `gram` is the gram's expression. */
export const sqliteGramParts = (text: string) => ({
  gram: `lower(substr(${text}, position.key + 1, width.n))`,
  from: `${sqlitePositions(text)} as position, (select 1 as n union all select 2) as width`,
  where: `position.key + width.n <= length(${text}) and typeof(${text}) = 'text'`,
});

/** The distinct grams of a text expression, as rows of one column `gram` (SQLite). */
function sqliteGrams(text: string): string {
  const { gram, from, where } = sqliteGramParts(text);
  return `select distinct ${gram} as gram from ${from} where ${where}`;
}

/**
 * Whether the gram rows also keep bounds of their todos' title_keys (first_key, last_key; migration
 * 006). The builders below write either schema, so migration 006 and its down reuse them.
 */
export interface GramOptions {
  bounds: boolean;
}

/**
 * Adds `total` and `completed` (expressions) to the count of each gram of the `side` row's title;
 * with bounds, its title_key widens the gram's bounds to take it in (a no-op for a todo counted
 * already: its key is within them).
 */
const sqliteAddGrams = (side: 'new' | 'old', total: string, completed: string, { bounds }: GramOptions) =>
  `insert into todo_title_grams (owner_id, gram, total, completed${bounds ? ', first_key, last_key' : ''})
   select ${side}.owner_id, gram, ${total}, ${completed}${bounds ? `, ${side}.title_key, ${side}.title_key` : ''}
   from (${sqliteGrams(`${side}.title_key`)}) where true
   on conflict (owner_id, gram) do update
     set total = total + excluded.total, completed = completed + excluded.completed${
       bounds ? ', first_key = min(first_key, excluded.first_key), last_key = max(last_key, excluded.last_key)' : ''
     };`;

/** Grams whose last todo left are removed, so the table holds only grams that are in use. */
const SQLITE_DROP_SPENT = `delete from todo_title_grams where owner_id = old.owner_id and total = 0;`;

// A todo counts as completed where completed = 1, as the list's completion filter reads it. A
// deleted todo or an old title leaves the bounds as they are: they stay bounds, only looser.
export const sqliteTriggers = (options: GramOptions) => [
  sql.raw(`create trigger todo_title_grams_insert after insert on todos begin
        ${sqliteAddGrams('new', '1', 'new.completed = 1', options)}
      end`),
  // A deleted user's todos go by cascade after the user, whose grams go by their own cascade:
  // nothing to count down, and a user with many todos is deleted in the time its rows take.
  sql.raw(`create trigger todo_title_grams_delete after delete on todos
      when exists (select 1 from users where id = old.owner_id) begin
        ${sqliteAddGrams('old', '-1', '-(old.completed = 1)', options)}
        ${SQLITE_DROP_SPENT}
      end`),
  // A new title or owner: one statement for both sides, so grams the old and new title share are
  // written once, or not at all when only the text around them changed (with bounds: and the new
  // title_key lies within theirs already).
  sql.raw(`create trigger todo_title_grams_retitle after update of owner_id, title_key, completed on todos
      when old.owner_id is not new.owner_id or old.title_key is not new.title_key begin
        insert into todo_title_grams (owner_id, gram, total, completed${options.bounds ? ', first_key, last_key' : ''})
        select owner_id, gram, sum(total), sum(completed)${options.bounds ? ', min(key), max(key)' : ''} from (
          select old.owner_id as owner_id, gram, -1 as total, -(old.completed = 1) as completed, old.title_key as key
          from (${sqliteGrams('old.title_key')})
          union all
          select new.owner_id, gram, 1, new.completed = 1, new.title_key from (${sqliteGrams('new.title_key')})
        )
        where true
        group by owner_id, gram
        ${options.bounds ? '' : 'having sum(total) <> 0 or sum(completed) <> 0'}
        on conflict (owner_id, gram) do update
          set total = total + excluded.total, completed = completed + excluded.completed${
            options.bounds
              ? `, first_key = min(first_key, excluded.first_key), last_key = max(last_key, excluded.last_key)
               where excluded.total <> 0 or excluded.completed <> 0
                 or excluded.first_key < first_key or excluded.last_key > last_key`
              : ''
          };
        ${SQLITE_DROP_SPENT}
      end`),
  // Ticked or unticked, same title and owner: the title's grams once, and only their completed count.
  sql.raw(`create trigger todo_title_grams_complete after update of completed on todos
      when old.owner_id is new.owner_id and old.title_key is new.title_key
        and (old.completed = 1) is not (new.completed = 1) begin
        ${sqliteAddGrams('new', '0', '(new.completed = 1) - (old.completed = 1)', options)}
      end`),
];

/** The names of the SQLite triggers above, in the order to drop them. */
export const SQLITE_TRIGGER_NAMES = ['todo_title_grams_complete', 'todo_title_grams_retitle', 'todo_title_grams_delete', 'todo_title_grams_insert'];

/**
 * Adds a delta (rows of owner_id, gram, total, completed, and with bounds the todo's title_key) to
 * the counts, in gram order, so two writers lock an owner's gram rows in the same order and never
 * deadlock on them. With bounds, every gram of the delta is visited, even one whose counts it
 * leaves as they were (a title changed around it): its bounds may have to take in the new title.
 * A title_key counted already is within its grams' bounds, so only new ones widen them.
 */
export const postgresAddDelta = (delta: string, { bounds }: GramOptions = { bounds: false }) =>
  bounds
    ? `insert into todo_title_grams as counted (owner_id, gram, total, completed, first_key, last_key)
   select owner_id, gram, sum(total), sum(completed), min(title_key), max(title_key)
   from (${delta}) as delta (owner_id, gram, total, completed, title_key)
   group by owner_id, gram
   order by owner_id, gram
   on conflict (owner_id, gram) do update
     set total = counted.total + excluded.total, completed = counted.completed + excluded.completed,
       first_key = least(counted.first_key, excluded.first_key), last_key = greatest(counted.last_key, excluded.last_key)
     where excluded.total <> 0 or excluded.completed <> 0
       or excluded.first_key < counted.first_key or excluded.last_key > counted.last_key`
    : `insert into todo_title_grams as counted (owner_id, gram, total, completed)
   select owner_id, gram, sum(total), sum(completed) from (${delta}) as delta (owner_id, gram, total, completed)
   group by owner_id, gram
   having sum(total) <> 0 or sum(completed) <> 0
   order by owner_id, gram
   on conflict (owner_id, gram) do update
     set total = counted.total + excluded.total, completed = counted.completed + excluded.completed`;

/**
 * The same, then deletes the grams it brought to zero. They are found by key, not by an index on
 * total: such an index would make every update of a count a non-HOT update, which leaves a new
 * index entry each time (several times slower when a transaction writes many todos).
 */
export const postgresAddDeltaDroppingSpent = (delta: string, options?: GramOptions) =>
  `with counted as (${postgresAddDelta(delta, options)} returning counted.owner_id, counted.gram, counted.total)
   select array_agg(owner_id), array_agg(gram) into spent_owners, spent_grams from counted where total = 0;
   if spent_owners is not null then
     delete from todo_title_grams as counted using unnest(spent_owners, spent_grams) as spent (owner_id, gram)
     where counted.owner_id = spent.owner_id and counted.gram = spent.gram and counted.total = 0;
   end if;`;

/** A trigger function running `body`, with the variables postgresAddDeltaDroppingSpent and `declare` name. */
export const postgresTriggerFunction = (name: string, body: string, options: { replace?: boolean; declare?: string } = {}) =>
  sql.raw(`create ${options.replace ? 'or replace ' : ''}function ${name}() returns trigger language plpgsql as $$
      declare
        spent_owners integer[];
        spent_grams text[];
        ${options.declare ?? ''}
      begin
        ${body}
        return null;
      end $$`);

/**
 * Each gram of each todo in `rows` (a transition table or a query), with what it adds to total and
 * completed, and with bounds its title_key.
 */
export const postgresGramsOf = (rows: string, total: string, completed: string, { bounds }: GramOptions = { bounds: false }) =>
  `select todo.owner_id, gram, ${total}, ${completed}${bounds ? ', todo.title_key' : ''} from ${rows} as todo, title_grams(todo.title_key) as gram`;

/**
 * The (owner_id, title_key) of the todos in `from` that `other` has not (a multiset difference),
 * of all todos or of the completed ones. An update's delta is the grams of what it removed and
 * added: rows it left as they were cancel out, and a todo only ticked adds to completed alone.
 */
const postgresDifference = (from: string, other: string, completedOnly: boolean) => {
  const titles = (rows: string) => `select owner_id, title_key from ${rows}${completedOnly ? ' where completed = 1' : ''}`;
  return `(${titles(from)} except all ${titles(other)})`;
};

/** An update's delta from its old rows (`removed`) and new ones (`added`), each a relation. */
export const postgresUpdateDelta = (removed: string, added: string, options: GramOptions = { bounds: false }) =>
  [
    postgresGramsOf(postgresDifference(removed, added, false), '-1', '0', options),
    postgresGramsOf(postgresDifference(added, removed, false), '1', '0', options),
    postgresGramsOf(postgresDifference(removed, added, true), '0', '-1', options),
    postgresGramsOf(postgresDifference(added, removed, true), '0', '1', options),
  ].join(' union all ');

const POSTGRES_UPDATE_DELTA = postgresUpdateDelta('removed', 'added');

/** What each trigger function of this migration runs (migration 005 replaces them; its down restores these). */
export const POSTGRES_TRIGGER_BODIES = {
  todo_title_grams_insert: `${postgresAddDelta(postgresGramsOf('added', '1', '(completed = 1)::integer'))};`,
  // A user's deletion cascades to their todos and to their grams alike: nothing to count down.
  todo_title_grams_delete: postgresAddDeltaDroppingSpent(
    postgresGramsOf('(select * from removed where exists (select from users where id = removed.owner_id))', '-1', '-(completed = 1)::integer'),
  ),
  // Most updates change none of owner, title and completion (an edited description, a timestamp).
  todo_title_grams_update: `if exists (select owner_id, title_key, completed from removed except all select owner_id, title_key, completed from added) then
       ${postgresAddDeltaDroppingSpent(POSTGRES_UPDATE_DELTA)}
     end if;`,
};

// Statement-level triggers: a bulk write adds to each of its grams once. Row-level ones would
// update a common gram once per row, and within one transaction each update of a row walks the
// versions it left before, so a bulk load slows down with the square of its size (the one-row
// counter of migration 003 shows it: a 10,000-row insert for one owner spends ~0.7 s on it).
const POSTGRES_TRIGGERS = [
  // Splits the text into characters once: substr() at each position would walk the text from its
  // start each time. Not strict, so PostgreSQL can inline it into the statements that call it.
  sql`create function title_grams(title_key text) returns setof text
      language sql immutable parallel safe as $$
        select distinct gram
        from (
          select c, lead(c) over (order by i) as next
          from unnest(string_to_array(title_key, null)) with ordinality as chars (c, i)
        ) as pairs,
        lateral (values (c), (c || next)) as grams (gram)
        where gram is not null
      $$`,
  ...Object.entries(POSTGRES_TRIGGER_BODIES).map(([name, body]) => postgresTriggerFunction(name, body)),
  sql`create trigger todo_title_grams_insert after insert on todos
      referencing new table as added for each statement execute function todo_title_grams_insert()`,
  sql`create trigger todo_title_grams_delete after delete on todos
      referencing old table as removed for each statement execute function todo_title_grams_delete()`,
  sql`create trigger todo_title_grams_update after update on todos
      referencing old table as removed new table as added for each statement execute function todo_title_grams_update()`,
];

const backfillParts = sqliteGramParts('todos.title_key');
const SQLITE_BACKFILL = sql.raw(`insert into todo_title_grams (owner_id, gram, total, completed)
  select owner_id, gram, count(*), sum(completed) from (
    select distinct todos.id, todos.owner_id, todos.completed = 1 as completed, ${backfillParts.gram} as gram
    from todos, ${backfillParts.from} where ${backfillParts.where}
  )
  group by owner_id, gram`);

const POSTGRES_BACKFILL = sql`insert into todo_title_grams (owner_id, gram, total, completed)
  select owner_id, gram, count(*), count(*) filter (where completed = 1) from todos, title_grams(title_key) as gram
  group by owner_id, gram`;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  // Grams are compared by code point, whatever the server's locale (as the keys of migration 001).
  const keyText = isPostgres ? sql`text collate "C"` : sql`text`;
  let table = db.schema
    .createTable('todo_title_grams')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gram', keyText, (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('todo_title_grams_pk', ['owner_id', 'gram']);
  if (!isPostgres) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  if (!isPostgres) {
    // Finds the grams a write has just emptied without reading the owner's other grams.
    await sql`create index todo_title_grams_spent on todo_title_grams (owner_id) where total = 0`.execute(db);
  }
  for (const statement of isPostgres ? POSTGRES_TRIGGERS : sqliteTriggers({ bounds: false })) await statement.execute(db);
  await (isPostgres ? POSTGRES_BACKFILL : SQLITE_BACKFILL).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  if (isPostgres) {
    for (const name of ['todo_title_grams_update', 'todo_title_grams_delete', 'todo_title_grams_insert']) {
      await sql`drop trigger ${sql.raw(name)} on todos`.execute(db);
      await sql`drop function ${sql.raw(name)}()`.execute(db);
    }
    await sql`drop function title_grams(text)`.execute(db);
  } else {
    for (const name of SQLITE_TRIGGER_NAMES) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable('todo_title_grams').execute();
}
