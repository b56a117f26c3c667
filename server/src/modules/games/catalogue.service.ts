import type {
  BetHistoryItem,
  BetProof,
  GameItem,
  GamesFilterQuery,
  SessionUrlQuery,
  SessionUrlResponse,
} from '@contracts/games';
import { pageOf, type Paged } from '@contracts/common';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { toMajor, toMinor } from '../../lib/money';
import type { CatalogueRepository, GameRow } from './catalogue.repository';
import type { GatewayService } from './gateway.service';
import type { GamesRepository } from './games.repository';

export interface CatalogueDeps {
  catalogue: CatalogueRepository;
  games: GamesRepository;
  gateway: GatewayService;
  minorUnitDigits(currency: string): Promise<number>;
  /** The player's currency, or the site's default for an unknown id (others take PlayerDirectory.currencyOf). */
  currencyOrDefault(playerId: string): Promise<string>;
  /** The currency of the guest-demo account (the site's default); USD when not given. */
  defaultCurrency?: string;
  /** Demo credits a demo session starts with, in major units. */
  demoCredits: number;
  /** House games: fills in the server seed of a proof once its seed pair was rotated. */
  revealProof?(proof: Record<string, unknown> | null): Promise<Record<string, unknown> | null>;
}

export const toGameItem = (row: GameRow, favourites?: Set<number>): GameItem => ({
  id: row.id,
  string_id: row.string_id,
  name: row.name,
  provider: row.provider,
  provider_name: row.provider_name,
  image: row.image,
  has_demo: row.has_demo,
  is_house: row.house_game !== null,
  rtp: row.rtp,
  ...(favourites ? { is_favourite: favourites.has(row.id) } : {}),
});

function ratioString(win: bigint, bet: bigint): string | null {
  if (bet <= 0n) return null;
  const scaled = (win * 10_000n) / bet;
  return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
}

