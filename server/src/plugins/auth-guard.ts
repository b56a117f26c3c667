import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { AppError, unauthorized } from '../lib/errors';
import type { TokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player's id (int8 as text), set by requirePlayer. */
    playerId: string;
  }
}

export interface BlockInfo {
  block_type: 'block_permanent' | 'block_temporary';
  block_end: string | null;
  reason: string | null;
}

/** A block is in force while it is permanent (2) or temporary (0) with an end in the future. */
export function activeBlock(
  player: { block: number | null; block_end: Date | null; block_reason?: string | null },
  now: Date,
): BlockInfo | null {
  if (player.block === 2) return { block_type: 'block_permanent', block_end: null, reason: player.block_reason ?? null };
  if (player.block === 0 && player.block_end && player.block_end.getTime() > now.getTime()) {
    return { block_type: 'block_temporary', block_end: player.block_end.toISOString(), reason: player.block_reason ?? null };
  }
  return null;
}

// Bearer token → player. 401 for a missing, forged, expired or revoked token (session_version bumped);
// 403 with the block info in `detail` (spec §7: GET /users/me) for a blocked player.
export function createAuthGuard(deps: { db: Database; tokens: TokenService; clock: Clock }) {
  const { db, tokens, clock } = deps;

  async function resolve(request: FastifyRequest): Promise<string> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const claims = await tokens.verify(match[1].trim());
    if (!claims) throw unauthorized('Invalid or expired token');
    const player = await db
      .selectFrom('acc_players')
      .select(['id', 'block', 'block_end', 'block_reason', 'session_version'])
      .where('id', '=', claims.sub)
      .executeTakeFirst();
    if (!player || player.session_version !== claims.sv) throw unauthorized('Session ended');
    const block = activeBlock(player, clock.now());
    if (block) throw new AppError(403, 'ACCOUNTS_BLOCKED', block);
    return player.id;
  }

  return {
    /** preHandler for every player call. */
    requirePlayer: async (request: FastifyRequest, _reply: FastifyReply) => {
      request.playerId = await resolve(request);
    },
    /** For calls that serve guests and players differently: the id, or null without a token. */
    optionalPlayer: async (request: FastifyRequest): Promise<string | null> => {
      if (!request.headers.authorization) return null;
      return resolve(request);
    },
    /** The live channel authenticates with the same rules (blocked players get no socket). */
    playerIdForToken: async (token: string): Promise<string | null> => {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const player = await db
        .selectFrom('acc_players')
        .select(['id', 'block', 'block_end', 'session_version'])
        .where('id', '=', claims.sub)
        .executeTakeFirst();
      if (!player || player.session_version !== claims.sv || activeBlock(player, clock.now())) return null;
      return player.id;
    },
  };
}
export type AuthGuard = ReturnType<typeof createAuthGuard>;
