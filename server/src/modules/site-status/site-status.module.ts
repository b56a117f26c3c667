import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { LivePublisher } from '../live';
import type { AppModule } from '../module';
import type { OperatorAudit } from '../operator';
import { createSiteStatusRepository } from './site-status.repository';
import { registerSiteStatusGate, siteStatusRoutes } from './site-status.routes';
import { createSiteStatusService } from './site-status.service';

export interface SiteStatusModuleDeps {
  db: Database;
  live: LivePublisher;
  config: Config;
  audit: OperatorAudit;
}

/** Maintenance and region block: the flag, its player routes, and the gate every API request passes (`gate(app)`). */
export function createSiteStatusModule(deps: SiteStatusModuleDeps) {
  const service = createSiteStatusService({ ...deps, repo: createSiteStatusRepository(deps.db) });
  const module: AppModule = {
    name: 'site-status',
    routes: { player: [{ plugin: siteStatusRoutes, options: { service, config: deps.config } }] },
  };
  return { ...module, service, gate: (app: FastifyInstance) => registerSiteStatusGate(app, service, deps.config) };
}
