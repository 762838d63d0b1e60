/**
 * Two server processes on one PostgreSQL and one Redis serve the same users: a write through one
 * is read through the other, failed logins counted across both reach 429, and a token revoked
 * through one is refused by the other.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Session } from '../../../src/shared/api-types';
import { urlForDatabase, withAdminClient } from '../support/postgres';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';

jest.setTimeout(90_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const wantsPostgres = (process.env.TICKLIST_TEST_DIALECTS ?? '').includes('postgres');
const describeWithPostgres = wantsPostgres ? describe : describe.skip;

describeWithPostgres('several processes on PostgreSQL + Redis', () => {
  const database = `${process.env.TICKLIST_TEST_DB_PREFIX ?? 'ticklist_test_adhoc'}_scale_${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-scale-'));
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    await withAdminClient((client) => client.query(`create database "${database}"`));
    const env = {
      DATABASE_URL: urlForDatabase(database),
      REDIS_URL,
      // A fresh key space per run, so counters of other runs sharing this Redis never interfere.
      REDIS_KEY_PREFIX: `ticklist-test-${randomBytes(6).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    first = await spawnServer(dataDir, env);
    second = await spawnServer(dataDir, env);
  });

  afterAll(async () => {
    await Promise.all([first?.kill('SIGTERM'), second?.kill('SIGTERM')]);
    await withAdminClient((client) =>
      client.query(`drop database if exists "${database}" with (force)`),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const account = (name: string) => ({
    email: `${name}@example.com`,
    username: name,
    password: 'Kiwi#Lamp42',
  });

  it('a todo written through one is read through the other', async () => {
    const registered = await http<Session>(first.url, 'POST', '/api/auth/local/register', {
      body: account('shared1'),
    });
    expect(registered.status).toBe(200);
    const token = registered.body.jwt;
    const created = await http<{ data: { id: number } }>(first.url, 'POST', '/api/todos', {
      token,
      body: { data: { title: 'written on one' } },
    });
    expect(created.status).toBe(200);
    const read = await http<{ data: { attributes: { title: string } } }>(
      second.url,
      'GET',
      `/api/todos/${created.body.data.id}`,
      { token },
    );
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.title).toBe('written on one');
  });

  it('failed logins counted across both processes reach 429', async () => {
    const user = account('shared2');
    expect((await http(first.url, 'POST', '/api/auth/local/register', { body: user })).status).toBe(
      200,
    );
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const target = attempt % 2 === 0 ? first : second;
      const response = await http(target.url, 'POST', '/api/auth/local', {
        body: { identifier: user.email, password: 'Wrong1!x' },
      });
      expect(response.status).toBe(400);
    }
    for (const target of [first, second]) {
      const refused = await http(target.url, 'POST', '/api/auth/local', {
        body: { identifier: user.email, password: user.password },
      });
      expect(refused.status).toBe(429);
    }
  });

  it('a token revoked through one is refused by the other', async () => {
    const registered = await http<Session>(second.url, 'POST', '/api/auth/local/register', {
      body: account('shared3'),
    });
    const token = registered.body.jwt;
    expect((await http(first.url, 'GET', '/api/users/me', { token })).status).toBe(200);
    expect((await http(first.url, 'POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await http(second.url, 'GET', '/api/users/me', { token })).status).toBe(401);
  });
});
