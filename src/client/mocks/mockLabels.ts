/**
 * The mock API's labels and the todos they are on: every call takes the owner's id first and sees
 * only that owner's labels, as the server's repository does. Names are unique per owner whatever
 * their case; a delete takes the label off its todos (trashed ones too), which stay.
 */
import qs from 'qs';
import * as v from 'valibot';
import type { LabelEntity } from '../../shared/api-types';
import type { LabelCondition, LabelsChange } from '../../shared/label-relation';
import {
  labelCreateDataSchema,
  labelListQuerySchema,
  labelUpdateDataSchema,
} from '../../shared/label-schemas';
import { pageOf } from './listQuery';
import { MockFailure, notFound, parseBody } from './mockFailure';

interface Row {
  ownerId: number;
  label: LabelEntity;
}

const asData = (body: unknown) => (body as { data?: unknown } | null)?.data;
const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
const invalid = (path: string, message: string) =>
  new MockFailure(400, 'ValidationError', message, [{ path: [path], message, name: 'ValidationError' }]); // prettier-ignore

export class MockLabels {
  private rows: Row[] = [];
  private nextId = 1;
  /** Each todo's label ids. */
  private links = new Map<number, Set<number>>();

  constructor(private readonly now: () => string) {}

  /** The owner's labels in name order (any case), then id. */
  all(ownerId: number): LabelEntity[] {
    return this.rows
      .filter((row) => row.ownerId === ownerId)
      .map((row) => row.label)
      .sort((a, b) => a.attributes.name.toLocaleLowerCase().localeCompare(b.attributes.name.toLocaleLowerCase()) || a.id - b.id); // prettier-ignore
  }

  private find(ownerId: number, id: number): Row {
    const row = this.rows.find((row) => row.ownerId === ownerId && row.label.id === id);
    if (!row) throw notFound();
    return row;
  }

  list(ownerId: number, params: URLSearchParams) {
    const result = v.safeParse(labelListQuerySchema, qs.parse(params.toString()));
    if (!result.success) throw new MockFailure(400, 'ValidationError', result.issues[0].message);
    const { pagination, nameEquals } = result.output;
    const rows = this.all(ownerId).filter((label) =>
      nameEquals.every((name) => sameName(label.attributes.name, name)),
    );
    return pagination.kind === 'page'
      ? pageOf(rows, pagination.page, pagination.pageSize)
      : pageOf(rows, 1, rows.length || 1);
  }

  /** Adds a label as a create would, without the body checks (tests start from these). */
  insert(ownerId: number, { name, color = '#808080' }: { name: string; color?: string }) {
    this.checkName(ownerId, name);
    const stamp = this.now();
    const label = { id: this.nextId++, attributes: { name, color, createdAt: stamp, updatedAt: stamp } }; // prettier-ignore
    this.rows.push({ ownerId, label });
    return label;
  }

  create(ownerId: number, body: unknown): LabelEntity {
    return this.insert(ownerId, parseBody(labelCreateDataSchema, asData(body), ['data']));
  }

  update(ownerId: number, id: number, body: unknown): LabelEntity {
    const changes = parseBody(labelUpdateDataSchema, asData(body), ['data']);
    const row = this.find(ownerId, id);
    if (changes.name !== undefined) this.checkName(ownerId, changes.name, id);
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    row.label.attributes = { ...row.label.attributes, ...Object.fromEntries(defined), updatedAt: this.now() }; // prettier-ignore
    return row.label;
  }

  /** Deletes the label for good and takes it off every todo: `todos` is how many it was on. */
  remove(ownerId: number, id: number) {
    const { label } = this.find(ownerId, id);
    this.rows = this.rows.filter((row) => row.label !== label);
    let todos = 0;
    for (const ids of this.links.values()) if (ids.delete(id)) todos += 1;
    return { data: label, meta: { todos } };
  }

  /** A label a write names that is not the owner's is the server's 400. */
  check(ownerId: number, change: LabelsChange) {
    const named = 'set' in change ? change.set : change.connect;
    const missing = named.find((id) => !this.rows.some((row) => row.ownerId === ownerId && row.label.id === id)); // prettier-ignore
    if (missing !== undefined) throw invalid('labels', `label ${missing} does not exist`);
  }

  /** Applies a write's `data.labels` to a todo (checked first). */
  link(ownerId: number, todoId: number, change: LabelsChange) {
    this.check(ownerId, change);
    const named = 'set' in change ? change.set : change.connect;
    const ids = 'set' in change ? new Set<number>() : new Set(this.links.get(todoId));
    if (!('set' in change)) change.disconnect.forEach((id) => ids.delete(id));
    named.forEach((id) => ids.add(id));
    this.links.set(todoId, ids);
  }

  /**
   * Puts one label on todos (`on`) or takes it off them, as the bulk `label` and `unlabel` do: the
   * ids of those changed (one that had it already, or lacked it, is left as it was).
   */
  labelMany(ownerId: number, todoIds: number[], labelId: number, on: boolean): number[] {
    this.check(ownerId, { set: [labelId] });
    const changed: number[] = [];
    for (const todoId of todoIds) {
      const ids = new Set(this.links.get(todoId));
      if (ids.has(labelId) === on) continue;
      if (on) ids.add(labelId);
      else ids.delete(labelId);
      this.links.set(todoId, ids);
      changed.push(todoId);
    }
    return changed;
  }

  idsOf(todoId: number): number[] {
    return [...(this.links.get(todoId) ?? [])];
  }

  /** Whether a todo meets every label condition of a list query (the mock reads ids only). */
  meets(todoId: number, conditions: LabelCondition[]): boolean {
    const ids = this.idsOf(todoId);
    return conditions.every((condition) =>
      condition.kind === 'id'
        ? condition.ids.some((id) => ids.includes(id))
        : condition.kind === 'none'
          ? ids.length === 0
          : condition.kind === 'any' && ids.length > 0,
    );
  }

  /** The todo's labels as `populate=labels` gives them, in name order. */
  relation(ownerId: number, todoId: number) {
    const ids = this.idsOf(todoId);
    return { data: this.all(ownerId).filter((label) => ids.includes(label.id)) };
  }

  /** Each label of the owner with its open todos, in name order (GET /todos/counts). */
  openCounts(ownerId: number, openTodoIds: number[]) {
    return this.all(ownerId).map(({ id }) => ({
      id,
      open: openTodoIds.filter((todo) => this.links.get(todo)?.has(id)).length,
    }));
  }

  private checkName(ownerId: number, name: string, id?: number) {
    if (this.all(ownerId).some((label) => label.id !== id && sameName(label.attributes.name, name)))
      throw invalid('name', `A label named "${name}" already exists`);
  }
}
