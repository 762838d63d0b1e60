/**
 * An account's export as JSON or CSV, made a batch of todos at a time: the answer streams, so even
 * 100,000 todos cost the server one batch of memory. Trashed todos and projects are never exported.
 * Projects and labels come first: in JSON `projects` and `labels` lists whose ids the todos'
 * `project` and `labels` name; in CSV a row per project (its title empty, the project columns
 * filled) and a row per label (title and project empty, the label columns filled), then each todo
 * names its project and its labels. A subtask names its parent by the parent's id in the file
 * (`parent`, in JSON and CSV alike).
 */
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Database, ProjectRow, TodoRow, UserRow } from '../db/types';
import { exportedLabel, labelCell, labelsOfTodos, ownerLabels } from '../labels';
import { toFlatTodo } from './present';

type Db = Kysely<Database>;

const BATCH = 1000;

/** The label ids of each todo of a batch, in name order: one query a batch. */
async function labelIdsOf(db: Db, ownerId: number, rows: TodoRow[]) {
  const labels = await labelsOfTodos(
    db,
    ownerId,
    rows.map((row) => row.id),
  );
  return (id: number) => (labels.get(id) ?? []).map((label) => label.id);
}

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
  const labels = (await ownerLabels(db, user.id)).map(exportedLabel);
  yield `{"user":${JSON.stringify({ id: user.id, username: user.username, email: user.email, createdAt: user.created_at })},"projects":${JSON.stringify(projects)},"labels":${JSON.stringify(labels)},"todos":[`;
  let separator = '';
  for await (const rows of liveTodoBatches(db, user.id)) {
    const labelsOf = await labelIdsOf(db, user.id, rows);
    const todos = rows.map((row) =>
      JSON.stringify({
        ...toFlatTodo(row),
        project: row.project_id,
        labels: labelsOf(row.id),
        parent: row.parent_id,
      }),
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

/** The CSV's project columns, after the todo's own TODO_COLUMNS; then the label columns and `parent`. */
export const PROJECT_COLUMNS = ['project', 'projectColor', 'projectPosition', 'projectArchived'];
export const LABEL_COLUMNS = ['labels', 'labelColor'];
const TODO_COLUMNS = 12;

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
        'position',
        ...PROJECT_COLUMNS,
        ...LABEL_COLUMNS,
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
      '',
      '',
    ]),
  );
  // A row per label, its title and project empty; then each todo names its labels in one cell.
  const labels = await ownerLabels(db, ownerId);
  const noProject = Array<string>(PROJECT_COLUMNS.length).fill('');
  yield stringify(
    labels.map((label) => [
      ...before,
      ...noProject,
      neutralised(labelCell([label.name])),
      label.color,
      '',
    ]),
  );
  const labelNames = new Map(labels.map((label) => [label.id, label.name]));
  for await (const rows of liveTodoBatches(db, ownerId)) {
    const labelsOf = await labelIdsOf(db, ownerId, rows);
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
      row.position,
      (row.project_id !== null && names.get(row.project_id)) || '',
      // The project's own columns are on its row, and so are the labels'.
      '',
      '',
      '',
      neutralised(labelCell(labelsOf(row.id).map((id) => labelNames.get(id)!))),
      '',
      row.parent_id ?? '',
    ]);
    yield stringify(cells);
  }
}
