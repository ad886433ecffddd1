// Monthly statements (decision 0029): the monthly job (once per customer and month), what a
// statement says and that it stays frozen, confirm and dispute, staff's answers and versions,
// automatic confirmation, the PDF, settling what is owed, and every refusal writing nothing.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';
import { expectLedgerSound, movements } from '../support/money.ts';
import { pdfText } from '../support/pdf.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { enqueue } from '#server/platform/jobs.ts';
import { statements } from '#server/statements/tables.ts';
import { STATEMENTS_AUTO_CONFIRM, STATEMENTS_MONTHLY } from '#server/statements/index.ts';
import { addMonth, monthBounds } from '#shared/statements/statements.ts';
import { shanghaiMonth } from '#shared/time.ts';
import type { z } from 'zod';
import type {
  SettlementListSchema,
  SettlementResultSchema,
  StaffStatementDetailSchema,
  StatementDetailSchema,
  StatementPageSchema,
} from '#shared/statements/responses.ts';

type Page = z.output<typeof StatementPageSchema>;
type Detail = z.output<typeof StatementDetailSchema>;
type StaffDetail = z.output<typeof StaffStatementDetailSchema>;
type Owed = z.output<typeof SettlementListSchema>;
type Settled = z.output<typeof SettlementResultSchema>;

const t = await setupApi();
const o = orderHelpers(t);
const s = t.services;

const billed = o.billedOrder;

/** Moves the clock into the next Shanghai month (an hour in) and logs the customers in again. */
async function nextMonth(...people: Customer[]): Promise<string> {
  const month = shanghaiMonth(s.now());
  o.a.advance(monthBounds(addMonth(month, 1)).start + 3600_000 - s.now());
  for (const p of people) {
    const session = await createSession(s, p.id, { ip: 'unknown', userAgent: '' });
    p.token = session.token;
    p.h = o.a.bearer(session.token);
  }
  return month;
}

/** The monthly job as the worker runs it: the periodic check, then the month's issue job. */
async function monthlyJob() {
  await enqueue(s.db, [{ kind: STATEMENTS_MONTHLY, payload: {}, runAt: s.now() }], s.now());
  await runJobs(s);
  await runJobs(s);
}

async function mine(me: Customer, body: Record<string, unknown> = {}) {
  const res = await t.post<Page>('/api/auth/assign/statement', body, me.h);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
}

const staffPost = <T>(path: string, body: unknown) => o.admin<T>(path, body);

