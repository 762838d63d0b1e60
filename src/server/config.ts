/**
 * The configuration, read from the environment once and validated with valibot; `npm start` needs
 * none of it, and a wrong value stops the server with a message that names the variable.
 */
import net from 'node:net';
import path from 'node:path';
import * as v from 'valibot';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** "30d", "12h", "90m", "3600s" or a bare number of seconds. */
export function parseDuration(name: string, text: string): number {
  const match = /^(\d+)\s*([smhdw]?)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1) : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new ConfigError(
      `${name} must be a duration such as 30d, 12h, 90m or 3600 (got "${text}")`,
    );
  }
  return seconds;
}

/** A variable as text, trimmed; unset and empty both read as ''. */
const raw = v.pipe(v.optional(v.string(), ''), v.trim());

const got = (issue: { input: unknown }) => `(got "${String(issue.input)}")`;

const text = (fallback: string) =>
  v.pipe(
    raw,
    v.transform((value) => value || fallback),
  );

const wholeNumber = (name: string, fallback: number, min: number, max: number) =>
  v.pipe(
    raw,
    v.check(
      (value) =>
        value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      (issue) => `${name} must be a whole number from ${min} to ${max} ${got(issue)}`,
    ),
    v.transform((value) => (value === '' ? fallback : Number(value))),
  );

const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T) =>
  v.pipe(
    raw,
    v.check(
      (value) =>
        value === '' || allowed.some((option) => option.toLowerCase() === value.toLowerCase()),
      (issue) => `${name} must be one of ${allowed.join(', ')} ${got(issue)}`,
    ),
    v.transform(
      (value) => allowed.find((option) => option.toLowerCase() === value.toLowerCase()) ?? fallback,
    ),
  );

const matching = (name: string, pattern: RegExp, form: string) =>
  v.pipe(
    raw,
    v.check(
      (value) => value === '' || pattern.test(value),
      (issue) => `${name} must be ${form} ${got(issue)}`,
    ),
  );

const TRUST_PROXY_FORMS =
  'false, a number of proxies in front (e.g. 1), or their comma-separated addresses or CIDR ranges (e.g. 10.0.0.1,192.168.0.0/16)';

const isAddressOrRange = (entry: string): boolean => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  );
};

/**
 * Whose X-Forwarded-For entries are believed: a hop count or proxy addresses. `true` would believe
 * the client's own left-most entry, so anyone could choose the address the throttle counts.
 */
