/**
 * Counts that would otherwise grow with the owner's todos, kept by triggers in the transaction of
 * every write as owner_counts is (migration 016): projects.open_todos and labels.open_todos (open:
 * live and not completed), for the sidebar's counts; owner_counts.live_roots, the total of the
 * list's tree view (its top-level todos); labels.live_todos, the total of a label's page. The
 * Inbox's count is the owner's open todos less those of every project row, a trashed project's
 * included.
 *
 * Projects and roots follow writes to todos (create, move, complete, trash, restore, purge, and the
 * `set null` of a purged project or parent); labels follow writes to todo_labels, whose `open` flag
 * migration 019's trigger keeps and whose new `live` flag a trigger here keeps. PostgreSQL gets
 * statement triggers over transition tables, one update per project, owner or label per
 * statement, as 016 explains.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

const isOpen = (row: string, int = '') =>
  `(${row}.deleted_at is null and ${row}.completed = 0)${int}`;
const isLiveRoot = (row: string, int = '') =>
  `(${row}.deleted_at is null and ${row}.parent_id is null)${int}`;

// SQLite evaluates the row's conditions once, before it looks for the row to update.
const SQLITE = [
  `create trigger project_root_counts_insert after insert on todos begin
     update projects set open_todos = open_todos + 1 where id = new.project_id and ${isOpen('new')};
     update owner_counts set live_roots = live_roots + 1
       where owner_id = new.owner_id and ${isLiveRoot('new')};
   end`,
  `create trigger project_root_counts_delete after delete on todos begin
     update projects set open_todos = open_todos - 1 where id = old.project_id and ${isOpen('old')};
     update owner_counts set live_roots = live_roots - 1
       where owner_id = old.owner_id and ${isLiveRoot('old')};
   end`,
  `create trigger project_root_counts_update
   after update of owner_id, project_id, parent_id, completed, deleted_at on todos
   when old.owner_id is not new.owner_id or old.project_id is not new.project_id
     or ${isOpen('old')} is not ${isOpen('new')} or ${isLiveRoot('old')} is not ${isLiveRoot('new')}
   begin
     update projects set open_todos = open_todos - 1 where id = old.project_id and ${isOpen('old')};
     update projects set open_todos = open_todos + 1 where id = new.project_id and ${isOpen('new')};
     update owner_counts set live_roots = live_roots - 1
       where owner_id = old.owner_id and ${isLiveRoot('old')};
     update owner_counts set live_roots = live_roots + 1
       where owner_id = new.owner_id and ${isLiveRoot('new')};
   end`,
  `create trigger label_counts_insert after insert on todo_labels
   begin
     update labels set open_todos = open_todos + new.open, live_todos = live_todos + new.live
       where id = new.label_id;
   end`,
  `create trigger label_counts_delete after delete on todo_labels
   begin
     update labels set open_todos = open_todos - old.open, live_todos = live_todos - old.live
       where id = old.label_id;
   end`,
  `create trigger label_counts_update after update of open, live, label_id on todo_labels
   when old.open is not new.open or old.live is not new.live or old.label_id is not new.label_id
   begin
     update labels set open_todos = open_todos - old.open, live_todos = live_todos - old.live
       where id = old.label_id;
     update labels set open_todos = open_todos + new.open, live_todos = live_todos + new.live
       where id = new.label_id;
   end`,
  // Whether a link's todo is live, as migration 019's trigger keeps whether it is open.
  `create trigger label_links_live after update of deleted_at on todos
   when (old.deleted_at is null) is not (new.deleted_at is null)
   begin
     update todo_labels set live = (new.deleted_at is null) where todo_id = new.id;
   end`,
];

/** A kept count: `table.column` of the row whose `id` is a changed row's `key`, and what a row adds to it. */
interface Counter {
  table: 'projects' | 'owner_counts' | 'labels';
  column: 'open_todos' | 'live_roots' | 'live_todos';
  id: 'id' | 'owner_id';
  key: 'project_id' | 'owner_id' | 'label_id';
  adds: (row: string) => string;
}

const PROJECTS: Counter = {
  table: 'projects',
  column: 'open_todos',
  id: 'id',
  key: 'project_id',
  adds: (row) => isOpen(row, '::int'),
};
const ROOTS: Counter = {
  table: 'owner_counts',
  column: 'live_roots',
  id: 'owner_id',
  key: 'owner_id',
  adds: (row) => isLiveRoot(row, '::int'),
};
const LABELS: Counter = {
  table: 'labels',
  column: 'open_todos',
  id: 'id',
  key: 'label_id',
  adds: (row) => `${row}.open`,
};
const LABELS_LIVE: Counter = { ...LABELS, column: 'live_todos', adds: (row) => `${row}.live` };

