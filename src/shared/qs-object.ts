/**
 * Pieces for schemas of Strapi's bracket query as qs parses it (`a[b][c]=x` → `{ a: { b: { c: 'x' } } }`),
 * and the reverse: a nested object written as bracket parameters for a request.
 */
import * as v from 'valibot';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object of known keys: an unknown key is named by `unknownKey(key)`, anything but an object
 * by `notObject`, each at its own path.
 */
export const bracketObject = <TEntries extends v.ObjectEntries>(
  entries: TEntries,
  unknownKey: (key: string) => string,
  notObject: string,
) =>
  v.strictObject(entries, (issue: v.StrictObjectIssue) =>
    issue.expected === 'never' ? unknownKey(issue.received.replace(/^"|"$/g, '')) : notObject,
  );

/** A `filters[field]=x` written without its operator, read as `filters[field][$eq]=x` (as Strapi does). */
export const asEqualsOperator = v.transform((raw: unknown) => (isRecord(raw) ? raw : { $eq: raw }));

/** 'true' or 'false', as a query string writes booleans. */
export const queryBoolean = (message: string) =>
  v.pipe(
    v.picklist(['true', 'false'], message),
    v.transform((text) => text === 'true'),
  );

type BracketValue = string | number | boolean | undefined | BracketObject;
interface BracketObject {
  [key: string]: BracketValue;
}

/** `{ a: { b: 1 } }` → `a[b]=1`, in key order; undefined values are left out. */
export function bracketParams(object: BracketObject, params = new URLSearchParams(), prefix = '') {
  for (const [key, value] of Object.entries(object)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined) continue;
    if (typeof value === 'object') bracketParams(value, params, name);
    else params.append(name, String(value));
  }
  return params;
}
