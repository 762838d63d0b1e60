/** The properties of each kind of DAV resource: root, principal, calendar home, calendar, todo. */
import type { UserRow } from '../db/types';
import { propertyMap, type PropertyMap } from './multistatus';
import { collectionHref, homeHref, principalHref } from './paths';
import type { DavCollection } from './calendars';
import { cal, dav, escapeXml, NS } from './xml';

const d = (name: string) => ({ ns: NS.dav, name });
const c = (name: string) => ({ ns: NS.caldav, name });

const privileges = (names: string[]) => names.map((name) => dav('privilege', dav(name))).join('');
const READ_ONLY = privileges(['read', 'read-current-user-privilege-set']);
const READ_WRITE = privileges([
  'all',
  'read',
  'write',
  'write-properties',
  'write-content',
  'bind',
  'unbind',
  'read-current-user-privilege-set',
]);

const href = (path: string) => dav('href', escapeXml(path));
const report = (inner: string) => dav('supported-report', dav('report', inner));

/** What every resource of a signed-in user answers: who they are and where their calendars live. */
function common(user: UserRow): [{ ns: string; name: string }, string][] {
  return [
    [d('current-user-principal'), href(principalHref(user.username))],
    [d('principal-collection-set'), href('/dav/principals/')],
    [c('calendar-home-set'), href(homeHref(user.username))],
    [d('owner'), href(principalHref(user.username))],
  ];
}

export const rootProperties = (user: UserRow): PropertyMap =>
  propertyMap([
    [d('resourcetype'), dav('collection')],
    [d('displayname'), 'Ticklist'],
    [d('current-user-privilege-set'), READ_ONLY],
    ...common(user),
  ]);

export const principalProperties = (user: UserRow): PropertyMap =>
  propertyMap([
    [d('resourcetype'), dav('collection') + dav('principal')],
    [d('displayname'), escapeXml(user.username)],
    [d('principal-URL'), href(principalHref(user.username))],
    [c('calendar-user-address-set'), href(`mailto:${user.email}`)],
    [d('current-user-privilege-set'), READ_ONLY],
    [d('supported-report-set'), ''],
    ...common(user),
  ]);

export const homeProperties = (user: UserRow): PropertyMap =>
  propertyMap([
    [d('resourcetype'), dav('collection')],
    [d('displayname'), escapeXml(user.username)],
    [d('current-user-privilege-set'), READ_ONLY],
    ...common(user),
  ]);

export const syncTokenOf = (seq: number) => `urn:x-ticklist:sync:${seq}`;

/** A calendar's properties; `seq` is its newest change number (store.ts collectionSeq). */
export function calendarProperties(
  user: UserRow,
  collection: DavCollection,
  seq: number,
): PropertyMap {
  return propertyMap([
    [d('resourcetype'), dav('collection') + cal('calendar')],
    [d('displayname'), escapeXml(collection.name)],
    [{ ns: NS.apple, name: 'calendar-color' }, `${collection.color.toUpperCase()}FF`],
    [c('supported-calendar-component-set'), '<c:comp name="VTODO"/>'],
    [c('supported-calendar-data'), '<c:calendar-data content-type="text/calendar" version="2.0"/>'],
    [{ ns: NS.cs, name: 'getctag' }, `${seq}-${Date.parse(collection.updatedAt)}`],
    [d('sync-token'), syncTokenOf(seq)],
    [d('current-user-privilege-set'), READ_WRITE],
    [
      d('supported-report-set'),
      report(cal('calendar-multiget')) +
        report(cal('calendar-query')) +
        report(dav('sync-collection')),
    ],
    [d('getcontenttype'), 'text/calendar; charset=utf-8'],
    ...common(user),
  ]);
}

export const calendarHref = (user: UserRow, collection: DavCollection) =>
  collectionHref(user.username, collection.segment);

/** A todo's properties; its text is rendered only for those that need it. */
export function objectProperties(text: () => string, etag: string, updatedAt: string): PropertyMap {
  let cached: string | undefined;
  const body = () => (cached ??= text());
  return propertyMap([
    [d('resourcetype'), ''],
    [d('getetag'), escapeXml(etag)],
    [d('getcontenttype'), 'text/calendar; charset=utf-8; component=VTODO'],
    [d('getcontentlength'), () => String(Buffer.byteLength(body()))],
    [d('getlastmodified'), new Date(updatedAt).toUTCString()],
    [c('calendar-data'), () => escapeXml(body())],
  ]);
}
