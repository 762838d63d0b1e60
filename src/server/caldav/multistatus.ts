/**
 * 207 Multi-Status bodies (RFC 4918 §13): one response per resource, its properties found (200)
 * and not found (404) in separate propstats, or a bare status for a resource that is gone.
 */
import { dav, escapeXml, element, qkey, ROOT_NAMESPACES, XML_HEADER, type QName } from './xml';

/** A resource's properties: each known one's inner XML by its qkey, with its name. */
export type PropertyMap = Map<string, { name: QName; value: string | (() => string) }>;

export function propertyMap(entries: [QName, string | (() => string)][]): PropertyMap {
  return new Map(entries.map(([name, value]) => [qkey(name), { name, value }]));
}

/** What a PROPFIND or REPORT asks for: named properties, or all (allprop) or their names. */
export type PropRequest = { mode: 'prop'; names: QName[] } | { mode: 'allprop' | 'propname' };

const status = (code: string) => dav('status', `HTTP/1.1 ${code}`);
const propstat = (props: string[], code: string) =>
  dav('propstat', dav('prop', props.join('')) + status(code));

/** Properties a client gets only by naming them (too costly for allprop, as RFC 4791 says of calendar-data). */
const NAMED_ONLY = new Set(['{urn:ietf:params:xml:ns:caldav}calendar-data']);

export function response(href: string, properties: PropertyMap, request: PropRequest): string {
  const found: string[] = [];
  const missing: string[] = [];
  if (request.mode === 'prop') {
    for (const name of request.names) {
      const entry = properties.get(qkey(name));
      if (!entry) missing.push(element(name));
      else
        found.push(element(name, typeof entry.value === 'function' ? entry.value() : entry.value));
    }
  } else {
    for (const [key, entry] of properties) {
      if (NAMED_ONLY.has(key)) continue;
      const value = typeof entry.value === 'function' ? entry.value() : entry.value;
      found.push(element(entry.name, request.mode === 'propname' ? '' : value));
    }
  }
  const stats = [
    ...(found.length > 0 || missing.length === 0 ? [propstat(found, '200 OK')] : []),
    ...(missing.length > 0 ? [propstat(missing, '404 Not Found')] : []),
  ];
  return dav('response', dav('href', escapeXml(href)) + stats.join(''));
}

/** A member that is not there (sync-collection's removed member, multiget's unknown href). */
export const goneResponse = (href: string) =>
  dav('response', dav('href', escapeXml(href)) + status('404 Not Found'));

export function multistatus(responses: string[], tail = ''): string {
  return `${XML_HEADER}<d:multistatus${ROOT_NAMESPACES}>${responses.join('')}${tail}</d:multistatus>`;
}

/** An answer's body: whole, or a page of responses at a time (handlers.ts streams it). */
export type DavBody = string | AsyncIterable<string | Buffer>;

/** A multistatus up to its first response, then its end. */
export const multistatusOpen = (head: string[]) =>
  `${XML_HEADER}<d:multistatus${ROOT_NAMESPACES}>${head.join('')}`;
export const MULTISTATUS_CLOSE = '</d:multistatus>';

/**
 * A multistatus whose later responses come a page at a time, so memory holds a page, not the
 * answer. The first page is read before anything is sent: a database that fails at once gets its
 * proper error status, not a 207 cut short.
 */
export async function streamedMultistatus(
  head: string[],
  pages: AsyncIterator<string | Buffer>,
  tail = '',
): Promise<AsyncIterable<string | Buffer>> {
  const first = await pages.next();
  return (async function* () {
    yield multistatusOpen(head);
    for (let page = first; !page.done; page = await pages.next())
      if (page.value.length > 0) yield page.value;
    yield `${tail}${MULTISTATUS_CLOSE}`;
  })();
}

/** A DAV:error body naming a failed precondition. */
export const errorBody = (condition: string) =>
  `${XML_HEADER}<d:error${ROOT_NAMESPACES}>${condition}</d:error>`;