describe('the monthly statement', () => {
  it('is issued once by the job for last month, with its orders, money and figures, and stays frozen', async () => {
    const me = await o.customer('institution');
    const other = await o.customer('institution');
    await o.credit(me.rid, 2000_00);
    const first = await billed(me);
    const second = await billed(me, 2);
    const paid = await t.post('/api/auth/web/order/pay', { rid: first.rid, idempotency_key: 'p1' }, me.h);
    expect(paid.body.code).toBe(1);
    const month = await nextMonth(me, other);

    await monthlyJob();
    await monthlyJob(); // another run (another process) makes nothing more
    const rows = await s.db.select().from(statements).where(eq(statements.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ month, version: 1, status: 'pending' });
    // Nobody with nothing to state gets one.
    expect(await s.db.select().from(statements).where(eq(statements.userId, other.id))).toHaveLength(0);

    const page = await mine(me);
    expect(page.total).toBe(1);
    const st = page.list[0];
    expect(st.figures).toEqual({
      opening_balance_fen: 0,
      closing_balance_fen: 2000_00 - first.amount_fen,
      in_fen: 2000_00,
      out_fen: first.amount_fen,
      opening_credit_fen: 0,
      closing_credit_fen: 0,
      opening_unsettled_fen: 0,
      closing_unsettled_fen: second.amount_fen,
      billed_fen: first.amount_fen + second.amount_fen,
      paid_fen: first.amount_fen,
      coupon_fen: 0,
      bonus_fen: 0,
      refunded_fen: 0,
      due_fen: second.amount_fen,
    });
    expect(st.confirm_due).toBe(new Date(+new Date(st.issued) + 7 * 86_400_000).toISOString());

    const { detail } = await mine(me, { rid: st.rid });
    expect(detail!.lines.map((l) => [l.no, l.kind, l.order_no, l.owed_fen, l.status_text])).toEqual([
      [1, 'order', first.order_no, 0, '已完成'],
      [2, 'order', second.order_no, second.amount_fen, '待结算'],
      [3, 'movement', '', 0, ''],
      [4, 'movement', first.order_no, 0, ''],
    ]);
    expect(detail!.lines[2]).toMatchObject({ title: '人工入账', amount_fen: 2000_00 });
    expect(detail!.lines[3]).toMatchObject({ title: '订单支付', amount_fen: -first.amount_fen });

    // Settled later: the statement still says what was owed then; what is owed now is empty.
    let owed = await t.post<Owed>('/api/auth/assign/settlementList', { statement_rid: st.rid }, me.h);
    expect(owed.body.data.list.map((l) => l.rid)).toEqual([second.rid]);
    await o.credit(me.rid, second.amount_fen);
    const pay = await t.post<Settled>(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [second.rid], idempotency_key: 'settle-1', statement_rid: st.rid },
      me.h,
    );
    expect(pay.body).toMatchObject({ code: 1, msg: '结算成功', data: { paid_fen: second.amount_fen } });
    owed = await t.post<Owed>('/api/auth/assign/settlementList', { statement_rid: st.rid }, me.h);
    expect(owed.body.data).toMatchObject({ list: [], total_fen: 0 });
    const again = await mine(me, { rid: st.rid });
    expect(again.detail!.lines[1]).toMatchObject({ owed_fen: second.amount_fen, status_text: '待结算' });
    expect(again.detail!.figures.due_fen).toBe(second.amount_fen);

    // Next month's statement opens with this one's closing figures.
    await nextMonth(me);
    await monthlyJob();
    const feb = (await mine(me)).list[0];
    expect(feb.month).toBe(addMonth(month, 1));
    expect(feb.figures).toMatchObject({
      opening_balance_fen: 2000_00 - first.amount_fen,
      opening_unsettled_fen: second.amount_fen,
      closing_unsettled_fen: 0,
      paid_fen: second.amount_fen,
      due_fen: 0,
    });
    await expectLedgerSound(s);
  });

  it('the PDF reads back with the month, the figures and the orders; only its owner and staff get it', async () => {
    const me = await o.customer('institution');
    const stranger = await o.customer('institution');
    const order = await billed(me);
    await nextMonth(me, stranger);
    await monthlyJob();
    const st = (await mine(me)).list[0];
    const res = await t.api.request(`/api/auth/assign/statement/pdf/${st.rid}`, { headers: me.h });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, '');
    expect(text).toContain('对账单');
    expect(text).toContain(st.month_text);
    expect(text).toContain(order.order_no);
    expect(text).toContain('待结算订单');
    expect(text).toContain((order.amount_fen / 100).toFixed(2));
    const theirs = await t.api.request(`/api/auth/assign/statement/pdf/${st.rid}`, { headers: stranger.h });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: 0, msg: '对账单不存在' });
    const staff = await t.api.request(`/api/auth/assign/statement/pdf/${st.rid}`, {
      headers: await o.staff(),
    });
    expect(staff.status).toBe(200);
    // The console's download (issue 33): a POST with the rid, statements.read, the same document.
    const consoleCopy = await t.api.request('/api/admin/statement/pdf', {
      method: 'POST',
      headers: { ...(await o.staff()), 'content-type': 'application/json' },
      body: JSON.stringify({ rid: st.rid }),
    });
    expect(consoleCopy.status).toBe(200);
    expect(consoleCopy.headers.get('content-type')).toBe('application/pdf');
    expect((await pdfText(new Uint8Array(await consoleCopy.arrayBuffer()))).replace(/\s+/g, '')).toContain(
      order.order_no,
    );
    const missing = await staffPost('statement/pdf', { rid: 'Snothing' });
    expect(missing.body).toMatchObject({ code: 0, msg: '对账单不存在' });
  });
});

