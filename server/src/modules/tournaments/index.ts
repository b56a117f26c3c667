// Owns: tournaments (issue 27, docs/decisions/027-tournaments.md): what operators build, players' participations and
// points (scored from the ledger feed), the schedule (start, completion, standings) and the prizes (real money of kind
// `tournament_prize` through the wallet's creditMany, bonuses through the bonus engine), once per (tournament, place).
// Does not own: balances (wallet), bonus grants (bonuses), players' names and standing (accounts' PlayerDirectory).
// Called by: composition.ts.
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './tournaments.seed';
import './tournaments.notifications';
import '@contracts/tournaments.errors';
export { createTournamentsModule, type TournamentsModuleDeps } from './tournaments.module';
export { type TournamentsService } from './tournaments.service';
export { seedTournaments } from './tournaments.seed';
