/**
 * An account's export as JSON or CSV, made a batch of todos at a time: the answer streams, so even
 * 100,000 todos cost the server one batch of memory. Trashed todos are never exported.
 */
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Database, TodoRow, UserRow } from '../db/types';
import { toFlatTodo } from './present';

type Db = Kysely<Database>;

const BATCH = 1000;

/** The owner's live todos by id, in keyset batches: each is one quick query on the owner's index. */
async function* liveTodoBatches(db: Db, ownerId: number): AsyncGenerator<TodoRow[]> {
  const live = db
    .selectFrom('todos')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null);
  for (let after = 0; ;) {
    const rows = await live.where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function* jsonExport(db: Db, user: UserRow): AsyncGenerator<string> {
  yield `{"user":${JSON.stringify({ id: user.id, username: user.username, email: user.email, createdAt: user.created_at })},"todos":[`;
  let separator = '';
  for await (const rows of liveTodoBatches(db, user.id)) {
    yield separator + rows.map((row) => JSON.stringify(toFlatTodo(row))).join(',');
    separator = ',';
  }
  yield ']}';
}

/** A cell a spreadsheet would run as a formula (OWASP's list, and tab and CR), or one already prefixed. */
const FORMULA = /^'*[=+\-@\t\r]/;

/** Prefixes such a cell with a quote, as OWASP advises; a prefixed one gets another, so an import can take one off. */
const neutralised = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

export const unneutralised = (text: string): string =>
  text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text;

export async function* csvExport(db: Db, ownerId: number): AsyncGenerator<string> {
  // The byte-order mark tells spreadsheets that the file is UTF-8.
  yield stringify(
    [
      [
        'id',
        'title',
        'description',
        'completed',
        'createdAt',
        'updatedAt',
        'dueDate',
        'remindAt',
        'recurrence',
        'seriesId',
        'priority',
      ],
    ],
    { bom: true },
  );
  for await (const rows of liveTodoBatches(db, ownerId)) {
    const cells = rows.map((row) => [
      row.id,
      neutralised(row.title),
      neutralised(row.description ?? ''),
      String(Boolean(row.completed)),
      row.created_at,
      row.updated_at,
      row.due_date ?? '',
      row.remind_at ?? '',
      row.recurrence ?? '',
      row.series_id ?? '',
      row.priority,
    ]);
    yield stringify(cells);
  }
}
