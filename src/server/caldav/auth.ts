/**
 * HTTP Basic for CalDAV clients: the username or email and an app password, never the account
 * password (a phone keeps what it is given; an app password is revoked alone). Every attempt counts
 * against the login throttle before it is checked, as a login does, and a success gives it back.
 */
import type { FastifyRequest } from 'fastify';
import { verifyAppPassword } from '../app-passwords';
import { loginKey } from '../auth/throttle';
import type { AppContext } from '../context';
import type { UserRow } from '../db/types';
import { findUserByIdentifier } from '../users/repository';
import { DavError } from './errors';

export const CHALLENGE = 'Basic realm="Ticklist CalDAV", charset="UTF-8"';

const unauthorized = () =>
  new DavError(401, 'Unauthorized', undefined, { 'www-authenticate': CHALLENGE });

function credentialsOf(request: FastifyRequest): { identifier: string; password: string } {
  const match = /^Basic +([A-Za-z0-9+/=]{1,1024})$/i.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized();
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw unauthorized();
  return { identifier: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The active user the request's Basic credentials name; a 401 (or 429) DavError otherwise. */
export async function davUser(
  { db, throttle }: AppContext,
  request: FastifyRequest,
): Promise<UserRow> {
  const { identifier, password } = credentialsOf(request);
  const identifierKey = identifier.trim().toLowerCase();
  const user = await findUserByIdentifier(db, identifierKey);
  const accountKey = loginKey(user?.id, identifierKey);
  const retryAfter = await throttle.beginLogin(accountKey, request.ip);
  if (retryAfter > 0)
    throw new DavError(429, 'Too Many Requests', undefined, {
      'retry-after': String(Math.ceil(retryAfter)),
    });
  const ok = user !== undefined && (await verifyAppPassword(db, user.id, password));
  if (!ok || !user || user.blocked) throw unauthorized();
  await throttle.loginSucceeded(accountKey, request.ip);
  return user;
}
