// Bonuses and promo codes (issue 16): versioned templates, grants (created → active → wagering → converted | expired |
// forfeited | cancelled), promo codes, the deposit credit and the wagering as a ledger-feed consumer, the max-bet
// BetPolicy, the forfeit CashoutPolicy, expiry. Owns: bonus_* tables. Does not own: balances (the wallet moves the
// money, kinds bonus_grant / bonus_conversion / bonus_forfeit), games (a stake's game comes from the games module).
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './bonuses.seed';
import './bonuses.notifications';
export { createBonusesModule, type BonusesModuleDeps } from './bonuses.module';
export { type BonusesService, contributionPercent } from './bonuses.service';
export type { TemplateTerms } from './bonuses.tables';
