import { declareErrorCodes } from './errors';

// The wheel module's error codes (issue 23): declared in its own contract, known to the server and the app alike.
export const wheelErrorCodes = declareErrorCodes({
  WHEEL_COOLDOWN: 'WHEEL_COOLDOWN',
  WHEEL_NOT_AVAILABLE: 'WHEEL_NOT_AVAILABLE',
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the codes above
  interface CasinoErrorCodes extends Record<keyof typeof wheelErrorCodes, true> {}
}
