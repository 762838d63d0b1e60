// Seeds a throwaway database: migrations, users, the bench user's 50 projects, 20 labels and todos go in through the server's own code
// (openDatabase, migrateToLatest, createUser, the argon2 hasher, titleKey), the bulk rows through
// batched SQL so a million rows take seconds, not minutes.
import { randomBytes } from 'node:crypto';
import { serverCode } from './server-code.mjs';

const { createPasswordHasher, createUser, migrateToLatest, openDatabase, titleKey } = serverCode;

export const BENCH_PASSWORD = 'Bench!Pass1';

// Titles: every third one contains "re" (case-insensitively), the others never do.
const WITH_RE = [
  'Prepare',
  'Review',
  'Repair',
  'Read',
  'Refill',
  'Renew',
  'Restock',
  'Reply to',
  'Share',
  'Store',
];
const VERBS = [
  'Buy',
  'Walk',
  'Call',
  'Fix',
  'Plan',
  'Wash',
  'Pay',
  'Book',
  'Clean',
  'Email',
  'Cook',
  'Visit',
];
const NOUNS = [
  'milk',
  'dog',
  'mom',
  'bike',
  'trip',
  'car',
  'bills',
  'flight',
  'desk',
  'Tom',
  'soup',
  'bank',
  'Ana',
  'ticket',
];

export function todoTitle(i) {
  const noun = NOUNS[(i * 7) % NOUNS.length];
  if (i % 3 === 0) return `${WITH_RE[(i / 3) % WITH_RE.length]} ${noun} #${i}`;
  return `${VERBS[i % VERBS.length]} ${noun} #${i}`;
}

/** Row i of a seeded list: distinct creation times, some updated later, a quarter completed, two in five due within ±60 days. */
export function todoRow(ownerId, i, baseMs) {
  const title = todoTitle(i);
  const created = new Date(baseMs + i * 1000);
  const updated = i % 5 === 0 ? new Date(baseMs + i * 1000 + ((i * 7919) % 86_400_000)) : created;
  return {
    owner_id: ownerId,
    title,
    title_key: titleKey(title),
    description: i % 4 === 1 ? `Notes for item ${i}: remember the details.` : null,
    completed: i % 4 === 0 ? 1 : 0,
    due_date:
      i % 5 < 2
        ? new Date(baseMs + (((i * 37) % 121) - 60) * 86_400_000).toISOString().slice(0, 10)
        : null,
    created_at: created.toISOString(),
    updated_at: updated.toISOString(),
    project_id: null,
    parent_id: null,
  };
}

/**
 * The bench user's projects (issue 41): `count` of them, ids 1…count in a fresh database (after
 * the ids already there otherwise); todo i goes to project i % (count + 1), 0 being the Inbox, so each
 * project holds about as many todos as the Inbox.
 */
function projectRows(ownerId, count, now) {
  return Array.from({ length: count }, (_, n) => ({
    owner_id: ownerId,
    name: `Project ${n + 1}`,
    name_key: `project ${n + 1}`,
    color: '#336699',
    position: n,
    archived: 0,
    created_at: now,
    updated_at: now,
  }));
}
const projectOf = (i, count, first = 1) =>
  count > 0 && i % (count + 1) !== 0 ? first - 1 + (i % (count + 1)) : null;

/**
 * The bench user's labels: `count` of them, ids 1…count in a fresh database (after the ids already
 * there otherwise). Todo i has label i % (count + 1) (0: none), and every fifth todo label `count` too,
 * so a label's page holds about 1/(count + 1) of the todos and some todos have two labels.
 */
function labelRows(ownerId, count, now) {
  return Array.from({ length: count }, (_, n) => ({
    owner_id: ownerId,
    name: `Label ${n + 1}`,
    name_key: `label ${n + 1}`,
    color: '#996633',
    created_at: now,
    updated_at: now,
  }));
}
function labelsOf(i, count, first = 1) {
  if (count === 0) return [];
  const labels = i % (count + 1) !== 0 ? [i % (count + 1)] : [];
  if (i % 5 === 0 && !labels.includes(count)) labels.push(count);
  return labels.map((n) => first - 1 + n);
}

