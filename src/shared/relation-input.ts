/**
 * How a write's body names a related record, in Strapi v4's forms: `3`, `{ id: 3 }`, or
 * `{ connect: [...] }`, `{ set: [...] }`, `{ disconnect: [...] }`. A todo's project and its parent
 * are single relations read by singleRelationField; its labels (many) by label-relation.ts.
 */
import * as v from 'valibot';
import { isId } from './ids';
import { isRecord } from './qs-object';

/** An id as Strapi clients name one in a relation: 3 or { id: 3 } (a connect's `position` is ignored). */
export const idOf = (value: unknown): unknown =>
  isRecord(value) && 'id' in value ? value.id : value;

/** The record a body names: an id, null (none), or undefined when the form is not understood. */
function namedRecord(raw: unknown): number | null | undefined {
  if (raw === null || isId(raw)) return raw;
  if (!isRecord(raw)) return undefined;
  const keys = Object.keys(raw);
  const list = (key: string) => (Array.isArray(raw[key]) ? (raw[key] as unknown[]) : undefined);
  if (keys.length === 1 && keys[0] === 'id') return isId(raw.id) ? raw.id : undefined;
  if (!keys.every((key) => ['connect', 'set', 'disconnect'].includes(key))) return undefined;
  const connect = list('connect') ?? list('set');
  if (connect && connect.length > 1) return undefined;
  if (connect?.length === 1)
    return isId(idOf(connect[0])) ? (idOf(connect[0]) as number) : undefined;
  // { set: [] } or { disconnect: [id] }: none from now on.
  if (connect || list('disconnect')?.every((item) => isId(idOf(item)))) return null;
  return undefined;
}

/** A body field naming one related record: its id, or null for none; `message` when unreadable. */
/* @__NO_SIDE_EFFECTS__ */
export function singleRelationField(description: string, message: string) {
  return v.pipe(
    v.unknown(),
    v.description(description),
    v.check((raw) => namedRecord(raw) !== undefined, message),
    v.transform((raw) => namedRecord(raw) as number | null),
  );
}
