/**
 * Reads an import (our JSON export, our CSV or Todoist's CSV) into todos checked by the create's
 * rules. One bad row refuses the whole file, naming the row: rows count from 1, a CSV header aside.
 * A file is read and checked a slice of rows at a time, giving the event loop back in between, so
 * other requests are answered while a 5 MB file is read.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import * as v from 'valibot';
import { RECURRENCE_NEEDS_DUE_DATE, todoCreateEntries } from '../../shared/schemas';
import { DomainError } from '../domain-error';
import { ApiError, fieldError } from '../http/errors';
import { isRecord } from '../../shared/qs-object';
import { parseWith } from '../http/validate';
import { unneutralised } from './export';
import { FileLabels, labelNames, type ImportedLabel } from '../labels';
import { FileProjects, type ImportedProject } from './import-projects';
import { FileParents } from './import-subtasks';
import { todoistReader } from './import-todoist';
import type { ImportedTodo } from './todo-rows';

/**
 * The fields a file gives for one todo, or for a project (`kind: 'project'`, a CSV row declaring
 * one) or a Todoist section (`kind: 'section'`); undefined for a row to skip (a Todoist note).
 */
type RawRow = Record<string, unknown> | undefined;
/** A row declaring a project or labels rather than a todo. */
const isProjectRow = (row: RawRow) => row?.kind === 'project' || row?.kind === 'label';
/** A todo's row: not a project's, a label's or a Todoist section's. */
const isTodoRow = (row: RawRow): row is Record<string, unknown> =>
  row !== undefined && row.kind === undefined;

/** Rows read or checked between two turns of the event loop: a few milliseconds of work. */
const SLICE = 100;
/** Characters of CSV the parser is given at once: it parses what it is given before it stops. */
const PIECE = 16 * 1024;

/** The create's rules; a row's other fields (an id, an owner) are ignored rather than refused. */
const rowSchema = v.object(todoCreateEntries);

/** An ISO date as stored (UTC); anything else is the time of the import. */
const dateOr = (value: unknown, now: string): string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))
    ? new Date(value).toISOString()
    : now;

function jsonRows(body: unknown): RawRow[] {
  const todos = isRecord(body) ? body.todos : undefined;
  if (!Array.isArray(todos))
    throw fieldError(
      ['todos'],
      'The file must be a Ticklist export ({ "todos": [...] }) or a CSV file',
    );
  return todos.map((todo: unknown) => (isRecord(todo) ? todo : {}));
}

/** "true" or "false" in any case (spreadsheets write TRUE); an empty cell is the create's default. */
const flag = (cell = ''): unknown => {
  const value = cell.trim().toLowerCase();
  return value === 'true' || value === 'false' ? value === 'true' : value || undefined;
};

/** A whole number as written in a cell ("2"); an empty cell is the create's default, anything else is checked as given. */
const integer = (cell = ''): unknown => {
  const value = cell.trim();
  return /^-?\d+$/.test(value) ? Number(value) : value || undefined;
};

/** The CSV text in pieces, never cutting a surrogate pair in two. */
function* pieces(csv: string): Generator<string> {
  for (let start = 0; start < csv.length;) {
    let end = Math.min(start + PIECE, csv.length);
    if (end < csv.length && /[\uD800-\uDBFF]/.test(csv[end - 1]!)) end += 1;
    yield csv.slice(start, end);
    start = end;
  }
}

/** What each record of a CSV file holds, read from its header row. */
function rowReader(header: string[]): (record: string[]) => RawRow {
  const names = header.map((name) => name.trim().toLowerCase());
  // A column the file lacks reads as undefined (index -1).
  const cell = (record: string[], name: string) => record[names.indexOf(name)];
  if (names.includes('type') && names.includes('content')) return todoistReader(cell);
  if (!names.includes('title'))
    throw fieldError(
      [],
      'The CSV file needs a title column, or TYPE and CONTENT as Todoist’s have',
    );
  const text = (record: string[], name: string) => unneutralised(cell(record, name) ?? '');
  return (record) =>
    // A row with a project but no title declares the project, one with labels only declares
    // labels (export.ts writes a row per project and per label).
    text(record, 'title') === '' && text(record, 'project') !== ''
      ? {
          kind: 'project',
          name: text(record, 'project'),
          color: cell(record, 'projectcolor') || undefined,
          position: integer(cell(record, 'projectposition')),
          archived: flag(cell(record, 'projectarchived')),
        }
      : text(record, 'title') === '' && text(record, 'labels') !== ''
        ? {
            kind: 'label',
            names: labelNames(text(record, 'labels')),
            color: cell(record, 'labelcolor') || undefined,
          }
        : {
            title: text(record, 'title'),
            description: text(record, 'description') || null,
            completed: flag(cell(record, 'completed')),
            dueDate: cell(record, 'duedate') || null,
            remindAt: cell(record, 'remindat') || null,
            recurrence: cell(record, 'recurrence') || null,
            seriesId: cell(record, 'seriesid') || undefined,
            priority: integer(cell(record, 'priority')),
            position: integer(cell(record, 'position')),
            createdAt: cell(record, 'createdat'),
            updatedAt: cell(record, 'updatedat'),
            projectName: text(record, 'project') || undefined,
            labelNames: labelNames(text(record, 'labels')),
            id: cell(record, 'id'),
            parent: cell(record, 'parent') || undefined,
          };
}

