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
import { PostgresAdapter, sql, type Kysely } from 'kysely';

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
const sqliteGramParts = (text: string) => ({
  gram: `lower(substr(${text}, position.key + 1, width.n))`,
  from: `${sqlitePositions(text)} as position, (select 1 as n union all select 2) as width`,
  where: `position.key + width.n <= length(${text}) and typeof(${text}) = 'text'`,
});

/** The distinct grams of a text expression, as rows of one column `gram` (SQLite). */
function sqliteGrams(text: string): string {
  const { gram, from, where } = sqliteGramParts(text);
  return `select distinct ${gram} as gram from ${from} where ${where}`;
}

const SQLITE_ADD_GRAMS = (side: 'new' | 'old', sign: 1 | -1) =>
  `insert into todo_title_grams (owner_id, gram, total, completed)
   select ${side}.owner_id, gram, ${sign}, ${sign} * ${side}.completed from (${sqliteGrams(`${side}.title_key`)}) where true
   on conflict (owner_id, gram) do update
     set total = total + excluded.total, completed = completed + excluded.completed;`;

/** Grams whose last todo left are removed, so the table holds only grams that are in use. */
const SQLITE_DROP_SPENT = `delete from todo_title_grams where owner_id = old.owner_id and total = 0;`;

const SQLITE_TRIGGERS = [
  sql.raw(`create trigger todo_title_grams_insert after insert on todos begin
        ${SQLITE_ADD_GRAMS('new', 1)}
      end`),
  // A deleted user's todos go by cascade after the user, whose grams go by their own cascade:
  // nothing to count down, and a user with many todos is deleted in the time its rows take.
  sql.raw(`create trigger todo_title_grams_delete after delete on todos
      when exists (select 1 from users where id = old.owner_id) begin
        ${SQLITE_ADD_GRAMS('old', -1)}
        ${SQLITE_DROP_SPENT}
      end`),
  // One statement for both sides, so grams the old and new title share are written once, or not
  // at all when only the text around them changed.
  sql.raw(`create trigger todo_title_grams_update after update of owner_id, title_key, completed on todos
      when old.owner_id is not new.owner_id or old.title_key is not new.title_key or old.completed is not new.completed
      begin
        insert into todo_title_grams (owner_id, gram, total, completed)
        select owner_id, gram, sum(total), sum(completed) from (
          select old.owner_id as owner_id, gram, -1 as total, -old.completed as completed
          from (${sqliteGrams('old.title_key')})
          union all
          select new.owner_id, gram, 1, new.completed from (${sqliteGrams('new.title_key')})
        )
        where true
        group by owner_id, gram
        having sum(total) <> 0 or sum(completed) <> 0
        on conflict (owner_id, gram) do update
          set total = total + excluded.total, completed = completed + excluded.completed;
        ${SQLITE_DROP_SPENT}
      end`),
];

const POSTGRES_TRIGGERS = [
  // Split into characters once, rather than substr() at each position, which walks the text from
  // its start every time (cost growing with the square of its length).
  sql`create function title_grams(title_key text) returns setof text
      language sql immutable strict parallel safe as $$
        select distinct gram
        from (
          select c, lead(c) over (order by i) as next
          from unnest(string_to_array(title_key, null)) with ordinality as chars (c, i)
        ) as pairs,
        lateral (values (c), (c || next)) as grams (gram)
        where gram is not null
      $$`,
  // The delta is written in gram order, so two writers lock an owner's gram rows in the same
  // order and never deadlock on them.
  sql`create function todo_title_grams_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and not exists (select from users where id = old.owner_id) then
          return null; -- the user's deletion cascades to these grams too
        end if;
        insert into todo_title_grams as counted (owner_id, gram, total, completed)
        select owner_id, gram, sum(total), sum(completed)
        from (
          select old.owner_id, gram, -1, -old.completed from title_grams(old.title_key) as gram where tg_op <> 'INSERT'
          union all
          select new.owner_id, gram, 1, new.completed from title_grams(new.title_key) as gram where tg_op <> 'DELETE'
        ) as delta (owner_id, gram, total, completed)
        group by owner_id, gram
        having sum(total) <> 0 or sum(completed) <> 0
        order by owner_id, gram
        on conflict (owner_id, gram) do update
          set total = counted.total + excluded.total, completed = counted.completed + excluded.completed;
        if tg_op <> 'INSERT' then
          delete from todo_title_grams where owner_id = old.owner_id and total = 0;
        end if;
        return null;
      end $$`,
  sql`create trigger todo_title_grams_insert_delete after insert or delete on todos
      for each row execute function todo_title_grams_change()`,
  sql`create trigger todo_title_grams_update after update of owner_id, title_key, completed on todos
      for each row when (old.owner_id is distinct from new.owner_id or old.title_key is distinct from new.title_key
                         or old.completed is distinct from new.completed)
      execute function todo_title_grams_change()`,
];

const backfillParts = sqliteGramParts('todos.title_key');
const SQLITE_BACKFILL = sql.raw(`insert into todo_title_grams (owner_id, gram, total, completed)
  select owner_id, gram, count(*), sum(completed) from (
    select distinct todos.id, todos.owner_id, todos.completed, ${backfillParts.gram} as gram
    from todos, ${backfillParts.from} where ${backfillParts.where}
  )
  group by owner_id, gram`);

const POSTGRES_BACKFILL = sql`insert into todo_title_grams (owner_id, gram, total, completed)
  select owner_id, gram, count(*), sum(completed) from todos, title_grams(title_key) as gram
  group by owner_id, gram`;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
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
  // Finds the grams a write has just emptied without reading the owner's other grams.
  await sql`create index todo_title_grams_spent on todo_title_grams (owner_id) where total = 0`.execute(db);
  for (const statement of isPostgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
  await (isPostgres ? POSTGRES_BACKFILL : SQLITE_BACKFILL).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger todo_title_grams_update on todos`.execute(db);
    await sql`drop trigger todo_title_grams_insert_delete on todos`.execute(db);
    await sql`drop function todo_title_grams_change()`.execute(db);
    await sql`drop function title_grams(text)`.execute(db);
  } else {
    for (const name of ['todo_title_grams_update', 'todo_title_grams_delete', 'todo_title_grams_insert']) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('todo_title_grams').execute();
}
