/** The operator's command (`npm run admin -- users …`), run as its own process on the app's database. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bearer, createTestApp, credentials, register, type TestApp } from '../support/app';
import { assertServerBuilt } from '../../support/server-process';

const ADMIN_ENTRY = path.resolve(__dirname, '../../../dist/server/admin.mjs');

describe('npm run admin -- users …', () => {
  let t: TestApp;
  beforeAll(async () => {
    assertServerBuilt();
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const admin = (...args: string[]) => {
    const result = spawnSync(process.execPath, [ADMIN_ENTRY, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: t.database.url,
        DATA_DIR: t.database.dataDir,
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { code: result.status, out: `${result.stdout}${result.stderr}` };
  };
  const me = (jwt: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${jwt}` },
    });
  const login = (identifier: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier, password } });

  it('lists, blocks, unblocks and deletes users, effective at once; an unblock does not revive old tokens', async () => {
    const account = credentials('Admin');
    const session = await register(t.app, account);

    const listed = admin('users', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(account.email.toLowerCase());

    expect(admin('users', 'block', account.email.toUpperCase()).code).toBe(0);
    expect((await me(session.jwt)).statusCode).toBe(401);
    const refused = await login(account.email, account.password);
    expect(refused.json().error.message).toBe('Your account has been blocked by an administrator');

    // An unblock lets the user sign in again, but the tokens the block ended stay refused.
    expect(admin('users', 'unblock', account.email).code).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session) }))
        .statusCode,
    ).toBe(401);
    const again = await login(account.email, account.password);
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().jwt)).statusCode).toBe(200);

    expect(admin('users', 'delete', account.email).code).toBe(0);
    expect((await me(session.jwt)).statusCode).toBe(401);
    expect((await login(account.email, account.password)).statusCode).toBe(400);
  });

  it('says what is wrong with an unknown user or command', () => {
    expect(admin('users', 'block', 'nobody@example.com')).toMatchObject({
      code: 1,
      out: expect.stringContaining('No user with email'),
    });
    expect(admin('users', 'frobnicate', 'x')).toMatchObject({
      code: 2,
      out: expect.stringContaining('usage:'),
    });
  });
});
