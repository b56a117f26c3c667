import type { Database } from '../../db/database';
import { createAccountsRepository } from './accounts.repository';

/** The one read the auth guard makes per call (plugins/auth-guard.ts): a sign-in joined with its player. */
export type SignIns = Pick<ReturnType<typeof createAccountsRepository>, 'findSignIn'>;

export function createSignIns(db: Database): SignIns {
  const { findSignIn } = createAccountsRepository(db);
  return { findSignIn };
}