describe('confirm and dispute', () => {
  it('confirms once; a second confirmation or a late dispute is refused', async () => {
    const me = await o.customer('institution');
    await billed(me);
    await nextMonth(me);
    await monthlyJob();
    const st = (await mine(me)).list[0];
    const ok = await t.post<Detail>('/api/auth/assign/right', { rid: st.rid }, me.h);
    expect(ok.body).toMatchObject({ code: 1, data: { status: 'confirmed', confirmed_by: 'customer' } });
    const twice = await t.post('/api/auth/assign/right', { rid: st.rid }, me.h);
    expect(twice.body).toMatchObject({ code: 0, msg: '该对账单已确认，无需重复操作' });
    const late = await t.post('/api/auth/assign/wrong', { rid: st.rid, reason: '金额不对' }, me.h);
    expect(late.body).toMatchObject({ code: 0, msg: '该对账单已确认，无需重复操作' });
  });

  it("someone else's statement reads as not found everywhere, and nothing changes", async () => {
    const me = await o.customer('institution');
    const stranger = await o.customer('institution');
    await billed(me);
    await nextMonth(me, stranger);
    await monthlyJob();
    const st = (await mine(me)).list[0];
    for (const [path, body] of [
      ['assign/statement', { rid: st.rid }],
      ['assign/right', { rid: st.rid }],
      ['assign/wrong', { rid: st.rid, reason: '不是我的' }],
      ['assign/settlementList', { statement_rid: st.rid }],
      ['assign/settlementOperatePlus', { rids: ['o1'], idempotency_key: 'x', statement_rid: st.rid }],
    ] as const) {
      const res = await t.post(`/api/auth/${path}`, body, stranger.h);
      expect(res.body, path).toMatchObject({ code: 0, msg: '对账单不存在', data: { error: 'NOT_FOUND' } });
    }
    expect((await mine(stranger)).total).toBe(0);
    const [row] = await s.db.select().from(statements).where(eq(statements.rid, st.rid));
    expect(row.status).toBe('pending');
  });

  it('a dispute needs a reason and real lines; staff answer it with a new version, the old kept', async () => {
    const me = await o.customer('institution');
    await billed(me);
    await nextMonth(me);
    await monthlyJob();
    const st = (await mine(me)).list[0];

    let res = await t.post('/api/auth/assign/wrong', { rid: st.rid, lines: [1] }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '[异议原因]不能为空' });
    res = await t.post('/api/auth/assign/wrong', { rid: st.rid, lines: [1], reason: '   ' }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '[异议原因]不能为空' });
    res = await t.post('/api/auth/assign/wrong', { rid: st.rid, lines: [99], reason: '没有这笔' }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '对账单没有第99行明细' });
    expect((await mine(me)).list[0].status).toBe('pending');

    const disputed = await t.post<Detail>(
      '/api/auth/assign/wrong',
      { rid: st.rid, lines: [1, 1], reason: '该订单金额与报价不符' },
      me.h,
    );
    expect(disputed.body).toMatchObject({
      code: 1,
      data: {
        status: 'disputed',
        dispute_lines: [1],
        dispute_reason: '该订单金额与报价不符',
        confirm_due: null,
      },
    });
    expect(disputed.body.data.lines[0].disputed).toBe(true);
    res = await t.post('/api/auth/assign/wrong', { rid: st.rid, reason: '再说一次' }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '该对账单已提出异议，请等待工作人员答复' });

    // Staff see it among the disputed, answer and reissue.
    const list = await staffPost<{ list: { rid: string }[] }>('statement/list', {
      status: 'disputed',
      phone: me.phone,
    });
    expect(list.body.data.list.map((l) => l.rid)).toEqual([st.rid]);
    const answered = await staffPost<StaffDetail>('statement/answer', {
      rid: st.rid,
      reply: '已按最终报价核对，重新出具',
      reissue: true,
    });
    expect(answered.body).toMatchObject({ code: 1, data: { version: 2, status: 'pending' } });
    const v2 = answered.body.data;
    expect(v2.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'pending'],
      [1, 'superseded'],
    ]);
    expect(v2.versions[1].reply).toBe('已按最终报价核对，重新出具');

    // The old version stays readable but cannot be confirmed; the new one can.
    res = await t.post('/api/auth/assign/right', { rid: st.rid }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '该对账单已重新出具，请查看最新版本' });
    const page = await mine(me);
    expect(page.list.map((l) => [l.rid, l.version])).toEqual([[v2.rid, 2]]);
    expect((await mine(me, { rid: st.rid })).list.map((l) => l.version)).toEqual([2, 1]);
    res = await t.post('/api/auth/assign/right', { rid: v2.rid }, me.h);
    expect(res.body).toMatchObject({ code: 1, data: { status: 'confirmed' } });
    // Answering what is no longer disputed is refused.
    res = await staffPost('statement/answer', { rid: st.rid, reply: '再答一次', reissue: false });
    expect(res.body).toMatchObject({ code: 0 });
  });

  it('a statement confirmed after a dispute no longer says 有异议, on the page nor in the PDF', async () => {
    const me = await o.customer('institution');
    await billed(me);
    await nextMonth(me);
    await monthlyJob();
    const st = (await mine(me)).list[0];
    const pdf = async () => {
      const res = await t.api.request(`/api/auth/assign/statement/pdf/${st.rid}`, { headers: me.h });
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, '');
    };
    const disputed = await t.post<Detail>(
      '/api/auth/assign/wrong',
      { rid: st.rid, lines: [1], reason: '该订单已线下付款' },
      me.h,
    );
    expect(disputed.body.data.lines[0].disputed).toBe(true);
    expect(await pdf()).toContain('客户异议（第1行）：该订单已线下付款');

    // Staff answer without a new version: the dispute is closed, the lines are no longer marked.
    const answered = await staffPost<StaffDetail>('statement/answer', { rid: st.rid, reply: '已核实' });
    expect(answered.body.data.lines.filter((l) => l.disputed)).toEqual([]);
    const confirmed = await t.post<Detail>('/api/auth/assign/right', { rid: st.rid }, me.h);
    expect(confirmed.body).toMatchObject({ code: 1, data: { status: 'confirmed' } });
    expect(confirmed.body.data.lines.filter((l) => l.disputed)).toEqual([]);
    expect((await mine(me, { rid: st.rid })).detail?.lines.filter((l) => l.disputed)).toEqual([]);
    const text = await pdf();
    expect(text).not.toContain('客户异议');
    expect(text).toContain('经客户确认');
  });

  it('an answer without reissue puts the statement back to the customer with a new period', async () => {
    const me = await o.customer('institution');
    await billed(me);
    await nextMonth(me);
    await monthlyJob();
    const st = (await mine(me)).list[0];
    await t.post('/api/auth/assign/wrong', { rid: st.rid, reason: '请说明第2行' }, me.h);
    const res = await staffPost<StaffDetail>('statement/answer', { rid: st.rid, reply: '第2行为预存入账' });
    expect(res.body).toMatchObject({
      code: 1,
      data: { status: 'pending', version: 1, reply: '第2行为预存入账' },
    });
    expect(res.body.data.confirm_due).toBe(new Date(s.now() + 7 * 86_400_000).toISOString());
  });

  it('an unanswered statement is confirmed by the job when its period ends; a disputed one is not', async () => {
    const me = await o.customer('institution');
    const other = await o.customer('institution');
    await billed(me);
    await billed(other);
    await nextMonth(me, other);
    await monthlyJob();
    const mineSt = (await mine(me)).list[0];
    const theirs = (await mine(other)).list[0];
    await t.post('/api/auth/assign/wrong', { rid: theirs.rid, reason: '有误' }, other.h);

    const job = () =>
      enqueue(s.db, [{ kind: STATEMENTS_AUTO_CONFIRM, payload: {}, runAt: s.now() }], s.now());
    await job();
    await runJobs(s);
    expect((await mine(me)).list[0].status).toBe('pending');
    // Seven days on (the rows' dates moved back rather than the clock, which would end sessions).
    const weekAgo = new Date(s.now() - 1000);
    await s.db
      .update(statements)
      .set({ confirmDueAt: weekAgo })
      .where(and(eq(statements.month, mineSt.month)));
    await job();
    await runJobs(s);
    expect((await mine(me)).list[0]).toMatchObject({ status: 'confirmed', confirmed_by: 'auto' });
    expect((await mine(other)).list[0].status).toBe('disputed');
  });
});

