/**
 * A password reset and an email confirmation by mail (Strapi v4 shapes). The calls that mail answer
 * at once and alike for any address; the lookup and the mail happen after the answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  emailBodySchema,
  resetCodeQuerySchema,
  resetPasswordBodySchema,
} from '../../shared/account-schemas';
import type { AppContext } from '../context';
import { applicationError, fieldError, rateLimited } from '../http/errors';
import { bearerSecurity, errorResponses, sessionSchema } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { createCode, ownerOfCode, useCode, useResetCode } from '../users/codes';
import { toUser } from '../users/present';
import {
  confirmUser,
  emailKey,
  findUserById,
  findUserByIdentifier,
  setPassword,
} from '../users/repository';
import { sessionOf } from './authenticate';
import { isCommonPassword, TOO_COMMON } from './common-passwords';

const HOUR_MS = 60 * 60 * 1000;
const common = { tags: ['auth'] };
/** The account's own token, when sent, lets its owner ask past what anonymous callers used up. */
const optionalBearer = [{}, ...bearerSecurity];

export function recoveryRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const { db, hasher, tokens, throttle, mailer, config, authenticate } = context;

  /** The caller's id when a valid bearer token of the account with this email came along; these calls need none. */
  async function signedInOwner(
    request: FastifyRequest,
    email: string,
  ): Promise<number | undefined> {
    if (request.headers.authorization === undefined) return undefined;
    const signedIn = await authenticate(request).then(
      () => true,
      () => false,
    );
    const user = signedIn ? sessionOf(request).user : undefined;
    return user?.email === email ? user.id : undefined;
  }

  /** The email of a mail request, counted (429 past the limits); the rest happens after the answer. */
  async function mailRequest(
    request: FastifyRequest,
    email: string,
    work: (email: string) => Promise<void>,
  ): Promise<string> {
    const key = emailKey(email);
    const retryAfter = await throttle.consumeMailRequest(
      key,
      request.ip,
      await signedInOwner(request, key),
    );
    if (retryAfter > 0) throw rateLimited(retryAfter);
    setImmediate(() =>
      work(key).catch((error: unknown) => request.log.error({ err: error }, 'account mail failed')),
    );
    return key;
  }

  api.post(
    '/auth/forgot-password',
    {
      schema: {
        ...common,
        summary: 'Mail a password reset link (the same answer for any address)',
        security: optionalBearer,
        body: emailBodySchema,
        response: {
          200: { type: 'object', properties: { ok: { type: 'boolean' } } },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await mailRequest(request, request.body.email, async (email) => {
        const user = await findUserByIdentifier(db, email);
        if (!user || user.email !== email || user.blocked) return;
        const code = await createCode(db, user.id, 'reset', HOUR_MS);
        mailer.send({
          to: user.email,
          subject: 'Reset your Ticklist password',
          lead: `Someone asked to reset the password of the Ticklist account ${user.username}. To choose a new password, open this link within an hour:`,
          link: `${config.publicUrl}/reset-password?code=${code}`,
          footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
        });
      });
      return { ok: true };
    },
  );

  api.get(
    '/auth/reset-password',
    {
      schema: {
        ...common,
        summary:
          'Whether a reset link’s code can still be used (false once used or expired), so the page says so before a new password is typed',
        querystring: resetCodeQuerySchema,
        response: {
          200: { type: 'object', properties: { valid: { type: 'boolean' } } },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { code } = request.query;
      return { valid: (await ownerOfCode(db, code, 'reset')) !== undefined };
    },
  );

  api.post(
    '/auth/reset-password',
    {
      schema: {
        ...common,
        summary: 'Set a new password with the code of a reset link; signs in',
        body: resetPasswordBodySchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      const incorrectCode = () => fieldError(['code'], 'Incorrect code provided');
      // The password is judged against its account before the code is spent, so a refused one leaves the link usable.
      const owner = await ownerOfCode(db, body.code, 'reset').then((id) =>
        id === undefined ? undefined : findUserById(db, id),
      );
      if (!owner) throw incorrectCode();
      if (isCommonPassword(body.password, owner)) throw fieldError(['password'], TOO_COMMON);
      const userId = await useResetCode(db, body.code);
      if (userId === undefined) throw incorrectCode();
      const user = await setPassword(db, userId, await hasher.hash(body.password));
      if (user.blocked) throw applicationError('Your account has been blocked by an administrator');
      const { token } = await tokens.issue(user.id, user.tokens_valid_after);
      return { jwt: token, user: toUser(user) };
    },
  );

  api.post(
    '/auth/send-email-confirmation',
    {
      schema: {
        ...common,
        summary: 'Mail a link that confirms the address (the same answer for any address)',
        security: optionalBearer,
        body: emailBodySchema,
        response: {
          200: {
            type: 'object',
            properties: { email: { type: 'string' }, sent: { type: 'boolean' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const email = await mailRequest(request, request.body.email, async (key) => {
        const user = await findUserByIdentifier(db, key);
        if (user && user.email === key && !user.confirmed) await sendConfirmation(context, user.id);
      });
      return { email, sent: true };
    },
  );

  api.get(
    '/auth/email-confirmation',
    {
      schema: {
        ...common,
        summary: 'Confirm an address from its mailed link; redirects to the profile',
        querystring: v.object({ confirmation: v.optional(v.string('Invalid token')) }),
      },
    },
    async (request, reply) => {
      const { confirmation } = request.query;
      const userId = confirmation ? await useCode(db, confirmation, 'confirm') : undefined;
      if (userId === undefined) throw fieldError(['confirmation'], 'Invalid token');
      await confirmUser(db, userId);
      return reply.redirect('/profile?confirmed=1', 302);
    },
  );
}

/** Mails the user a link that confirms their address (also sent at registration when SMTP_URL is set). */
export async function sendConfirmation(
  { db, mailer, config }: AppContext,
  userId: number,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) return;
  const code = await createCode(db, user.id, 'confirm', 24 * HOUR_MS);
  mailer.send({
    to: user.email,
    subject: 'Confirm your email for Ticklist',
    lead: `Welcome to Ticklist, ${user.username}. To confirm that this address is yours, open this link within a day:`,
    link: `${config.publicUrl}/api/auth/email-confirmation?confirmation=${code}`,
    footer: 'If you did not create this account, ignore this mail.',
  });
}
