/**
 * The server's whole configuration, read from the environment once and validated here, with
 * defaults that work on a laptop: `npm start` needs none of these variables.
 */
import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface PasswordCost {
  /** argon2id memory in KiB (19 MiB by default, the OWASP recommendation). */
  memoryKiB: number;
  timeCost: number;
  parallelism: number;
}

export interface ThrottleConfig {
  windowSeconds: number;
  maxFailuresPerIdentifier: number;
  maxFailuresPerAddress: number;
  registerWindowSeconds: number;
  maxRegistrationsPerAddress: number;
}

export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** Undefined: generate one and keep it in dataDir (see auth/secret.ts). */
  jwtSecret: string | undefined;
  /** Token lifetime in seconds. */
  jwtExpiresInSeconds: number;
  logLevel: LogLevel;
  passwordCost: PasswordCost;
  throttle: ThrottleConfig;
  staticDir: string;
  trustProxy: boolean;
  corsOrigins: string[];
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** PostgreSQL only: connections in each of the server's three sets (db/connect). */
  postgresPoolSize: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/**
 * Connections in each of the server's three PostgreSQL sets: Kysely's pool and the two pipelines
 * the hot queries run on (db/pipeline, three statements in flight on each connection). On a
 * 2-core machine shared with PostgreSQL, 3 pipelined connections served page 500 with a lower p99
 * than 5 (41 vs 54.5 ms, medians of 4 interleaved runs) at the same rate, and a pool of 5 had
 * served more than one of 10: more busy backends than cores only take turns. A database across a
 * network may want more, to keep more round trips overlapping.
 */
export const DEFAULT_POSTGRES_POOL_SIZE = 3;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** "30d", "12h", "90m", "3600s" or a bare number of seconds. */
export function parseDuration(name: string, text: string): number {
  const match = /^(\d+)\s*([smhdw]?)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1) : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new ConfigError(`${name} must be a duration such as 30d, 12h, 90m or 3600 (got "${text}")`);
  }
  return seconds;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const wanted = raw.trim().toLowerCase();
  const found = allowed.find((option) => option.toLowerCase() === wanted);
  if (!found) throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return found;
}

function flag(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

function databaseUrl(env: Env): string {
  const url = env.DATABASE_URL?.trim() || 'sqlite:./data/ticklist.db';
  if (!/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(url)) {
    throw new ConfigError(
      `DATABASE_URL must be sqlite:<file path> or postgres://user@host:port/db (got "${url}")`,
    );
  }
  return url;
}

function jwtSecret(env: Env): string | undefined {
  const secret = env.JWT_SECRET;
  if (secret === undefined || secret === '') return undefined;
  if (Buffer.byteLength(secret, 'utf8') < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 bytes long');
  }
  return secret;
}

function redisUrl(env: Env): string | undefined {
  const url = env.REDIS_URL?.trim();
  if (!url) return undefined;
  if (!/^rediss?:\/\/.+/.test(url)) throw new ConfigError(`REDIS_URL must be redis://host:port (got "${url}")`);
  return url;
}

export function loadConfig(env: Env = process.env): Config {
  const cwd = process.cwd();
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port: integer(env, 'PORT', 3000, 0, 65_535),
    databaseUrl: databaseUrl(env),
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || 'data'),
    jwtSecret: jwtSecret(env),
    jwtExpiresInSeconds: parseDuration('JWT_EXPIRES_IN', env.JWT_EXPIRES_IN || '30d'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    passwordCost: {
      memoryKiB: integer(env, 'ARGON2_MEMORY_KIB', 19_456, 8, 4_194_304),
      timeCost: integer(env, 'ARGON2_TIME_COST', 2, 1, 100),
      parallelism: 1,
    },
    throttle: {
      windowSeconds: 15 * 60,
      maxFailuresPerIdentifier: 10,
      maxFailuresPerAddress: 50,
      registerWindowSeconds: 60 * 60,
      maxRegistrationsPerAddress: 60,
    },
    staticDir: path.resolve(cwd, env.STATIC_DIR?.trim() || 'dist/client'),
    trustProxy: flag(env, 'TRUST_PROXY'),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    redisUrl: redisUrl(env),
    redisKeyPrefix: env.REDIS_KEY_PREFIX?.trim() || 'ticklist',
    sqliteSynchronous: oneOf(env, 'SQLITE_SYNCHRONOUS', ['FULL', 'NORMAL'] as const, 'FULL'),
    postgresPoolSize: integer(env, 'POSTGRES_POOL_SIZE', DEFAULT_POSTGRES_POOL_SIZE, 1, 100),
  };
}
