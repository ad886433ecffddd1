import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { NEED_RELEASED_REPORT } from '#server/orders/released-report.ts';
import { mailOutbox } from '#server/platform/db/platform-tables.ts';
import { userMessages } from '#server/notify/tables.ts';
import { smsOutbox } from '#server/platform/db/platform-tables.ts';
import { runJobs } from '../support/jobs.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import type { OrderDetail } from '#shared/orders/order.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Placed = { list: { rid: string; order_no: string; status: string; amount_fen: number }[] };
type PlanList = {
  count: number;
  total_fen: number;
  groups: { type_id: number; name: string; items: { rid: string; project_type: number }[] }[];
};

describe('an institution order, plan to completion', () => {
  it('plan → order with pickup → received → testing → delivered → billed → paid from balance → completed', async () => {
    const me = await o.customer('institution');
    const testing = await o.demoItem(1);
    const analysis = await o.demoItem(3);

    // The plan: two items of different types, kept on the server; cartNum follows it.
    let res = await t.post<PlanList>(
      '/api/auth/plan/add',
      { item_rid: testing.rid, count: 2, parameters: testing.parameters, disposal: 1 },
      me.h,
    );
    expect(res.body).toMatchObject({ code: 1, msg: '已加入实验计划' });
    res = await t.post<PlanList>(
      '/api/auth/plan/add',
      { item_rid: analysis.rid, parameters: analysis.parameters },
      me.h,
    );
    expect(res.body.data.count).toBe(2);
    expect(res.body.data.total_fen).toBe(testing.price * 2 + analysis.price);
    // Grouped by child category (the first type-1 demo item is in 31 样品前处理, so it leads).
    expect(res.body.data.groups.map((g) => g.type_id)).toEqual([testing.childId, analysis.childId]);
    expect(res.body.data.groups.map((g) => g.items[0].project_type)).toEqual([1, 3]);
    expect((await o.a.info(me.token)).body.data.cartNum).toBe(2);

    // One order per project type; the plan empties.
    const placed = await t.post<Placed>(
      '/api/auth/order/add',
      { delivery: await o.pickup(), remark: '请轻拿轻放' },
      me.h,
    );
    expect(placed.body).toMatchObject({ code: 1, msg: '提交成功!' });
    // The test is picked up; the data analysis has no sample to pick up (decision 0052).
    expect(placed.body.data.list.map((l) => l.status)).toEqual(['awaiting_pickup', 'awaiting_sample']);
    expect(placed.body.data.list[0].order_no).toMatch(/^LP\d{14}$/);
    expect((await o.a.info(me.token)).body.data.cartNum).toBe(0);
    const { rid, amount_fen } = placed.body.data.list[0];
    expect(amount_fen).toBe(testing.price * 2);

    // Staff move it; a customer token is no staff token.
    expect((await t.post('/api/admin/order/receive', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '无权访问',
    });
    expect(await o.move('order/receive', { rid, note: '顺丰取件，样品完好' })).toBe('received');
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '样品已签收，无法取消订单，请联系业务经理',
    });
    expect(await o.move('order/start', { rid })).toBe('testing');
    expect((await o.admin('order/deliver', { rid })).body).toMatchObject({
      code: 0,
      msg: NEED_RELEASED_REPORT,
    });
    // Results reviewed and the report released: that delivers (decision 0081).
    const released = await o.release(rid);
    expect(await o.move('order/bill', { rid })).toBe('unsettled');

    // The customer sees the timeline and downloads the signed report.
    const detail = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, me.h);
    expect(detail.body.data.status_text).toBe('待结算');
    expect(detail.body.data.timeline.filter((e) => e.action !== 'upload').map((e) => e.to)).toEqual([
      'awaiting_pickup',
      'received',
      'testing',
      'delivered',
      'unsettled',
    ]);
    expect(detail.body.data.timeline[1]).toMatchObject({
      actor: 'staff',
      note: '顺丰取件，样品完好',
      from: 'awaiting_pickup',
    });
    expect(detail.body.data.items[0]).toMatchObject({
      item_rid: testing.rid,
      sample_count: 2,
      disposal: 1,
      source: 1,
    });
    expect(detail.body.data.delivery).toMatchObject({ type: 1, area: '闵行区' });
    const reports = await t.post<{ list: { rid: string; report_no: string; status: string }[] }>(
      '/api/auth/report/list',
      { rid },
      me.h,
    );
    expect(reports.body.data.list).toMatchObject([{ report_no: released.report_no, status: 'valid' }]);
    const download = await t.api.request(`/api/auth/report/pdf/${reports.body.data.list[0].rid}`, {
      headers: me.h,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain(
      encodeURIComponent(`检测报告-${released.report_no}.pdf`),
    );
    const steps = await t.post<{ list: { action: string }[] }>('/api/auth/order/testRecord', { rid }, me.h);
    expect(steps.body.data.list.map((s) => s.action)).toEqual(['receive', 'start', 'deliver']);

    // Pay from the balance: refused while it is short, then exactly the amount once.
    let ready = await t.post<{ amount_fen: number; balance_fen: number; payable: boolean }>(
      '/api/auth/web/order/ready2pay',
      { rid },
      me.h,
    );
    expect(ready.body.data).toMatchObject({ amount_fen, balance_fen: 0, payable: true });
    expect((await t.post('/api/auth/web/order/pay', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '余额不足，请先充值',
    });
    await o.credit(me.rid, amount_fen + 10_000);
    const paid = await t.post<{ status: string; balance_fen: number }>(
      '/api/auth/web/order/pay',
      { rid },
      me.h,
    );
    expect(paid.body).toMatchObject({ code: 1, data: { status: 'completed', balance_fen: 10_000 } });
    expect((await t.post('/api/auth/web/order/pay', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '订单已支付，请勿重复支付',
    });
    ready = await t.post('/api/auth/web/order/ready2pay', { rid }, me.h);
    expect(ready.body.data).toMatchObject({ amount_fen: 0, balance_fen: 10_000, payable: false });
    expect((await wallet(t.services, me.id)).cash).toBe(10_000);
    await expectLedgerSound(t.services);

    // Evaluate, change it once, no more; feedback on the report; a return request for the
    // disposal-1 samples.
    expect((await t.post('/api/auth/evaluate/add', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '[评分]不能为空',
    });
    expect(
      (await t.post('/api/auth/evaluate/add', { rid, score: 5, content: '数据清晰' }, me.h)).body.code,
    ).toBe(1);
    let judged = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, me.h);
    expect(judged.body.data.evaluation).toMatchObject({ score: 5, content: '数据清晰', edited: null });
    expect(
      (await t.post('/api/auth/evaluate/add', { rid, score: 4, content: '报告稍慢' }, me.h)).body.code,
    ).toBe(1);
    judged = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, me.h);
    expect(judged.body.data.evaluation).toMatchObject({ score: 4, content: '报告稍慢' });
    expect(judged.body.data.evaluation!.edited).toEqual(expect.any(String));
    expect((await t.post('/api/auth/evaluate/add', { rid, score: 3 }, me.h)).body).toMatchObject({
      code: 0,
      msg: '评价只能修改一次',
    });
    expect(
      (await t.post('/api/auth/order/reportOrderFeedback', { rid, content: '第 3 页单位有误' }, me.h)).body
        .code,
    ).toBe(1);
    const recycle = { rid, name: '张三', phone: '13912345678', address: '广州市天河区五山路 381 号' };
    expect((await t.post('/api/auth/sample4recycle/add', recycle, me.h)).body.code).toBe(1);
    expect((await t.post('/api/auth/sample4recycle/add', recycle, me.h)).body).toMatchObject({
      code: 0,
      msg: '该订单已提交样品回收申请',
    });
    const recycles = await t.post<{ total: number }>('/api/auth/sample4recycle/list4person', {}, me.h);
    expect(recycles.body.data.total).toBe(1);

    // Notifications: received and delivered by SMS, delivered and completed by e-mail, all in-system.
    await runJobs(t.services);
    const sms = await t.services.db.select().from(smsOutbox).where(eq(smsOutbox.phone, me.phone));
    const texts = sms.map((m) => m.text).join('\n');
    // The demo item promises 5 working days: the receipt names the due date (decision 0079).
    expect(texts).toMatch(
      /样品已签收，预计\d{4}年\d{1,2}月\d{1,2}日前出数据，业务经理将在2小时内与您电话联系/,
    );
    expect(texts).toContain('检测数据已出具');
    expect(texts).toContain('结算单已出具');
    const mail = await t.services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `u${me.phone}@example.com`));
    expect(mail.map((m) => m.subject).sort()).toEqual([
      '【检测服务平台】检测数据已出具',
      '【检测服务平台】订单已完成',
      '【检测服务平台】请打印样品标签',
    ]);
    const inbox = await t.services.db.select().from(userMessages).where(eq(userMessages.userId, me.id));
    expect(inbox.map((m) => m.title)).toEqual([
      '请打印样品标签',
      '样品已签收',
      '检测数据已出具',
      '订单待结算',
      '订单已完成',
    ]);
    // The dev outbox shows the e-mails beside the SMS.
    const dev = await t.get<{ list: unknown[]; mail: { to: string }[] }>(
      `/api/dev/outbox?email=u${me.phone}@example.com`,
    );
    expect(dev.body.data.mail).toHaveLength(3);

    // Lists by status.
    const mine = await t.post<{ total: number; list: { rid: string }[] }>(
      '/api/auth/order/list4person',
      { status: 'completed' },
      me.h,
    );
    expect(mine.body.data).toMatchObject({ total: 1, list: [{ rid }] });
    const open = await t.post<{ total: number }>('/api/auth/order/list4person', { page: 1, size: 10 }, me.h);
    expect(open.body.data.total).toBe(2);
  });
});

