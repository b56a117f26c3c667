import { declareErrorCodes } from './errors';

// The tournaments module's error codes (issue 23): declared in its own contract, known to the server and the app alike.
export const tournamentsErrorCodes = declareErrorCodes({
  TOURNAMENTS_NOT_FOUND: 'TOURNAMENTS_NOT_FOUND',
  TOURNAMENTS_CLOSED: 'TOURNAMENTS_CLOSED',
  TOURNAMENTS_CURRENCY_NOT_ADMITTED: 'TOURNAMENTS_CURRENCY_NOT_ADMITTED',
  TOURNAMENTS_NOT_JOINED: 'TOURNAMENTS_NOT_JOINED',
  TOURNAMENTS_EXCLUDED: 'TOURNAMENTS_EXCLUDED',
  TOURNAMENTS_BAD_PRIZE: 'TOURNAMENTS_BAD_PRIZE',
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the codes above
  interface CasinoErrorCodes extends Record<keyof typeof tournamentsErrorCodes, true> {}
}
