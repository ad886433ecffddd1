// Coupons (issue 15, decision 0026) on a real database: the coupon centre, codes, staff templates
// and issuing, the best coupon at payment, the discount in the ledger and over the order's lines,
// the coupon back on cancel (or void once expired), and every refusal with nothing written.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { runJobs } from '../support/jobs.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { coupons, couponTemplates } from '#server/coupons/tables.ts';
import { item } from '#server/catalogue/tables.ts';
import { users } from '#server/accounts/tables.ts';

const t = await setupApi();
const o = orderHelpers(t);
const DAY = 86_400_000;

type Coupon = {
  rid: string;
  valid_to: string;
  state: string;
  state_text: string;
  discount_fen: number | null;
  order_rid: string | null;
  template: { rid: string; name: string; rule_text: string };
};
type Page = { list: Coupon[]; total: number; counts: { usable: number; used: number; invalid: number } };
type Ready = {
  amount_fen: number;
  coupons: { rid: string; discount_fen: number; reason: string }[];
  coupon_rid: string | null;
  discount_fen: number;
  pay_fen: number;
  split: { balance: { bonus_fen: number; cash_fen: number } | null };
};
type Template = {
  rid: string;
  name: string;
  issued_count: number;
  used_count: number;
  discount_fen: number;
  status: string;
};

const mine = async (c: Customer, state = 1) =>
  (await t.post<Page>('/api/auth/discount4user/all', { state }, c.h)).body.data;
const claim = (c: Customer, body: Record<string, unknown>) =>
  t.post<Coupon>('/api/auth/discount4user/add', body, c.h);
const ready = async (c: Customer, rid: string, couponRid?: string) => {
  const res = await t.post<Ready>('/api/auth/web/order/ready2pay', { rid, coupon_rid: couponRid }, c.h);
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
};
const pay = (c: Customer, rid: string, coupon_rid?: string) =>
  t.post<{ paid_fen: number; discount_fen: number; status: string }>(
    '/api/auth/web/order/pay',
    { rid, coupon_rid, idempotency_key: `k${Math.random()}` },
    c.h,
  );