const trustProxy = v.pipe(
  raw,
  v.check(
    (value) =>
      ['', 'false', '0'].includes(value.toLowerCase()) ||
      /^\d{1,2}$/.test(value) ||
      value.split(',').every((entry) => isAddressOrRange(entry.trim())),
    (issue) => `TRUST_PROXY must be ${TRUST_PROXY_FORMS} ${got(issue)}`,
  ),
  v.transform((value): false | number | string[] => {
    if (['', 'false', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((entry) => entry.trim());
  }),
);

const EnvSchema = v.object({
  HOST: text('127.0.0.1'),
  PORT: wholeNumber('PORT', 3000, 0, 65_535),
  DATABASE_URL: matching(
    'DATABASE_URL',
    /^(sqlite:.+|postgres(ql)?:\/\/.+)$/,
    'sqlite:<file path> or postgres://user@host:port/db',
  ),
  DATA_DIR: text('data'),
  JWT_SECRET: v.pipe(
    v.optional(v.string(), ''),
    v.check(
      (value) => value === '' || Buffer.byteLength(value, 'utf8') >= 32,
      'JWT_SECRET must be at least 32 bytes long',
    ),
  ),
  JWT_EXPIRES_IN: text('30d'),
  LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
  // argon2id memory in KiB; the default is OWASP's recommended setting for argon2id.
  ARGON2_MEMORY_KIB: wholeNumber('ARGON2_MEMORY_KIB', 19_456, 8, 4_194_304),
  ARGON2_TIME_COST: wholeNumber('ARGON2_TIME_COST', 2, 1, 100),
  STATIC_DIR: text('dist/client'),
  TRUST_PROXY: trustProxy,
  MAX_TODOS_PER_USER: wholeNumber('MAX_TODOS_PER_USER', 100_000, 1, 1_000_000_000),
  MAX_PROJECTS_PER_USER: wholeNumber('MAX_PROJECTS_PER_USER', 500, 1, 1_000_000),
  MAX_LABELS_PER_USER: wholeNumber('MAX_LABELS_PER_USER', 500, 1, 1_000_000),
  WRITE_RATE_PER_MINUTE: wholeNumber('WRITE_RATE_PER_MINUTE', 0, 0, 1_000_000),
  TRASH_DAYS: wholeNumber('TRASH_DAYS', 30, 1, 3650),
  CORS_ORIGINS: raw,
  REDIS_URL: matching('REDIS_URL', /^rediss?:\/\/.+/, 'redis://host:port'),
  REDIS_KEY_PREFIX: text('ticklist'),
  SQLITE_SYNCHRONOUS: oneOf('SQLITE_SYNCHRONOUS', ['FULL', 'NORMAL'] as const, 'FULL'),
  POSTGRES_POOL_SIZE: wholeNumber('POSTGRES_POOL_SIZE', 10, 1, 100),
  SMTP_URL: matching('SMTP_URL', /^smtps?:\/\/.+/, 'smtp://user:pass@host:587 or smtps://…'),
  MAIL_FROM: text('Ticklist <no-reply@localhost>'),
  MAX_MAILS_PER_USER_PER_DAY: wholeNumber('MAX_MAILS_PER_USER_PER_DAY', 50, 0, 100_000),
  REMINDER_CHECK_SECONDS: wholeNumber('REMINDER_CHECK_SECONDS', 15, 1, 3600),
  VAPID_PUBLIC_KEY: matching(
    'VAPID_PUBLIC_KEY',
    /^[A-Za-z0-9_-]{87}$/,
    'a base64url P-256 public key (87 characters)',
  ),
  VAPID_PRIVATE_KEY: matching(
    'VAPID_PRIVATE_KEY',
    /^[A-Za-z0-9_-]{43}$/,
    'a base64url P-256 private key (43 characters)',
  ),
  VAPID_SUBJECT: matching(
    'VAPID_SUBJECT',
    /^(mailto:.+|https:\/\/.+)$/,
    'mailto:you@example.com or an https:// address',
  ),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: oneOf(
    'PUSH_ALLOW_PRIVATE_ENDPOINTS',
    ['false', 'true'] as const,
    'false',
  ),
  MAX_PUSH_DEVICES_PER_USER: wholeNumber('MAX_PUSH_DEVICES_PER_USER', 20, 1, 1000),
  PUBLIC_URL: matching(
    'PUBLIC_URL',
    /^https?:\/\/[^/]+/,
    'the address people open the app at, e.g. https://todo.example.com',
  ),
});

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env) {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) throw new ConfigError(result.issues[0].message);
  const vars = result.output;
  if (Boolean(vars.VAPID_PUBLIC_KEY) !== Boolean(vars.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    );
  const cwd = process.cwd();
  return {
    host: vars.HOST,
    port: vars.PORT,
    databaseUrl: vars.DATABASE_URL || 'sqlite:./data/ticklist.db',
    dataDir: path.resolve(cwd, vars.DATA_DIR),
    /** Undefined: generate one and keep it in dataDir (see auth/secret.ts). */
    jwtSecret: vars.JWT_SECRET || undefined,
    jwtExpiresInSeconds: parseDuration('JWT_EXPIRES_IN', vars.JWT_EXPIRES_IN),
    logLevel: vars.LOG_LEVEL,
    passwordCost: {
      memoryKiB: vars.ARGON2_MEMORY_KIB,
      timeCost: vars.ARGON2_TIME_COST,
      parallelism: 1,
    },
    throttle: {
      windowSeconds: 15 * 60,
      maxFailuresPerIdentifier: 10,
      maxFailuresPerAddress: 50,
      registerWindowSeconds: 60 * 60,
      maxRegistrationsPerAddress: 60,
    },
    staticDir: path.resolve(cwd, vars.STATIC_DIR),
    trustProxy: vars.TRUST_PROXY,
    /** Most todos one user may keep: a create beyond it is refused (403). */
    maxTodosPerUser: vars.MAX_TODOS_PER_USER,
    /** Most live projects one user may keep: a create (or a restore) beyond it is refused (400). */
    maxProjectsPerUser: vars.MAX_PROJECTS_PER_USER,
    /** Most labels one user may keep: a create beyond it is refused (400). */
    maxLabelsPerUser: vars.MAX_LABELS_PER_USER,
    /** Writes (POST, PUT, DELETE) one user may make a minute; 0 means no limit. */
    writeRatePerMinute: vars.WRITE_RATE_PER_MINUTE,
    /** Days a deleted todo stays in the trash before it is purged for good. */
    trashDays: vars.TRASH_DAYS,
    corsOrigins: vars.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    redisUrl: vars.REDIS_URL || undefined,
    /** Prefix of every Redis key, so several deployments can share one Redis. */
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    sqliteSynchronous: vars.SQLITE_SYNCHRONOUS,
    /** PostgreSQL only: the connections of the server's pool. */
    postgresPoolSize: vars.POSTGRES_POOL_SIZE,
    /** Undefined: mails are written to the log instead of sent. */
    smtpUrl: vars.SMTP_URL || undefined,
    mailFrom: vars.MAIL_FROM,
    /** Reminder mails one user may get a UTC day, across all processes; beyond it they reach the app only (0: none). */
    maxMailsPerUserPerDay: vars.MAX_MAILS_PER_USER_PER_DAY,
    /** How often each process looks for due reminders: a reminder is sent at most this late. */
    reminderCheckMs: vars.REMINDER_CHECK_SECONDS * 1000,
    /** Web Push: VAPID keys (both or neither; neither: generated and kept in dataDir, see push/vapid.ts). */
    vapid: {
      publicKey: vars.VAPID_PUBLIC_KEY || undefined,
      privateKey: vars.VAPID_PRIVATE_KEY || undefined,
      subject: vars.VAPID_SUBJECT || undefined,
    },
    /** Push endpoints on loopback or private addresses are refused unless this is true (tests). */
    pushAllowPrivateEndpoints: vars.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true',
    maxPushDevicesPerUser: vars.MAX_PUSH_DEVICES_PER_USER,
    /** Where links in mails point, without a trailing slash. */
    publicUrl: (vars.PUBLIC_URL || `http://127.0.0.1:${vars.PORT}`).replace(/\/+$/, ''),
  };
}

export type Config = ReturnType<typeof loadConfig>;
export type PasswordCost = Config['passwordCost'];
export type ThrottleConfig = Config['throttle'];
