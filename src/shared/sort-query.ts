/**
 * Strapi's sort parameter as qs parses it (`sort=a:asc,b:desc`, `sort[0]=a:asc`), read into typed
 * keys for a list's own fields: the todo list's and the project list's sorts are one schema.
 */
import * as v from 'valibot';
import { isRecord } from './qs-object';
import type { SortDirection } from './list-request';

export interface SortKeyOf<F extends string> {
  field: F;
  direction: SortDirection;
}

/** sort=a:asc,b:desc, sort[0]=a:asc, or qs's object form of a long sort[] list, as its parts. */
const sortParts = (fields: readonly string[], example: string) =>
  v.pipe(
    v.union(
      [
        v.string(),
        v.array(v.string()),
        v.pipe(
          v.custom<Record<string, string>>(
            (raw) =>
              isRecord(raw) &&
              Object.entries(raw).every(
                ([key, part]) => /^\d+$/.test(key) && typeof part === 'string',
              ),
          ),
          v.transform((indexed) => Object.values(indexed)),
        ),
      ],
      `sort must look like sort=${fields.includes('title') ? 'title' : fields[0]}:asc or sort[0]=${fields.includes('title') ? 'title' : fields[0]}:asc`,
    ),
    v.description(`field:asc|desc, comma-separated or sort[0]=…; fields ${fields.join(', ')}`),
    v.examples([example]),
    v.transform((raw) =>
      (typeof raw === 'string' ? [raw] : raw).flatMap((part) => part.split(',')),
    ),
  );

/** Each part "field" or "field:direction" of `fields`; a field named twice counts once, the first time. */
export const sortSchemaOf = <F extends string>(fields: readonly F[], example: `${F}:asc`) => {
  const isField = (field: string): field is F => (fields as readonly string[]).includes(field);
  return v.pipe(
    sortParts(fields, example),
    v.rawTransform(({ dataset, addIssue }) => {
      const keys: SortKeyOf<F>[] = [];
      for (const part of dataset.value) {
        const [field = '', direction = 'asc', ...rest] = part.trim().split(':');
        const normalised = direction.toLowerCase();
        if (!isField(field))
          addIssue({ message: `Cannot sort by "${field}" (use ${fields.join(', ')})` });
        else if (rest.length > 0 || (normalised !== 'asc' && normalised !== 'desc'))
          addIssue({ message: `Sort direction of "${field}" must be asc or desc` });
        else if (!keys.some((key) => key.field === field))
          keys.push({ field, direction: normalised });
      }
      return keys;
    }),
  );
};
