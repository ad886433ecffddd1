import { asc, desc, gt, lte } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { prestoreRules } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { fenToYuan } from '../../shared/money.ts';
import { bonusFor, type PrestoreTier } from '../../shared/money/money.ts';

// The top-up rule (预存规则): the minimum and the bonus tiers, in versions that take effect on a date.

type Rule = typeof prestoreRules.$inferSelect;

/** The rule in force at `now`: the latest version whose effective date has come. */
export async function currentRule(db: Db | Tx, now: number): Promise<Rule> {
  const [rule] = await db
    .select()
    .from(prestoreRules)
    .where(lte(prestoreRules.effectiveFrom, new Date(now)))
    .orderBy(desc(prestoreRules.effectiveFrom), desc(prestoreRules.id))
    .limit(1);
  if (!rule) throw new DomainError('预存规则尚未配置，请联系客服');
  return rule;
}

export const ruleOut = (r: Rule) => ({
  rid: r.rid,
  effective_from: r.effectiveFrom.toISOString(),
  min_fen: r.minFen,
  tiers: [...r.tiers].sort((a, b) => a.from_fen - b.from_fen),
});

/** prestore_rule/list4num: the rule in force and any version already set to start later. */
export async function listRules(db: Db, now: number) {
  const [current, upcoming] = await Promise.all([
    currentRule(db, now),
    db
      .select()
      .from(prestoreRules)
      .where(gt(prestoreRules.effectiveFrom, new Date(now)))
      .orderBy(asc(prestoreRules.effectiveFrom)),
  ]);
  return { current: ruleOut(current), upcoming: upcoming.map(ruleOut) };
}

/** Staff add a rule version (never edit one: applications keep the version they were made under). */
export async function saveRule(
  s: Services,
  staffId: number,
  input: { min_fen: number; tiers: PrestoreTier[]; effective_from?: string },
) {
  const now = s.now();
  const from = input.effective_from ? new Date(`${input.effective_from}T00:00:00+08:00`) : new Date(now);
  const [row] = await s.db
    .insert(prestoreRules)
    .values({
      rid: newRid('prestoreRule'),
      effectiveFrom: from,
      minFen: input.min_fen,
      tiers: input.tiers,
      createdBy: staffId,
      createdAt: new Date(now),
    })
    .returning();
  return ruleOut(row);
}

/** The bonus an amount earns now; refuses an amount below the minimum. */
export async function quote(db: Db | Tx, amountFen: number, now: number) {
  const rule = await currentRule(db, now);
  if (amountFen < rule.minFen) throw new DomainError(`预存金额不能低于 ${fenToYuan(rule.minFen)} 元`);
  const { percent, bonus_fen } = bonusFor(rule.tiers, amountFen);
  return { rule, amount_fen: amountFen, bonus_percent: percent, bonus_fen };
}
