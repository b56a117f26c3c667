import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import type { WalletService } from '../wallet';
import type { BetPolicy } from './bet-policy';
import { createCatalogueRepository } from './catalogue.repository';
import { createCatalogueService, type CatalogueDeps } from './catalogue.service';
import { gameRecordsOf } from './game-records';
import { createGamesRepository } from './games.repository';
import { betsHistoryRoutes, gamesRoutes } from './games.routes';
import { createGatewayService } from './gateway.service';
import { providerGatewayRoutes } from './provider.routes';

export interface GamesModuleDeps extends Pick<
  CatalogueDeps,
  'minorUnitDigits' | 'currencyOrDefault' | 'defaultCurrency' | 'demoCredits' | 'revealProof'
> {
  db: Database;
  wallet: WalletService;
  /** Asked before every real-money stake, in this order; all must admit. */
  betPolicies: readonly BetPolicy[];
  clock: Clock;
  auth: AuthGuard;
}

/**
 * The game gateway (the providers' seamless wallet and its recovery sweep), the lobby's catalogue and favourites, the
 * bets history. House games get `records` (game-records.ts), seven functions over the gateway's rows (their rounds are
 * the gateway's transactions; ADR 014's exception), never the repository.
 */
export function createGamesModule(deps: GamesModuleDeps) {
  const { db, wallet, betPolicies, clock, auth, ...catalogueDeps } = deps;
  const repo = createGamesRepository(db);
  const gateway = createGatewayService({ repo, wallet, betPolicies, clock });
  const catalogue = createCatalogueService({
    ...catalogueDeps,
    catalogue: createCatalogueRepository(db),
    games: repo,
    gateway,
  });
  const module: AppModule = {
    name: 'games',
    routes: {
      player: [{ plugin: gamesRoutes, options: { catalogue, auth } }],
      internal: [{ plugin: betsHistoryRoutes, options: { catalogue, auth } }],
      unprefixed: [{ plugin: providerGatewayRoutes, options: { gateway, repo } }],
    },
    // recovery sweep (docs/decisions/012-crash-atomic-money.md): finish or reverse money flows a crash left half-done
    jobs: [{ name: 'games.recover', everyMs: 30_000, run: () => gateway.recoverHalfDone() }],
  };
  return {
    ...module,
    gateway,
    catalogue,
    /** Tests only (fixtures and the crash driver's test); modules get the narrow functions below. */
    repo,
    /** The house games' port onto the gateway's records (game-records.ts). */
    records: gameRecordsOf(repo),
    /** The page server's check that a game address names an active game. */
    gameIsActive: async (stringId: string) => !!(await repo.findGame(stringId))?.is_active,
    gamesOfReferences: repo.gamesOfReferences,
    /** The game alone of ledger entries (levels): a one-statement bet's from memory (games.repository.ts). */
    stakeGamesOf: repo.stakeGamesOf,
    /** The game and a key of the round of ledger entries (tournaments): a one-statement bet's from memory. */
    stakeRoundsOf: repo.stakeRoundsOf,
    openBonusRound: repo.openBonusRound,
  };
}