/** A template made by staff through the API (defaults: 全场 满100减10, 30 days, one per person). */
async function template(overrides: Record<string, unknown> = {}): Promise<Template> {
  const res = await o.admin<Template>('coupon/template/add', {
    name: '测试券',
    scope: 'all',
    kind: 'amount',
    value_fen: 1000,
    threshold_fen: 10000,
    validity: 'days',
    valid_days: 30,
    per_user_limit: 1,
    claimable: true,
    ...overrides,
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
}

/** The coupon's validity ends now (customer sessions do not survive moving the clock by days). */
const expire = (rid: string) =>
  t.services.db
    .update(coupons)
    .set({ validTo: new Date(t.services.now()) })
    .where(eq(coupons.rid, rid));

const seeded = async (name: string) =>
  (await t.services.db.select().from(couponTemplates).where(eq(couponTemplates.name, name)))[0];

describe('the coupon centre and my coupons', () => {
  it('lists the advertised coupons, claims one once, and shows it under 可使用', async () => {
    const c = await o.customer();
    const centre = await t.post<{
      list: { rid: string; name: string; rule_text: string; can_claim: boolean }[];
    }>('/api/auth/discount4user/list4all', {}, c.h);
    const full = centre.body.data.list.find((x) => x.name === '满2000减200')!;
    expect(full).toMatchObject({ rule_text: '满2000减200', can_claim: true });
    expect(centre.body.data.list.map((x) => x.name)).toContain('首单立减100');

    const res = await claim(c, { template_rid: full.rid });
    expect(res.body).toMatchObject({
      code: 1,
      msg: '领取成功',
      data: { state: 'available', state_text: '可使用' },
    });
    expect(await claim(c, { template_rid: full.rid })).toMatchObject({
      body: { code: 0, msg: '您已领取过该优惠券' },
    });

    const page = await mine(c);
    expect(page.list.map((x) => x.template.name)).toEqual(['满2000减200']);
    expect((await t.post<{ coupons: number }>('/api/auth/asset/init', {}, c.h)).body.data.coupons).toBe(1);
    expect(page.counts).toEqual({ usable: 1, used: 0, invalid: 0 });
    const after = await t.post<{ list: { rid: string; can_claim: boolean; held: number }[] }>(
      '/api/auth/discount4user/list4all',
      {},
      c.h,
    );
    expect(after.body.data.list.find((x) => x.rid === full.rid)).toMatchObject({ can_claim: false, held: 1 });
    // Valid 30 days from receipt: then it is 已失效.
    const today = new Date(t.services.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(new Date(page.list[0].valid_to).getTime()).toBe(Date.parse(`${today}T00:00:00+08:00`) + 30 * DAY);
    const home = () => t.post<{ coupons: number }>('/api/auth/web/home/data', {}, c.h);
    expect((await home()).body.data.coupons).toBe(1);
    await expire(page.list[0].rid);
    expect((await mine(c, 3)).list.map((x) => x.state_text)).toEqual(['已过期']);
    expect((await mine(c, 1)).total).toBe(0);
    expect((await home()).body.data.coupons).toBe(0);
  });

  it('redeems a code in any case, once per customer, and refuses a wrong one', async () => {
    const code = `SPRING${Math.floor(Math.random() * 1e6)}`;
    await template({ claimable: false, code: code.toLowerCase() });
    const c = await o.customer();
    expect(await claim(c, { code: 'NOPE1234' })).toMatchObject({
      body: { code: 0, msg: '兑换码无效或已过期' },
    });
    expect(await claim(c, { code })).toMatchObject({ body: { code: 1, msg: '兑换成功' } });
    expect(await claim(c, { code })).toMatchObject({ body: { code: 0, msg: '您已领取过该优惠券' } });
    expect(await claim(c, {})).toMatchObject({ body: { code: 0, msg: '[优惠券]或[兑换码]请填写一项' } });
  });

  it('keeps a template that is not in the centre unclaimable by its id, and a retired one unclaimable', async () => {
    const hidden = await template({ claimable: false });
    const c = await o.customer();
    expect(await claim(c, { template_rid: hidden.rid })).toMatchObject({
      body: { code: 0, msg: '优惠券不存在' },
    });
    const shown = await template();
    await o.admin('coupon/template/retire', { rid: shown.rid });
    expect(await claim(c, { template_rid: shown.rid })).toMatchObject({
      body: { code: 0, msg: '优惠券已领完' },
    });
    const centre = await t.post<{ list: { rid: string }[] }>('/api/auth/discount4user/list4all', {}, c.h);
    expect(centre.body.data.list.map((x) => x.rid)).not.toContain(shown.rid);
  });

  it('stops at the campaign budget, by count and by amount', async () => {
    const byCount = await template({ budget_count: 1 });
    const byFen = await template({ budget_fen: 1500 });
    const [c1, c2] = [await o.customer(), await o.customer()];
    expect((await claim(c1, { template_rid: byCount.rid })).body.code).toBe(1);
    expect(await claim(c2, { template_rid: byCount.rid })).toMatchObject({
      body: { code: 0, msg: '优惠券已领完' },
    });
    expect((await claim(c1, { template_rid: byFen.rid })).body.code).toBe(1);
    expect(await claim(c2, { template_rid: byFen.rid })).toMatchObject({
      body: { code: 0, msg: '优惠券已领完' },
    });
  });

  it('gives the welcome coupon to a customer who registers through an invitation, and to nobody else', async () => {
    const inviter = await o.customer();
    const [row] = await t.services.db.select().from(users).where(eq(users.id, inviter.id));
    const invited = await o.a.register(undefined, undefined, row.inviteCode);
    const plain = await o.a.register();
    const welcome = await seeded('首单立减100');
    const held = async (phone: string) => {
      const [u] = await t.services.db.select().from(users).where(eq(users.phone, phone));
      return t.services.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.userId, u.id), eq(coupons.templateId, welcome.id)));
    };
    expect((await held(invited)).map((c) => c.source)).toEqual(['welcome']);
    expect(await held(plain)).toEqual([]);
    // The inviter earns POINTS_INVITE points, once per invitee (by a job).
    await runJobs(t.services);
    await runJobs(t.services);
    const points = await t.post<{ balance: number }>('/api/auth/integration/init', {}, inviter.h);
    expect(points.body.data.balance).toBe(t.services.env.POINTS_INVITE);
  });
});

