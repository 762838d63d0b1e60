/** JWTs: HS256 only, claims { id, jti, iat, exp }; the jti is what logout revokes. */
import { randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  jti: string;
  expiresAt: Date;
}

export interface TokenService {
  issue(userId: number): Promise<{ token: string; claims: TokenClaims }>;
  /** The claims of a valid token, or undefined for anything forged, expired, malformed or of another alg. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

export function createTokenService(secretBytes: Uint8Array, expiresInSeconds: number): TokenService {
  // One imported key for the life of the process: given raw bytes, jose imports a key on every call.
  const key = webcrypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    async issue(userId) {
      const jti = randomUUID();
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = issuedAt + expiresInSeconds;
      const token = await new SignJWT({ id: userId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(jti)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await key);
      return { token, claims: { userId, jti, expiresAt: new Date(expiresAt * 1000) } };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'jti'],
        });
        const { id, jti, exp } = payload;
        if (!Number.isSafeInteger(id) || (id as number) <= 0 || typeof jti !== 'string') return undefined;
        return { userId: id as number, jti, expiresAt: new Date((exp as number) * 1000) };
      } catch {
        return undefined;
      }
    },
  };
}
