import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Clock } from './clock';

// Player access tokens (HS256). The subject is the player id; `sid` is the sign-in session (acc_sessions row) that
// sign-out and a password change revoke; `sv` is the session version, which sign-out-everywhere, a password reset and
// self-exclusion bump so every older token stops working. A token without `exp` or `sid` is refused.
export interface AccessClaims {
  sub: string;
  sv: number;
  sid: string;
}

/** An int8 id as text (1 … 2^63-1): anything else in `sub`/`sid` is a forged or foreign token. */
const ID = /^[1-9]\d{0,18}$/;
const isId = (v: unknown): v is string => typeof v === 'string' && ID.test(v) && BigInt(v) <= 9223372036854775807n;

export function createTokenService(secret: string, ttlSeconds: number, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(playerId: string | number, sessionVersion: number, sessionId: string | number): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sv: sessionVersion, sid: String(sessionId) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(playerId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    /** Returns the claims, or null for a forged, malformed, expired or endless (no `exp`) token. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['exp', 'sub'],
        });
        if (!isId(payload.sub) || !isId(payload.sid)) return null;
        return { sub: payload.sub, sv: typeof payload.sv === 'number' ? payload.sv : 0, sid: payload.sid };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