const TODO_COLUMNS = [
  'owner_id',
  'title',
  'title_key',
  'description',
  'completed',
  'due_date',
  'created_at',
  'updated_at',
  'project_id',
  'parent_id',
];
const PROJECT_COLUMNS = [
  'owner_id',
  'name',
  'name_key',
  'color',
  'position',
  'archived',
  'created_at',
  'updated_at',
];
const LABEL_COLUMNS = ['owner_id', 'name', 'name_key', 'color', 'created_at', 'updated_at'];
const LINK_COLUMNS = ['todo_id', 'label_id', 'owner_id', 'open'];
const USER_COLUMNS = [
  'username',
  'username_key',
  'email',
  'password_hash',
  'provider',
  'confirmed',
  'blocked',
  'created_at',
  'updated_at',
];

/** Batched inserts: one prepared statement in a transaction (SQLite) or unnest() batches (PostgreSQL). */
function bulkWriter(kind, url) {
  if (kind === 'sqlite') {
    return (async () => {
      const { default: SQLite } = await import('better-sqlite3');
      const file = url.slice('sqlite:'.length);
      const sqlite = new SQLite(file);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('synchronous = OFF'); // seeding only; the server runs with its own settings
      const statements = {
        todos: sqlite.prepare(
          `insert into todos (${TODO_COLUMNS.join(', ')}) values (${TODO_COLUMNS.map(() => '?').join(', ')})`,
        ),
        users: sqlite.prepare(
          `insert into users (${USER_COLUMNS.join(', ')}) values (${USER_COLUMNS.map(() => '?').join(', ')})`,
        ),
        projects: sqlite.prepare(
          `insert into projects (${PROJECT_COLUMNS.join(', ')}) values (${PROJECT_COLUMNS.map(() => '?').join(', ')})`,
        ),
        labels: sqlite.prepare(
          `insert into labels (${LABEL_COLUMNS.join(', ')}) values (${LABEL_COLUMNS.map(() => '?').join(', ')})`,
        ),
        todo_labels: sqlite.prepare(
          `insert into todo_labels (${LINK_COLUMNS.join(', ')}) values (${LINK_COLUMNS.map(() => '?').join(', ')})`,
        ),
      };
      const columns = {
        todos: TODO_COLUMNS,
        users: USER_COLUMNS,
        projects: PROJECT_COLUMNS,
        labels: LABEL_COLUMNS,
        todo_labels: LINK_COLUMNS,
      };
      return {
        insert: async (table, rows) => {
          sqlite.transaction(() => {
            for (const row of rows) statements[table].run(...columns[table].map((c) => row[c]));
          })();
        },
        lastId: async (table) =>
          sqlite.prepare(`select coalesce(max(id), 0) as id from ${table}`).get().id,
        analyze: async () => undefined, // the server never runs ANALYZE on SQLite, so neither do we
        close: async () => sqlite.close(),
      };
    })();
  }
  return (async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const types = {
      owner_id: 'int[]',
      completed: 'int[]',
      confirmed: 'int[]',
      blocked: 'int[]',
      project_id: 'int[]',
      parent_id: 'int[]',
      position: 'int[]',
      archived: 'int[]',
      todo_id: 'int[]',
      label_id: 'int[]',
      open: 'int[]',
    };
    const columns = {
      todos: TODO_COLUMNS,
      users: USER_COLUMNS,
      projects: PROJECT_COLUMNS,
      labels: LABEL_COLUMNS,
      todo_labels: LINK_COLUMNS,
    };
    return {
      insert: async (table, rows) => {
        const cols = columns[table];
        const arrays = cols.map((c) => rows.map((row) => row[c]));
        const unnest = cols.map((c, n) => `$${n + 1}::${types[c] ?? 'text[]'}`).join(', ');
        await client.query(
          `insert into ${table} (${cols.join(', ')}) select * from unnest(${unnest})`,
          arrays,
        );
      },
      lastId: async (table) =>
        Number((await client.query(`select coalesce(max(id), 0) as id from ${table}`)).rows[0].id),
      // Autovacuum would vacuum and analyze freshly inserted rows soon in production (which sets
      // the visibility map, so count(*) can be an index-only scan); do it now.
      analyze: async () => client.query('vacuum analyze'),
      close: async () => client.end(),
    };
  })();
}

/**
 * Creates the schema, the bench user (real argon2 hash) and its todos.
 * scale: { benchTodos, otherUsers, otherTodos } — the others' rows are interleaved with the
 * bench user's so that user's rows are spread over the table, as in a long-lived database.
 */
