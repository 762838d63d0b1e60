/**
 * An account's export as JSON or CSV, made a batch of todos at a time: the answer streams, so even
 * 100,000 todos cost the server one batch of memory. Trashed todos and projects are never exported.
 * Projects come first: in JSON a `projects` list whose ids the todos' `project` names; in CSV a row
 * per project (its title empty, the project columns filled), then each todo names its project.
 * A subtask names its parent by the parent's id in the file (`parent`, in JSON and CSV alike).
 */
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Database, ProjectRow, TodoRow, UserRow } from '../db/types';
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

/** The owner's live projects in their order (at most MAX_PROJECTS_PER_USER: one query). */
const liveProjects = (db: Db, ownerId: number): Promise<ProjectRow[]> =>
  db
    .selectFrom('projects')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** A project as the JSON export lists it; todos name it by this id (`project`). */
const exportedProject = (row: ProjectRow) => ({
  id: row.id,
  name: row.name,
  color: row.color,
  position: row.position,
  archived: Boolean(row.archived),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function* jsonExport(db: Db, user: UserRow): AsyncGenerator<string> {
  const projects = (await liveProjects(db, user.id)).map(exportedProject);
  yield `{"user":${JSON.stringify({ id: user.id, username: user.username, email: user.email, createdAt: user.created_at })},"projects":${JSON.stringify(projects)},"todos":[`;
  let separator = '';
  for await (const rows of liveTodoBatches(db, user.id)) {
    const todos = rows.map((row) =>
      JSON.stringify({ ...toFlatTodo(row), project: row.project_id, parent: row.parent_id }),
    );
    yield separator + todos.join(',');
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

/** The CSV's project columns, after the todo's own TODO_COLUMNS. */
export const PROJECT_COLUMNS = ['project', 'projectColor', 'projectPosition', 'projectArchived'];
const TODO_COLUMNS = 11;

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
        ...PROJECT_COLUMNS,
        'parent',
      ],
    ],
    { bom: true },
  );
  // A row per project first, its title empty; then each todo names its project.
  const projects = await liveProjects(db, ownerId);
  const names = new Map(projects.map((project) => [project.id, neutralised(project.name)]));
  const before = Array<string>(TODO_COLUMNS).fill('');
  yield stringify(
    projects.map((project) => [
      ...before,
      names.get(project.id),
      project.color,
      project.position,
      String(Boolean(project.archived)),
      '',
    ]),
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
      (row.project_id !== null && names.get(row.project_id)) || '',
      // The project's own columns are on its row.
      '',
      '',
      '',
      row.parent_id ?? '',
    ]);
    yield stringify(cells);
  }
}
