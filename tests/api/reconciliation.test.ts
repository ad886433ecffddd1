// Daily reconciliation (decision 0028) with the dev simulator's own bill: a clean day through the
// periodic job, exceptions the simulator can produce (money it took that we refused, a trade it
// dated another day), a rerun that merges, a resolution with its audit entry, who may call it, and
// a refund past the provider's window that stays on the balance with a note.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { runJobs } from '../support/jobs.ts';
import { signDevNotice } from '#server/platform/adapters/payment/dev.ts';
import { enqueue } from '#server/platform/jobs.ts';
import { RECONCILE } from '#server/payments/index.ts';
import { paymentEvents } from '#server/platform/db/platform-tables.ts';
import { paymentRefunds } from '#server/payments/tables.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';

const t = await setupApi();
const o = orderHelpers(t);
const SECRET = t.services.env.PAYMENT_DEV_SECRET;
const DAY = 86_400_000;

type Run = {
  provider: string;
  bill_date: string;
  status: string;
  bill_lines: number;
  open_exceptions: number;
  paid_fen: number;
  refunded_fen: number;
  runs: number;
};
type Exception = {
  rid: string;
  kind: string;
  trade_no: string;
  refund_no: string | null;
  status: string;
  detail: string;
  note: string;
  bill_fen: number | null;
  our_fen: number | null;
};

/** Moves the clock to 09:00 (Beijing) of a day no other test used, and returns that date. */
function freshDay(): string {
  const next = addDays(shanghaiDate(t.services.now()), 2);
  o.a.advance(shanghaiMidnight(next)! + 9 * 3_600_000 - t.services.now());
  return next;
}
/** The next morning, after the providers publish their bills. */
const nextMorning = () => o.a.advance(DAY + 2 * 3_600_000);

async function paidOrder(me: Customer, fen: number, channel = 'wechatpay') {
  const rid = await o.quotedOrder(me, fen);
  const { trade_no } = (
    await t.post<{ trade_no: string }>('/api/auth/payment/create', { purpose: 'order', rid, channel }, me.h)
  ).body.data;
  expect((await t.post<{ result: string }>('/api/dev/pay/confirm', { trade_no })).body.data.result).toBe(
    'settled',
  );
  return { rid, trade_no };
}

function notify(fields: Record<string, unknown>) {
  const body = JSON.stringify(fields);
  return t.api.request('/api/open/pay/notify/dev', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dev-signature': signDevNotice(SECRET, body) },
    body,
  });
}

async function staffOf(role: 'technician' | 'finance' | 'manager') {
  const u = await o.a.user();
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  await t.services.db
    .insert(staffMembers)
    .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
  return o.a.bearer(await staffToken(t, u.phone));
}

const runs = async (h: Record<string, string>) =>
  (await t.post<{ list: Run[] }>('/api/admin/reconcile/list', { provider: 'dev' }, h)).body.data.list;
const exceptionsOf = async (h: Record<string, string>, bill_date: string, status?: string) =>
  (await t.post<{ list: Exception[] }>('/api/admin/reconcile/exceptions', { bill_date, status }, h)).body.data
    .list;

