// The server's own TypeScript modules that the bench runs (seeding, EXPLAIN), loaded by one
// tsImport (bench/lib/server-code.mjs), so every bench module shares one copy of each.
export { createPasswordHasher } from '../../src/server/auth/passwords';
export { openDatabase } from '../../src/server/db/connect';
export { migrateToLatest } from '../../src/server/db/migrate';
export { parseListQuery } from '../../src/server/todos/query';
export { listTodos } from '../../src/server/todos/list';
export { createTodo, updateTodo } from '../../src/server/todos/repository';
export { titleKey } from '../../src/shared/title-key';
export { createUser } from '../../src/server/users/repository';
export { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
