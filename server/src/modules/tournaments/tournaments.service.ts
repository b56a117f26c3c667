import type {
  Leaderboard,
  LeaderboardItem,
  Tournament,
  TournamentBody,
  TournamentStatus,
} from '@contracts/tournaments';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { tournamentBody } from '@contracts/tournaments';
import { pageOf } from '@contracts/common';
import { afterCommit } from '../../lib/after-commit';
import { dated } from '../../lib/dated';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { toMajor, toMinor } from '../../lib/money';
import type { TournamentsDeps } from './tournaments.deps';
import type { BoardRow, ParticipationRow, PrizeRow, TournamentRow } from './tournaments.repository';

const TOP = 50;
const LIST_TOP = 3;
type Body = z.output<typeof tournamentBody>;

// The player's tournaments and the operators' builder (issue 27, docs/decisions/027-tournaments.md). Points come from
// the feed (tournaments.scoring.ts); the schedule and prizes are tournaments.completion.ts.
export function createTournamentsService(deps: TournamentsDeps) {
  const { repo, clock } = deps;

  const wireStatus = (s: TournamentRow['status']): TournamentStatus => (s === 'cancelled' ? 'completed' : s);
  const textIn = (texts: Record<string, string>, language: string) =>
    texts[language] ?? texts.en ?? Object.values(texts)[0] ?? '';

  /** A prize as a player in `currency` reads it (`pool`: the pool in points, when known). */
  async function prizeView(t: TournamentRow, place: number, currency: string | null, paid?: PrizeRow) {
    const prize = t.prizes.find((p) => p.place === place);
    if (!prize) return null;
    const cur = paid?.currency ?? currency;
    const digits = cur ? await deps.minorUnitDigits(cur) : 2;
    let amount: number | null = null;
    if (paid?.amount_minor) amount = toMajor(BigInt(paid.amount_minor), digits);
    else if (prize.kind === 'money' && cur) amount = prize.amounts[cur] ?? null;
    else if (prize.kind === 'pool_share' && cur && t.pool_points !== null) {
      const ppu = t.currencies[cur]?.points_per_unit;
      amount = ppu
        ? Math.floor(((Number(t.pool_points) * prize.percent) / 100 / ppu) * 10 ** digits) / 10 ** digits
        : null;
    }
    return {
      place,
      kind: prize.kind,
      amount,
      currency: prize.kind === 'bonus' ? null : cur,
      percent: prize.kind === 'pool_share' ? prize.percent : null,
      template_id: prize.kind === 'bonus' ? prize.template_id : null,
    };
  }

  /** Board rows with what a public board may show of each player; blocked or self-excluded ones leave the board. */
  async function boardItems(t: TournamentRow, limit: number, playerId: string | null): Promise<LeaderboardItem[]> {
    const closed = t.status === 'completed' || t.status === 'cancelled';
    for (let attempt = 0; ; attempt++) {
      const rows: Array<BoardRow & { position?: number | null }> = closed
        ? (await repo.standings(t.id, limit, true)).map((r) => ({ ...r, position: r.final_position }))
        : await repo.top(t.id, limit);
      const profiles = await deps.players.publicProfiles(rows.map((r) => r.player_id));
      const gone = rows.filter((r) => profiles.get(r.player_id)?.blockedOrSelfExcluded).map((r) => r.id);
      if (gone.length && !closed && attempt < 2) {
        await repo.transaction(async (trx) => {
          if ((await repo.lockBoards([t.id], trx)).has(t.id)) await repo.exclude(gone, clock.now(), trx);
        });
        continue;
      }
      const prizes = closed ? new Map((await repo.prizesOf(t.id)).map((z) => [z.participation_id, z])) : new Map();
      return Promise.all(
        rows.map(async (r, i) => {
          const profile = profiles.get(r.player_id);
          const position = r.position ?? i + 1;
          return {
            position,
            player_id: Number(r.player_id),
            name: profile?.name ?? `Player ${r.player_id}`,
            is_streamer: profile?.is_streamer ?? false,
            avatar: profile?.avatar ?? null,
            points: Number(r.score),
            is_me: r.player_id === playerId,
            prize: t.status === 'cancelled' ? null : await prizeView(t, position, r.currency, prizes.get(r.id)),
          };
        }),
      );
    }
  }

  async function view(
    t: TournamentRow,
    playerId: string | null,
    language: string,
    ctx: { part?: ParticipationRow; participants: number; seenAt?: Date | null; auto?: boolean | null; top: number },
  ): Promise<Tournament> {
    // a player reads it in their currency; a guest in the default one (spec §6), or the tournament's first currency
    const currency = playerId
      ? ((await deps.players.currencyOf(playerId)) ?? null)
      : deps.defaultCurrency && t.currencies[deps.defaultCurrency]
        ? deps.defaultCurrency
        : (Object.keys(t.currencies)[0] ?? null);
    const closed = t.status === 'completed' || t.status === 'cancelled';
    const part = ctx.part;
    let position: number | null = null;
    let points: number | null = part ? Number(part.score) : null;
    let finalPrize: number | null = null;
    if (part) {
      if (closed) position = part.final_position;
      else {
        const now = await repo.positionOf(part.id);
        position = now?.position ?? null;
        points = now?.points ?? points;
      }
      if (closed) {
        const prize = await repo.prizeOfParticipation(part.id);
        finalPrize =
          prize?.amount_minor && prize.paid_at
            ? toMajor(BigInt(prize.amount_minor), await deps.minorUnitDigits(prize.currency))
            : 0;
      }
    }
    const terms = currency ? t.currencies[currency] : undefined;
    const places = [...t.prizes].sort((a, b) => a.place - b.place);
    return {
      id: Number(t.id),
      name: textIn(t.name, language),
      description: textIn(t.description, language),
      image: t.image,
      status: wireStatus(t.status),
      is_cancelled: t.status === 'cancelled',
      starts_at: t.starts_at.toISOString(),
      ends_at: t.ends_at.toISOString(),
      scoring: t.scoring,
      games: t.games,
      min_bet: terms?.min_bet ?? null,
      currency,
      is_currency_admitted: !playerId || currency === null || !!terms,
      prizes: (await Promise.all(places.map((p) => prizeView(t, p.place, currency)))).filter((p) => p !== null),
      participants: ctx.participants,
      leaderboard: ctx.top > 0 ? await boardItems(t, ctx.top, playerId) : [],
      leaderboard_position: position,
      points,
      final_prize_amount: finalPrize,
      participation_id: part ? Number(part.id) : null,
      is_user_auto_subscribe_enabled: ctx.auto ?? t.auto_subscribe,
      is_new: !closed && playerId !== null && (ctx.seenAt == null || t.created_at > ctx.seenAt),
    };
  }

  async function views(rows: TournamentRow[], playerId: string | null, language: string, top: number) {
    const ids = rows.map((r) => r.id);
    const [counts, parts, me] = await Promise.all([
      repo.countParticipants(ids),
      playerId ? repo.openParticipationsIn(ids, playerId) : Promise.resolve([]),
      playerId ? repo.player(playerId) : Promise.resolve(undefined),
    ]);
    const partOf = new Map(parts.map((p) => [p.tournament_id, p]));
    return Promise.all(
      rows.map((t) =>
        view(t, playerId, language, {
          part: partOf.get(t.id),
          participants: counts.get(t.id) ?? 0,
          seenAt: me?.seen_at ?? null,
          auto: me?.auto_subscribe ?? null,
          top,
        }),
      ),
    );
  }

  async function found(id: string) {
    const t = await repo.findTournament(id);
    if (!t) throw notFound('TOURNAMENTS_NOT_FOUND', `No tournament ${id}`);
    return t;
  }

  return {
    async my(playerId: string, q: { page: number; size: number; status: TournamentStatus; language?: string }) {
      const { rows, total } = await repo.mine(playerId, q.status, q.page, q.size);
      return pageOf(await views(rows, playerId, q.language ?? 'en', LIST_TOP), total, q);
    },

    /** Open to join; reading it marks what is there as seen (the "new" marks are for what came after). */
    async available(playerId: string | null, language = 'en') {
      const rows = await repo.available(clock.now());
      const out = await views(rows, playerId, language, LIST_TOP);
      if (playerId) await repo.setPlayer(playerId, { seen_at: clock.now() });
      return out;
    },

    async one(id: string, playerId: string | null, language = 'en') {
      const [v] = await views([await found(id)], playerId, language, 10);
      return v!;
    },

    async leaderboard(id: string, playerId: string | null): Promise<Leaderboard> {
      const t = await found(id);
      const closed = t.status === 'completed' || t.status === 'cancelled';
      const [items, counts, part] = await Promise.all([
        boardItems(t, TOP, playerId),
        repo.countParticipants([t.id]),
        playerId ? repo.openParticipation(t.id, playerId) : Promise.resolve(undefined),
      ]);
      return {
        tournament_id: Number(t.id),
        status: wireStatus(t.status),
        participants: counts.get(t.id) ?? 0,
        items,
        me: part
          ? closed
            ? { position: part.excluded_at ? null : part.final_position, points: Number(part.score) }
            : ((await repo.positionOf(part.id)) ?? { position: null, points: Number(part.score) })
          : null,
      };
    },

    /** Joins from zero (also after leaving); joining twice answers the same participation. */
    async join(id: string, playerId: string, language = 'en') {
      const t = await found(id);
      if (!['created', 'ongoing'].includes(t.status) || t.ends_at <= clock.now())
        throw conflict('TOURNAMENTS_CLOSED', `Tournament ${id} has finished`);
      const standing = await deps.players.standing(playerId);
      if (!standing) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
      if (standing.blockedOrSelfExcluded)
        throw forbidden('TOURNAMENTS_EXCLUDED', 'Tournaments are closed to this account');
      if (!t.currencies[standing.currency])
        throw conflict('TOURNAMENTS_CURRENCY_NOT_ADMITTED', `Tournament ${id} is not played in ${standing.currency}`);
      await repo.transaction(async (trx) => {
        if (!(await repo.lockBoards([t.id], trx)).has(t.id))
          throw conflict('TOURNAMENTS_CLOSED', `Tournament ${id} has finished`);
        // read again while holding the board: a block made meanwhile waited for it, or is seen now
        if ((await deps.players.standing(playerId, trx))?.blockedOrSelfExcluded)
          throw forbidden('TOURNAMENTS_EXCLUDED', 'Tournaments are closed to this account');
        const now = await repo.databaseNow(trx);
        await repo.insertParticipation(
          { tournament_id: t.id, player_id: playerId, currency: standing.currency, joined_at: now, is_auto: false },
          trx,
        );
      });
      return this.one(id, playerId, language);
    },

    /** Leaves: the standing is given up (a later join starts from zero). */
    async unsubscribe(id: string, playerId: string) {
      const t = await found(id);
      if (!['created', 'ongoing'].includes(t.status))
        throw conflict('TOURNAMENTS_CLOSED', `Tournament ${id} has finished`);
      const left = await repo.transaction(async (trx) => {
        if (!(await repo.lockBoards([t.id], trx)).has(t.id))
          throw conflict('TOURNAMENTS_CLOSED', `Tournament ${id} has finished`);
        return repo.leave(t.id, playerId, clock.now(), trx);
      });
      if (!left) throw notFound('TOURNAMENTS_NOT_JOINED', `Not taking part in tournament ${id}`);
    },

    /**
     * A player was just blocked, self-excluded or began a cooling-off (accounts' hook, in the block's transaction):
     * they leave every open board now, so every observer (the board, each player's place, the participants, the
     * operators' standings, the pool, the completion and its prizes) stops counting them at once.
     */
    async playerBlocked(playerId: string, trx: Database) {
      await repo.excludePlayer(playerId, clock.now(), trx);
    },

    /** Development only: the window ends now; the schedule then closes it once the feed passed the end. */
    async endNow(id: string) {
      if (!(await repo.endNow(id))) throw conflict('TOURNAMENTS_CLOSED', `Tournament ${id} has already finished`);
      return { ended: true };
    },

    async autoSubscribe(playerId: string) {
      return { is_user_auto_subscribe_enabled: (await repo.player(playerId))?.auto_subscribe ?? false };
    },

    async setAutoSubscribe(playerId: string, enabled: boolean) {
      await repo.setPlayer(playerId, { auto_subscribe: enabled });
      return { is_user_auto_subscribe_enabled: enabled };
    },

    // operators

    async create(actor: string, body: Body) {
      for (const [code, terms] of Object.entries(body.currencies)) {
        const digits = await deps.minorUnitDigits(code);
        try {
          toMinor(terms.min_bet, digits);
          for (const p of body.prizes) if (p.kind === 'money') toMinor(p.amounts[code]!, digits);
        } catch {
          throw badRequest('VALIDATION_ERROR', `currencies/${code}: more than ${digits} decimal places`);
        }
      }
      for (const p of body.prizes) {
        if (p.kind !== 'bonus') continue;
        const offers = await Promise.all(
          Object.keys(body.currencies).map((c) => deps.bonuses?.templateOffer(p.template_id, c) ?? null),
        );
        if (offers.some((o) => !o?.grantable))
          throw badRequest(
            'TOURNAMENTS_BAD_PRIZE',
            `prizes: template ${p.template_id} cannot be granted in every currency`,
          );
      }
      const now = clock.now();
      const row = await repo.transaction(async (trx) => {
        const created = await repo.insertTournament(
          {
            status: new Date(body.starts_at) <= now ? 'ongoing' : 'created',
            name: JSON.stringify(body.name),
            description: JSON.stringify(body.description),
            starts_at: new Date(body.starts_at),
            ends_at: new Date(body.ends_at),
            scoring: body.scoring,
            games: JSON.stringify(body.games),
            currencies: JSON.stringify(body.currencies),
            pool_percent: body.pool_percent === null ? null : String(body.pool_percent),
            prizes: JSON.stringify(body.prizes),
            auto_subscribe: body.auto_subscribe,
            image: body.image,
            created_by: actor,
          },
          trx,
        );
        await deps.audit.record(
          { actor, action: 'tournament_create', subject: `tournament:${created.id}`, after: body },
          trx,
        );
        afterCommit(trx, () =>
          deps.live.broadcast({
            type: 'tournament',
            data: { id: Number(created.id), status: 'created', is_user_auto_subscribe_enabled: created.auto_subscribe },
          }),
        );
        return created;
      });
      return operatorView(row, 0);
    },

    async list(status?: TournamentRow['status']) {
      const rows = await repo.listTournaments(status);
      const counts = await repo.countParticipants(rows.map((r) => r.id));
      return rows.map((r) => operatorView(r, counts.get(r.id) ?? 0));
    },

    async standings(id: string, limit: number) {
      const t = await found(id);
      const closed = t.status === 'completed' || t.status === 'cancelled';
      const rows = await repo.standings(t.id, limit, closed);
      return {
        tournament_id: Number(t.id),
        status: t.status,
        items: rows.map((r, i) => ({
          position: r.final_position ?? i + 1,
          player_id: Number(r.player_id),
          participation_id: Number(r.id),
          currency: r.currency,
          points: Number(r.score),
          bets: r.bets,
          reached_at: r.score_at.toISOString(),
          prize: r.kind
            ? {
                kind: r.kind,
                amount_minor: r.amount_minor,
                bonus_grant_id: r.bonus_grant_id === null ? null : Number(r.bonus_grant_id),
                paid: r.paid_at !== null,
              }
            : null,
        })),
      };
    },

    /** Cancels: no prizes; every participant is told. A completed or cancelled one is a 409. */
    async cancel(id: string, actor: string, reason: string) {
      const row = await repo.transaction(async (trx) => {
        const t = await repo.lockTournament(id, trx);
        if (!t) throw notFound('TOURNAMENTS_NOT_FOUND', `No tournament ${id}`);
        const closed = await repo.close(t.id, 'cancelled', clock.now(), null, trx);
        if (!closed) throw conflict('TOURNAMENTS_CLOSED', `Tournament ${id} has already finished`);
        await repo.snapshot(t.id, trx);
        await repo.dropBoard(t.id, trx);
        for (const p of await repo.finalParticipants(t.id, trx))
          await deps.notify(
            p.player_id,
            { kind: 'tournament_cancelled', params: { tournament_id: Number(t.id), name: textIn(t.name, 'en') } },
            trx,
          );
        await deps.audit.record(
          {
            actor,
            action: 'tournament_cancel',
            subject: `tournament:${t.id}`,
            before: { status: t.status },
            after: { status: 'cancelled', reason },
          },
          trx,
        );
        afterCommit(trx, () =>
          deps.live.broadcast({
            type: 'tournament',
            data: { id: Number(t.id), status: 'completed', is_user_auto_subscribe_enabled: t.auto_subscribe },
          }),
        );
        return closed;
      });
      const counts = await repo.countParticipants([row.id]);
      return operatorView(row, counts.get(row.id) ?? 0);
    },
  };
}
export type TournamentsService = ReturnType<typeof createTournamentsService>;

function operatorView(t: TournamentRow, participants: number) {
  const d = dated(t);
  return {
    id: Number(t.id),
    status: t.status,
    name: t.name,
    description: t.description,
    starts_at: d.starts_at,
    ends_at: d.ends_at,
    scoring: t.scoring,
    games: t.games,
    currencies: t.currencies,
    pool_percent: t.pool_percent === null ? null : Number(t.pool_percent),
    prizes: t.prizes,
    auto_subscribe: t.auto_subscribe,
    image: t.image,
    participants,
    pool_points: t.pool_points === null ? null : Number(t.pool_points),
    created_by: t.created_by,
    created_at: d.created_at,
    completed_at: d.completed_at,
  };
}
export type { TournamentBody };
