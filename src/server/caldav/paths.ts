/**
 * The DAV tree: /dav/ (root), /dav/principals/<username>/, /dav/calendars/<username>/ (the
 * calendar home), /dav/calendars/<username>/inbox/ and …/project-<id>/ (a calendar per
 * collection) and …/<name> (a todo). Hrefs are written as absolute paths.
 */
import { DavError } from './errors';

export const DAV_ROOT = '/dav/';

export type DavPath =
  | { kind: 'root' }
  | { kind: 'principal'; user: string }
  | { kind: 'home'; user: string }
  | { kind: 'collection'; user: string; collection: number }
  | { kind: 'object'; user: string; collection: number; name: string };

/** The collection's id (0: the Inbox) from its path segment; undefined when it names none. */
export function collectionOf(segment: string): number | undefined {
  if (segment === 'inbox') return 0;
  const match = /^project-([1-9]\d{0,9})$/.exec(segment);
  return match ? Number(match[1]) : undefined;
}

export const collectionSegment = (collection: number) =>
  collection === 0 ? 'inbox' : `project-${collection}`;

const encode = (segment: string) => encodeURIComponent(segment).replace(/%40/g, '@');

export const principalHref = (user: string) => `${DAV_ROOT}principals/${encode(user)}/`;
export const homeHref = (user: string) => `${DAV_ROOT}calendars/${encode(user)}/`;
export const collectionHref = (user: string, collection: number) =>
  `${homeHref(user)}${collectionSegment(collection)}/`;
export const objectHref = (user: string, collection: number, name: string) =>
  `${collectionHref(user, collection)}${encode(name)}`;

/** The path of a request URL or an href (absolute or not); undefined outside the DAV tree. */
export function parseDavPath(url: string): DavPath | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://host').pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith('/dav')) return undefined;
  let segments: string[];
  try {
    segments = pathname
      .slice(4)
      .split('/')
      .filter((segment) => segment !== '')
      .map(decodeURIComponent);
  } catch {
    throw new DavError(400, 'The URL is malformed');
  }
  const [area, user, collection, name, ...rest] = segments;
  if (rest.length > 0) return undefined;
  if (area === undefined) return { kind: 'root' };
  if (!user) return undefined;
  if (area === 'principals')
    return collection === undefined ? { kind: 'principal', user } : undefined;
  if (area !== 'calendars') return undefined;
  if (collection === undefined) return { kind: 'home', user };
  const id = collectionOf(collection);
  if (id === undefined) return undefined;
  if (name === undefined) return { kind: 'collection', user, collection: id };
  return { kind: 'object', user, collection: id, name };
}
