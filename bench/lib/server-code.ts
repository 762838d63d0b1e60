// The server's own TypeScript modules that the bench runs (seeding, EXPLAIN), loaded by one
// tsImport (bench/lib/server-code.mjs), so every bench module shares one copy of each.
import * as v from 'valibot';
import { listQuerySchema } from '../../src/shared/list-query';

export { createPasswordHasher } from '../../src/server/auth/passwords';
export { openDatabase } from '../../src/server/db/connect';
export { migrateToLatest } from '../../src/server/db/migrate';
export { listTodos } from '../../src/server/todos/list';
export { createTodo, updateTodo } from '../../src/server/todos/repository';
export { titleKey } from '../../src/shared/title-key';
export { createUser } from '../../src/server/users/repository';
export { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';

/** The list's query as the server reads it at entry (qs-parsed → ListQuery). */
export const parseListQuery = (query: unknown) => v.parse(listQuerySchema, query);
