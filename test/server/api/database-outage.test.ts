/** With the database out of reach, calls get 503 ServiceUnavailableError and the process keeps serving. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { createTokenService } from '../../../src/server/auth/tokens';
import { resolveJwtSecret } from '../../../src/server/auth/secret';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connect';

describe('an unreachable PostgreSQL', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-outage-'));
    // Port 9 (discard) has no PostgreSQL: every connection is refused.
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    });
    database = openDatabase(config.databaseUrl);
    app = await buildApp(config, database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const expect503 = (response: { statusCode: number; json(): unknown; body: string }) => {
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      data: null,
      error: {
        status: 503,
        name: 'ServiceUnavailableError',
        message: expect.any(String),
        details: {},
      },
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/i);
  };

  it('says so on /api/health', async () => {
    expect503(await app.inject({ method: 'GET', url: '/api/health' }));
  });

  it('answers logins, registrations and todo calls with 503, not 500', async () => {
    expect503(
      await app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: 'a@b.co', password: 'Kiwi#Lamp42' },
      }),
    );
    expect503(
      await app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: { email: 'a@b.co', username: 'abc', password: 'Kiwi#Lamp42' },
      }),
    );
    const { token } = await createTokenService(resolveJwtSecret(undefined, dataDir), 60).issue(1);
    expect503(
      await app.inject({
        method: 'GET',
        url: '/api/todos',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
  });
});