describe('an enterprise order: quote → prepay → … → completed', () => {
  it('waits for the quote, is paid before sampling and completes after the data', async () => {
    const me = await o.customer('enterprise');
    const it1 = await o.demoItem(1);
    const placed = await t.post<Placed>(
      '/api/auth/order/add',
      {
        items: [{ item_rid: it1.rid, count: 1, parameters: it1.parameters, disposal: 2 }],
        delivery: { type: 0, message: '顺丰到付' },
      },
      me.h,
    );
    const { rid, status } = placed.body.data.list[0];
    expect(status).toBe('quoting');
    expect((await t.post('/api/auth/web/order/pay', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '订单待报价，报价后才能支付',
    });

    expect(await o.move('order/quote', { rid, quoted_fen: 123_456, note: '含加急费' })).toBe('unpaid');
    const ready = await t.post<{ amount_fen: number }>('/api/auth/web/order/ready2pay', { rid }, me.h);
    expect(ready.body.data.amount_fen).toBe(123_456);
    await o.credit(me.rid, 200_000);
    const paid = await t.post<{ status: string; balance_fen: number }>(
      '/api/auth/web/order/pay',
      { rid, idempotency_key: 'pay-1' },
      me.h,
    );
    expect(paid.body.data).toMatchObject({ status: 'awaiting_sample', balance_fen: 76_544 });
    // The same key again is the same payment, answered again, charged once.
    const replay = await t.post<{ status: string }>(
      '/api/auth/web/order/pay',
      { rid, idempotency_key: 'pay-1' },
      me.h,
    );
    expect(replay.body).toMatchObject({ code: 1, data: { status: 'awaiting_sample' } });

    expect(await o.move('order/receive', { rid })).toBe('received');
    expect(await o.move('order/start', { rid })).toBe('testing');
    await o.release(rid);
    expect((await o.admin('order/bill', { rid })).body).toMatchObject({ code: 0 });
    expect(await o.move('order/complete', { rid })).toBe('completed');

    const payments = await movements(t.services, me.id);
    expect(payments.map((p) => [p.kind, p.cash])).toEqual([
      ['adjust', 200_000],
      ['payment', -123_456],
    ]);
    // Its stored sample (disposal 2) is offered for reuse as sample source 0.
    const history = await t.post<{ list: { rid: string; items: { item_rid: string }[] }[] }>(
      '/api/auth/order/history4user',
      {},
      me.h,
    );
    expect(history.body.data.list).toMatchObject([{ rid, items: [{ item_rid: it1.rid }] }]);
    const reuse = await t.post<Placed>(
      '/api/auth/order/add',
      {
        items: [{ item_rid: it1.rid, parameters: it1.parameters, source: 0, source_order_rid: rid }],
        delivery: { type: 0 },
      },
      me.h,
    );
    expect(reuse.body.code).toBe(1);
  });
});

describe('cancelling', () => {
  it('lets the customer cancel before receipt and refunds a prepaid order to the balance', async () => {
    const me = await o.customer('enterprise');
    const it1 = await o.demoItem(1);
    const placed = await t.post<Placed>(
      '/api/auth/order/add',
      { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
      me.h,
    );
    const { rid } = placed.body.data.list[0];
    await o.move('order/quote', { rid, quoted_fen: 50_000 });
    await o.credit(me.rid, 50_000);
    expect((await t.post('/api/auth/web/order/pay', { rid }, me.h)).body.code).toBe(1);
    const cancelled = await t.post('/api/auth/order/cancel', { rid }, me.h);
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 'cancelled', status_text: '已取消' } });
    expect(
      (await t.post<{ balance_fen: number }>('/api/auth/web/order/ready2pay', { rid }, me.h)).body.data
        .balance_fen,
    ).toBe(50_000);
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '订单已取消',
    });
  });

  it('lets staff cancel a received order only with a reason, on the timeline', async () => {
    const me = await o.customer('institution');
    const it1 = await o.demoItem(1);
    const placed = await t.post<Placed>(
      '/api/auth/order/add',
      { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
      me.h,
    );
    const { rid } = placed.body.data.list[0];
    await o.move('order/receive', { rid });
    expect((await o.admin('order/cancel', { rid })).body).toMatchObject({
      code: 0,
      msg: '[取消原因]不能为空',
    });
    expect(await o.move('order/cancel', { rid, reason: '样品不符合检测要求' })).toBe('cancelled');
    const detail = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, me.h);
    expect(detail.body.data.timeline.at(-1)).toMatchObject({
      action: 'cancel',
      actor: 'staff',
      note: '样品不符合检测要求',
    });
  });
});

