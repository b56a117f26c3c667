import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { toMajor } from '../../lib/money';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import { createCashboxRepository } from './cashbox.repository';
import { createCashboxService, type CashboxDeps } from './cashbox.service';
import {
  cashboxOperatorRoutes,
  cashboxRoutes,
  cashboxWebhookRoutes,
  sandboxCheckoutRoutes,
  tonManifestRoutes,
} from './cashbox.routes';
import { createSandboxProcessor } from './processors';
import { parseTonAddress, parseTonRates } from './ton';
import { createTonWatcher } from './ton-watcher';

export interface CashboxModuleDeps extends Pick<
  CashboxDeps,
  | 'wallet'
  | 'live'
  | 'notify'
  | 'depositPolicies'
  | 'depositBonusCode'
  | 'audit'
  | 'cashoutPolicies'
  | 'minorUnitDigits'
  | 'currencyOrDefault'
  | 'clock'
  | 'log'
> {
  db: Database;
  config: Config;
  /** The sandbox processor's secret is derived from it when PAYMENTS_SANDBOX_SECRET is not set. */
  jwtSecret: string;
  auth: AuthGuard;
  publicUrl: (host: string) => string;
  /** The TON Connect manifest's name and icon for a host (informational's active style). */
  brand(host: string): Promise<{ name: string; icon: string | null } | null>;
  hasMediaFile(path: string): boolean;
  log: CashboxDeps['log'] & { info(o: object, m: string): void; error(o: object, m: string): void };
}

/** Payments: processors (the sandbox when enabled), TON deposits and their watcher, the expiry and recovery jobs. */
export function createCashboxModule(deps: CashboxModuleDeps) {
  const { config } = deps;
  const sandboxEnabled = config.PAYMENTS_SANDBOX_ENABLED ?? config.NODE_ENV !== 'production';
  const sandbox = createSandboxProcessor({
    secret:
      config.PAYMENTS_SANDBOX_SECRET ?? createHmac('sha256', deps.jwtSecret).update('sandbox-processor').digest('hex'),
    platforms: config.PAYMENTS_SANDBOX_PLATFORMS,
  });
  const tonAddress = config.TON_DEPOSIT_ADDRESS
    ? parseTonAddress(config.TON_DEPOSIT_ADDRESS, config.TON_NETWORK)
    : null;
  if (tonAddress && 'problem' in tonAddress)
    throw new Error(`Invalid configuration: TON_DEPOSIT_ADDRESS ${tonAddress.problem}`);
  const repo = createCashboxRepository(deps.db);
  const service = createCashboxService({
    repo,
    wallet: deps.wallet,
    live: deps.live,
    notify: deps.notify,
    depositPolicies: deps.depositPolicies,
    depositBonusCode: deps.depositBonusCode,
    audit: deps.audit,
    cashoutPolicies: deps.cashoutPolicies,
    minorUnitDigits: deps.minorUnitDigits,
    currencyOrDefault: deps.currencyOrDefault,
    limits: {
      minDeposit: config.PAYMENTS_MIN_DEPOSIT,
      maxDeposit: config.PAYMENTS_MAX_DEPOSIT,
      minWithdrawal: config.PAYMENTS_MIN_WITHDRAWAL,
      maxWithdrawal: config.PAYMENTS_MAX_WITHDRAWAL,
    },
    processors: sandboxEnabled ? [sandbox] : [],
    ton: config.TON_DEPOSIT_ADDRESS
      ? {
          address: config.TON_DEPOSIT_ADDRESS,
          network: config.TON_NETWORK,
          rates: parseTonRates(config.TON_RATES),
          transferTtlSeconds: config.TON_TRANSFER_TTL_SECONDS,
          expiryGraceSeconds: config.TON_DEPOSIT_EXPIRY_GRACE_SECONDS,
        }
      : null,
    clock: deps.clock,
    log: deps.log,
  });
  const tonWatcher = config.TON_DEPOSIT_ADDRESS
    ? createTonWatcher({
        repo,
        wallet: deps.wallet,
        cashbox: service,
        minorUnitDigits: deps.minorUnitDigits,
        log: deps.log,
        settings: {
          address: config.TON_DEPOSIT_ADDRESS,
          apiUrl:
            config.TON_API_URL ??
            (config.TON_NETWORK === 'mainnet' ? 'https://toncenter.com' : 'https://testnet.toncenter.com'),
          apiKey: config.TON_API_KEY,
          pollIntervalMs: config.TON_POLL_INTERVAL_MS,
        },
      })
    : null;
  const watching = tonWatcher && (config.TON_WATCHER_ENABLED ?? config.NODE_ENV !== 'test') ? tonWatcher : null;

  const module: AppModule = {
    name: 'cashbox',
    routes: {
      player: [{ plugin: cashboxRoutes, options: { cashbox: service, auth: deps.auth, publicUrl: deps.publicUrl } }],
      operator: [{ plugin: cashboxOperatorRoutes, options: { cashbox: service } }],
      unprefixed: [
        { plugin: cashboxWebhookRoutes, options: { cashbox: service } },
        ...(sandboxEnabled
          ? [
              {
                plugin: sandboxCheckoutRoutes,
                options: {
                  sandbox,
                  // the checkout shows what is being paid, as a processor's page does (issue 28)
                  payment: async (id: number) => {
                    const p = await repo.findPayment(String(id));
                    if (!p) return null;
                    const digits = await deps.minorUnitDigits(p.currency);
                    return { amount: toMajor(BigInt(p.amount_minor), digits).toFixed(digits), currency: p.currency };
                  },
                },
              },
            ]
          : []),
        {
          plugin: tonManifestRoutes,
          options: {
            publicUrl: deps.publicUrl,
            privacyUrl: config.PRIVACY_URL,
            brand: deps.brand,
            hasMediaFile: deps.hasMediaFile,
          },
        },
      ],
    },
    jobs: [
      { name: 'cashbox.expire-ton-deposits', everyMs: 60_000, run: () => service.expireTonDeposits() },
      // recovery sweep (docs/decisions/012-crash-atomic-money.md): finish or reverse what a crash left half-done
      { name: 'cashbox.recover', everyMs: 30_000, run: () => service.recoverHalfDone() },
    ],
    ...(watching ? { start: () => watching.start(), stop: () => watching.stop() } : {}),
  };
  return { ...module, service, repo, tonWatcher };
}
