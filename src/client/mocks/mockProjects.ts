/**
 * The mock API's projects: every call takes the owner's id first and sees only that owner's
 * projects, as the server's repository does. A delete sends a project to the trash (its todos go
 * with it: MockBackend ties the two); names are unique per owner whatever their case.
 */
import qs from 'qs';
import * as v from 'valibot';
import type { ProjectEntity } from '../../shared/api-types';
import type { ProjectCondition } from '../../shared/project-relation';
import {
  positionAfter,
  projectCreateDataSchema,
  projectListQuerySchema,
  projectUpdateDataSchema,
} from '../../shared/project-schemas';
import { pageOf } from './listQuery';
import { MockFailure, notFound, parseBody } from './mockFailure';

interface Row {
  ownerId: number;
  project: ProjectEntity;
  deletedAt: string | null;
}

/** Whether a todo in `projectId` (null: the Inbox) meets a list's project condition. */
export const meetsProject = (projectId: number | null, condition: ProjectCondition) =>
  condition.op === 'is'
    ? projectId === null
    : condition.op === 'is not'
      ? projectId !== null
      : condition.op === '='
        ? projectId === condition.value
        : projectId !== null && (condition.value ?? []).includes(projectId);

const asData = (body: unknown) => (body as { data?: unknown } | null)?.data;

export class MockProjects {
  private rows: Row[] = [];
  private nextId = 1;

  constructor(private readonly now: () => string) {}

  /** The owner's live projects in their order (position, then id). */
  live(ownerId: number): ProjectEntity[] {
    return this.rows
      .filter((row) => row.ownerId === ownerId && !row.deletedAt)
      .map((row) => row.project)
      .sort((a, b) => a.attributes.position - b.attributes.position || a.id - b.id);
  }

  /** The owner's live project of this id, if any. */
  find(ownerId: number, id: number, trashed = false): Row | undefined {
    return this.rows.find(
      (row) => row.ownerId === ownerId && row.project.id === id && !row.deletedAt === !trashed,
    );
  }

  list(ownerId: number, params: URLSearchParams) {
    const result = v.safeParse(projectListQuerySchema, qs.parse(params.toString()));
    if (!result.success) throw new MockFailure(400, 'ValidationError', result.issues[0].message);
    const { pagination, archived, nameEquals } = result.output;
    const rows = this.live(ownerId).filter(
      (project) =>
        (archived === undefined || project.attributes.archived === archived) &&
        nameEquals.every((name) => sameName(project.attributes.name, name)),
    );
    return pagination.kind === 'page'
      ? pageOf(rows, pagination.page, pagination.pageSize)
      : pageOf(rows, 1, rows.length || 1);
  }

  /** Adds a project as a create would, without the body checks (tests start from these). */
  insert(
    ownerId: number,
    values: { name: string; color?: string; archived?: boolean; position?: number },
  ) {
    this.checkName(ownerId, values.name);
    const stamp = this.now();
    const last = this.live(ownerId).at(-1)?.attributes.position;
    const project: ProjectEntity = {
      id: this.nextId++,
      attributes: {
        name: values.name,
        color: values.color ?? '#808080',
        position: values.position ?? positionAfter(last),
        archived: values.archived ?? false,
        createdAt: stamp,
        updatedAt: stamp,
      },
    };
    this.rows.push({ ownerId, project, deletedAt: null });
    return project;
  }

  create(ownerId: number, body: unknown): ProjectEntity {
    return this.insert(ownerId, parseBody(projectCreateDataSchema, asData(body), ['data']));
  }

  update(ownerId: number, id: number, body: unknown): ProjectEntity {
    const changes = parseBody(projectUpdateDataSchema, asData(body), ['data']);
    const row = this.find(ownerId, id);
    if (!row) throw notFound();
    if (changes.name !== undefined) this.checkName(ownerId, changes.name, id);
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    row.project.attributes = {
      ...row.project.attributes,
      ...Object.fromEntries(defined),
      updatedAt: this.now(),
    };
    return row.project;
  }

  /** Sends the project to the trash; its deletedAt is what ties the todos trashed with it. */
  remove(ownerId: number, id: number): { project: ProjectEntity; deletedAt: string } {
    const row = this.find(ownerId, id);
    if (!row) throw notFound();
    row.deletedAt = this.now();
    return { project: row.project, deletedAt: row.deletedAt };
  }

  restore(ownerId: number, id: number): { project: ProjectEntity; deletedAt: string } {
    const row = this.find(ownerId, id, true);
    if (!row) throw notFound();
    this.checkName(ownerId, row.project.attributes.name, id);
    const deletedAt = row.deletedAt!;
    row.deletedAt = null;
    return { project: row.project, deletedAt };
  }

  private checkName(ownerId: number, name: string, id?: number) {
    const taken = this.live(ownerId).some(
      (project) => project.id !== id && sameName(project.attributes.name, name),
    );
    if (taken) {
      const message = `A project named "${name}" already exists`;
      throw new MockFailure(400, 'ValidationError', message, [
        { path: ['name'], message, name: 'ValidationError' },
      ]);
    }
  }
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
