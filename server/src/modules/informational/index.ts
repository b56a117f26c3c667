// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './informational.seed';
import type { Database } from '../../db/database';
import type { AppModule } from '../module';
import { createInformationalRepository } from './informational.repository';
import { createInformationalService } from './informational.service';
import { informationalRoutes } from './informational.routes';
import { contentPagesOperatorRoutes, contentPagesRoutes } from './content-pages.routes';
import { createCurrencyDigits } from './currency-digits';

export { createCurrencyDigits } from './currency-digits';

export interface InformationalModuleDeps {
  db: Database;
  audit: Parameters<typeof createInformationalService>[1]['audit'];
}

/** Currencies, languages, styles, banners, content pages, SEO; and the cached currency precision (`digits`). */
export function createInformationalModule(deps: InformationalModuleDeps) {
  const service = createInformationalService(createInformationalRepository(deps.db), { audit: deps.audit });
  const digits = createCurrencyDigits(service);
  const module: AppModule = {
    name: 'informational',
    routes: {
      player: [
        { plugin: informationalRoutes, options: { service } },
        { plugin: contentPagesRoutes, options: { service } },
      ],
      operator: [{ plugin: contentPagesOperatorRoutes, options: { service } }],
    },
  };
  return { ...module, service, minorUnitDigits: digits };
}
