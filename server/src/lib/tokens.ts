import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Clock } from './clock';

// Player access tokens (HS256). The subject is the player id; `sv` is the session version, which sign-out-everywhere
// and blocks bump so older tokens stop working.
export interface AccessClaims {
  sub: string;
  sv: number;
}

export function createTokenService(secret: string, ttlSeconds: number, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(playerId: string | number, sessionVersion = 0): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(playerId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    /** Returns the claims, or null for a forged, malformed or expired token. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string') return null;
        return { sub: payload.sub, sv: typeof payload.sv === 'number' ? payload.sv : 0 };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
