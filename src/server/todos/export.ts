/**
 * An account's export, JSON or CSV, produced a batch of todos at a time: the answer streams, so an
 * account of 100,000 todos costs the server one batch of memory. Trashed todos are never exported.
 */
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Database, TodoRow, UserRow } from '../db/types';
import { toFlatTodo } from './present';

const BATCH = 1000;

/** The owner's live todos by id, in keyset batches: each batch is one quick query, whatever the total. */
async function* liveTodoBatches(db: Kysely<Database>, ownerId: number): AsyncGenerator<TodoRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('todos')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function* jsonExport(db: Kysely<Database>, user: UserRow): AsyncGenerator<string> {
  const owner = { id: user.id, username: user.username, email: user.email, createdAt: user.created_at };
  yield `{"user":${JSON.stringify(owner)},"todos":[`;
  let separator = '';
  for await (const rows of liveTodoBatches(db, user.id)) {
    yield separator + rows.map((row) => JSON.stringify(toFlatTodo(row))).join(',');
    separator = ',';
  }
  yield ']}';
}

const CSV_COLUMNS = ['id', 'title', 'description', 'completed', 'createdAt', 'updatedAt'];

/** A cell a spreadsheet would run as a formula (OWASP's list, and tab and CR), or one already prefixed. */
const FORMULA = /^'*[=+\-@\t\r]/;

/**
 * Prefixes such a cell with a single quote, as OWASP recommends. An already quoted one gets another,
 * so that the import can take exactly one off and give back the text as it was.
 */
export const neutralised = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

export const unneutralised = (text: string): string => (text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text);

export async function* csvExport(db: Kysely<Database>, ownerId: number): AsyncGenerator<string> {
  // The byte-order mark tells spreadsheets the file is UTF-8.
  yield stringify([CSV_COLUMNS], { bom: true });
  for await (const rows of liveTodoBatches(db, ownerId)) {
    const cells = rows.map((row) => [row.id, neutralised(row.title), neutralised(row.description ?? ''), String(Boolean(row.completed)), row.created_at, row.updated_at]);
    yield stringify(cells);
  }
}
