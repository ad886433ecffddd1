// Issue 28, item 3 (decision 0048): points and coupons are inside the money controls. A points
// adjustment worth MONEY_SECOND_APPROVAL_YUAN or more in the exchange catalogue, and a coupon issue
// whose face value (or total over the customers named) reaches it, wait for a second staff member.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { couponTemplates, coupons } from '#server/coupons/tables.ts';
import { pointsItems } from '#server/points/tables.ts';
import type { PointsAdjustRequest } from '#shared/points/responses.ts';
import type { CouponIssueRequest } from '#shared/coupons/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);
const THRESHOLD = t.services.env.MONEY_SECOND_APPROVAL_YUAN * 100;

type Adjusted = { balance: number; duplicate: boolean; pending: boolean; approval_rid: string | null };
const adjust = (c: Customer, points: number, key = `k${Math.random()}`) =>
  o.admin<Adjusted>('points/adjust', { user_rid: c.rid, points, reason: '活动奖励', idempotency_key: key });
const balance = async (c: Customer) =>
  (await t.post<{ balance: number }>('/api/auth/integration/init', {}, c.h)).body.data.balance;

describe('points adjustments', () => {
  // The seeded catalogue buys ¥10 of test fee with 1,000 points: a point is worth 1 fen.
  it('below the threshold move at once, as before', async () => {
    const c = await o.customer();
    const res = await adjust(c, THRESHOLD - 1);
    expect(res.body).toMatchObject({ code: 1, msg: '已调整', data: { pending: false, approval_rid: null } });
    expect(await balance(c)).toBe(THRESHOLD - 1);
  });

  it('at the threshold wait; the requester cannot approve; another staff member moves them once', async () => {
    const c = await o.customer();
    const asked = await adjust(c, 5_000_000, 'big-1');
    expect(asked.body).toMatchObject({
      code: 1,
      msg: '积分价值达到 ¥50000.00，已提交复核，需另一位同事批准后生效',
      data: { pending: true, balance: 0, duplicate: false },
    });
    const rid = asked.body.data.approval_rid!;
    expect((await adjust(c, 5_000_000, 'big-1')).body.data).toMatchObject({
      approval_rid: rid,
      duplicate: true,
    });
    expect((await adjust(c, 4_000_000, 'big-1')).body.msg).toBe('该请求标识已用于另一笔调整');
    expect(await balance(c)).toBe(0);

    expect((await o.admin('points/adjust/approve', { rid })).body).toMatchObject({
      code: 0,
      msg: '不能批准自己提交的积分调整，请另一位同事复核',
    });
    const second = await o.anotherStaff('finance');
    const list = await t.post<{ list: PointsAdjustRequest[] }>(
      '/api/admin/points/adjust/list',
      { status: 'pending' },
      second,
    );
    expect(list.body.data.list.find((r) => r.rid === rid)).toMatchObject({
      points: 5_000_000,
      value_fen: 5_000_000,
      reason: '活动奖励',
      customer: { rid: c.rid },
      decided_by: null,
    });
    const approved = await t.post('/api/admin/points/adjust/approve', { rid }, second);
    expect(approved.body).toMatchObject({ code: 1, data: { status: 'approved', balance: 5_000_000 } });
    expect(await balance(c)).toBe(5_000_000);
    // Approving again moves nothing; the same key again is the same request.
    expect((await t.post('/api/admin/points/adjust/approve', { rid }, second)).body.msg).toBe(
      '该笔调整已批准',
    );
    expect((await adjust(c, 5_000_000, 'big-1')).body.data.duplicate).toBe(true);
    expect(await balance(c)).toBe(5_000_000);

    // Taking a large number away waits too; a rejection moves nothing.
    const take = await adjust(c, -5_000_000);
    expect(take.body.data.pending).toBe(true);
    const rejected = await t.post(
      '/api/admin/points/adjust/reject',
      { rid: take.body.data.approval_rid, reason: '核对有误' },
      second,
    );
    expect(rejected.body).toMatchObject({ code: 1, data: { status: 'rejected' } });
    expect(await balance(c)).toBe(5_000_000);
  });

  it('values points at the best rate in the catalogue', async () => {
    // An item that buys ¥10 with 100 points makes a point worth 10 fen.
    await t.services.db.insert(pointsItems).values({
      rid: `g${Math.random().toString(36).slice(2, 10)}`,
      name: '高价测试费',
      kind: 'bonus',
      points: 100,
      valueFen: 1000,
      status: 'active',
      createdAt: new Date(t.services.now()),
      updatedAt: new Date(t.services.now()),
    });
    const c = await o.customer();
    expect((await adjust(c, THRESHOLD / 10)).body.data.pending).toBe(true);
    expect((await adjust(c, THRESHOLD / 10 - 1)).body.data.pending).toBe(false);
    await t.services.db
      .update(pointsItems)
      .set({ status: 'retired' })
      .where(eq(pointsItems.name, '高价测试费'));
  });
});

