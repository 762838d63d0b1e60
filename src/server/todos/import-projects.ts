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
import { isRecord } from '../../shared/qs-object';
import type { Database } from '../db/types';
import { DomainError } from '../domain-error';
import { recordEvent } from '../events/journal';
import { fieldError } from '../http/errors';
import { parseWith } from '../http/validate';

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
export class FileProjects {
  readonly list: ImportedProject[] = [];
  private readonly byKey = new Map<string, number>();
  /** JSON's project ids (the exporting account's), by the entry they name. */
  private readonly byFileId = new Map<unknown, number>();

  /**
   * The entry of a project named by a row (`where` names it in an error, e.g. "Row 3" or "Project
   * 2"; undefined: the caller names the row); a declaration's attributes replace what an earlier
   * mention assumed.
   */
  add(raw: Record<string, unknown>, where: string | undefined, declared: boolean): number {
    let checked: v.InferOutput<typeof projectSchema>;
    try {
      checked = parseWith(projectSchema, raw);
    } catch (error) {
      const issue = (error as { details?: { errors?: { message: string }[] } }).details
        ?.errors?.[0];
      if (!issue) throw error;
      throw where
        ? fieldError([], `${where}: ${issue.message}`)
        : fieldError(['project'], issue.message);
    }
    const key = titleKey(checked.name);
    const known = this.byKey.get(key);
    const project = {
      name: checked.name,
      color: checked.color ?? '#808080',
      position: checked.position,
      archived: checked.archived ?? false,
    };
    if (known === undefined) {
      this.byKey.set(key, this.list.length);
      this.list.push(project);
      return this.list.length - 1;
    }
    if (declared) this.list[known] = project;
    return known;
  }

  /** JSON's `projects`: each `{ id, name, color, position, archived }`, ids as the todos name them. */
  addJsonProjects(projects: unknown): void {
    if (projects === undefined) return;
    if (!Array.isArray(projects))
      throw fieldError(['projects'], 'projects must be a list of { id, name, color, … }');
    for (const [index, project] of projects.entries()) {
      const raw = isRecord(project) ? project : {};
      this.byFileId.set(raw.id, this.add(raw, `Project ${index + 1}`, true));
    }
  }

  /** The entry a JSON todo's `project` names (an id of the file's projects, or null/absent for none). */
  refOfFileId(project: unknown): number | undefined {
    if (project === null || project === undefined) return undefined;
    const ref = this.byFileId.get(project);
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