/** One update per key a statement changed, from its transition tables (`added` counts +, `removed` −). */
function postgresDelta(
  { table, column, id, key, adds }: Counter,
  added: string | undefined,
  removed: string | undefined,
): string {
  const rows = (from: string, sign: string) =>
    `select ${key} as key, ${sign}${adds(from)} as n from ${from} where ${key} is not null`;
  const parts = [added && rows(added, ''), removed && rows(removed, '-')].filter(Boolean);
  return `update ${table} set ${column} = ${column} + d.n
          from (select key, sum(n) as n from (${parts.join(' union all ')}) as changes
                group by key) as d
          where ${table}.${id} = d.key and d.n <> 0;`;
}

const EVENTS = {
  insert: { referencing: 'new table as added', added: 'added', removed: undefined },
  delete: { referencing: 'old table as removed', added: undefined, removed: 'removed' },
  update: {
    referencing: 'old table as removed new table as added',
    added: 'added',
    removed: 'removed',
  },
} as const;

function postgresTriggers(prefix: string, on: string, counters: Counter[]): string[] {
  return Object.entries(EVENTS).flatMap(([event, { referencing, added, removed }]) => [
    `create function ${prefix}_${event}() returns trigger language plpgsql as $$
     begin
       ${counters.map((counter) => postgresDelta(counter, added, removed)).join('\n')}
       return null;
     end $$`,
    `create trigger ${prefix}_${event} after ${event} on ${on}
     referencing ${referencing} for each statement execute function ${prefix}_${event}()`,
  ]);
}

const POSTGRES = [
  ...postgresTriggers('project_root_counts', 'todos', [PROJECTS, ROOTS]),
  ...postgresTriggers('label_counts', 'todo_labels', [LABELS, LABELS_LIVE]),
  `create function label_links_live() returns trigger language plpgsql as $$
   begin
     update todo_labels set live = (changed.deleted_at is null)::int
       from changed where todo_labels.todo_id = changed.id
       and todo_labels.live <> (changed.deleted_at is null)::int;
     return null;
   end $$`,
  `create trigger label_links_live after update on todos
   referencing new table as changed for each statement execute function label_links_live()`,
];

const BACKFILL = [
  `update projects set open_todos = (select count(*) from todos
     where todos.project_id = projects.id and ${isOpen('todos')})`,
  `update owner_counts set live_roots = (select count(*) from todos
     where todos.owner_id = owner_counts.owner_id and ${isLiveRoot('todos')})`,
  `update todo_labels set live = (select case when todos.deleted_at is null then 1 else 0 end
     from todos where todos.id = todo_labels.todo_id)`,
  `update labels set open_todos = (select count(*) from todo_labels
     where todo_labels.label_id = labels.id and todo_labels.open = 1),
   live_todos = (select count(*) from todo_labels
     where todo_labels.label_id = labels.id and todo_labels.live = 1)`,
];

// Links are written live (to live todos: a create, an edit, a repeat, an import, a bulk label).
const COLUMNS = [
  ['projects', 'open_todos', 0],
  ['owner_counts', 'live_roots', 0],
  ['labels', 'open_todos', 0],
  ['labels', 'live_todos', 0],
  ['todo_labels', 'live', 1],
] as const;

const TRIGGERS = [
  ...['project_root_counts', 'label_counts'].flatMap((prefix) =>
    Object.keys(EVENTS).map((event) => `${prefix}_${event}`),
  ),
  'label_links_live',
];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  // Triggers before the backfill, in one transaction, as migration 016 explains.
  const migrate = async (trx: Kysely<any>) => {
    for (const [table, column, initial] of COLUMNS)
      await trx.schema
        .alterTable(table)
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(initial))
        .execute();
    for (const statement of isPostgres ? POSTGRES : SQLITE) await sql.raw(statement).execute(trx);
    for (const statement of BACKFILL) await sql.raw(statement).execute(trx);
    // Migration 019's index of open links per owner served only the counting that this replaces.
    await trx.schema.dropIndex('todo_labels_open_owner').execute();
  };
  await (db.isTransaction ? migrate(db) : db.transaction().execute(migrate));
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of TRIGGERS)
    await (
      onPostgres(db)
        ? sql`drop function if exists ${sql.id(name)} cascade`
        : sql`drop trigger if exists ${sql.id(name)}`
    ).execute(db);
  for (const [table, column] of COLUMNS)
    await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema
    .createIndex('todo_labels_open_owner')
    .on('todo_labels')
    .columns(['owner_id', 'label_id'])
    .where(sql.ref('open'), '=', sql.lit(1))
    .execute();
}
