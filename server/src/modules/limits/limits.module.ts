import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { transact } from '../../lib/after-commit';
import type { NotificationEvent } from '@contracts/notifications.kinds';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import { createLimitsRepository } from './limits.repository';
import { limitsOperatorRoutes, limitsRoutes } from './limits.routes';
import { createLimitsService, type LimitsDeps } from './limits.service';

export interface LimitsModuleDeps extends Omit<LimitsDeps, 'repo' | 'inTransaction'> {
  db: Database;
  auth: AuthGuard;
  /** Writes a notification in the caller's transaction (notifications' `notify`). */
  notify?(playerId: string, event: NotificationEvent, trx: Transaction<DB>): Promise<unknown>;
}

/** Responsible gambling: its routes, its period roll-over job, and the policies it hands to the cashbox and gateway. */
export function createLimitsModule(deps: LimitsModuleDeps) {
  const { db, auth, notify, ...rest } = deps;
  const service = createLimitsService({
    ...rest,
    repo: createLimitsRepository(db),
    inTransaction: notify
      ? (fn) =>
          transact(db, (trx) =>
            fn({ repo: createLimitsRepository(trx), notify: (playerId, event) => notify(playerId, event, trx) }),
          )
      : undefined,
  });
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
