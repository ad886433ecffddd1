// Credit lines after approval (issue 33; decision 0088): finance changes the limit and term or
// suspends and resumes the line, each with a reason, checked against the role and kept in the
// audit log; a suspended line pays nothing (repaying goes on); a limit below what is owed is refused.
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound } from '../support/money.ts';
import { auditLog } from '#server/staff/tables.ts';
import type { z } from 'zod';
import type { AssetSchema } from '#shared/money/responses.ts';

type Asset = z.output<typeof AssetSchema>;

const t = await setupApi();
const o = orderHelpers(t);

const asset = async (c: Customer) => (await t.post<Asset>('/api/auth/asset/init', {}, c.h)).body.data;

type Line = {
  account_rid: string;
  limit_fen: number;
  used_fen: number;
  suspended: boolean;
  suspend_reason: string;
};

/** A customer with an approved ¥2,000 / 60-day line: the application's rid. */
async function approvedLine(me: Customer) {
  await t.post(
    '/api/auth/creditApply/operate',
    { action: 'apply', amount_fen: 200_000, reason: '课题经费' },
    me.h,
  );
  const apps = await o.admin<{ list: { rid: string; customer: { rid: string } }[] }>('credit/list', {
    status: 'reviewing',
  });
  const rid = apps.body.data.list.find((a) => a.customer.rid === me.rid)!.rid;
  expect((await o.admin('credit/approve', { rid, limit_fen: 200_000, due_days: 60 })).body.code).toBe(1);
  return rid;
}

const lastAudit = async (action: string) =>
  (
    await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('credit lines after approval', () => {
  it('changes the limit and term with a reason, refuses a limit below what is owed, audited', async () => {
    const me = await o.customer('enterprise');
    const rid = await approvedLine(me);
    const order = await o.quotedOrder(me, 150_000);
    expect((await t.post('/api/auth/web/order/pay', { rid: order, method: 'credit' }, me.h)).body.code).toBe(
      1,
    );

    const below = await o.admin('credit/line/terms', {
      rid,
      limit_fen: 100_000,
      due_days: 30,
      reason: '降额',
    });
    expect(below.body).toMatchObject({
      code: 0,
      msg: '信用额度不能低于已用额度 1500.00 元；如需停止新的信用支付，请暂停授信',
    });
    expect(
      (await o.admin('credit/line/terms', { rid, limit_fen: 300_000, due_days: 30, reason: '' })).body.msg,
    ).toBe('[调整原因]不能为空');
    const raised = await o.admin<Line>('credit/line/terms', {
      rid,
      limit_fen: 300_000,
      due_days: 30,
      reason: '合作稳定，提额',
    });
    expect(raised.body).toMatchObject({
      code: 1,
      msg: '已调整授信',
      data: { limit_fen: 300_000, used_fen: 150_000, due_days: 30, suspended: false },
    });
    expect(await asset(me)).toMatchObject({ credit_limit_fen: 300_000, credit_due_days: 30 });
    const listed = await o.admin<{ list: { rid: string; limit_fen: number; line: Line | null }[] }>(
      'credit/list',
      {
        status: 'approved',
      },
    );
    expect(listed.body.data.list.find((a) => a.rid === rid)).toMatchObject({
      limit_fen: 300_000,
      line: { limit_fen: 300_000, used_fen: 150_000 },
    });
    const audit = await lastAudit('credit/line/terms');
    expect(audit).toMatchObject({
      outcome: 'ok',
      entityRid: rid,
      request: { reason: '合作稳定，提额', limit_fen: 300_000 },
    });
    await expectLedgerSound(t.services);
  });

  it('suspends: credit payments refused in Chinese, repayment goes on; resumes; only finance may', async () => {
    const me = await o.customer('enterprise');
    const rid = await approvedLine(me);
    const first = await o.quotedOrder(me, 50_000);
    expect((await t.post('/api/auth/web/order/pay', { rid: first, method: 'credit' }, me.h)).body.code).toBe(
      1,
    );

    const tech = await o.anotherStaff('technician');
    const denied = await t.post('/api/admin/credit/line/suspend', { rid, reason: '逾期' }, tech);
    expect(denied.body.code).toBe(0);
    expect((await lastAudit('credit/line/suspend'))?.outcome).toBe('denied');

    expect((await o.admin('credit/line/suspend', { rid, reason: '' })).body.msg).toBe('[原因]不能为空');
    const suspended = await o.admin<Line>('credit/line/suspend', { rid, reason: '单位经费冻结' });
    expect(suspended.body).toMatchObject({
      code: 1,
      msg: '已暂停授信',
      data: { suspended: true, suspend_reason: '单位经费冻结' },
    });
    expect((await lastAudit('credit/line/suspend'))?.request).toMatchObject({ reason: '单位经费冻结' });
    expect((await o.admin('credit/line/suspend', { rid, reason: '再次' })).body.msg).toBe('该授信已暂停');
    expect((await asset(me)).credit).toMatchObject({ suspended: true, suspend_reason: '单位经费冻结' });

    const next = await o.quotedOrder(me, 10_000);
    const ready = await t.post<{ split: { credit: unknown } }>(
      '/api/auth/web/order/ready2pay',
      { rid: next },
      me.h,
    );
    expect(ready.body.data.split.credit).toBeNull();
    // The pay dialog says why, and the wallet shows nothing of the line as available.
    expect(ready.body.data).toMatchObject({ credit_suspended: true, credit_suspend_reason: '单位经费冻结' });
    expect((await asset(me)).credit_available_fen).toBe(0);
    expect(
      (await t.post('/api/auth/web/order/pay', { rid: next, method: 'credit' }, me.h)).body,
    ).toMatchObject({
      code: 0,
      msg: '您的信用额度已暂停使用，请使用余额支付或联系工作人员',
    });
    // Repaying what is owed still works.
    await o.topUp(me, 100_000);
    const repaid = await t.post(
      '/api/auth/creditApply/operate',
      { action: 'repay', amount_fen: 50_000, idempotency_key: 'repay-suspended' },
      me.h,
    );
    expect(repaid.body).toMatchObject({ code: 1, data: { used_fen: 0, suspended: true } });

    const resumed = await o.admin<Line>('credit/line/resume', { rid, reason: '经费已到位' });
    expect(resumed.body).toMatchObject({
      code: 1,
      msg: '已恢复授信',
      data: { suspended: false, suspend_reason: '' },
    });
    expect((await o.admin('credit/line/resume', { rid, reason: '再次' })).body.msg).toBe(
      '该授信未暂停，无需恢复',
    );
    expect((await t.post('/api/auth/web/order/pay', { rid: next, method: 'credit' }, me.h)).body.code).toBe(
      1,
    );
    await expectLedgerSound(t.services);
  });

  it('refuses an application that is not approved', async () => {
    const me = await o.customer('enterprise');
    await t.post('/api/auth/creditApply/operate', { action: 'apply', amount_fen: 100_000 }, me.h);
    const apps = await o.admin<{ list: { rid: string; customer: { rid: string }; line: unknown }[] }>(
      'credit/list',
      { status: 'reviewing' },
    );
    const app = apps.body.data.list.find((a) => a.customer.rid === me.rid)!;
    expect(app.line).toBeNull();
    expect((await o.admin('credit/line/suspend', { rid: app.rid, reason: '测试' })).body.msg).toBe(
      '只有已开通的授信可以调整或暂停',
    );
  });
});
