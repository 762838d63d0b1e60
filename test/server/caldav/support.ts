/** A signed-up user with an app password, and CalDAV calls through inject with HTTP Basic. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import type { Session } from '../../../src/shared/api-types';
import { call, register } from '../support/app';

export interface DavUser {
  session: Session;
  basic: string;
  username: string;
}

export async function davUser(app: FastifyInstance, name = 'Phone'): Promise<DavUser> {
  const session = await register(app);
  const made = await call(app, session, {
    method: 'POST',
    url: '/api/app-passwords',
    payload: { data: { name } },
  });
  const { password } = made.json().data;
  const basic = `Basic ${Buffer.from(`${session.user.username}:${password}`).toString('base64')}`;
  return { session, basic, username: session.user.username };
}

export function dav(
  app: FastifyInstance,
  user: DavUser,
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: user.basic,
      ...(body !== undefined && { 'content-type': 'application/xml; charset=utf-8' }),
      ...headers,
    },
    ...(body !== undefined && { payload: body }),
  });
}

export const propfindBody = (props: string) =>
  `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:ic="http://apple.com/ns/ical/"><d:prop>${props}</d:prop></d:propfind>`;

export const vtodo = (uid: string, lines: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Test//EN',
    'BEGIN:VTODO',
    `UID:${uid}`,
    'DTSTAMP:20261127T080000Z',
    ...lines,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** `count` Inbox todos of one owner, written straight to the table (500 a statement). */
export async function seedTodos(db: Kysely<Database>, ownerId: number, count: number) {
  const now = new Date().toISOString();
  for (let from = 0; from < count; from += 500)
    await db
      .insertInto('todos')
      .values(
        Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
          owner_id: ownerId,
          title: `Todo ${from + i}`,
          title_key: `todo ${from + i}`,
          description: null,
          completed: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
}
