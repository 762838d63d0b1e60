/**
 * The DAV tree: /dav/ (root), /dav/principals/<username>/, /dav/calendars/<username>/ (the
 * calendar home), /dav/calendars/<username>/inbox/ and …/project-<id>/ (a calendar per
 * project; one a client made with MKCALENDAR keeps the segment it chose) and …/<name> (a todo).
 * Hrefs are written as absolute paths.
 */
import { DavError } from './errors';

export const DAV_ROOT = '/dav/';

export type DavPath =
  | { kind: 'root' }
  | { kind: 'principal'; user: string }
  | { kind: 'home'; user: string }
  | { kind: 'collection'; user: string; segment: string }
  | { kind: 'object'; user: string; segment: string; name: string };

/** A project's calendar segment when no client chose one (MKCALENDAR does). */
export const projectSegment = (projectId: number) => `project-${projectId}`;
export const projectOfSegment = (segment: string): number | undefined => {
  const match = /^project-([1-9]\d{0,9})$/.exec(segment);
  return match ? Number(match[1]) : undefined;
};

/** A path segment as hrefs write it (an email-like username keeps its @). */
export const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/%40/g, '@');

export const principalHref = (user: string) => `${DAV_ROOT}principals/${encodeSegment(user)}/`;
export const homeHref = (user: string) => `${DAV_ROOT}calendars/${encodeSegment(user)}/`;
export const collectionHref = (user: string, segment: string) =>
  `${homeHref(user)}${encodeSegment(segment)}/`;
export const objectHref = (user: string, segment: string, name: string) =>
  `${collectionHref(user, segment)}${encodeSegment(name)}`;

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
  if (name === undefined) return { kind: 'collection', user, segment: collection };
  return { kind: 'object', user, segment: collection, name };
}
