import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import { createWheelRepository } from './wheel.repository';
import { createWheelService, type WheelServiceDeps } from './wheel.service';
import { wheelOperatorRoutes, wheelRoutes } from './wheel.routes';

export interface WheelModuleDeps extends Omit<WheelServiceDeps, 'repo'> {
  db: Database;
  auth: AuthGuard;
}

/** The wheel of fortune (ADR 017): player routes, operator routes, and `grantSpins` for levels and promo codes. */
export function createWheelModule(deps: WheelModuleDeps) {
  const { db, auth, ...serviceDeps } = deps;
  const service = createWheelService({ ...serviceDeps, repo: createWheelRepository(db) });
  const module: AppModule = {
    name: 'wheel',
    routes: {
      player: [{ plugin: wheelRoutes, options: { wheel: service, auth } }],
      operator: [{ plugin: wheelOperatorRoutes, options: { wheel: service } }],
    },
  };
  return { ...module, service, grantSpins: service.grantSpins };
}