/** The rows of a CSV file, parsed as a stream; more todos than `maxTodos` stop the reading with 403. */
async function csvRows(csv: string, maxTodos: number): Promise<RawRow[]> {
  const rows: RawRow[] = [];
  let read: ((record: string[]) => RawRow) | undefined;
  let todos = 0;
  const records = Readable.from(pieces(csv)).pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true }),
  );
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      if (!read) {
        read = rowReader(record);
        continue;
      }
      const row = read(record);
      rows.push(row);
      if (isTodoRow(row) && ++todos > maxTodos) throw new DomainError('todo-limit');
      if (rows.length % SLICE === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof ApiError || error instanceof DomainError) throw error;
    throw fieldError([], `The CSV file cannot be read: ${(error as Error).message}`);
  } finally {
    records.destroy();
  }
  // An empty file has no header: it is refused as one without a title column.
  if (!read) rowReader([]);
  return rows;
}

/**
 * The todos, projects and labels a file holds: a string body is CSV, anything else the JSON export.
 * `defaultProject` (?project=, e.g. a Todoist file's name) takes the todos that name no project.
 */
export async function readImport(
  body: unknown,
  maxTodos: number,
  now = new Date().toISOString(),
  defaultProject?: string,
): Promise<{ todos: ImportedTodo[]; projects: ImportedProject[]; labels: ImportedLabel[] }> {
  const csv = typeof body === 'string';
  const rows = csv ? await csvRows(body, maxTodos) : jsonRows(body);
  // A file of more todos than the limit allows is refused before its rows are checked.
  if (rows.filter(isTodoRow).length > maxTodos) throw new DomainError('todo-limit');
  const projects = new FileProjects();
  const parents = new FileParents();
  const labels = new FileLabels();
  if (!csv) {
    projects.addJsonProjects((body as Record<string, unknown>).projects);
    labels.addJsonLabels((body as Record<string, unknown>).labels);
  }
  const todos: ImportedTodo[] = [];
  for (const [index, row] of rows.entries()) {
    if (index % SLICE === SLICE - 1) await nextTurn();
    const where = `Row ${index + 1}`;
    if (row?.kind === 'label')
      for (const name of row.names as string[]) labels.add({ name, color: row.color }, where, true);
    else if (isProjectRow(row)) projects.add(row!, where, true);
    else if (row?.kind === 'section') parents.section();
    else if (row) {
      parents.add(row, todos.length, where);
      const todo = checkedRow(row, index, now, () => ({
        projectRef: csv
          ? row.projectName === undefined
            ? undefined
            : projects.add({ name: row.projectName }, undefined, false)
          : projects.refOfFileId(row.project),
        labelRefs: csv
          ? labels.refsOfNames((row.labelNames as string[] | undefined) ?? [])
          : labels.refsOfFileIds(row.labels),
      }));
      const projectRef =
        todo.projectRef ??
        (defaultProject === undefined
          ? undefined
          : projects.add({ name: defaultProject }, 'project', false));
      todos.push({ ...todo, projectRef });
    }
  }
  return { todos: parents.resolve(todos), projects: projects.list, labels: labels.list };
}

/** One row as a todo by the create's rules (its project's and labels' entries from `refs`), or a 400 naming the row. */
function checkedRow(
  row: Record<string, unknown>,
  index: number,
  now: string,
  refs: () => { projectRef: number | undefined; labelRefs: number[] },
): ImportedTodo {
  try {
    const { user: _user, ...todo } = parseWith(rowSchema, {
      title: row.title,
      description: row.description,
      completed: row.completed,
      dueDate: row.dueDate ?? null,
      remindAt: row.remindAt ?? null,
      recurrence: row.recurrence ?? null,
      priority: row.priority,
      position: row.position,
    });
    if (todo.recurrence && !todo.dueDate)
      throw fieldError(['recurrence'], RECURRENCE_NEEDS_DUE_DATE);
    const seriesKey =
      typeof row.seriesId === 'string' && row.seriesId !== '' ? row.seriesId : undefined;
    return {
      ...todo,
      project: undefined,
      labels: undefined,
      ...refs(),
      seriesKey,
      createdAt: dateOr(row.createdAt, now),
      updatedAt: dateOr(row.updatedAt, now),
    };
  } catch (error) {
    const issue = error instanceof ApiError ? error.details.errors?.[0] : undefined;
    if (!issue) throw error;
    throw fieldError([String(index + 1), ...issue.path], `Row ${index + 1}: ${issue.message}`);
  }
}
