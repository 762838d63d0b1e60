/**
 * @jest-environment node
 *
 * Letter-for-symbol variants of common passwords, and passwords made of the account's own username
 * or email, are refused as too common wherever a password is set: at registration, on a password
 * change and on a reset (which leaves the mailed code usable). The passwords the suites use pass.
 */
import type { Session } from '../../../src/shared/api-types';
import { createCode } from '../../../src/server/users/codes';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

const TOO_COMMON = {
  status: 400,
  name: 'ValidationError',
  message: 'This password is too common',
  details: {
    errors: [
      { path: ['password'], message: 'This password is too common', name: 'ValidationError' },
    ],
  },
};

const VARIANTS = [
  'P@ssw0rd1',
  'Pa$$w0rd!',
  'P@$$w0rd123',
  'L3tm3in!!',
  'M0nkey!23',
  'Sup3rm4n!!',
  'Dr4g0n!!',
  '1qaz2WSX!',
  'Qwerty123!',
];
/** Every password the server and end-to-end suites and the bench register or set. */
const FIXTURES = [
  'Kiwi#Lamp42',
  'Otter#Lamp77',
  'Plum#Harbor77',
  'Sup3r-Secret!pw',
  'Bench!Pass1',
  'Another#Kite93',
];

describeEachDialect('password strength', (dialect) => {
  let t: TestApp;
  let addresses = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  // Each registration from its own address, so the per-address registration limit stays out of the way.
  const nextAddress = () => `10.36.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
  const registerWith = (body: { email: string; username: string; password: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: body,
      remoteAddress: nextAddress(),
    });

  it.each(VARIANTS)('refuses %s at registration', async (password) => {
    const answer = await registerWith({ ...credentials('variant'), password });
    expect([password, answer.statusCode, answer.json().error]).toEqual([password, 400, TOO_COMMON]);
  });

  it('refuses a password made of the username or the email, which another account may use', async () => {
    const tag = `${process.pid}${dialect.length}`;
    const byName = await registerWith({
      email: `q${tag}@example.com`,
      username: `quokkavelvet_${tag}`,
      password: 'Quokkavelvet42!',
    });
    expect([byName.statusCode, byName.json().error]).toEqual([400, TOO_COMMON]);
    const byEmail = await registerWith({
      email: `jo.stonewickmarigold.${tag}@example.com`,
      username: `m_${tag}`,
      password: 'Stonewickmarigold1!',
    });
    expect([byEmail.statusCode, byEmail.json().error]).toEqual([400, TOO_COMMON]);
    const someoneElse = await registerWith({
      email: `o${tag}@example.com`,
      username: `other_${tag}`,
      password: 'Quokkavelvet42!',
    });
    expect(someoneElse.statusCode).toBe(200);
  });

  it.each(FIXTURES)('accepts the fixture password %s', async (password) => {
    expect((await registerWith({ ...credentials('fixture'), password })).statusCode).toBe(200);
  });

  it('refuses the variants and the username on a password change', async () => {
    const body = credentials('change');
    const session = await register(t.app, body, nextAddress());
    const change = (password: string) =>
      call(t.app, session, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: body.password, password, passwordConfirmation: password },
      });
    for (const password of ['P@ssw0rd1', 'Pa$$w0rd!', `${body.username}!A`]) {
      const answer = await change(password);
      expect([password, answer.statusCode, answer.json().error]).toEqual([
        password,
        400,
        TOO_COMMON,
      ]);
    }
    expect((await change('Otter#Lamp77')).statusCode).toBe(200);
  });

  it('refuses the variants on a reset and keeps the code usable', async () => {
    const body = credentials('reset');
    const session: Session = await register(t.app, body, nextAddress());
    const code = await createCode(t.database.handle.db, session.user.id, 'reset', 60 * 60 * 1000);
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { code, password, passwordConfirmation: password },
      });
    for (const password of ['P@ssw0rd1', 'Pa$$w0rd!', `${body.username}!A`]) {
      const answer = await reset(password);
      expect([password, answer.statusCode, answer.json().error]).toEqual([
        password,
        400,
        TOO_COMMON,
      ]);
    }
    expect((await reset('Plum#Harbor77')).statusCode).toBe(200);
  });
});
