import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import { createReferralsRepository } from './referrals.repository';
import { referralsOperatorRoutes, referralsRoutes } from './referrals.routes';
import { createReferralsService, type ReferralsServiceDeps } from './referrals.service';

export interface ReferralsModuleDeps extends Omit<ReferralsServiceDeps, 'repo'> {
  db: Database;
  auth: AuthGuard;
}

/** Invites and referrals (issue 26): player routes, the operator's list, and `joined` for accounts' sign-up. */
export function createReferralsModule(deps: ReferralsModuleDeps) {
  const { db, auth, ...serviceDeps } = deps;
  const service = createReferralsService({ ...serviceDeps, repo: createReferralsRepository(db) });
  const module: AppModule = {
    name: 'referrals',
    routes: {
      player: [{ plugin: referralsRoutes, options: { referrals: service, auth } }],
      operator: [{ plugin: referralsOperatorRoutes, options: { referrals: service } }],
    },
  };
  return { ...module, service };
}
