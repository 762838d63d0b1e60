import { createPasswordHasher } from '../../../src/server/auth/passwords';
import { resolveJwtSecret } from '../../../src/server/auth/secret';
import { createTokenService } from '../../../src/server/auth/tokens';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const secret = new TextEncoder().encode('a-test-secret-that-is-at-least-32-bytes-long');

describe('tokens', () => {
  it('issue and verify round-trip the user id, a jti and the expiry', async () => {
    const tokens = createTokenService(secret, 3600);
    const { token, claims } = await tokens.issue(42);
    const verified = await tokens.verify(token);
    expect(verified).toEqual(claims);
    expect(claims.userId).toBe(42);
    expect(claims.expiresAt.getTime() - Date.now()).toBeGreaterThan(3590_000);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'iat_ms', 'id', 'jti']);
    expect(Math.floor(payload.iat_ms / 1000)).toBe(payload.iat);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg).toBe('HS256');
  });

  it('gives every token its own jti', async () => {
    const tokens = createTokenService(secret, 60);
    const [a, b] = await Promise.all([tokens.issue(1), tokens.issue(1)]);
    expect(a.claims.jti).not.toBe(b.claims.jti);
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenService(
      new TextEncoder().encode('another-secret-of-more-than-32-bytes!!'),
      60,
    );
    const { token } = await other.issue(1);
    expect(await createTokenService(secret, 60).verify(token)).toBeUndefined();
  });
});

describe('passwords', () => {
  const hasher = createPasswordHasher({ memoryKiB: 1024, timeCost: 1, parallelism: 1 });

  it('hashes with argon2id and a salt, and verifies', async () => {
    const [a, b] = await Promise.all([hasher.hash('Secret1!'), hasher.hash('Secret1!')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'Secret1!')).toBe(true);
    expect(await hasher.verify(a, 'secret1!')).toBe(false);
  });

  it('uses the production cost by default settings', async () => {
    const production = createPasswordHasher({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
    expect(await production.hash('Secret1!')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('never lets an unreadable stored hash in', async () => {
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
  });
});

describe('the generated JWT secret', () => {
  it('is made once and kept, so a restart reads the same one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-secret-'));
    const first = resolveJwtSecret(undefined, dir);
    const second = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });

  it('prefers JWT_SECRET', () => {
    expect(new TextDecoder().decode(resolveJwtSecret('x'.repeat(40), '/nonexistent'))).toBe(
      'x'.repeat(40),
    );
  });
});