describe('paying with a coupon', () => {
  it('suggests the best coupon, takes it off, records it in the ledger and on the order, and gives it back on cancel', async () => {
    const c = await o.customer('enterprise');
    const small = await template({ name: '满100减10', value_fen: 1000, threshold_fen: 10000 });
    const big = await template({ name: '满100减30', value_fen: 3000, threshold_fen: 10000 });
    expect((await claim(c, { template_rid: small.rid })).body.code).toBe(1);
    const bigCoupon = (await claim(c, { template_rid: big.rid })).body.data;
    await o.credit(c.rid, 100_000);
    const rid = await o.quotedOrder(c, 50_000);

    const offer = await ready(c, rid);
    expect(offer).toMatchObject({
      amount_fen: 50_000,
      coupon_rid: bigCoupon.rid,
      discount_fen: 3000,
      pay_fen: 47_000,
    });
    expect(offer.split.balance).toMatchObject({ cash_fen: 47_000 });
    expect(offer.coupons.map((x) => x.discount_fen)).toEqual([3000, 1000]);
    expect(await ready(c, rid, '')).toMatchObject({ coupon_rid: null, discount_fen: 0, pay_fen: 50_000 });

    const paid = await pay(c, rid, bigCoupon.rid);
    expect(paid.body).toMatchObject({ code: 1, data: { paid_fen: 47_000, discount_fen: 3000 } });
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 53_000 });
    await expectLedgerSound(t.services);

    const detail = await t.post<{
      coupon: { discount_fen: number; allocation: { fen: number }[] };
      timeline: { note: string }[];
    }>('/api/auth/order/detail', { rid }, c.h);
    expect(detail.body.data.coupon).toMatchObject({ rid: bigCoupon.rid, discount_fen: 3000 });
    expect(detail.body.data.coupon.allocation.reduce((n, a) => n + a.fen, 0)).toBe(3000);
    expect(detail.body.data.timeline.at(-1)!.note).toContain('优惠券「满100减30」抵扣 30.00 元');
    expect((await mine(c, 2)).list).toMatchObject([
      { rid: bigCoupon.rid, order_rid: rid, discount_fen: 3000 },
    ]);

    // The same coupon cannot pay a second order.
    const second = await o.quotedOrder(c, 20_000);
    expect(await pay(c, second, bigCoupon.rid)).toMatchObject({ body: { code: 0, msg: '优惠券已使用' } });

    const cancelled = await t.post('/api/auth/order/cancel', { rid }, c.h);
    expect(cancelled.body).toMatchObject({ code: 1 });
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 100_000 });
    const refund = (await movements(t.services, c.id, 'refund')).at(-1)!;
    expect(refund).toMatchObject({ cash: 47_000 });
    expect((await mine(c, 1)).list.map((x) => x.rid)).toContain(bigCoupon.rid);
    await expectLedgerSound(t.services);
    // Usable again: it pays the second order.
    expect((await pay(c, second, bigCoupon.rid)).body).toMatchObject({
      code: 1,
      data: { discount_fen: 3000 },
    });
  });

  it('makes a coupon that expired while its order was paid void when the order is cancelled', async () => {
    const c = await o.customer('enterprise');
    const short = await template({ valid_days: 2 });
    const coupon = (await claim(c, { template_rid: short.rid })).body.data;
    await o.credit(c.rid, 20_000);
    const rid = await o.quotedOrder(c, 20_000);
    expect((await pay(c, rid, coupon.rid)).body.code).toBe(1);
    await expire(coupon.rid);
    expect((await t.post('/api/auth/order/cancel', { rid }, c.h)).body.code).toBe(1);
    expect((await mine(c, 3)).list).toMatchObject([
      { rid: coupon.rid, state: 'void', state_text: '已退款失效' },
    ]);
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 20_000 });
    await expectLedgerSound(t.services);
  });

  it('refuses a coupon below its threshold, another customer’s, or an expired one, writing nothing', async () => {
    const c = await o.customer('enterprise');
    const other = await o.customer('enterprise');
    const tpl = await template({ threshold_fen: 100_000, value_fen: 5000 });
    const coupon = (await claim(c, { template_rid: tpl.rid })).body.data;
    const foreign = (await claim(other, { template_rid: (await template()).rid })).body.data;
    await o.credit(c.rid, 50_000);
    const rid = await o.quotedOrder(c, 50_000);
    const offer = await ready(c, rid);
    expect(offer.coupon_rid).toBeNull();
    expect(offer.coupons).toMatchObject([
      { rid: coupon.rid, discount_fen: 0, reason: '未达到使用门槛（满1000减50）' },
    ]);

    expect(await pay(c, rid, coupon.rid)).toMatchObject({
      body: { code: 0, msg: '未达到使用门槛（满1000减50）' },
    });
    expect(await pay(c, rid, foreign.rid)).toMatchObject({ body: { code: 0, msg: '优惠券不存在' } });
    await expire(coupon.rid);
    const fresh = await o.quotedOrder(c, 150_000);
    await o.credit(c.rid, 100_000);
    expect(await pay(c, fresh, coupon.rid)).toMatchObject({ body: { code: 0, msg: '优惠券已过期' } });
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 150_000 });
    expect((await movements(t.services, c.id, 'payment')).length).toBe(0);
    const [row] = await t.services.db.select().from(coupons).where(eq(coupons.rid, coupon.rid));
    expect(row).toMatchObject({ state: 'available', orderId: null });
  });

  it('keeps 首单 coupons to a first order', async () => {
    const c = await o.customer('enterprise');
    const first = await seeded('首单立减100');
    const coupon = (await claim(c, { template_rid: first.rid })).body.data;
    await o.credit(c.rid, 200_000);
    const earlier = await o.quotedOrder(c, 10_000);
    expect((await mine(c)).list.map((x) => x.rid)).toEqual([coupon.rid]);
    expect((await pay(c, earlier, '')).body.code).toBe(1);
    const rid = await o.quotedOrder(c, 60_000);
    expect(await pay(c, rid, coupon.rid)).toMatchObject({ body: { code: 0, msg: '该优惠券仅限首单使用' } });

    // Spent with the first paid order: out of 可使用 (and the asset card's count) into 已失效.
    const usable = await mine(c);
    expect(usable.list).toEqual([]);
    expect(usable.counts).toEqual({ usable: 0, used: 0, invalid: 1 });
    expect((await mine(c, 3)).list).toMatchObject([{ rid: coupon.rid, state_text: '已非首单' }]);
    const asset = await t.post<{ coupons: number }>('/api/auth/asset/init', {}, c.h);
    expect(asset.body.data.coupons).toBe(0);
    const usage = await o.admin<{ list: { rid: string; state_text: string }[] }>('coupon/usage', {
      rid: first.rid,
    });
    expect(usage.body.data.list.find((u) => u.rid === coupon.rid)?.state_text).toBe('已非首单');

    // That order cancelled (its money back), the next one is the first again: usable once more.
    expect((await t.post('/api/auth/order/cancel', { rid: earlier }, c.h)).body).toMatchObject({ code: 1 });
    expect((await mine(c)).list).toMatchObject([{ rid: coupon.rid, state_text: '可使用' }]);
  });

  it('applies a category coupon to that category’s lines only, spread by largest remainder', async () => {
    const it1 = await o.demoItem(1);
    const others = await t.services.db
      .select()
      .from(item)
      .where(and(eq(item.typeId, 1), eq(item.quoteOnly, false)));
    const it2 = others.find((x) => x.childId !== it1.childId && x.onSale)!;
    const params = Object.fromEntries(
      it2.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
    );
    const tpl = await template({
      name: '类别九折',
      kind: 'percent',
      percent_off: 10,
      value_fen: 0,
      threshold_fen: 0,
      scope: 'category',
      scope_ref: String(it1.childId),
    });
    const c = await o.customer('enterprise');
    const coupon = (await claim(c, { template_rid: tpl.rid })).body.data;
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      {
        items: [
          { item_rid: it1.rid, parameters: it1.parameters },
          { item_rid: it2.rid, parameters: params },
        ],
        delivery: { type: 0 },
      },
      c.h,
    );
    const rid = placed.body.data.list[0].rid;
    await o.move('order/quote', { rid, quoted_fen: it1.price + it2.priceFen });
    await o.credit(c.rid, it1.price + it2.priceFen);
    const offer = await ready(c, rid);
    const expected = Math.floor(it1.price / 10);
    expect(offer).toMatchObject({ coupon_rid: coupon.rid, discount_fen: expected });
    expect((await pay(c, rid, coupon.rid)).body.code).toBe(1);
    const detail = await t.post<{ coupon: { allocation: { item_rid: string; fen: number }[] } }>(
      '/api/auth/order/detail',
      { rid },
      c.h,
    );
    expect(detail.body.data.coupon.allocation).toEqual([
      { item_rid: it1.rid, name: it1.name, fen: expected },
    ]);
    await expectLedgerSound(t.services);
  });
});

