/**
 * The projects an import brings: a file's projects are gathered here while it is read, one
 * entry per name (names compare case-insensitively, as the owner's do), and each todo names its
 * project by that entry's index (`projectRef`). They are made or matched when the import is written
 * (import-batches.ts): a project the owner already has by that name takes the todos and keeps its
 * own colour, order and flag.
 */
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { positionAfter, projectColorField, projectNameField } from '../../shared/project-schemas';
import { titleKey } from '../../shared/title-key';
import type { Database } from '../db/types';
import { DomainError } from '../domain-error';
import { recordEvent } from '../events/journal';
import { fieldError } from '../http/errors';
import { FileNamedRecords } from '../http/file-named-records';

export interface ImportedProject {
  name: string;
  color: string;
  /** Undefined: after the owner's last project. */
  position: number | undefined;
  archived: boolean;
}

const projectSchema = v.object({
  name: projectNameField,
  color: v.optional(projectColorField),
  position: v.optional(v.pipe(v.number(), v.integer(), v.safeInteger())),
  archived: v.optional(v.boolean('archived must be true or false')),
});

/** A file's projects by name, in the order they first appear. */
export class FileProjects extends FileNamedRecords<
  ImportedProject,
  v.InferOutput<typeof projectSchema>
> {
  constructor() {
    super(projectSchema, (message) => fieldError(['project'], message));
  }

  protected entryOf(checked: v.InferOutput<typeof projectSchema>): ImportedProject {
    return {
      name: checked.name,
      color: checked.color ?? '#808080',
      position: checked.position,
      archived: checked.archived ?? false,
    };
  }

  /** JSON's `projects`: each `{ id, name, color, position, archived }`, ids as the todos name them. */
  addJsonProjects(projects: unknown): void {
    this.addDeclared(projects, 'projects', '{ id, name, color, … }', 'Project');
  }

  /** The entry a JSON todo's `project` names (an id of the file's projects, or null/absent for none). */
  refOfFileId(project: unknown): number | undefined {
    if (project === null || project === undefined) return undefined;
    const ref = this.declaredAs(project);
    if (ref === undefined)
      throw fieldError(['project'], `project ${String(project)} is not among the file’s projects`);
    return ref;
  }
}

/**
 * The owner's project id for each of the file's projects, in the import's final transaction: the
 * live project of that name, or a new one (counted against `maxProjects`: 400 past it). New ones
 * without a position go after the owner's last, in file order.
 */
export async function projectIdsFor(
  trx: Kysely<Database>,
  ownerId: number,
  projects: ImportedProject[],
  maxProjects: number,
  now: Date,
): Promise<number[]> {
  if (projects.length === 0) return [];
  const live = await trx
    .selectFrom('projects')
    .select(['id', 'name_key', 'position'])
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
  const byKey = new Map(live.map((project) => [project.name_key, project.id]));
  const missing = projects.filter((project) => !byKey.has(titleKey(project.name)));
  if (live.length + missing.length > maxProjects)
    throw new DomainError('project-limit', { max: maxProjects });
  let last: number | null = live.length > 0 ? Math.max(...live.map((p) => p.position)) : null;
  const stamp = now.toISOString();
  const ids: number[] = [];
  for (const project of projects) {
    const key = titleKey(project.name);
    if (!byKey.has(key)) {
      const created = await trx
        .insertInto('projects')
        .values({
          owner_id: ownerId,
          name: project.name,
          name_key: key,
          color: project.color,
          position: project.position ?? (last = positionAfter(last)),
          archived: project.archived ? 1 : 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      byKey.set(key, created.id);
      await recordEvent(trx, ownerId, 'project.created', created.id);
    }
    ids.push(byKey.get(key)!);
  }
  return ids;
}