describe('daily reconciliation with the simulator’s bill', () => {
  it('finds a clean day clean, through the hourly job', async () => {
    const day = freshDay();
    const me = await o.customer('enterprise');
    await paidOrder(me, 12_300);
    const refunded = await paidOrder(me, 4_500, 'alipay');
    expect((await t.post('/api/auth/order/cancel', { rid: refunded.rid }, me.h)).body.code).toBe(1);
    await runJobs(t.services);
    nextMorning();
    await enqueue(
      t.services.db,
      [
        {
          kind: RECONCILE,
          payload: { everyMs: 3_600_000 },
          uniqueKey: `periodic:${RECONCILE}`,
          runAt: t.services.now(),
        },
      ],
      t.services.now(),
    );
    await runJobs(t.services);
    const admin = await o.staff();
    const run = (await runs(admin)).find((r) => r.bill_date === day)!;
    expect(run).toMatchObject({
      status: 'matched',
      bill_lines: 3,
      paid_fen: 16_800,
      refunded_fen: 4_500,
      open_exceptions: 0,
      runs: 1,
    });
    // The job leaves a reconciled day alone.
    await runJobs(t.services);
    expect((await runs(admin)).find((r) => r.bill_date === day)!.runs).toBe(1);
  });

  it('lists each difference, merges a rerun, and resolves one with a note in the audit log', async () => {
    const day = freshDay();
    const me = await o.customer('enterprise');
    const ok = await paidOrder(me, 10_000);
    const late = await paidOrder(me, 20_000);
    // The simulator took money for a trade we do not know.
    expect(
      (
        await notify({
          trade_no: 'PUNKNOWN0001',
          provider_trade_no: 'D1',
          amount_fen: 777,
          status: 'succeeded',
          event_id: 'u1',
        })
      ).status,
    ).toBe(400);
    // …and dated another payment the day before (as a provider may near midnight).
    await t.services.db
      .update(paymentEvents)
      .set({ at: new Date(shanghaiMidnight(day)! - 60_000) })
      .where(and(eq(paymentEvents.provider, 'dev'), eq(paymentEvents.tradeNo, late.trade_no)));
    nextMorning();
    const admin = await o.staff();
    const rerun = await t.post<Run>('/api/admin/reconcile/rerun', { provider: 'dev', bill_date: day }, admin);
    expect(rerun.body).toMatchObject({ code: 1, data: { status: 'exceptions', open_exceptions: 2 } });
    const found = await exceptionsOf(admin, day);
    expect(found.map((e) => [e.kind, e.trade_no, e.bill_fen, e.our_fen]).sort()).toEqual(
      [
        ['missing_here', 'PUNKNOWN0001', 777, null],
        ['missing_in_bill', late.trade_no, null, 20_000],
      ].sort(),
    );
    expect(found.find((e) => e.kind === 'missing_here')!.detail).toContain('账单有收款 ¥7.77');
    expect(found.map((e) => e.trade_no)).not.toContain(ok.trade_no);

    const unknown = found.find((e) => e.kind === 'missing_here')!;
    const resolved = await t.post<Exception>(
      '/api/admin/reconcile/resolve',
      { rid: unknown.rid, note: '支付宝误入款，已原路退回客户' },
      admin,
    );
    expect(resolved.body).toMatchObject({
      code: 1,
      data: { status: 'resolved', note: '支付宝误入款，已原路退回客户' },
    });
    expect(
      (await t.post('/api/admin/reconcile/resolve', { rid: unknown.rid, note: '再来一次' }, admin)).body,
    ).toMatchObject({
      code: 0,
      msg: '该差异已处理或已消除',
    });
    expect(
      (await t.post('/api/admin/reconcile/resolve', { rid: unknown.rid, note: '' }, admin)).body.msg,
    ).toBe('[处理说明]不能为空');
    const log = await t.post<{
      list: {
        action: string;
        outcome: string;
        before: { status: string };
        after: { status: string; note: string };
        request: { note: string };
      }[];
    }>('/api/admin/audit/list', { entity_rid: unknown.rid }, admin);
    const entry = log.body.data.list.find((e) => e.outcome === 'ok')!;
    expect(entry).toMatchObject({
      action: 'reconcile/resolve',
      before: { status: 'open' },
      after: { status: 'resolved', note: '支付宝误入款，已原路退回客户' },
      request: { note: '支付宝误入款，已原路退回客户' },
    });

    // The provider corrects its date: a rerun clears what is gone and keeps the resolution.
    await t.services.db
      .update(paymentEvents)
      .set({ at: new Date(shanghaiMidnight(day)! + 3_600_000) })
      .where(and(eq(paymentEvents.provider, 'dev'), eq(paymentEvents.tradeNo, late.trade_no)));
    const again = await t.post<Run>('/api/admin/reconcile/rerun', { provider: 'dev', bill_date: day }, admin);
    expect(again.body.data).toMatchObject({ status: 'matched', open_exceptions: 0, runs: 2 });
    const after = await exceptionsOf(admin, day);
    expect(after).toHaveLength(2);
    expect(after.map((e) => [e.kind, e.status]).sort()).toEqual(
      [
        ['missing_here', 'resolved'],
        ['missing_in_bill', 'cleared'],
      ].sort(),
    );
    expect(after.find((e) => e.status === 'resolved')!.note).toBe('支付宝误入款，已原路退回客户');
    const third = await t.post<Run>('/api/admin/reconcile/rerun', { provider: 'dev', bill_date: day }, admin);
    expect(third.body.data).toMatchObject({ status: 'matched', runs: 3 });
    expect(await exceptionsOf(admin, day)).toHaveLength(2);
    expect(
      (
        await t.post(
          '/api/admin/reconcile/rerun',
          { provider: 'dev', bill_date: shanghaiDate(t.services.now()) },
          admin,
        )
      ).body.msg,
    ).toBe('只能对账今天以前的账单');
  });

  it('is finance’s and admins’: a technician and a manager are refused', async () => {
    const technician = await staffOf('technician');
    const manager = await staffOf('manager');
    const finance = await staffOf('finance');
    for (const h of [technician, manager]) {
      for (const path of ['reconcile/list', 'reconcile/exceptions', 'reconcile/rerun', 'reconcile/resolve']) {
        const res = await t.post(`/api/admin/${path}`, {}, h);
        expect(res.status, path).toBe(403);
        expect(res.body.msg).toBe('您的角色无权执行该操作');
      }
    }
    expect((await t.post('/api/admin/reconcile/list', {}, finance)).body.code).toBe(1);
    const day = addDays(shanghaiDate(t.services.now()), -1);
    expect(
      (await t.post<Run>('/api/admin/reconcile/rerun', { provider: 'dev', bill_date: day }, finance)).body
        .code,
    ).toBe(1);
    expect(
      (await t.post('/api/admin/reconcile/rerun', { provider: 'wechatpay', bill_date: day }, finance)).body
        .msg,
    ).toBe('该支付渠道未开通');
  });
});

