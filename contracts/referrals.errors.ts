import { declareErrorCodes } from './errors';

// The referrals module's error codes (issue 23): declared in its own contract, known to the server and the app alike.
export const referralsErrorCodes = declareErrorCodes({
  REFERRALS_CODE: 'REFERRALS_CODE',
  REFERRALS_OFF: 'REFERRALS_OFF',
  REFERRALS_NO_TELEGRAM: 'REFERRALS_NO_TELEGRAM',
  REFERRALS_BOT_OFF: 'REFERRALS_BOT_OFF',
  REFERRALS_BOT_FAILED: 'REFERRALS_BOT_FAILED',
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the codes above
  interface CasinoErrorCodes extends Record<keyof typeof referralsErrorCodes, true> {}
}
