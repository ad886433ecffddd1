// Daily reconciliation (decision 0028): each provider's trade bill for a day, matched line by line
// with our payment intents, refunds and the ledger; what differs is kept for finance, one run per
// provider and day, and a rerun merges into it (a resolution survives, what is gone is cleared).
import { and, count, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { paymentAdapter, type Services } from '../platform/services.ts';
import { paymentIntents, paymentRefunds, reconciliationExceptions, reconciliationRuns } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { BillNotReadyError, type BillLine } from '../platform/adapters/payment/types.ts';
import { movedByKey } from '../money/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate, shanghaiMinute } from '../../shared/time.ts';
import { PAYMENT_STATUS_TEXT } from '../../shared/payments.ts';
import { BILL_PROVIDER_TEXT, type BillProvider } from '../../shared/reconciliation.ts';
import { shanghaiHour } from '../../shared/time.ts';

type Run = typeof reconciliationRuns.$inferSelect;
type ExceptionRow = typeof reconciliationExceptions.$inferSelect;
type Kind = ExceptionRow['kind'];
type Found = {
  kind: Kind;
  tradeNo: string;
  refundNo: string | null;
  billFen: number | null;
  ourFen: number | null;
  detail: string;
};

const DAY = 86_400_000;
/** Providers publish the day before's bill after 10:00 Beijing time (WeChat Pay: "次日10点后"). */
const BILL_READY_HOUR = 10;
export const RECONCILE = 'payments.reconcile';

const y = (fen: number) => `¥${fenToYuan(fen)}`;
const REFUND_STATE_TEXT = {
  pending: '退款中',
  processing: '退款处理中',
  succeeded: '退款成功',
  failed: '退款失败（款项已退回余额）',
  kept: '超过退款期限（款项留在余额）',
} as const;

/**
 * What differs between a day's bill and our records. Payments: every bill payment must be a
 * succeeded intent of this provider with the same amount and an arrival of that amount in the
 * ledger; every intent that succeeded that day must be in the bill. Refunds: every bill refund
 * must be ours, of the same amount, and not failed on one side only; every refund of ours sent
 * that day (succeeded or processing) must be in the bill.
 */
async function findExceptions(
  s: Services,
  provider: string,
  date: string,
  lines: readonly BillLine[],
): Promise<Found[]> {
  const from = new Date(shanghaiMidnight(date)!);
  const to = new Date(from.getTime() + DAY);
  const found: Found[] = [];
  const billPayments = new Map(lines.filter((l) => l.kind === 'payment').map((l) => [l.tradeNo, l]));
  const billRefunds = new Map(lines.filter((l) => l.kind === 'refund').map((l) => [l.refundNo ?? '', l]));

  const intents = await s.db
    .select()
    .from(paymentIntents)
    .where(
      or(
        billPayments.size ? inArray(paymentIntents.tradeNo, [...billPayments.keys()]) : undefined,
        and(
          eq(paymentIntents.provider, provider),
          eq(paymentIntents.status, 'succeeded'),
          gte(paymentIntents.paidAt, from),
          lt(paymentIntents.paidAt, to),
        ),
      ),
    );
  const refunds = await s.db
    .select({ r: paymentRefunds, tradeNo: paymentIntents.tradeNo })
    .from(paymentRefunds)
    .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.intentId))
    .where(
      or(
        billRefunds.size ? inArray(paymentRefunds.refundNo, [...billRefunds.keys()]) : undefined,
        and(
          eq(paymentIntents.provider, provider),
          inArray(paymentRefunds.status, ['processing', 'succeeded']),
          gte(paymentRefunds.createdAt, from),
          lt(paymentRefunds.createdAt, to),
        ),
      ),
    );
  const moved = await movedByKey(s.db, [
    ...intents.map((i) => `online:${i.tradeNo}`),
    ...refunds.map((r) => `online_refund:${r.r.refundNo}`),
  ]);
  const byTrade = new Map(intents.map((i) => [i.tradeNo, i]));
  const byRefund = new Map(refunds.map((r) => [r.r.refundNo, r]));

  for (const line of billPayments.values()) {
    const i = byTrade.get(line.tradeNo);
    const add = (kind: Kind, detail: string) =>
      found.push({
        kind,
        tradeNo: line.tradeNo,
        refundNo: null,
        billFen: line.amountFen,
        ourFen: i?.amountFen ?? null,
        detail,
      });
    if (!i || i.provider !== provider)
      add(
        'missing_here',
        `账单有收款 ${y(line.amountFen)}，本系统没有这笔${BILL_PROVIDER_TEXT[provider as BillProvider] ?? ''}支付单`,
      );
    else if (i.status !== 'succeeded')
      add(
        'missing_here',
        `账单有收款 ${y(line.amountFen)}，本系统支付单为「${PAYMENT_STATUS_TEXT[i.status]}」`,
      );
    else if (i.amountFen !== line.amountFen)
      add('amount', `金额不符：账单 ${y(line.amountFen)}，支付单 ${y(i.amountFen)}`);
    else if (moved.get(`online:${i.tradeNo}`) !== line.amountFen)
      add('amount', `账务不符：账单 ${y(line.amountFen)}，入账 ${y(moved.get(`online:${i.tradeNo}`) ?? 0)}`);
  }
  for (const i of intents) {
    const paidThatDay = i.paidAt && i.paidAt >= from && i.paidAt < to;
    if (i.provider !== provider || i.status !== 'succeeded' || !paidThatDay || billPayments.has(i.tradeNo))
      continue;
    found.push({
      kind: 'missing_in_bill',
      tradeNo: i.tradeNo,
      refundNo: null,
      billFen: null,
      ourFen: i.amountFen,
      detail: `本系统 ${shanghaiMinute(i.paidAt!)} 收款 ${y(i.amountFen)}，账单中没有`,
    });
  }

  for (const line of billRefunds.values()) {
    const ours = byRefund.get(line.refundNo ?? '');
    const add = (detail: string) =>
      found.push({
        kind: 'refund',
        tradeNo: line.tradeNo,
        refundNo: line.refundNo ?? '',
        billFen: line.amountFen,
        ourFen: ours?.r.amountFen ?? null,
        detail,
      });
    const billFailed = line.refundStatus === 'failed';
    if (!ours) add(`账单有退款 ${y(line.amountFen)}，本系统没有这笔退款`);
    else if (billFailed && ours.r.status === 'succeeded') add('账单显示退款失败，本系统记为退款成功');
    else if (!billFailed && (ours.r.status === 'failed' || ours.r.status === 'kept'))
      add(`账单显示已退款 ${y(line.amountFen)}，本系统记为「${REFUND_STATE_TEXT[ours.r.status]}」`);
    else if (ours.r.amountFen !== line.amountFen)
      add(`退款金额不符：账单 ${y(line.amountFen)}，本系统 ${y(ours.r.amountFen)}`);
    else if (!billFailed && moved.get(`online_refund:${ours.r.refundNo}`) !== line.amountFen)
      add(
        `退款账务不符：账单 ${y(line.amountFen)}，余额扣回 ${y(moved.get(`online_refund:${ours.r.refundNo}`) ?? 0)}`,
      );
  }
  for (const { r, tradeNo } of refunds) {
    const sentThatDay = r.createdAt >= from && r.createdAt < to;
    if (
      !sentThatDay ||
      billRefunds.has(r.refundNo) ||
      (r.status !== 'processing' && r.status !== 'succeeded')
    )
      continue;
    found.push({
      kind: 'refund',
      tradeNo,
      refundNo: r.refundNo,
      billFen: null,
      ourFen: r.amountFen,
      detail: `本系统退款 ${y(r.amountFen)}（${REFUND_STATE_TEXT[r.status]}），账单中没有`,
    });
  }
  return found;
}

