import { ConfigError, loadConfig, parseDuration } from '../../src/server/config';

describe('configuration', () => {
  it('works with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: 'sqlite:./data/ticklist.db',
      jwtSecret: undefined,
      jwtExpiresInSeconds: 30 * 86_400,
      logLevel: 'info',
      passwordCost: { memoryKiB: 19_456, timeCost: 2, parallelism: 1 },
      corsOrigins: [],
      sqliteSynchronous: 'FULL',
      postgresPoolSize: 10,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      JWT_SECRET: 'x'.repeat(32),
      JWT_EXPIRES_IN: '12h',
      LOG_LEVEL: 'WARN',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      SQLITE_SYNCHRONOUS: 'normal',
      POSTGRES_POOL_SIZE: '20',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      jwtExpiresInSeconds: 43_200,
      logLevel: 'warn',
      corsOrigins: ['https://a.example', 'https://b.example'],
      sqliteSynchronous: 'NORMAL',
      postgresPoolSize: 20,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be sqlite/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 bytes/],
    [{ JWT_EXPIRES_IN: 'forever' }, /JWT_EXPIRES_IN must be a duration/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be false, a number of proxies in front/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be .*addresses or CIDR ranges.*\(got "true"\)/],
    [{ TRUST_PROXY: '10.0.0.1,10.0.0.0/33' }, /TRUST_PROXY/],
    [{ MAX_TODOS_PER_USER: '0' }, /MAX_TODOS_PER_USER must be a whole number from 1/],
    [{ WRITE_RATE_PER_MINUTE: '-5' }, /WRITE_RATE_PER_MINUTE must be a whole number/],
    [{ POSTGRES_POOL_SIZE: '0' }, /POSTGRES_POOL_SIZE must be a whole number from 1 to 100/],
  ])('names what is wrong in %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 192.168.0.0/16,::1', ['10.0.0.1', '192.168.0.0/16', '::1']],
  ])('reads TRUST_PROXY=%j as Fastify takes it', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it('limits nothing by default but the todos a user keeps', () => {
    expect(loadConfig({})).toMatchObject({ maxTodosPerUser: 100_000, writeRatePerMinute: 0 });
  });

  it('looks for due reminders every 15 s unless REMINDER_CHECK_SECONDS says otherwise (1 to 3600)', () => {
    expect(loadConfig({}).reminderCheckMs).toBe(15_000);
    expect(loadConfig({ REMINDER_CHECK_SECONDS: '1' }).reminderCheckMs).toBe(1_000);
    expect(() => loadConfig({ REMINDER_CHECK_SECONDS: '0' })).toThrow(
      /REMINDER_CHECK_SECONDS must be a whole number from 1 to 3600 \(got "0"\)/,
    );
  });

  it('caps reminder mails at 50 a user a day unless MAX_MAILS_PER_USER_PER_DAY says otherwise (0: none)', () => {
    expect(loadConfig({}).maxMailsPerUserPerDay).toBe(50);
    expect(loadConfig({ MAX_MAILS_PER_USER_PER_DAY: '3' }).maxMailsPerUserPerDay).toBe(3);
    expect(loadConfig({ MAX_MAILS_PER_USER_PER_DAY: '0' }).maxMailsPerUserPerDay).toBe(0);
    expect(() => loadConfig({ MAX_MAILS_PER_USER_PER_DAY: 'lots' })).toThrow(
      /MAX_MAILS_PER_USER_PER_DAY must be a whole number from 0 to 100000 \(got "lots"\)/,
    );
  });

  it.each([
    ['30d', 2_592_000],
    ['90m', 5400],
    ['3600', 3600],
    ['2w', 1_209_600],
  ])('reads the duration %s', (text, seconds) => expect(parseDuration('X', text)).toBe(seconds));
});