describe('paying online with a coupon', () => {
  const create = (c: Customer, body: Record<string, unknown>) =>
    t.post<{ trade_no: string; amount_fen: number }>('/api/auth/payment/create', body, c.h);
  const confirm = (trade_no: string) =>
    t.post<{ result: string }>('/api/dev/pay/confirm', { trade_no, action: 'pay' });

  it('makes the QR code for what is left, and the arriving money pays the order with the coupon', async () => {
    const c = await o.customer('enterprise');
    const coupon = (await claim(c, { template_rid: (await template({ value_fen: 2500 })).rid })).body.data;
    const rid = await o.quotedOrder(c, 30_000);
    const trade = await create(c, { purpose: 'order', rid, channel: 'alipay', coupon_rid: coupon.rid });
    expect(trade.body).toMatchObject({ code: 1, data: { amount_fen: 27_500 } });
    expect((await confirm(trade.body.data.trade_no)).body.data.result).toBe('settled');
    const detail = await t.post<{ status: string; paid_fen: number; coupon: { discount_fen: number } }>(
      '/api/auth/order/detail',
      { rid },
      c.h,
    );
    expect(detail.body.data).toMatchObject({ paid_fen: 30_000, coupon: { discount_fen: 2500 } });
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 0 });
    await expectLedgerSound(t.services);
  });

  it('lets the balance take a coupon a QR code was made with; that money, if it arrives, stays as cash', async () => {
    const c = await o.customer('enterprise');
    const coupon = (await claim(c, { template_rid: (await template({ value_fen: 2500 })).rid })).body.data;
    const rid = await o.quotedOrder(c, 30_000);
    const trade = await create(c, { purpose: 'order', rid, channel: 'wechatpay', coupon_rid: coupon.rid });
    await o.credit(c.rid, 27_500);
    expect((await pay(c, rid, coupon.rid)).body).toMatchObject({ code: 1, data: { discount_fen: 2500 } });
    expect((await confirm(trade.body.data.trade_no)).body.data.result).toBe('settled');
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 27_500 });
    const [row] = await t.services.db.select().from(coupons).where(eq(coupons.rid, coupon.rid));
    expect(row).toMatchObject({ state: 'used', discountFen: 2500 });
    await expectLedgerSound(t.services);
  });

  it('refuses a coupon that does not apply before any trade is made', async () => {
    const c = await o.customer('enterprise');
    const coupon = (
      await claim(c, { template_rid: (await template({ threshold_fen: 900_000, value_fen: 100 })).rid })
    ).body.data;
    const rid = await o.quotedOrder(c, 30_000);
    const trade = await create(c, { purpose: 'order', rid, channel: 'wechatpay', coupon_rid: coupon.rid });
    expect(trade.body).toMatchObject({ code: 0, msg: '未达到使用门槛（满9000减1）' });
  });
});