const keyOf = (f: Pick<Found, 'kind' | 'tradeNo' | 'refundNo'>) =>
  `${f.kind}:${f.tradeNo}:${f.refundNo ?? ''}`;

/** The providers this process reconciles: each configured adapter once (dev stands for both channels). */
const providers = (s: Services) => [...new Set(Object.values(s.payments).map((a) => a!.kind))];

/**
 * Reconciles one provider's bill of one day: fetches it (outside any transaction), compares,
 * then under the run's row lock merges the exceptions and updates the run. Safe to repeat.
 */
export async function reconcileDay(s: Services, provider: string, date: string): Promise<Run> {
  const adapter = paymentAdapter(s, provider);
  if (!adapter) throw new DomainError('该支付渠道未开通');
  if (shanghaiMidnight(date) === null) throw new DomainError('[账单日期]格式不正确');
  if (date >= shanghaiDate(s.now())) throw new DomainError('只能对账今天以前的账单');
  const started = new Date(s.now());
  await s.db
    .insert(reconciliationRuns)
    .values({ provider, billDate: date, status: 'running', startedAt: started })
    .onConflictDoNothing();
  const where = and(eq(reconciliationRuns.provider, provider), eq(reconciliationRuns.billDate, date));

  let lines: BillLine[];
  try {
    lines = await adapter.fetchTradeBill(date);
  } catch (error) {
    const message =
      error instanceof BillNotReadyError
        ? '账单尚未生成，稍后自动重试'
        : `获取账单失败：${(error as Error).message.slice(0, 160)}`;
    console.warn(`[reconcile] ${provider} ${date}: ${(error as Error).message}`);
    const [failed] = await s.db
      .update(reconciliationRuns)
      .set({
        status: 'failed',
        message,
        runs: sql`${reconciliationRuns.runs} + 1`,
        finishedAt: new Date(s.now()),
      })
      .where(where)
      .returning();
    return failed;
  }
  const found = await findExceptions(s, provider, date, lines);
  const now = new Date(s.now());
  return s.db.transaction(async (tx) => {
    const [run] = await tx.select().from(reconciliationRuns).where(where).for('update');
    const existing = await tx
      .select()
      .from(reconciliationExceptions)
      .where(eq(reconciliationExceptions.runId, run.id));
    const known = new Map(existing.map((e) => [e.key, e]));
    const seen = new Set<string>();
    for (const f of found) {
      const key = keyOf(f);
      if (seen.has(key)) continue;
      seen.add(key);
      const e = known.get(key);
      const values = { billFen: f.billFen, ourFen: f.ourFen, detail: f.detail, updatedAt: now };
      if (!e)
        await tx.insert(reconciliationExceptions).values({
          ...values,
          rid: newRid('reconciliation'),
          runId: run.id,
          kind: f.kind,
          key,
          tradeNo: f.tradeNo,
          refundNo: f.refundNo,
          status: 'open',
          createdAt: now,
        });
      // Found again: a resolution (and its note) stands; one cleared before is open again.
      else
        await tx
          .update(reconciliationExceptions)
          .set({ ...values, status: e.status === 'cleared' ? 'open' : e.status })
          .where(eq(reconciliationExceptions.id, e.id));
    }
    const gone = existing.filter((e) => e.status === 'open' && !seen.has(e.key)).map((e) => e.id);
    if (gone.length)
      await tx
        .update(reconciliationExceptions)
        .set({ status: 'cleared', updatedAt: now })
        .where(inArray(reconciliationExceptions.id, gone));
    const [{ open }] = await tx
      .select({ open: count() })
      .from(reconciliationExceptions)
      .where(and(eq(reconciliationExceptions.runId, run.id), eq(reconciliationExceptions.status, 'open')));
    const [updated] = await tx
      .update(reconciliationRuns)
      .set({
        status: open > 0 ? 'exceptions' : 'matched',
        billLines: lines.length,
        paidFen: lines.filter((l) => l.kind === 'payment').reduce((n, l) => n + l.amountFen, 0),
        refundedFen: lines
          .filter((l) => l.kind === 'refund' && l.refundStatus !== 'failed')
          .reduce((n, l) => n + l.amountFen, 0),
        message: '',
        runs: sql`${reconciliationRuns.runs} + 1`,
        finishedAt: now,
      })
      .where(eq(reconciliationRuns.id, run.id))
      .returning();
    return updated;
  });
}

/**
 * The periodic job (hourly): yesterday's bill of every provider, once providers have published
 * it; a day already reconciled is left alone, one that failed (bill not ready) is tried again.
 */
export async function reconcileYesterday(s: Services): Promise<void> {
  const now = s.now();
  const date = addDays(shanghaiDate(now), -1);
  const hour = shanghaiHour(now);
  for (const provider of providers(s)) {
    // The simulator's bill is ready at once.
    if (provider !== 'dev' && hour < BILL_READY_HOUR) continue;
    const [run] = await s.db
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.provider, provider), eq(reconciliationRuns.billDate, date)));
    if (run && run.status !== 'failed' && run.status !== 'running') continue;
    await reconcileDay(s, provider, date);
  }
}
