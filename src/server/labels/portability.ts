/**
 * Labels in export and import. An export lists the owner's labels (JSON: `labels`, each todo naming
 * label ids; CSV: a row per label, then each todo's label names in one cell, see labelCell). An
 * import gathers the file's labels while it is read (FileLabels: one entry per name, names compared
 * in any case as the owner's are) and makes or matches them in its final transaction
 * (labelIdsFor): a label the owner already has by that name keeps its own colour.
 */
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { MAX_LABELS_PER_TODO, TOO_MANY_LABELS_MESSAGE } from '../../shared/label-relation';
import { DEFAULT_LABEL_COLOR, labelColorField, labelNameField } from '../../shared/label-schemas';
import { titleKey } from '../../shared/title-key';
import type { Database, LabelRow } from '../db/types';
import { DomainError } from '../domain-error';
import { recordEvent } from '../events/journal';
import { fieldError } from '../http/errors';
import { FileNamedRecords } from '../http/file-named-records';

type Db = Kysely<Database>;

/** The owner's labels in name order (at most MAX_LABELS_PER_USER: one query). */
export const ownerLabels = (db: Db, ownerId: number): Promise<LabelRow[]> =>
  db
    .selectFrom('labels')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();

/** A label as the JSON export lists it; todos name it by this id (`labels`). */
export const exportedLabel = (row: LabelRow) => ({
  id: row.id,
  name: row.name,
  color: row.color,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The CSV's labels cell: names separated by `|`, a `|` or `\` inside a name written `\|` or `\\`,
 * so any name comes back as it was.
 */
export const labelCell = (names: string[]): string =>
  names.map((name) => name.replace(/[\\|]/g, (char) => `\\${char}`)).join('|');

/** The names of a labels cell (see labelCell); blank names are left out. */
export function labelNames(cell: string): string[] {
  const names: string[] = [];
  let name = '';
  for (let i = 0; i < cell.length; i++) {
    const char = cell[i]!;
    if (char === '\\' && i + 1 < cell.length) name += cell[++i];
    else if (char === '|') {
      names.push(name);
      name = '';
    } else name += char;
  }
  names.push(name);
  return names.map((each) => each.trim()).filter(Boolean);
}

export interface ImportedLabel {
  name: string;
  color: string;
}

const labelSchema = v.object({
  name: labelNameField,
  color: v.optional(labelColorField),
});

/** A file's labels by name, in the order they first appear. */
export class FileLabels extends FileNamedRecords<ImportedLabel, v.InferOutput<typeof labelSchema>> {
  constructor() {
    super(labelSchema, (message) => fieldError(['labels'], `labels: ${message}`));
  }

  protected entryOf(checked: v.InferOutput<typeof labelSchema>): ImportedLabel {
    return { name: checked.name, color: checked.color ?? DEFAULT_LABEL_COLOR };
  }

  /** The entries of a todo's label names (CSV, Todoist), at most MAX_LABELS_PER_TODO. */
  refsOfNames(names: string[]): number[] {
    const refs = [...new Set(names.map((name) => this.add({ name }, undefined, false)))];
    if (refs.length > MAX_LABELS_PER_TODO) throw fieldError(['labels'], TOO_MANY_LABELS_MESSAGE);
    return refs;
  }

  /** JSON's `labels`: each `{ id, name, color }`, ids as the todos name them. */
  addJsonLabels(labels: unknown): void {
    this.addDeclared(labels, 'labels', '{ id, name, color }', 'Label');
  }

  /** The entries a JSON todo's `labels` names (ids of the file's labels; absent or null: none). */
  refsOfFileIds(labels: unknown): number[] {
    if (labels === null || labels === undefined) return [];
    if (!Array.isArray(labels)) throw fieldError(['labels'], 'labels must be a list of label ids');
    const refs = labels.map((id: unknown) => {
      const ref = this.declaredAs(id);
      if (ref === undefined)
        throw fieldError(['labels'], `label ${String(id)} is not among the file’s labels`);
      return ref;
    });
    if (new Set(refs).size > MAX_LABELS_PER_TODO)
      throw fieldError(['labels'], TOO_MANY_LABELS_MESSAGE);
    return [...new Set(refs)];
  }
}

/**
 * The owner's label id for each of the file's labels, in the import's final transaction: the label
 * of that name (any case), or a new one (counted against `maxLabels`: 400 past it).
 */
export async function labelIdsFor(
  trx: Db,
  ownerId: number,
  labels: ImportedLabel[],
  maxLabels: number,
  now: Date,
): Promise<number[]> {
  if (labels.length === 0) return [];
  const own = await trx
    .selectFrom('labels')
    .select(['id', 'name_key'])
    .where('owner_id', '=', ownerId)
    .execute();
  const byKey = new Map(own.map((label) => [label.name_key, label.id]));
  const missing = labels.filter((label) => !byKey.has(titleKey(label.name)));
  if (own.length + missing.length > maxLabels)
    throw new DomainError('label-limit', { max: maxLabels });
  const stamp = now.toISOString();
  const ids: number[] = [];
  for (const label of labels) {
    const key = titleKey(label.name);
    if (!byKey.has(key)) {
      const created = await trx
        .insertInto('labels')
        .values({
          owner_id: ownerId,
          name: label.name,
          name_key: key,
          color: label.color,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      byKey.set(key, created.id);
      await recordEvent(trx, ownerId, 'label.created', created.id);
    }
    ids.push(byKey.get(key)!);
  }
  return ids;
}
