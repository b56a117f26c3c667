// The bets benches' players: the no-deposit bonus every player wagers (BENCH_BONUS) and a funded, authenticated dice
// session. Type imports only: bet-pair-setup.ts runs this in another commit's checkout, with that checkout's services.
import type { buildApp } from '../../server/src/app';
import type { Database } from '../../server/src/db/database';

type Services = Awaited<ReturnType<typeof buildApp>>['services'];

/** A bonus wagering on every player: far from its requirement, with a max bet above the bench's stake. */
export const benchBonusTemplate: Parameters<Services['bonuses']['createTemplate']>[1] = {
  name: 'bench-no-deposit',
  type: 'no_deposit',
  trigger: 'manual',
  terms: {
    title: 'Bench bonus',
    description: '',
    percent: null,
    currencies: { USD: { amount: 10, max_bet: 1000, max_conversion: null } },
    wagering_multiplier: 200,
    wagering_base: 'bonus',
    contributions: [{ target: 'house', percent: 100 }],
    claim_days: null,
    wagering_days: null,
    eligible_games: [],
    max_grants: null,
  },
};

/** The player funded (a deposit), granted the bench's bonus when there is one, on an authenticated dice session. */
export async function launchDice(
  services: Services,
  playerId: string,
  diceGameId: number,
  bonusTemplateId: number | null,
): Promise<{ token: string; sessionId: string }> {
  await services.wallet.creditDeposit({ playerId, currency: 'USD', key: `seed-${playerId}` }, 1_000_000_000n);
  if (bonusTemplateId !== null) await services.bonuses.grantToPlayer('bench', playerId, bonusTemplateId, 'bench', true);
  const { token, session } = await services.gateway.launch({
    playerId,
    gameId: diceGameId,
    currency: 'USD',
    demo: false,
    demoBalanceMinor: 0n,
    clientType: 'web',
    language: 'en',
  });
  await services.gateway.authenticate(token);
  return { token, sessionId: String(session.id) };
}

/** The house dice's game id. */
export const diceGameId = async (db: Database) =>
  (await db.selectFrom('games_games').select('id').where('string_id', '=', 'house-dice').executeTakeFirstOrThrow()).id;
