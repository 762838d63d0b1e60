/**
 * The mock API's todos: every call takes the owner's id first and sees only that owner's todos,
 * as the server's repository does. Deleting moves a todo, with its subtasks, to its owner's trash
 * (mockSubtasks.ts).
 */
import type { TodoAttributes, TodoEntity } from '../../shared/api-types';
import { bulkBodySchema } from '../../shared/bulk-schema';
import { todoCreateDataSchema, todoUpdateDataSchema } from '../../shared/schemas';
import { pageOf, readListQuery, readTrashQuery, type MockListQuery } from './listQuery';
import { notFound, parseBody } from './mockFailure';
import { asData, checkOwner, checkProject, populatedTodo } from './mockTodoRelations';
import type { MockLabels } from './mockLabels';
import type { MockProjects } from './mockProjects';
import { checkParent, meetsRelation, subtreeOf, trashedWith } from './mockSubtasks';
import {
  moveRows,
  openByProject,
  openIds,
  restoreProjectTodos,
  trashProjectTodos,
  type ProjectRow,
} from './mockTodoProjects';

type Row = ProjectRow;

export type NewMockTodo = Pick<TodoAttributes, 'title'> &
  Partial<Omit<TodoAttributes, 'createdAt' | 'updatedAt' | 'project' | 'parent' | 'subtasks'>> & {
    projectId?: number | null;
    parentId?: number | null;
  };

export class MockTodos {
  private rows: Row[] = [];
  private nextId = 1;

  constructor(
    private readonly now: () => string,
    private readonly projects?: MockProjects,
    private readonly labels?: MockLabels,
  ) {}

  /** Adds a todo as a create would, without the checks: tests and the demo data start from these. */
  insert(
    ownerId: number,
    { projectId = null, parentId = null, ...values }: NewMockTodo,
  ): TodoEntity {
    const stamp = this.now();
    const id = this.nextId++;
    const todo: TodoEntity = {
      id,
      attributes: {
        description: null,
        completed: false,
        dueDate: null,
        remindAt: null,
        recurrence: null,
        seriesId: null,
        priority: 0,
        ...values,
        // As the server: a new todo's place in the owner's order is its id unless given.
        position: values.position ?? id,
        createdAt: stamp,
        updatedAt: stamp,
      },
    };
    this.rows.push({ ownerId, todo, deletedAt: null, projectId, parentId });
    return todo;
  }

  /** The owner's todos (not trashed), oldest first: the objects the API answers with. */
  active(ownerId: number): TodoEntity[] {
    return this.rows
      .filter((row) => row.ownerId === ownerId && !row.deletedAt)
      .map((row) => row.todo);
  }

  /** The owner's trash, most recently deleted first. */
  trashed(ownerId: number) {
    return this.rows
      .filter((row) => row.ownerId === ownerId && row.deletedAt)
      .sort((a, b) => (a.deletedAt! < b.deletedAt! ? 1 : a.deletedAt! > b.deletedAt! ? -1 : 0))
      .map(({ todo, deletedAt }) => ({
        ...todo,
        attributes: { ...todo.attributes, deletedAt: deletedAt! },
      }));
  }

  list(ownerId: number, params: URLSearchParams) {
    const query = readListQuery(params);
    const rows = this.rows
      .filter((row) => row.ownerId === ownerId && !row.deletedAt)
      .filter((row) => query.project.every((condition) => meetsRelation(row.projectId, condition)))
      .filter((row) => query.parent.every((condition) => meetsRelation(row.parentId, condition)))
      .filter((row) => this.labels?.meets(row.todo.id, query.labels) ?? !query.labels.length)
      .map((row) => this.populated(row, query.populate))
      .filter((todo) => query.keep(todo.attributes))
      .sort(query.compare);
    return pageOf(rows, query.page, query.pageSize);
  }

  /** The todo with its project, labels, parent and subtasks as `populate` asks for them. */
  private populated(row: Row, populate: MockListQuery['populate']): TodoEntity {
    return populatedTodo(this.rows, row, populate, this.projects, this.labels);
  }

  /** The ids of the owner's open todos (live, not completed), and their number by project. */
  openIds = (ownerId: number) => openIds(this.rows, ownerId);
  openByProject = (ownerId: number) => openByProject(this.rows, ownerId);

  /** A project's delete takes its live todos to the trash, its restore brings back those. */
  trashProject = (ownerId: number, projectId: number, at: string) =>
    trashProjectTodos(this.rows, ownerId, projectId, at);
  restoreProject = (ownerId: number, projectId: number, at: string) =>
    restoreProjectTodos(this.rows, ownerId, projectId, at);

  private projectFor(ownerId: number, project: number | null): number | null {
    return checkProject(this.projects, ownerId, project);
  }