// The lobby (lists, blocks, providers, favourites), game launch (session_url) and the player's bets history.
export function createCatalogueService(deps: CatalogueDeps) {
  const { catalogue } = deps;

  async function list(q: GamesFilterQuery, playerId: string | null): Promise<Paged<GameItem>> {
    const { rows, total } = await catalogue.filter(
      {
        name: q.name || undefined,
        provider: q.provider || undefined,
        blockStringId: q.block_string_id || undefined,
        favouritesOf: playerId && q.is_favourite ? playerId : undefined,
      },
      q.page,
      q.size,
    );
    const favourites = playerId
      ? await catalogue.favouriteIds(
          playerId,
          rows.map((r) => r.id),
        )
      : undefined;
    return pageOf(
      rows.map((r) => toGameItem(r, favourites)),
      total,
      q,
    );
  }

  /**
   * A game's session URL. A guest (no player) may only open a demo: its session belongs to the guest-demo account and
   * moves only the session's demo credits; real play needs an account.
   */
  async function launch(
    caller: string | null,
    stringId: string | null,
    q: SessionUrlQuery,
  ): Promise<SessionUrlResponse> {
    if (caller === null && (!q.demo_flag || stringId === null)) throw unauthorized('Sign in to play for real money');
    const row = stringId
      ? await deps.games.findGame(stringId)
      : await catalogue.random(false).then((r) => (r ? deps.games.findGame(r.string_id) : undefined));
    if (!row || !row.is_active) throw notFound('GAMES_NOT_FOUND', 'No such game');
    if (q.demo_flag && !row.has_demo) throw new AppError(400, 'GAMES_NO_DEMO', 'This game has no demo mode');
    const playerId = caller ?? (await catalogue.guestDemoPlayerId(deps.defaultCurrency ?? 'USD'));
    const currency = await deps.currencyOrDefault(playerId);
    const digits = await deps.minorUnitDigits(currency);
    const { token, session } = await deps.gateway.launch({
      playerId,
      gameId: row.id,
      currency,
      demo: q.demo_flag,
      demoBalanceMinor: toMinor(deps.demoCredits, digits),
      clientType: q.client_type,
      language: q.language,
    });
    const params = new URLSearchParams({ token, lang: q.language, client: q.client_type });
    const url = row.house_game ? `/house/?game=${row.house_game}&${params}` : `${row.launch_url ?? '/'}?${params}`;
    const item = toGameItem({ ...row, provider: row.provider, provider_name: row.provider_name });
    return { ...item, url, demo: session.demo };
  }

  return {
    list,
    providers: () => catalogue.providers(),
    async blocks(language: string) {
      const rows = await catalogue.blocks();
      return rows.map((b) => ({
        id: b.id,
        string_id: b.string_id,
        title: b.titles[language] ?? b.titles.en ?? b.string_id,
        order: b.sort_order,
        games_count: b.games_count,
      }));
    },
    async random(): Promise<GameItem> {
      const row = await catalogue.random(true);
      if (!row) throw notFound('GAMES_NOT_FOUND', 'No game is available');
      return toGameItem(row);
    },
    launch,
    async setFavourite(playerId: string, gameId: number, on: boolean) {
      if (!(await catalogue.gameExists(gameId))) throw notFound('GAMES_NOT_FOUND', 'No such game');
      if (on) await catalogue.addFavourite(playerId, gameId);
      else await catalogue.removeFavourite(playerId, gameId);
      return { id: gameId, is_favourite: on };
    },

    /** Bets history of the caller only: another player's id is refused. */
    async history(callerId: string, playerId: string, page: number, size: number): Promise<Paged<BetHistoryItem>> {
      if (callerId !== playerId) throw forbidden('GAMES_NOT_YOURS', 'You can only see your own bets');
      const { rows, total } = await catalogue.history(playerId, page, size);
      const items = await Promise.all(rows.map((r) => historyItem(r)));
      return pageOf(items, total, { page, size });
    },
    async roundDetails(callerId: string, roundId: string, page: number, size: number) {
      if (!/^\d{1,18}$/.test(roundId)) throw notFound('GAMES_ROUND_NOT_FOUND', 'No such bet');
      const round = await catalogue.findRound(callerId, roundId);
      if (!round) throw notFound('GAMES_ROUND_NOT_FOUND', 'No such bet');
      const digits = await deps.minorUnitDigits(round.currency);
      const { rows, total } = await catalogue.roundTransactions(roundId, page, size);
      const details = (round.details ?? null) as { proof?: Record<string, unknown> } | null;
      return {
        ...pageOf(
          rows.map((t) => ({
            id: Number(t.id),
            type: t.kind as 'bet' | 'win' | 'rollback',
            amount: toMajor(BigInt(t.amount_minor), digits),
            currency: round.currency,
            created_at: t.created_at.toISOString(),
          })),
          total,
          { page, size },
        ),
        round: await historyItem(round),
        proof: await proofOf(callerId, details?.proof ?? null),
      };
    },
    /** Total real-money stakes in the player's currency (major units), a finite number. */
    async sumBets(callerId: string, playerId: string): Promise<number> {
      if (callerId !== playerId) throw forbidden('GAMES_NOT_YOURS', 'You can only see your own bets');
      const currency = await deps.currencyOrDefault(playerId);
      const row = (await catalogue.sumBets(playerId)).find((r) => r.currency === currency);
      return toMajor(BigInt(row?.sum ?? '0'), await deps.minorUnitDigits(currency));
    },
  };

  /** The round's proof as bet details show it: seeded games with the seed once revealed, crash from its chain. */
  async function proofOf(playerId: string, proof: Record<string, unknown> | null): Promise<BetProof | null> {
    if (!proof) return null;
    if (proof.game === 'crash') {
      const bet = typeof proof.round_id === 'number' ? await catalogue.crashBet(proof.round_id, playerId) : undefined;
      if (!bet) return null;
      const crashed = bet.phase === 'crashed';
      return {
        game: 'crash',
        round_id: Number(bet.id),
        game_number: bet.game_number,
        terminating_hash: bet.terminating_hash,
        salt: bet.salt,
        game_hash: crashed ? bet.game_hash : null,
        crash_point: crashed ? bet.crash_point : null,
        params: { auto_cashout: bet.auto_cashout },
        outcome: { crash_point: crashed ? bet.crash_point : null, cashout_at: bet.cashout_at, status: bet.status },
      };
    }
    return ((deps.revealProof ? await deps.revealProof(proof) : proof) as BetProof | null) ?? null;
  }

  async function historyItem(r: {
    id: string;
    currency: string;
    bet_minor: string;
    win_minor: string;
    status: 'open' | 'closed' | 'rolled_back';
    created_at: Date;
    finished_at: Date | null;
    game_string_id: string;
    game_name: string;
    provider: string;
  }): Promise<BetHistoryItem> {
    const digits = await deps.minorUnitDigits(r.currency);
    const bet = BigInt(r.bet_minor);
    const win = BigInt(r.win_minor);
    return {
      id: Number(r.id),
      game_string_id: r.game_string_id,
      game_name: r.game_name,
      provider: r.provider,
      currency: r.currency,
      bet_amount: toMajor(bet, digits),
      win_amount: toMajor(win, digits),
      multiplier: r.status === 'open' ? null : ratioString(win, bet),
      status: r.status,
      created_at: r.created_at.toISOString(),
      finished_at: r.finished_at ? r.finished_at.toISOString() : null,
    };
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