describe('placing refusals', () => {
  it('refuses an order from a user with incomplete basic info', async () => {
    const u = await o.a.user();
    const it1 = await o.demoItem(1);
    const res = await t.post(
      '/api/auth/order/add',
      { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
      o.a.bearer(u.token),
    );
    expect(res.body).toMatchObject({ code: 0, msg: '未完善基本信息无法正常下单' });
  });

  it('starts a quote-only item in 待报价 even for an institution', async () => {
    const me = await o.customer('institution');
    const q = await o.demoItem(1, true);
    const res = await t.post<Placed>(
      '/api/auth/order/add',
      { items: [{ item_rid: q.rid, parameters: q.parameters }], delivery: await o.pickup() },
      me.h,
    );
    expect(res.body.data.list[0].status).toBe('quoting');
    expect(await o.move('order/quote', { rid: res.body.data.list[0].rid, quoted_fen: 9_900 })).toBe(
      'awaiting_pickup',
    );
  });

  it('refuses an empty plan, a past pickup date and bad options with Chinese messages', async () => {
    const me = await o.customer('institution');
    const it1 = await o.demoItem(1);
    expect((await t.post('/api/auth/order/add', { delivery: { type: 0 } }, me.h)).body).toMatchObject({
      code: 0,
      msg: '[检测项目]不能为空',
    });
    const past = { ...(await o.pickup()), date: '2020-01-01' };
    expect(
      (
        await t.post(
          '/api/auth/order/add',
          { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: past },
          me.h,
        )
      ).body,
    ).toMatchObject({
      code: 0,
      msg: '[取样日期]不能早于今天',
    });
    const tooMany = await t.post('/api/auth/plan/add', { item_rid: it1.rid, count: 9999 }, me.h);
    expect(tooMany.body.code).toBe(0);
    expect(tooMany.body.msg).toMatch(/样品数量/);
  });

  it('uses a saved address by address_rid, only the user’s own, only in a served district', async () => {
    const me = await o.customer('institution');
    const other = await o.customer('institution');
    const it1 = await o.demoItem(1);
    const saved = await t.post<{ address_rid: string }>(
      '/api/auth/address/add',
      { name: '李四', phone: '13900001111', region: '上海市-上海市-闵行区-310112', address: '东川路800号' },
      me.h,
    );
    expect(saved.body.code).toBe(1);
    const base = await o.pickup();
    const bySaved = {
      type: 1,
      date: base.date,
      time: base.time,
      address_rid: saved.body.data.address_rid,
    };
    const items = [{ item_rid: it1.rid, parameters: it1.parameters }];
    const mine = await t.post<Placed>('/api/auth/order/add', { items, delivery: bySaved }, me.h);
    expect(mine.body.code).toBe(1);
    const detail = await t.post<OrderDetail>(
      '/api/auth/order/detail',
      { rid: mine.body.data.list[0].rid },
      me.h,
    );
    expect(detail.body.data.delivery).toMatchObject({
      name: '李四',
      address: '东川路800号',
      address_code: '310112',
    });
    const theirs = await t.post('/api/auth/order/add', { items, delivery: bySaved }, other.h);
    expect(theirs.body.code).toBe(0);
    const far = {
      ...base,
      province: '新疆维吾尔自治区',
      city: '喀什地区',
      area: '喀什市',
      address_code: '653101',
    };
    const unserved = await t.post('/api/auth/order/add', { items, delivery: far }, me.h);
    expect(unserved.body.code).toBe(0);
    expect(unserved.body.msg).toMatch(/取样/);
  });
});
