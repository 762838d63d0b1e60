/** Password hashing with argon2id; the cost comes from config (lowered only in tests). */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { PasswordCost } from '../config';

// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of a real verification, so an unknown account answers as slowly as a wrong password. */
  verifyNothing(password: string): Promise<void>;
}

export function createPasswordHasher(cost: PasswordCost): PasswordHasher {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKiB,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  };
  const hashPassword = (password: string) => hash(password, options);
  const verifyPassword = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // an unreadable stored hash never lets anyone in
    }
  };
  let dummyHash: Promise<string> | undefined;
  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyNothing(password) {
      dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
      await verifyPassword(await dummyHash, password);
    },
  };
}
