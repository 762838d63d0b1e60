/** Register, login and logout (Strapi's users-permissions routes, plus token revocation). */
import type { FastifyInstance } from 'fastify';
import { loginBodySchema, registerBodySchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import { ApiError, applicationError, fieldError, rateLimited } from '../http/errors';
import { bearerSecurity, errorResponses, sessionSchema } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { toUser } from '../users/present';
import {
  createUser,
  DuplicateUserError,
  findUserByIdentifier,
  isEmailOrUsernameTaken,
  revokeToken,
} from '../users/repository';
import { sessionOf } from './authenticate';
import { isCommonPassword, TOO_COMMON } from './common-passwords';
import { sendConfirmation } from './recovery-routes';
import { loginKey } from './throttle';

const TAKEN = 'Email or Username are already taken';
const BLOCKED = 'Your account has been blocked by an administrator';
const invalidCredentials = () =>
  new ApiError(400, 'ValidationError', 'Invalid identifier or password');

export function authRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const { config, db, hasher, tokens, throttle, authenticate } = context;
  api.post(
    '/auth/local/register',
    {
      // Counted before the body is checked, so that refused attempts use up the budget too.
      preValidation: async (request) => {
        const retryAfter = await throttle.consumeRegistration(request.ip);
        if (retryAfter > 0) throw rateLimited(retryAfter);
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      if (isCommonPassword(body.password, body)) throw fieldError(['password'], TOO_COMMON);
      if (await isEmailOrUsernameTaken(db, body.email, body.username))
        throw applicationError(TAKEN);
      const passwordHash = await hasher.hash(body.password);
      // With mail, an address is confirmed by its link (mailed now); without, it counts as confirmed.
      const mails = config.smtpUrl !== undefined;
      const user = await createUser(db, { ...body, passwordHash }, new Date(), !mails).catch(
        (error: unknown) => {
          throw error instanceof DuplicateUserError ? applicationError(TAKEN) : error;
        },
      );
      if (mails)
        setImmediate(() =>
          sendConfirmation(context, user.id).catch((error: unknown) =>
            request.log.error({ err: error }, 'confirmation mail failed'),
          ),
        );
      const { token } = await tokens.issue(user.id);
      return { jwt: token, user: toUser(user) };
    },
  );

  api.post(
    '/auth/local',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an email or username and a password',
        body: loginBodySchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      const identifierKey = body.identifier.trim().toLowerCase();
      // The account is resolved first, so its email and its username draw on one budget; the attempt
      // is still counted before the password is verified, so parallel guesses cannot outrun the limit.
      const user = await findUserByIdentifier(db, identifierKey);
      const accountKey = loginKey(user?.id, identifierKey);
      const retryAfter = await throttle.beginLogin(accountKey, request.ip);
      if (retryAfter > 0) throw rateLimited(retryAfter);
      // An unknown account costs the same hashing time as a wrong password, so neither tells which.
      const passwordOk = user
        ? await hasher.verify(user.password_hash, body.password)
        : await hasher.verifyNothing(body.password).then(() => false);
      if (!user || !passwordOk) throw invalidCredentials();
      await throttle.loginSucceeded(accountKey, request.ip);
      if (user.blocked) throw applicationError(BLOCKED);
      const { token } = await tokens.issue(user.id, user.tokens_valid_after);
      return { jwt: token, user: toUser(user) };
    },
  );

  api.post(
    '/auth/logout',
    {
      preValidation: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token of this call',
        security: bearerSecurity,
        response: { 204: { type: 'null', description: 'Signed out' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, claims } = sessionOf(request);
      await revokeToken(db, claims.jti, user.id, claims.expiresAt);
      return reply.code(204).send();
    },
  );
}
