import type { Transaction } from 'kysely';
import type { NewPlayerItem, TopWinItem } from '@contracts/live-messages';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { toMajor } from '../../lib/money';
import type { PlayerDirectory } from '../accounts';
import type { ReferenceGame } from '../games';
import type { LivePublisher } from '../live';
import type { FeedConsumer, FeedEntry } from '../wallet';
import type { SocialRepository } from './social.repository';

export interface SocialDeps {
  repo: SocialRepository;
  live: LivePublisher;
  clock: Clock;
  players: Pick<PlayerDirectory, 'newestPlayers' | 'publicProfiles' | 'currencyOf'>;
  /** The game of wins' references (only the game is read: a house bet's from its reference, without a read). */
  gamesOf(refs: Array<{ type: string; id: string }>, trx: Transaction<DB>): Promise<ReferenceGame[]>;
  minorUnitDigits(currency: string): Promise<number>;
}

const DAY = 86_400_000;
const TOP = 5;
/** Wins kept per currency: the five shown and five behind them. */
const KEEP = 2 * TOP;

// Home's live social feed (issue 27): recent sign-ups (`new_player`) and the biggest wins of the last day
// (`top_players`). Wins come from the ledger feed (consumer 'social', wins only, from now); a job on one instance at a
// time broadcasts at most once every 5 s, each message only when something changed, with names masked unless the
// player allows them (accounts' PlayerDirectory decides what a board may show). The app takes the data from the
// message itself: a reload per message on every socket would be a request storm.
export function createSocialService(deps: SocialDeps) {
  const { repo, clock } = deps;
  const currencies = new Map<string, string>(); // a player's currency never changes after sign-up
  let lastPlayerId: string | undefined;
  let lastTop = '';

  const feedConsumer: FeedConsumer = {
    name: 'social',
    kinds: ['win'],
    start: 'now',
    everyMs: 1_000,
    async handle(entries: FeedEntry[], trx: Transaction<DB>) {
      // only what can still stand among a currency's KEEP biggest is written: a win that KEEP wins of the same batch
      // and currency outrank (amount desc, then entry id, the board's order) can never be shown, and the broadcast's
      // prune would take it out of the table within 5 s anyway. At the bet bench's load a batch holds hundreds of
      // wins and this writes at most KEEP a currency (docs/benchmarks.md, "Session 22").
      const byCurrency = new Map<string, Array<{ e: FeedEntry; amount: bigint }>>();
      for (const e of entries) {
        const amount = BigInt(e.real_delta_minor) + BigInt(e.bonus_delta_minor);
        if (amount <= 0n) continue;
        let currency = currencies.get(e.player_id);
        if (!currency) {
          currency = await deps.players.currencyOf(e.player_id, trx);
          if (!currency) continue;
          currencies.set(e.player_id, currency);
        }
        const list = byCurrency.get(currency);
        if (list) list.push({ e, amount });
        else byCurrency.set(currency, [{ e, amount }]);
      }
      const kept = [...byCurrency].flatMap(([currency, wins]) =>
        wins
          .sort((a, b) =>
            // the board's order: the bigger first, then the earlier entry (ids are int8 as text)
            a.amount !== b.amount ? (a.amount > b.amount ? -1 : 1) : BigInt(a.e.id) < BigInt(b.e.id) ? -1 : 1,
          )
          .slice(0, KEEP)
          .map((w) => ({ ...w, currency })),
      );
      if (!kept.length) return;
      const refs = kept.flatMap(({ e }) =>
        e.reference_type && e.reference_id ? [{ type: e.reference_type, id: e.reference_id }] : [],
      );
      const games = new Map((await deps.gamesOf(refs, trx)).map((g) => [`${g.ref_type}:${g.ref_id}`, g.string_id]));
      await repo.insertWins(
        kept.map(({ e, amount, currency }) => ({
          entry_id: e.id,
          player_id: e.player_id,
          currency,
          amount_minor: amount.toString(),
          game: games.get(`${e.reference_type}:${e.reference_id}`) ?? 'game',
          won_at: e.created_at,
        })),
        trx,
      );
    },
  };

  async function topWins(): Promise<TopWinItem[]> {
    // a few more than shown: a win of a player blocked since it was kept leaves its place to the next one
    const rows = await repo.top(new Date(clock.now().getTime() - DAY), KEEP);
    const profiles = await deps.players.publicProfiles([...new Set(rows.map((r) => r.player_id))]);
    const out: TopWinItem[] = [];
    const shown = new Map<string, number>();
    for (const r of rows) {
      const p = profiles.get(r.player_id);
      if (!p || p.blockedOrSelfExcluded || (shown.get(r.currency) ?? 0) >= TOP) continue;
      shown.set(r.currency, (shown.get(r.currency) ?? 0) + 1);
      out.push({
        name: p.name,
        avatar: p.avatar?.preview ?? null,
        is_streamer: p.is_streamer,
        amount: toMajor(BigInt(r.amount_minor), await deps.minorUnitDigits(r.currency)),
        currency: r.currency,
        game: r.game,
        won_at: r.won_at.toISOString(),
      });
    }
    return out;
  }

  return {
    feedConsumer,
    topWins,
    /**
     * A player was just blocked, self-excluded or began a cooling-off (accounts' hook, in the block's transaction): their
     * wins leave the top at once, so the next biggest take their places (a filter at read time would leave the places
     * empty). A win that still arrives is left out when the board is read.
     */
    async playerBlocked(playerId: string, trx: Database) {
      await repo.forgetPlayer(playerId, trx);
    },
    /** One run of the broadcast job: new sign-ups since the last run, and the top wins when they changed. */
    async broadcast() {
      const fresh: NewPlayerItem[] = await deps.players.newestPlayers(10, lastPlayerId);
      if (lastPlayerId === undefined) {
        // this instance's first run: the feed starts from now, history is for GET /users/get_new_players
        lastPlayerId = String(fresh[0]?.id ?? 0);
      } else if (fresh.length) {
        lastPlayerId = String(fresh[0]!.id);
        await deps.live.broadcast({ type: 'new_player', data: { players: fresh } });
      }
      await repo.prune(new Date(clock.now().getTime() - DAY), KEEP);
      const top = await topWins();
      const key = JSON.stringify(top);
      if (key !== lastTop) {
        const first = lastTop === '';
        lastTop = key;
        if (!first || top.length) await deps.live.broadcast({ type: 'top_players', data: { items: top } });
      }
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