describe('staff issue', () => {
  it('issues for a closed month by phone and reissues as a new version; refuses a month not begun', async () => {
    const me = await o.customer('institution');
    await billed(me);
    const month = await nextMonth(me);
    let res = await staffPost<StaffDetail>('statement/issue', {
      phone: me.phone,
      month: addMonth(shanghaiMonth(s.now()), 1),
    });
    expect(res.body).toMatchObject({ code: 0, msg: '不能为尚未开始的月份出具对账单' });
    res = await staffPost<StaffDetail>('statement/issue', { phone: '13000000000', month });
    expect(res.body).toMatchObject({ code: 0, msg: '客户不存在' });
    res = await staffPost<StaffDetail>('statement/issue', { month });
    expect(res.body).toMatchObject({ code: 0, msg: '[客户手机号]不能为空' });
    res = await staffPost<StaffDetail>('statement/issue', { phone: me.phone, month: '2026-13' });
    expect(res.body.code).toBe(0);

    res = await staffPost<StaffDetail>('statement/issue', { phone: me.phone, month });
    expect(res.body).toMatchObject({
      code: 1,
      msg: '已出具',
      data: { version: 1, customer: { rid: me.rid } },
    });
    // The job later finds it made and leaves it.
    await monthlyJob();
    res = await staffPost<StaffDetail>('statement/issue', {
      user_rid: me.rid,
      month,
      note: '补录收款后重开',
    });
    expect(res.body).toMatchObject({ code: 1, data: { version: 2, issue_note: '补录收款后重开' } });
    const rows = await s.db.select().from(statements).where(eq(statements.userId, me.id));
    expect(rows.map((r) => [r.version, r.status]).sort()).toEqual([
      [1, 'superseded'],
      [2, 'pending'],
    ]);
    const detail = await staffPost<StaffDetail>('statement/detail', { rid: res.body.data.rid });
    expect(detail.body.data.lines.length).toBeGreaterThan(0);
  });

  it('a statement to date for the month in progress is replaced by the job with the final one', async () => {
    const me = await o.customer('institution');
    const early = await billed(me);
    const month = shanghaiMonth(s.now());
    const res = await staffPost<StaffDetail>('statement/issue', { phone: me.phone, month });
    expect(res.body).toMatchObject({ code: 1, data: { version: 1, status: 'pending' } });
    expect(res.body.data.issue_note).toMatch(/^截至 .+ 的月中对账单，月结后将重新出具$/);
    expect(res.body.data.lines.map((l) => l.order_no)).toEqual([early.order_no]);
    const late = await billed(me);
    await nextMonth(me);
    await monthlyJob();
    await monthlyJob();
    const page = await mine(me);
    expect(page.list.map((l) => [l.month, l.version, l.issue_note])).toEqual([[month, 2, '月结后重新出具']]);
    const { detail } = await mine(me, { rid: page.list[0].rid });
    expect(detail!.lines.filter((l) => l.kind === 'order').map((l) => l.order_no)).toEqual([
      early.order_no,
      late.order_no,
    ]);
  });
});

