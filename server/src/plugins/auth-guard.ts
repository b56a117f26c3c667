import { blockType, blockTypeName } from '@contracts/codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignIns } from '../modules/accounts/sign-ins';
import type { Clock } from '../lib/clock';
import { AppError, unauthorized } from '../lib/errors';
import type { AccessClaims, TokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player's id (int8 as text), set by requirePlayer. */
    playerId: string;
    /** The sign-in session (acc_sessions id) of the request's token, set by requirePlayer. */
    sessionId: string;
  }
}

export interface BlockInfo {
  block_type: 'block_permanent' | 'block_temporary';
  block_end: string | null;
  reason: string | null;
}

/** A block is in force while it is permanent or temporary with an end in the future. */
export function activeBlock(
  player: { block: number | null; block_end: Date | null; block_reason?: string | null },
  now: Date,
): BlockInfo | null {
  if (player.block === blockType.permanent)
    return { block_type: blockTypeName[blockType.permanent], block_end: null, reason: player.block_reason ?? null };
  if (player.block === blockType.temporary && player.block_end && player.block_end.getTime() > now.getTime()) {
    return {
      block_type: blockTypeName[blockType.temporary],
      block_end: player.block_end.toISOString(),
      reason: player.block_reason ?? null,
    };
  }
  return null;
}

// Bearer token → player. 401 for a missing, forged, expired or revoked token (its sign-in session revoked or
// expired, or session_version bumped); 403 with the block info in `detail` (spec §7: GET /users/me) for a blocked
// player. One indexed read per call: the player joined with the token's sign-in session.
export function createAuthGuard(deps: {
  /** The accounts module's one read for it (SQL stays in its repository). */
  signIns: SignIns;
  tokens: TokenService;
  clock: Clock;
}) {
  const { signIns, tokens, clock } = deps;

  /** The player and session of valid claims, or why not: null (401) or the block (403). */
  async function check(claims: AccessClaims | null) {
    if (!claims) return null;
    const row = await signIns.findSignIn(claims.sub, claims.sid);
    const now = clock.now();
    if (!row || row.session_version !== claims.sv || row.revoked_at || row.expires_at <= now) return null;
    return { playerId: row.id, sessionId: claims.sid, block: activeBlock(row, now) };
  }

  const bearerToken = (request: FastifyRequest) => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    return match?.[1]?.trim() || null;
  };

  async function resolve(request: FastifyRequest): Promise<{ playerId: string; sessionId: string }> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized('Invalid or expired token');
    const found = await check(claims);
    if (!found) throw unauthorized('Session ended');
    if (found.block) throw new AppError(403, 'ACCOUNTS_BLOCKED', found.block);
    return found;
  }

  return {
    /** preHandler for every player call. */
    requirePlayer: async (request: FastifyRequest, _reply: FastifyReply) => {
      const found = await resolve(request);
      request.playerId = found.playerId;
      request.sessionId = found.sessionId;
    },
    /** For calls that serve guests and players differently: the id, or null without a token. */
    optionalPlayer: async (request: FastifyRequest): Promise<string | null> => {
      if (!request.headers.authorization) return null;
      return (await resolve(request)).playerId;
    },
    /** The claims of a genuine, unexpired token, whatever its session's state (sign-out works on an ended one). */
    claimsOf: async (request: FastifyRequest): Promise<AccessClaims | null> => {
      const token = bearerToken(request);
      return token ? tokens.verify(token) : null;
    },
    /** The live channel authenticates with the same rules (blocked players get no socket). */
    identityForToken: async (token: string): Promise<{ playerId: string; sessionId: string } | null> => {
      const found = await check(await tokens.verify(token));
      return found && !found.block ? { playerId: found.playerId, sessionId: found.sessionId } : null;
    },
  };
}
export type AuthGuard = ReturnType<typeof createAuthGuard>;