  trashPage(ownerId: number, params: URLSearchParams) {
    const { page, pageSize, populate } = readTrashQuery(params);
    const trashed = this.trashed(ownerId).map((todo) => {
      const row = this.rows.find((candidate) => candidate.todo.id === todo.id)!;
      const { attributes } = this.populated(row, populate);
      return { ...todo, attributes: { ...attributes, ...todo.attributes } };
    });
    return pageOf(trashed, page, pageSize);
  }

  find(ownerId: number, id: number, trashed = false): Row {
    const row = this.rows.find(
      (candidate) =>
        candidate.ownerId === ownerId &&
        candidate.todo.id === id &&
        !candidate.deletedAt === !trashed,
    );
    if (!row) throw notFound();
    return row;
  }

  create(ownerId: number, body: unknown): TodoEntity {
    const { user, project, parent, labels, ...values } = parseBody(
      todoCreateDataSchema,
      asData(body),
      ['data'],
    );
    checkOwner(ownerId, user);
    const parentId = checkParent(this.rows, ownerId, parent ?? null);
    // A subtask lives in its parent's project.
    const parentProject = parentId === null ? undefined : this.find(ownerId, parentId).projectId;
    const projectId = parentProject ?? this.projectFor(ownerId, project ?? null);
    if (labels) this.labels?.check(ownerId, labels); // before anything is written
    const todo = this.insert(ownerId, { ...values, parentId, projectId });
    if (labels) this.labels?.link(ownerId, todo.id, labels);
    return todo;
  }

  /** A change; `completeSubtasks` (`?subtasks=complete`) completes the open subtree with it. */
  update(ownerId: number, id: number, body: unknown, completeSubtasks = false): TodoEntity {
    const { user, project, parent, labels, ...changes } = parseBody(
      todoUpdateDataSchema,
      asData(body),
      ['data'],
    );
    checkOwner(ownerId, user);
    const row = this.find(ownerId, id);
    if (project !== undefined) row.projectId = this.projectFor(ownerId, project);
    if (parent !== undefined) row.parentId = checkParent(this.rows, ownerId, parent);
    if (labels) this.labels?.link(ownerId, id, labels);
    if (completeSubtasks && changes.completed)
      for (const { todo } of subtreeOf(this.rows, row))
        if (!todo.attributes.completed)
          todo.attributes = { ...todo.attributes, completed: true, updatedAt: this.now() };
    const { todo } = row;
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    todo.attributes = { ...todo.attributes, ...Object.fromEntries(defined), updatedAt: this.now() };
    return todo;
  }

  /** Moves a todo to the trash, now or at a given time (demo data and tests date it in the past). */
  remove(ownerId: number, id: number, at = this.now()): TodoEntity {
    const row = this.find(ownerId, id);
    for (const trashed of [row, ...subtreeOf(this.rows, row)]) trashed.deletedAt = at;
    return row.todo;
  }

  /** Brings a todo back with exactly the subtasks trashed with it (the same time). */
  restore(ownerId: number, id: number): TodoEntity {
    const row = this.find(ownerId, id, true);
    for (const restored of trashedWith(this.rows, row)) restored.deletedAt = null;
    row.deletedAt = null;
    // Its parent still in the trash: it comes back as a top-level todo.
    if (!this.rows.some((parent) => parent.todo.id === row.parentId && !parent.deletedAt))
      row.parentId = null;
    if (row.projectId !== null && !this.projects?.find(ownerId, row.projectId))
      row.projectId = null;
    return row.todo;
  }

  /** Brings back every trashed todo of the owner; how many. */
  restoreAll(ownerId: number): number {
    const trashed = this.rows.filter((row) => row.ownerId === ownerId && row.deletedAt);
    for (const row of trashed) row.deletedAt = null;
    return trashed.length;
  }

  emptyTrash(ownerId: number): void {
    this.rows = this.rows.filter((row) => row.ownerId !== ownerId || !row.deletedAt);
  }

  /** One action over several todos, all or none: an id that is not the owner's is a 404. */
  bulk(ownerId: number, body: unknown): number {
    const { action, ids, project, label } = parseBody(bulkBodySchema, body);
    const rows = ids.map((id) => this.find(ownerId, id, action === 'restore'));
    if (label !== undefined) {
      const todoIds = rows.map((row) => row.todo.id);
      const changed = this.labels?.labelMany(ownerId, todoIds, label, action === 'label') ?? [];
      const at = this.now();
      for (const row of rows)
        if (changed.includes(row.todo.id))
          row.todo.attributes = { ...row.todo.attributes, updatedAt: at };
      return changed.length;
    }
    if (project !== undefined) return moveRows(this.rows, rows, this.projectFor(ownerId, project));
    const at = this.now();
    for (const row of rows) {
      if (action === 'delete') this.remove(ownerId, row.todo.id, at);
      else if (action === 'restore')
        for (const each of [row, ...trashedWith(this.rows, row)]) each.deletedAt = null;
      else
        row.todo.attributes = {
          ...row.todo.attributes,
          completed: action === 'complete',
          updatedAt: at,
        };
    }
    return rows.length;
  }
}
