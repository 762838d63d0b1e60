/**
 * A signed-in user's own account: change the password, log out everywhere, delete it. A call that
 * takes a password counts as a login attempt, so a stolen token cannot guess it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordBodySchema, deleteAccountBodySchema } from '../../shared/account-schemas';
import type { AppContext } from '../context';
import { fieldError, rateLimited } from '../http/errors';
import { bearerSecurity, errorResponses, sessionSchema } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { toUser } from '../users/present';
import { deleteUserById, endAllSessions, setPassword } from '../users/repository';
import { sessionOf } from './authenticate';
import { isCommonPassword, TOO_COMMON } from './common-passwords';
import { loginKey } from './throttle';

const common = { tags: ['auth'], security: bearerSecurity };

export function accountRoutes(
  app: FastifyInstance,
  { db, hasher, tokens, throttle, authenticate }: AppContext,
): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  /** Whether `password` is the caller's, counted as a login attempt (429 past the limit). */
  async function isCallersPassword(request: FastifyRequest, password: string): Promise<boolean> {
    const { user } = sessionOf(request);
    const retryAfter = await throttle.beginLogin(loginKey(user.id, user.email), request.ip);
    if (retryAfter > 0) throw rateLimited(retryAfter);
    const ok = await hasher.verify(user.password_hash, password);
    if (ok) await throttle.loginSucceeded(loginKey(user.id, user.email), request.ip);
    return ok;
  }

  api.post(
    '/auth/change-password',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Change the password; other tokens of the user stop working',
        body: changePasswordBodySchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      if (!(await isCallersPassword(request, body.currentPassword)))
        throw fieldError(['currentPassword'], 'The provided current password is invalid');
      if (body.password === body.currentPassword)
        throw fieldError(
          ['password'],
          'Your new password must be different than your current password',
        );
      if (isCommonPassword(body.password, sessionOf(request).user))
        throw fieldError(['password'], TOO_COMMON);
      const user = await setPassword(
        db,
        sessionOf(request).user.id,
        await hasher.hash(body.password),
      );
      const { token } = await tokens.issue(user.id, user.tokens_valid_after);
      return { jwt: token, user: toUser(user) };
    },
  );

  api.post(
    '/auth/logout-all',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Refuse every token of the user issued until now',
        response: {
          204: { type: 'null', description: 'Signed out everywhere' },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await endAllSessions(db, sessionOf(request).user.id);
      return reply.code(204).send();
    },
  );

  api.delete(
    '/users/me',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        tags: ['users'],
        summary: 'Delete the account with its todos and tokens (asks for the password)',
        body: deleteAccountBodySchema,
        response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (!(await isCallersPassword(request, body.password)))
        throw fieldError(['password'], 'The provided password is invalid');
      await deleteUserById(db, sessionOf(request).user.id);
      return reply.code(204).send();
    },
  );
}