describe('a refund past the provider’s window', () => {
  it('stays on the balance with a clear note, and is not expected in the bill', async () => {
    const me = await o.customer('enterprise');
    const { rid, trade_no } = await paidOrder(me, 30_000);
    // More than a year later (the simulator refunds like WeChat Pay, within 365 days).
    o.a.advance(366 * DAY);
    const again = await o.a.login(me.phone);
    const h = o.a.bearer(again.token);
    expect((await t.post('/api/auth/order/cancel', { rid }, h)).body.code).toBe(1);
    const day = shanghaiDate(t.services.now());
    await runJobs(t.services);
    await runJobs(t.services);
    expect(await wallet(t.services, me.id)).toMatchObject({ cash: 30_000 });
    const [refund] = await t.services.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.refundNo, `R${trade_no}`));
    expect(refund).toMatchObject({ status: 'kept' });
    const notes = await t.post<{ list: { kind: string; note: string; cash_fen: number }[] }>(
      '/api/auth/asset/detail',
      {},
      h,
    );
    const kept = notes.body.data.list.find((m) => m.kind === 'online_refund')!;
    expect(kept.note).toBe('已超过微信支付原路退款期限（付款后 1 年），退款 ¥300.00 已留在账户余额');
    expect(kept.cash_fen).toBe(0);
    expect((await movements(t.services, me.id, 'online_refund')).map((m) => m.cash)).toEqual([0]);
    await expectLedgerSound(t.services);
    nextMorning();
    const admin = await o.staff();
    const run = await t.post<Run>('/api/admin/reconcile/rerun', { provider: 'dev', bill_date: day }, admin);
    expect(run.body.data).toMatchObject({ status: 'matched', open_exceptions: 0 });
  });
});
