// Games: the catalogue (lobby lists, blocks, providers, favourites), game launch (session_url), the bets history,
// and the game gateway — the seamless-wallet protocol every provider uses (the house games in-process, an external
// aggregator over signed HTTP under /gateway-api).
// Does not own: balances (the wallet), limits (the injected BetPolicy), game maths (house-games, contracts/fairness).
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './games.seed';
export {
  allowAllBets,
  composeBetPolicies,
  type BetAdmission,
  type BetPolicy,
  type BetPolicyParts,
  type BetPolicyStatement,
  type BetTicket,
} from './bet-policy';
// the house games' narrow port onto the gateway's records (their bets are the gateway's rows), and the row types it answers
export { type GameRecords } from './game-records';
export { type ReferenceGame, type SessionRow, type StakeGame, type StakeRound, type TxRow } from './games.repository';
export { createCatalogueService, type CatalogueService } from './catalogue.service';
export { createGatewayService, GUARD_FAILED, type GatewayService, type GatewaySession } from './gateway.service';
export { gamesRoutes, betsHistoryRoutes } from './games.routes';
export { providerGatewayRoutes, signProviderBody } from './provider.routes';
export { createGamesModule, type GamesModuleDeps } from './games.module';
