import type { Database } from '../../db/database';
import { transact } from '../../lib/after-commit';
import type { NotificationEvent } from '@contracts/notifications.kinds';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import { createDelivery, type DeliveryDeps } from './notifications.delivery';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsOperatorRoutes, notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsDeps } from './notifications.service';

export interface NotificationsModuleDeps
  extends Omit<NotificationsDeps, 'repo' | 'kickDelivery'>, Omit<DeliveryDeps, 'repo' | 'contact' | 'clock'> {
  db: Database;
  auth: AuthGuard;
  /** false in tests that run the delivery job by hand: a commit then does not start a send by itself. */
  kickOnCommit?: boolean;
}

/** The inbox, its routes, the delivery job (bot, email) and the retention job. */
export function createNotificationsModule(deps: NotificationsModuleDeps) {
  const { db, auth, kickOnCommit = true } = deps;
  const repo = createNotificationsRepository(db);
  const delivery = createDelivery({ ...deps, repo, contact: (id) => deps.contacts.contact(id) });
  const service = createNotificationsService({
    ...deps,
    repo,
    kickDelivery: () => (kickOnCommit ? delivery.kick() : undefined),
  });
  const module: AppModule = {
    name: 'notifications',
    routes: {
      player: [{ plugin: notificationsRoutes, options: { notifications: service, auth } }],
      operator: [{ plugin: notificationsOperatorRoutes, options: { notifications: service } }],
    },
    jobs: [
      { name: 'notifications.deliver', everyMs: 1000, leaseMs: 60_000, run: () => delivery.run() },
      { name: 'notifications.retention', everyMs: 3_600_000, run: () => service.applyRetention() },
    ],
  };
  /** For a caller whose change is not one transaction (limits' single statements): the notification in its own. */
  const notifyAlone = (playerId: string, event: NotificationEvent, key?: string) =>
    transact(db, (trx) => service.notify(playerId, event, trx, key ? { key } : {}));
  return { ...module, service, delivery, notifyAlone };
}
