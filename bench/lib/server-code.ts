// The server's own TypeScript modules that the bench runs (seeding, EXPLAIN, write costs), loaded
// by one tsImport (bench/lib/server-code.mjs): separate tsImports can end up with separate copies
// of a shared module, and db/prepared's registry of statements must be the one the repository fills.
export { createPasswordHasher } from '../../src/server/auth/passwords';
export { openDatabase } from '../../src/server/db/connect';
export { migrateToLatest, migrateUpTo } from '../../src/server/db/migrate';
export { isPlannedOnce } from '../../src/server/db/prepared';
export { parseListQuery } from '../../src/server/todos/query';
export { createTodo, deleteTodo, listTodos, titleKey, updateTodo } from '../../src/server/todos/repository';
export { foldAllPendingTitleGrams } from '../../src/server/todos/title-gram-folding';
export { createUser } from '../../src/server/users/repository';
// Kysely as these modules load it: the repository tells the databases apart by Kysely's classes.
export { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
