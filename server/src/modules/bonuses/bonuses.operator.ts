import type { BonusTrigger, BonusType } from '@contracts/bonuses.rules';
import { diceWinChance, limboTarget, plinkoParams } from '@contracts/fairness';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { PromoCodeInput } from './bonuses.repository';
import type { TemplateTerms } from './bonuses.tables';
import type { BonusesDeps, Grants } from './bonuses.grants';

// Operators' side of the engine: versioned templates (validated against the jurisdiction's ceiling and the games'
// parameters), promo codes, a grant to a player, a grant cancelled. Every action is recorded with the operator's name
// in its own transaction.
export function createBonusOperations(deps: BonusesDeps, grants: Grants) {
  const { repo } = deps;
  const { transaction, grantIn, endWithForfeit, notify } = grants;

  function validateTerms(terms: TemplateTerms) {
    const ceiling = deps.maxWageringMultiplier;
    if (ceiling !== null && terms.wagering_multiplier > ceiling)
      throw new AppError(
        422,
        'BONUSES_NOT_ELIGIBLE',
        `wagering_multiplier: at most ${ceiling}× in this jurisdiction (BONUS_MAX_WAGERING_MULTIPLIER)`,
      );
    if (terms.wagering_multiplier < 0) throw new AppError(422, 'VALIDATION_ERROR', 'wagering_multiplier: at least 0');
    const fr = terms.free_rounds;
    if (fr?.params) {
      try {
        const p = fr.params as never;
        if (fr.game === 'dice') diceWinChance(p);
        else if (fr.game === 'limbo') limboTarget(p);
        else if (fr.game === 'plinko') plinkoParams(p);
      } catch (err) {
        throw new AppError(422, 'VALIDATION_ERROR', `free_rounds.params: ${(err as Error).message}`);
      }
    }
    for (const [currency, c] of Object.entries(terms.currencies))
      if (fr && c.free_round_bet !== undefined && c.max_bet != null && c.free_round_bet > c.max_bet)
        throw new AppError(422, 'VALIDATION_ERROR', `currencies.${currency}: free_round_bet above max_bet`);
  }

  return {
    async createTemplate(
      actor: string,
      t: { name: string; type: BonusType; trigger: BonusTrigger; terms: TemplateTerms },
    ) {
      validateTerms(t.terms);
      return repo.transaction(async (trx) => {
        const id = await repo.insertTemplate(t, actor, trx);
        await deps.audit.record({ actor, action: 'bonus_template_created', subject: String(id), after: t }, trx);
        return (await repo.findTemplate(id, trx))!;
      });
    },
    async updateTemplate(actor: string, id: number, body: { terms: TemplateTerms; is_active: boolean }) {
      validateTerms(body.terms);
      return repo.transaction(async (trx) => {
        const before = await repo.findTemplate(id, trx);
        if (!before) throw notFound('BONUSES_NOT_FOUND', `No bonus template ${id}`);
        await repo.newVersion(id, body.terms, body.is_active, actor, trx);
        await deps.audit.record(
          { actor, action: 'bonus_template_versioned', subject: String(id), before: before.terms, after: body },
          trx,
        );
        return (await repo.findTemplate(id, trx))!;
      });
    },
    listTemplates: () => repo.listTemplates(),
    async createPromoCode(actor: string, c: PromoCodeInput) {
      return repo
        .transaction(async (trx) => {
          if (!(await repo.findTemplate(c.template_id, trx)))
            throw notFound('BONUSES_NOT_FOUND', `No bonus template ${c.template_id}`);
          const row = await repo.insertPromoCode(c, actor, trx);
          await deps.audit.record({ actor, action: 'bonus_promo_code_created', subject: c.code, after: c }, trx);
          return row;
        })
        .catch((err: unknown) => {
          if ((err as { code?: string }).code === '23505') throw conflict('VALIDATION_ERROR', 'This code exists');
          throw err;
        });
    },
    listPromoCodes: () => repo.listPromoCodes(),
    grantToPlayer(actor: string, playerId: string, templateId: number, reason: string, activate: boolean) {
      return transaction(async (w) => {
        const g = await grantIn(w, { playerId, templateId, source: 'manual', reason, activate });
        await deps.audit.record(
          { actor, action: 'bonus_granted', playerId, subject: g.id, after: { templateId, reason, activate } },
          w.trx,
        );
        notify(w.trx, playerId);
        return g;
      });
    },
    async cancelGrant(actor: string, grantId: string, reason: string) {
      await transaction(async (w) => {
        const g = await repo.lockGrant(grantId, w.trx);
        if (!g) throw notFound('BONUSES_NOT_FOUND', `No bonus ${grantId}`);
        const ok = await endWithForfeit(w, g, 'cancelled', ['created', 'active', 'wagering']);
        if (!ok) throw conflict('BONUSES_WRONG_STATE', `The bonus is ${g.status}: nothing to cancel`);
        await deps.audit.record(
          {
            actor,
            action: 'bonus_cancelled',
            playerId: g.player_id,
            subject: g.id,
            before: g.status,
            after: { reason },
          },
          w.trx,
        );
        notify(w.trx, g.player_id);
      });
    },
    grantsOfPlayer: (playerId: string) => repo.grantsOfPlayer(playerId),
  };
}
