/**
 * The VAPID key pair that signs Web Push requests: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else a
 * pair generated on first start and kept in the data folder (0600), as the JWT secret is, so every
 * process and every restart signs with the same keys and browsers' subscriptions stay valid.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

const KEYS_FILE = 'vapid-keys.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs the server, for push services to contact: mailto: or https:. */
  subject: string;
}

/** The address in MAIL_FROM ("Ticklist <no-reply@localhost>" → mailto:no-reply@localhost). */
const subjectFrom = (mailFrom: string) =>
  `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

function keptKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, KEYS_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if another process wrote it first; then that one's keys are the ones to use.
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string')
    throw new Error(
      `${file} holds no VAPID key pair: delete it or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`,
    );
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

export function resolveVapidKeys(config: Config): VapidKeys {
  const { publicKey, privateKey, subject } = config.vapid;
  const pair = publicKey && privateKey ? { publicKey, privateKey } : keptKeys(config.dataDir);
  return { ...pair, subject: subject ?? subjectFrom(config.mailFrom) };
}
