import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import { createLimitsRepository } from './limits.repository';
import { limitsOperatorRoutes, limitsRoutes } from './limits.routes';
import { createLimitsService, type LimitsDeps } from './limits.service';

export interface LimitsModuleDeps extends Omit<LimitsDeps, 'repo'> {
  db: Database;
  auth: AuthGuard;
}

/** Responsible gambling: its routes, its period roll-over job, and the policies it hands to the cashbox and gateway. */
export function createLimitsModule(deps: LimitsModuleDeps) {
  const { db, auth, ...rest } = deps;
  const service = createLimitsService({ ...rest, repo: createLimitsRepository(db) });
  const module: AppModule = {
    name: 'limits',
    routes: {
      player: [{ plugin: limitsRoutes, options: { limits: service, auth } }],
      operator: [{ plugin: limitsOperatorRoutes, options: { limits: service } }],
    },
    jobs: [{ name: 'limits.roll-over', everyMs: 60_000, run: () => service.rollOverAll() }],
  };
  return { ...module, service };
}