async function template(body: Record<string, unknown>) {
  const res = await o.admin<{ rid: string }>('coupon/template/add', {
    name: '定向券',
    scope: 'all',
    kind: 'amount',
    value_fen: 10_000,
    threshold_fen: 0,
    validity: 'days',
    valid_days: 30,
    per_user_limit: 1,
    ...body,
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
}
const heldOf = async (rid: string) => {
  const [tpl] = await t.services.db.select().from(couponTemplates).where(eq(couponTemplates.rid, rid));
  return t.services.db.select().from(coupons).where(eq(coupons.templateId, tpl.id));
};

describe('coupon issues', () => {
  it('below the threshold give at once; a bulk issue whose total reaches it waits for another person', async () => {
    const tpl = await template({ value_fen: THRESHOLD / 2 });
    const [c1, c2] = [await o.customer(), await o.customer()];
    const one = await o.admin('coupon/issue', { rid: tpl.rid, phones: [c1.phone] });
    expect(one.body).toMatchObject({ code: 1, msg: '发放成功', data: { given: 1, pending: false } });

    const tpl2 = await template({ value_fen: THRESHOLD / 2 });
    const bulk = await o.admin<{ pending: boolean; approval_rid: string }>('coupon/issue', {
      rid: tpl2.rid,
      phones: [c1.phone, c2.phone, c2.phone],
    });
    expect(bulk.body).toMatchObject({
      code: 1,
      msg: '发放面额合计达到 ¥50000.00，已提交复核，需另一位同事批准后发放',
      data: { given: 0, pending: true },
    });
    expect(await heldOf(tpl2.rid)).toHaveLength(0);
    const rid = bulk.body.data.approval_rid;
    expect((await o.admin('coupon/issue/approve', { rid })).body.msg).toBe(
      '不能批准自己提交的发放，请另一位同事复核',
    );
    // Finance may see coupons but not give them.
    const finance = await o.anotherStaff('finance');
    expect((await t.post('/api/admin/coupon/issue/approve', { rid }, finance)).status).toBe(403);

    const manager = await o.anotherStaff('manager');
    const list = await t.post<{ list: CouponIssueRequest[] }>('/api/admin/coupon/issue/list', {}, finance);
    expect(list.body.data.list.find((r) => r.rid === rid)).toMatchObject({
      status: 'pending',
      template: { rid: tpl2.rid },
      phones: [c1.phone, c2.phone],
      face_fen: THRESHOLD / 2,
      total_fen: THRESHOLD,
    });
    const approved = await t.post('/api/admin/coupon/issue/approve', { rid }, manager);
    expect(approved.body).toMatchObject({ code: 1, msg: '发放成功', data: { status: 'approved', given: 2 } });
    expect(await heldOf(tpl2.rid)).toHaveLength(2);
    expect((await t.post('/api/admin/coupon/issue/approve', { rid }, manager)).body.msg).toBe(
      '该批优惠券已发放',
    );
    expect(await heldOf(tpl2.rid)).toHaveLength(2);
  });

  it('counts a percentage coupon without a cap as large, and a rejection gives nothing', async () => {
    const tpl = await template({ kind: 'percent', percent_off: 10, value_fen: 0 });
    const c = await o.customer();
    const asked = await o.admin<{ pending: boolean; approval_rid: string }>('coupon/issue', {
      rid: tpl.rid,
      phones: [c.phone],
    });
    expect(asked.body.data.pending).toBe(true);
    const manager = await o.anotherStaff('manager');
    const rejected = await t.post(
      '/api/admin/coupon/issue/reject',
      { rid: asked.body.data.approval_rid, reason: '请设置最高减免' },
      manager,
    );
    expect(rejected.body).toMatchObject({ code: 1, data: { status: 'rejected', given: 0 } });
    expect(await heldOf(tpl.rid)).toHaveLength(0);
  });
});
