/** Pieces for schemas of Strapi's bracket query as qs parses it (`a[b][c]=x` → `{ a: { b: { c: 'x' } } }`). */
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
