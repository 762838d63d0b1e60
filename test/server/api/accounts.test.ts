/**
 * @jest-environment node
 *
 * Accounts people can recover and leave (issue 26): a password reset by mail, email confirmation,
 * change password, log out of all devices and account deletion, with the mails read from a real
 * SMTP server on 127.0.0.1.
 */
import type { Session } from '../../../src/shared/api-types';
import { createCode, useCode } from '../../../src/server/users/codes';
import { setBlocked } from '../../../src/server/users/repository';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import {
  linkIn,
  startSmtpCatcher,
  type CaughtMail,
  type SmtpCatcher,
} from '../support/smtp-catcher';

jest.setTimeout(60_000);

const PUBLIC_URL = 'https://todo.example.com';
const NEW_PASSWORD = 'Otter#Lamp77';

describeEachDialect('accounts', (dialect) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: unknown, session?: Session, remoteAddress?: string) =>
    call(t.app, session, {
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress,
    });
  const me = (session: Session) => call(t.app, session, { method: 'GET', url: '/api/users/me' });
  const login = (identifier: string, password: string) =>
    post('/api/auth/local', { identifier, password });

  /** A registered user whose confirmation mail has been read. */
  async function account(prefix: string) {
    const body = credentials(prefix);
    const session = await register(t.app, body);
    const confirmation = await smtp.next(body.email);
    return { body, session, confirmation };
  }

  describe('password reset', () => {
    it('mails a single-use link that sets a new password, signs in and ends every older token', async () => {
      const { body, session } = await account('Reset');
      const asked = await post('/api/auth/forgot-password', { email: body.email.toUpperCase() });
      expect([asked.statusCode, asked.json()]).toEqual([200, { ok: true }]);
      const mail = await smtp.next(body.email);
      expect(mail.subject).toBe('Reset your Ticklist password');
      const link = linkIn(mail);
      expect(link).toMatch(
        /^https:\/\/todo\.example\.com\/reset-password\?code=[A-Za-z0-9_-]{43}$/,
      );
      expect(mail.html).toContain(link);
      const code = new URL(link).searchParams.get('code')!;

      const differ = await post('/api/auth/reset-password', {
        code,
        password: NEW_PASSWORD,
        passwordConfirmation: `${NEW_PASSWORD}x`,
      });
      expect([differ.statusCode, differ.json().error.message]).toEqual([
        400,
        'Passwords do not match',
      ]);
      const weak = await post('/api/auth/reset-password', {
        code,
        password: 'lowercase1!',
        passwordConfirmation: 'lowercase1!',
      });
      expect([weak.statusCode, weak.json().error.message]).toEqual([
        400,
        'Password must contain at least one uppercase letter',
      ]);
      const common = await post('/api/auth/reset-password', {
        code,
        password: 'Password1!',
        passwordConfirmation: 'Password1!',
      });
      expect([common.statusCode, common.json().error.message]).toEqual([
        400,
        'This password is too common',
      ]);

      const reset = await post('/api/auth/reset-password', {
        code,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      const fresh = reset.json<Session>();
      expect(fresh.user.email).toBe(body.email.toLowerCase());
      expect((await me(fresh)).statusCode).toBe(200);
      expect((await me(session)).statusCode).toBe(401);
      expect((await login(body.email, body.password)).statusCode).toBe(400);
      expect((await login(body.email, NEW_PASSWORD)).statusCode).toBe(200);

      const again = await post('/api/auth/reset-password', {
        code,
        password: 'Another#Kite93',
        passwordConfirmation: 'Another#Kite93',
      });
      expect([again.statusCode, again.json().error.message]).toEqual([
        400,
        'Incorrect code provided',
      ]);
    });

    it('answers an unknown address the same and mails nothing', async () => {
      const unknown = await post('/api/auth/forgot-password', {
        email: `nobody_${Date.now()}@example.com`,
      });
      expect([unknown.statusCode, unknown.json()]).toEqual([200, { ok: true }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.mails.filter((mail) => mail.to.startsWith('nobody_'))).toEqual([]);
    });

    it('refuses a wrong or expired code', async () => {
      const { session } = await account('Expire');
      const { db } = t.database.handle;
      const code = await createCode(db, session.user.id, 'reset', 60 * 60 * 1000);
      expect(
        await useCode(db, code, 'reset', new Date(Date.now() + 2 * 60 * 60 * 1000)),
      ).toBeUndefined();
      expect(await useCode(db, code, 'confirm')).toBeUndefined();
      const wrong = await post('/api/auth/reset-password', {
        code: 'x'.repeat(43),
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      });
      expect([wrong.statusCode, wrong.json().error.message]).toEqual([
        400,
        'Incorrect code provided',
      ]);
      expect(await useCode(db, code, 'reset')).toBe(session.user.id);
    });

    it('mails one address at most 10 times in 15 minutes, known or not, whoever asks', async () => {
      for (const email of [credentials('Often').email, `unknown_${Date.now()}@example.com`]) {
        const statuses = [];
        for (let i = 0; i < 11; i++)
          statuses.push(
            (await post('/api/auth/forgot-password', { email }, undefined, `192.0.2.${i + 10}`))
              .statusCode,
          );
        expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
      }
    });
  });

  describe('mail throttles an attacker cannot use against the owner', () => {
    const ask = (path: string, email: string, remoteAddress: string, session?: Session) =>
      post(`/api/auth/${path}`, { email }, session, remoteAddress);

    it('counts per address and requester: five requests from one requester leave the owner theirs, and wait minutes, not an hour', async () => {
      const { body } = await account('Victim');
      const attacker = [];
      for (let i = 0; i < 5; i++)
        attacker.push(await ask('forgot-password', body.email, '198.51.100.66'));
      expect(attacker.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429, 429]);
      const retryAfter = Number(attacker[4]!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect((await ask('forgot-password', body.email, '203.0.113.70')).statusCode).toBe(200);
      expect((await ask('send-email-confirmation', body.email, '203.0.113.70')).statusCode).toBe(
        200,
      );
    });

    it('lets the signed-in owner ask for a confirmation after anonymous requests used up the address, within a budget of its own', async () => {
      const { body, session } = await account('Owner');
      for (let i = 0; i < 10; i++)
        expect(
          (await ask('send-email-confirmation', body.email, `198.51.100.${100 + i}`)).statusCode,
        ).toBe(200);
      expect((await ask('send-email-confirmation', body.email, '203.0.113.80')).statusCode).toBe(
        429,
      );
      for (let i = 0; i < 10; i++) await smtp.next(body.email); // the anonymous requests' mails

      const own = await ask('send-email-confirmation', body.email, '203.0.113.80', session);
      expect([own.statusCode, own.json()]).toEqual([
        200,
        { email: body.email.toLowerCase(), sent: true },
      ]);
      expect(linkIn(await smtp.next(body.email))).toContain(
        '/api/auth/email-confirmation?confirmation=',
      );
      // Another signed-in account gets no way past the address's budget; the owner has 3 in 15 minutes.
      const stranger = (await account('Stranger')).session;
      expect(
        (await ask('send-email-confirmation', body.email, '203.0.113.81', stranger)).statusCode,
      ).toBe(429);
      const more = [];
      for (let i = 0; i < 3; i++)
        more.push(
          (await ask('send-email-confirmation', body.email, '203.0.113.80', session)).statusCode,
        );
      expect(more).toEqual([200, 200, 429]);
    });
  });

  describe('one reset voids the rest', () => {
    const codeIn = (mail: CaughtMail, name: string) =>
      new URL(linkIn(mail)).searchParams.get(name)!;
    const resetWith = (code: string, password = NEW_PASSWORD) =>
      post('/api/auth/reset-password', { code, password, passwordConfirmation: password });
    const confirmWith = (code: string) =>
      t.app.inject({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${code}` });
    /** A reset code mailed to the account now. */
    async function mailedResetCode(email: string) {
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      return codeIn(await smtp.next(email), 'code');
    }
    const refusedReset = async (code: string) => {
      const answer = await resetWith(code, 'Another#Pw99');
      expect([answer.statusCode, answer.json().error.message]).toEqual([
        400,
        'Incorrect code provided',
      ]);
    };

    it('a reset with one mailed code leaves no other reset or confirmation code working', async () => {
      const { body, confirmation } = await account('OneReset');
      const [one, other] = [await mailedResetCode(body.email), await mailedResetCode(body.email)];
      expect((await resetWith(other)).statusCode).toBe(200);
      await refusedReset(one);
      expect((await confirmWith(codeIn(confirmation, 'confirmation'))).statusCode).toBe(400);
      expect((await login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('tells whether a reset code can still be used, without spending it', async () => {
      const { body } = await account('CheckCode');
      const code = await mailedResetCode(body.email);
      const check = (value: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/auth/reset-password?code=${encodeURIComponent(value)}`,
        });
      expect((await check(code)).json()).toEqual({ valid: true });
      expect((await check(code)).json()).toEqual({ valid: true });
      expect((await check(`${code}x`)).json()).toEqual({ valid: false });
      expect((await resetWith(code)).statusCode).toBe(200);
      expect((await check(code)).json()).toEqual({ valid: false });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/reset-password' })).statusCode,
      ).toBe(400);
    });

    it('of two codes used at once, only one resets', async () => {
      const { body } = await account('TwoAtOnce');
      const codes = [await mailedResetCode(body.email), await mailedResetCode(body.email)];
      const answers = await Promise.all(codes.map((code, i) => resetWith(code, `Twin#Lamp${i}7`)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    });

    it('a password change voids an earlier reset code, which cannot undo it', async () => {
      const { body, session } = await account('ChangeVoids');
      const code = await mailedResetCode(body.email);
      const changed = await post(
        '/api/auth/change-password',
        {
          currentPassword: body.password,
          password: NEW_PASSWORD,
          passwordConfirmation: NEW_PASSWORD,
        },
        session,
      );
      expect(changed.statusCode).toBe(200);
      await refusedReset(code);
      expect((await login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('logout-all voids every outstanding reset and confirmation code', async () => {
      const { body, session, confirmation } = await account('AllVoids');
      const code = await mailedResetCode(body.email);
      expect((await post('/api/auth/logout-all', undefined, session)).statusCode).toBe(204);
      await refusedReset(code);
      expect((await confirmWith(codeIn(confirmation, 'confirmation'))).statusCode).toBe(400);
      expect((await login(body.email, body.password)).statusCode).toBe(200);
    });

    it('a block voids every outstanding reset and confirmation code, also after an unblock', async () => {
      const { body, confirmation } = await account('BlockVoids');
      const code = await mailedResetCode(body.email);
      await setBlocked(t.database.handle.db, body.email, true);
      await setBlocked(t.database.handle.db, body.email, false);
      await refusedReset(code);
      expect((await confirmWith(codeIn(confirmation, 'confirmation'))).statusCode).toBe(400);
      expect((await login(body.email, body.password)).statusCode).toBe(200);
    });
  });

  describe('email confirmation', () => {
    it('mails a link at registration that confirms the address once, then redirects to the profile', async () => {
      const { session, confirmation } = await account('Confirm');
      expect(session.user.confirmed).toBe(false);
      expect(confirmation.subject).toBe('Confirm your email for Ticklist');
      const link = linkIn(confirmation);
      expect(link).toMatch(
        /^https:\/\/todo\.example\.com\/api\/auth\/email-confirmation\?confirmation=[A-Za-z0-9_-]{43}$/,
      );
      const url = link.slice(PUBLIC_URL.length);
      const opened = await t.app.inject({ method: 'GET', url });
      expect([opened.statusCode, opened.headers.location]).toEqual([302, '/profile?confirmed=1']);
      expect((await me(session)).json().confirmed).toBe(true);
      const reused = await t.app.inject({ method: 'GET', url });
      expect([reused.statusCode, reused.json().error.name]).toEqual([400, 'ValidationError']);
    });

    it('sends another link on request while unconfirmed, with the Strapi answer', async () => {
      const { body } = await account('Resend');
      const asked = await post('/api/auth/send-email-confirmation', { email: body.email });
      expect([asked.statusCode, asked.json()]).toEqual([
        200,
        { email: body.email.toLowerCase(), sent: true },
      ]);
      expect(linkIn(await smtp.next(body.email))).toContain(
        '/api/auth/email-confirmation?confirmation=',
      );
    });
  });

  describe('change password', () => {
    it('needs the current password and a different new one; other tokens end, the returned one works', async () => {
      const { body, session } = await account('Change');
      const other = (await login(body.email, body.password)).json<Session>();
      const change = (payload: Record<string, string>) =>
        post('/api/auth/change-password', payload, session);
      const wrong = await change({
        currentPassword: 'Wrong1!xY',
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      });
      expect([wrong.statusCode, wrong.json().error.message]).toEqual([
        400,
        'The provided current password is invalid',
      ]);
      const same = await change({
        currentPassword: body.password,
        password: body.password,
        passwordConfirmation: body.password,
      });
      expect([same.statusCode, same.json().error.message]).toEqual([
        400,
        'Your new password must be different than your current password',
      ]);
      const changed = await change({
        currentPassword: body.password,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      expect((await me(changed.json<Session>())).statusCode).toBe(200);
      expect((await me(session)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(401);
      expect((await login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('log out of all devices', () => {
    it('ends every token issued before, and a new login works', async () => {
      const { body, session } = await account('Everywhere');
      const other = (await login(body.username, body.password)).json<Session>();
      expect((await post('/api/auth/logout-all', undefined, session)).statusCode).toBe(204);
      expect((await me(session)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(401);
      expect((await me((await login(body.email, body.password)).json<Session>())).statusCode).toBe(
        200,
      );
    });
  });

  describe('delete account', () => {
    it('removes nothing on a wrong password; then the user, their todos and tokens; the email can register again', async () => {
      const { body, session } = await account('Leave');
      await createTodo(t.app, session, { title: 'mine' });
      const remove = (password: string) =>
        call(t.app, session, { method: 'DELETE', url: '/api/users/me', payload: { password } });
      const wrong = await remove('Wrong1!xY');
      expect([wrong.statusCode, wrong.json().error.message]).toEqual([
        400,
        'The provided password is invalid',
      ]);
      expect(
        (await call(t.app, session, { method: 'GET', url: '/api/todos' })).json().meta.pagination
          .total,
      ).toBe(1);
      expect((await remove(body.password)).statusCode).toBe(204);
      expect((await me(session)).statusCode).toBe(401);
      const { db } = t.database.handle;
      expect(
        await db.selectFrom('todos').select('id').where('owner_id', '=', session.user.id).execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('users').select('id').where('id', '=', session.user.id).execute(),
      ).toEqual([]);
      const again = await register(t.app, body);
      expect(again.user.email).toBe(body.email.toLowerCase());
      expect(
        (await call(t.app, again, { method: 'GET', url: '/api/todos' })).json().meta.pagination
          .total,
      ).toBe(0);
    });
  });
});

describe('without SMTP_URL', () => {
  it('writes the reset mail (recipient, subject, link) to the log at info instead', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      'sqlite',
      { PUBLIC_URL: 'http://127.0.0.1:3000', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const body = credentials('NoMail');
      const session = await register(t.app, body);
      expect(session.user.confirmed).toBe(true);
      expect(
        (
          await call(t.app, undefined, {
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: body.email },
          })
        ).statusCode,
      ).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const logged = lines.find((line) => line.includes('mail not sent'));
      expect(logged).toContain(body.email.toLowerCase());
      expect(logged).toContain('Reset your Ticklist password');
      expect(logged).toMatch(/http:\/\/127\.0\.0\.1:3000\/reset-password\?code=[A-Za-z0-9_-]{43}/);
    } finally {
      await t.close();
    }
  });
});