describe('staff and coupons', () => {
  it('creates, issues by phone, shows usage and retires', async () => {
    const tpl = await template({ name: '定向券', claimable: false, per_user_limit: 1 });
    const [c1, c2] = [await o.customer(), await o.customer()];
    const issued = await o.admin<{ given: number; refused: { phone: string; reason: string }[] }>(
      'coupon/issue',
      {
        rid: tpl.rid,
        phones: [c1.phone, c2.phone, '13000000000', c1.phone],
      },
    );
    expect(issued.body.data).toEqual({
      given: 2,
      refused: [{ phone: '13000000000', reason: '用户不存在' }],
      pending: false,
      approval_rid: null,
    });
    const again = await o.admin<{ given: number; refused: { reason: string }[] }>('coupon/issue', {
      rid: tpl.rid,
      phones: [c1.phone],
    });
    expect(again.body.data).toEqual({
      given: 0,
      refused: [{ phone: c1.phone, reason: '您已领取过该优惠券' }],
      pending: false,
      approval_rid: null,
    });
    const usage = await o.admin<{ list: { customer: { phone: string }; state: string }[]; total: number }>(
      'coupon/usage',
      { rid: tpl.rid },
    );
    expect(usage.body.data.total).toBe(2);
    expect(usage.body.data.list.map((u) => u.customer.phone).sort()).toEqual([c1.phone, c2.phone].sort());
    const list = await o.admin<{ list: Template[] }>('coupon/template/list', { status: 'active' });
    expect(list.body.data.list.find((x) => x.rid === tpl.rid)).toMatchObject({
      issued_count: 2,
      used_count: 0,
    });
    const retired = await o.admin<Template>('coupon/template/retire', { rid: tpl.rid });
    expect(retired.body.data.status).toBe('retired');
  });

  it('refuses templates that could not be honoured, in Chinese', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (
        await o.admin('coupon/template/add', {
          name: '坏券',
          scope: 'all',
          kind: 'amount',
          value_fen: 1000,
          validity: 'days',
          valid_days: 30,
          ...body,
        })
      ).body;
    expect(await bad({ value_fen: 20_000, threshold_fen: 10_000 })).toMatchObject({
      code: 0,
      msg: '[面额]不能大于使用门槛',
    });
    expect(await bad({ scope: 'item' })).toMatchObject({ code: 0, msg: '[适用对象]不能为空' });
    expect(await bad({ scope: 'item', scope_ref: 'nope' })).toMatchObject({
      code: 0,
      msg: '[适用对象]项目不存在',
    });
    expect(await bad({ kind: 'percent', percent_off: 95 })).toMatchObject({
      code: 0,
      msg: '[折扣]应为1-90的整数',
    });
    expect(await bad({ validity: 'fixed' })).toMatchObject({ code: 0, msg: '[有效期]不能为空' });
    expect(await bad({ validity: 'fixed', valid_from: '2026-03-01', valid_to: '2026-02-01' })).toMatchObject({
      code: 0,
      msg: '[结束日期]不能早于[开始日期]',
    });
  });

  it('lets a fixed window run to the end of its last day, Shanghai time', async () => {
    const today = new Date(t.services.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const tpl = await template({ validity: 'fixed', valid_from: today, valid_to: today });
    const c = await o.customer();
    const coupon = (await claim(c, { template_rid: tpl.rid })).body.data;
    expect(new Date(coupon.valid_to).getTime()).toBe(Date.parse(`${today}T00:00:00+08:00`) + DAY);
  });
});