export async function seedDatabase({
  kind,
  url,
  benchTodos = 10_000,
  otherUsers = 0,
  otherTodos = 0,
  benchProjects = 50,
  benchLabels = 20,
  log = () => {},
}) {
  const started = Date.now();
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  const hasher = createPasswordHasher({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
  const passwordHash = await hasher.hash(BENCH_PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const username = `bench_${tag}`;
  const user = await createUser(handle.db, {
    username,
    email: `${username}@bench.example`,
    passwordHash,
  });
  await handle.close();

  const writer = await bulkWriter(kind, url);
  const now = new Date().toISOString();
  // Ids continue a database seeded before (the 1,000,000-row one's 10,000-todo user, `benchScale`).
  const firstProject = (await writer.lastId('projects')) + 1;
  const firstLabel = (await writer.lastId('labels')) + 1;
  const firstTodo = (await writer.lastId('todos')) + 1;
  if (benchProjects > 0) await writer.insert('projects', projectRows(user.id, benchProjects, now));
  if (benchLabels > 0) await writer.insert('labels', labelRows(user.id, benchLabels, now));
  const otherIds = [];
  for (let first = 0; first < otherUsers; first += 5000) {
    const rows = [];
    for (let u = first; u < Math.min(otherUsers, first + 5000); u++) {
      rows.push({
        username: `other_${u}`,
        username_key: `other_${u}`,
        email: `other_${u}@bench.example`,
        password_hash: passwordHash,
        provider: 'local',
        confirmed: 1,
        blocked: 0,
        created_at: now,
        updated_at: now,
      });
    }
    await writer.insert('users', rows);
  }
  if (otherUsers > 0) {
    // Ids follow the bench user's in insertion order on both databases.
    for (let u = 0; u < otherUsers; u++) otherIds.push(user.id + 1 + u);
  }

  const total = benchTodos + otherTodos;
  const benchEvery = otherTodos > 0 ? total / benchTodos : 1;
  const baseMs = Date.parse('2025-01-01T00:00:00.000Z');
  const batchSize = kind === 'sqlite' ? 20_000 : 10_000;
  let benchIndex = 0;
  let otherIndex = 0;
  // Every tenth bench todo is a root with two subtasks (the next two), in its project: ids are the
  // rows' order in a fresh database.
  let root = { id: null, project: null };
  let batch = [];
  let links = [];
  for (let r = 0; r < total; r++) {
    const isBench = benchIndex < benchTodos && (otherIndex >= otherTodos || r % benchEvery === 0);
    if (isBench) {
      const row = todoRow(user.id, benchIndex, baseMs);
      const project = projectOf(benchIndex, benchProjects, firstProject);
      const place = benchIndex % 10;
      // Row r is todo firstTodo + r, on both databases.
      if (place === 0) root = { id: firstTodo + r, project };
      for (const label of labelsOf(benchIndex, benchLabels, firstLabel))
        links.push({
          todo_id: firstTodo + r,
          label_id: label,
          owner_id: user.id,
          open: 1 - row.completed,
        });
      benchIndex += 1;
      batch.push(
        place === 1 || place === 2
          ? { ...row, project_id: root.project, parent_id: root.id }
          : { ...row, project_id: project },
      );
    } else {
      const owner = otherIds[otherIndex % otherIds.length];
      batch.push(todoRow(owner, otherIndex++, baseMs));
    }
    if (batch.length === batchSize) {
      await writer.insert('todos', batch);
      if (links.length) await writer.insert('todo_labels', links);
      batch = [];
      links = [];
      if (total >= 100_000 && r % 100_000 < batchSize) log(`  … ${r + 1} todos`);
    }
  }
  if (batch.length) await writer.insert('todos', batch);
  if (links.length) await writer.insert('todo_labels', links);
  await writer.analyze();
  await writer.close();
  const reShare =
    Array.from({ length: benchTodos }, (_, i) => titleKey(todoTitle(i)).includes('re')).filter(
      Boolean,
    ).length / benchTodos;
  const others = Array.from({ length: otherUsers }, (_, u) => ({
    username: `other_${u}`,
    password: BENCH_PASSWORD,
  }));
  return {
    user: {
      id: user.id,
      username,
      email: user.email,
      password: BENCH_PASSWORD,
      // This user's project 7 and label 7, the ones `CALLS.project` and `CALLS.label` name.
      ids: { project: firstProject - 1 + 7, label: firstLabel - 1 + 7 },
    },
    others,
    seconds: (Date.now() - started) / 1000,
    reShare,
  };
}

// ----- PostgreSQL throwaway databases -----

export async function createPgDatabase(adminUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(adminUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