describe('settling several orders', () => {
  it('pays what the balance covers, oldest first, says what failed, and a repeat charges nothing', async () => {
    const me = await o.customer('institution');
    const a = await billed(me);
    const b = await billed(me);
    const c = await billed(me);
    await o.credit(me.rid, a.amount_fen + b.amount_fen);
    const owed = await t.post<Owed>('/api/auth/assign/settlementList', {}, me.h);
    expect(owed.body.data).toMatchObject({
      total_fen: a.amount_fen + b.amount_fen + c.amount_fen,
      balance_fen: a.amount_fen + b.amount_fen,
    });
    expect(owed.body.data.list.map((l) => l.rid)).toEqual([a.rid, b.rid, c.rid]);

    const body = { rids: [c.rid, a.rid, b.rid], method: 'balance', idempotency_key: 'batch-1' };
    const first = await t.post<Settled>('/api/auth/assign/settlementOperatePlus', body, me.h);
    expect(first.body).toMatchObject({ code: 1, msg: '已结算2笔，1笔未结算' });
    expect(first.body.data.paid.map((p) => [p.rid, p.repeated])).toEqual([
      [a.rid, false],
      [b.rid, false],
    ]);
    expect(first.body.data.failed).toEqual([
      { rid: c.rid, order_no: c.order_no, message: expect.stringContaining('余额不足') },
    ]);
    expect(first.body.data).toMatchObject({ paid_fen: a.amount_fen + b.amount_fen, balance_fen: 0 });

    const repeat = await t.post<Settled>('/api/auth/assign/settlementOperatePlus', body, me.h);
    expect(repeat.body.data.paid.map((p) => [p.rid, p.repeated, p.paid_fen])).toEqual([
      [a.rid, true, a.amount_fen],
      [b.rid, true, b.amount_fen],
    ]);
    expect(await movements(s, me.id, 'payment')).toHaveLength(2);

    // Nothing can be paid: a failure, nothing written.
    const broke = await t.post(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [c.rid], idempotency_key: 'b2' },
      me.h,
    );
    expect(broke.body).toMatchObject({ code: 0, msg: expect.stringContaining('余额不足') });
    const noCredit = await t.post(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [c.rid], method: 'credit', idempotency_key: 'b3' },
      me.h,
    );
    expect(noCredit.body.code).toBe(0);
    expect(await movements(s, me.id, 'payment')).toHaveLength(2);
    await expectLedgerSound(s);
  });

  it('refuses orders that are not owed or not mine, and empty requests, writing nothing', async () => {
    const me = await o.customer('institution');
    const stranger = await o.customer('institution');
    const owed = await billed(me);
    const theirs = await billed(stranger);
    await o.credit(me.rid, 100_000_00);
    const open = await t.post<{ list: { rid: string; order_no: string }[] }>(
      '/api/auth/order/add',
      {
        items: [{ item_rid: (await o.demoItem(1)).rid, parameters: (await o.demoItem(1)).parameters }],
        delivery: { type: 0 },
      },
      me.h,
    );
    const notYet = open.body.data.list[0];
    let res = await t.post(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [owed.rid, notYet.rid], idempotency_key: 'r1' },
      me.h,
    );
    expect(res.body).toMatchObject({ code: 0, msg: `订单 ${notYet.order_no} 不是待结算订单（待寄样）` });
    res = await t.post(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [owed.rid, theirs.rid], idempotency_key: 'r2' },
      me.h,
    );
    expect(res.body).toMatchObject({ code: 0, msg: `订单不存在：${theirs.rid}` });
    res = await t.post('/api/auth/assign/settlementOperatePlus', { rids: [], idempotency_key: 'r3' }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '请选择要结算的订单' });
    res = await t.post('/api/auth/assign/settlementOperatePlus', { rids: [owed.rid] }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '[请求标识]不能为空' });
    expect(await movements(s, me.id, 'payment')).toHaveLength(0);

    res = await t.post(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [owed.rid], idempotency_key: 'r4' },
      me.h,
    );
    expect(res.body.code).toBe(1);
    // Paid now: settling it again under a new key is refused as not owed.
    res = await t.post(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [owed.rid], idempotency_key: 'r5' },
      me.h,
    );
    expect(res.body).toMatchObject({ code: 0, msg: `订单 ${owed.order_no} 不是待结算订单（已完成）` });
  });
});
