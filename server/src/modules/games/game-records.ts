import type { GamesRepository } from './games.repository';

/**
 * What the house games read and write of the gateway's records (their rounds are the gateway's transactions; ADR 014's
 * exception): seven functions, not the games repository. The games module builds it; composition hands it over.
 */
export interface GameRecords {
  findProvider: GamesRepository['findProvider'];
  findGame: GamesRepository['findGame'];
  findGameById: GamesRepository['findGameById'];
  findSession: GamesRepository['findSession'];
  findSessionForRound: GamesRepository['findSessionForRound'];
  findTx: GamesRepository['findTx'];
  /** The round's public details (a finished game's proof). */
  setRoundDetails: GamesRepository['setRoundDetails'];
}

/** The narrow port over the repository: each function on its own, nothing else of the repository reachable. */
export function gameRecordsOf(repo: GamesRepository): GameRecords {
  return {
    findProvider: (stringId) => repo.findProvider(stringId),
    findGame: (stringId) => repo.findGame(stringId),
    findGameById: (id) => repo.findGameById(id),
    findSession: (id) => repo.findSession(id),
    findSessionForRound: (roundId, ex) => repo.findSessionForRound(roundId, ex),
    findTx: (providerId, providerTxId) => repo.findTx(providerId, providerTxId),
    setRoundDetails: (roundId, details) => repo.setRoundDetails(roundId, details),
  };
}
