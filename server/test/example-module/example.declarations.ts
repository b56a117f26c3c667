import { z } from 'zod';
import { declareErrorCodes } from '@contracts/errors';
import { declareDemoSeed } from '../../src/db/demo-seeds';
import { declareSettings } from '../../src/config';
import { declareNotificationKinds, money } from '../../src/modules/notifications';

// A module that is not part of the app (server/test/example-module): everything a money module declares outside its
// wiring, in its own folder, and nothing more. server/src/modules/declarations.test.ts loads it beside the real
// modules and finds each declaration collected, with no line added to a central file.

/** Its error codes (a real module writes them in `contracts/<x>.errors.ts`, which the app reads too). */
export const exampleErrorCodes = declareErrorCodes({ EXAMPLE_REFUSED: 'EXAMPLE_REFUSED' });

/** Its notification kind: parameters, category, link and texts. */
export const exampleNotificationKinds = declareNotificationKinds({
  example_paid: {
    category: 'payment',
    link: (p) => `/example/${p.payout_id}`,
    texts: {
      en: (p) => ({ title: 'Example paid', text: `${money(p)} is on your balance.` }),
      ru: (p) => ({ title: 'Пример выплачен', text: `${money(p)} на вашем балансе.` }),
    },
  },
});

/** Its settings, read by loadConfig with the platform's. */
export const exampleSettings = declareSettings({
  EXAMPLE_PAYOUT_CAP: z.coerce.number().int().positive().default(100),
});

/** Its demo data, run by seedAll after the seeds it reads (here: the levels', to show the order). */
export const exampleSeedRuns: Array<{ levels: number }> = [];
export const exampleDemoSeed = declareDemoSeed({
  name: 'example',
  after: ['levels'],
  async run(db) {
    const { n } = await db
      .selectFrom('lvl_levels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    exampleSeedRuns.push({ levels: Number(n) });
  },
});

// The types, as a real module writes them. (Its settings' `CasinoModuleSettings` entry is left out on purpose: Config
// would then claim a key the app, which never loads this module, does not have; the kinds and codes only widen unions.)
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the codes above
  interface CasinoErrorCodes extends Record<keyof typeof exampleErrorCodes, true> {}
  interface CasinoNotificationParams {
    example_paid: { payout_id: number; amount: string; currency: string };
  }
}
