// Invoices (issue 16, decision 0030) on a real database: titles with the credit code's check
// digit, applications over paid orders or a top-up within what may be invoiced, finance's review,
// our numbered proforma and receipt PDFs, tax invoices uploaded, red-letter reversal, the ZIP of
// reimbursement materials, and every refusal with nothing written.
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF, type Customer } from '../support/orders.ts';
import { pdfText } from '../support/pdf.ts';
import { invoiceApplications, invoiceLines } from '#server/invoices/tables.ts';
import { shanghaiMonth } from '#shared/time.ts';

const t = await setupApi();
const o = orderHelpers(t);

const ORG = {
  kind: 1,
  name: '某大学材料学院',
  tax_no: '91350100M000100Y43',
  address: '上海市闵行区东川路800号',
  phone: '021-34200000',
  bank: '工商银行上海闵行支行',
  bank_account: '1001 2345 6789 0123',
};

type Title = { rid: string; is_default: boolean; name: string };
type Invoice = {
  rid: string;
  status: string;
  status_text: string;
  amount_fen: number;
  invoice_no: string | null;
  has_file: boolean;
  lines: { order_rid: string | null; amount_fen: number }[];
  source: string;
  type: number;
  statement: { rid: string; month: string } | null;
};

const addTitle = async (c: Customer, body: Record<string, unknown> = ORG) => {
  const res = await t.post<Title>('/api/auth/invoice/add', body, c.h);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
};
const apply = (c: Customer, body: Record<string, unknown>) =>
  t.post<Invoice>('/api/auth/invoiceApply/add', body, c.h);
const history = async (c: Customer) =>
  (
    await t.post<{ available_fen: number; invoiced_fen: number; paid_fen: number }>(
      '/api/auth/asset/invoiceHistory',
      {},
      c.h,
    )
  ).body.data;

/** An enterprise customer who was credited `credit` and paid an order of `fen` from it. */
async function paidOrder(c: Customer, fen: number, credit = fen) {
  if (credit) await o.credit(c.rid, credit);
  const rid = await o.quotedOrder(c, fen);
  const paid = await t.post('/api/auth/web/order/pay', { rid }, c.h);
  expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ code: 1 });
  return rid;
}

const download = async (path: string, h: Record<string, string>) => {
  const res = await t.api.request(path, { headers: h });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('invoice titles', () => {
  it('checks the credit code, keeps one default, and belongs to its customer', async () => {
    const c = await o.customer('enterprise');
    const bad = await t.post('/api/auth/invoice/add', { ...ORG, tax_no: '91350100M000100Y44' }, c.h);
    expect(bad.body).toMatchObject({ code: 0, msg: '[税号]格式不正确，请填写18位统一社会信用代码' });
    expect((await t.post('/api/auth/invoice/add', { ...ORG, tax_no: '' }, c.h)).body.msg).toBe(
      '[税号]不能为空',
    );
    const first = await addTitle(c);
    expect(first.is_default).toBe(true);
    const person = await addTitle(c, { kind: 2, name: '张三', tax_no: 'whatever' });
    expect(person.is_default).toBe(false);
    expect((await t.post('/api/auth/invoice/default', { rid: person.rid }, c.h)).body.code).toBe(1);
    let list = (await t.post<{ list: (Title & { tax_no: string })[] }>('/api/auth/invoice/list', {}, c.h))
      .body.data.list;
    expect(list.map((x) => [x.name, x.is_default, x.tax_no])).toEqual([
      ['张三', true, ''],
      ['某大学材料学院', false, ORG.tax_no],
    ]);
    const other = await o.customer();
    expect((await t.post('/api/auth/invoice/del', { rid: person.rid }, other.h)).body).toMatchObject({
      code: 0,
      msg: '发票抬头不存在',
    });
    expect(
      (await t.post('/api/auth/invoice/edit', { ...ORG, rid: first.rid, name: '改名' }, other.h)).body.code,
    ).toBe(0);
    expect((await t.post('/api/auth/invoice/del', { rid: person.rid }, c.h)).body.code).toBe(1);
    list = (await t.post<{ list: (Title & { tax_no: string })[] }>('/api/auth/invoice/list', {}, c.h)).body
      .data.list;
    expect(list).toMatchObject([{ rid: first.rid, is_default: true }]);
  });
});

describe('invoice applications', () => {
  it('invoices paid orders once, within what was paid; finance issues a numbered proforma PDF', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const a = await paidOrder(c, 30_000, 100_000);
    const b = await paidOrder(c, 20_000, 0);
    expect(await history(c)).toMatchObject({ paid_fen: 100_000, invoiced_fen: 0, available_fen: 100_000 });

    const res = await apply(c, {
      type: 5,
      title_rid: title.rid,
      order_rids: [a, b],
      email: 'fin@example.com',
    });
    expect(res.body).toMatchObject({
      code: 1,
      msg: '申请已提交，请等待审核',
      data: { status: 'reviewing', amount_fen: 50_000 },
    });
    expect(await history(c)).toMatchObject({ invoiced_fen: 50_000, available_fen: 50_000 });
    const again = await apply(c, { type: 1, title_rid: title.rid, order_rids: [b] });
    expect(again.body.code).toBe(0);
    expect(again.body.msg).toMatch(/^订单 LP\d+ 已开票或正在开票$/);

    const approved = await o.admin<Invoice>('invoice/approve', { rid: res.body.data.rid });
    expect(approved.body).toMatchObject({
      code: 1,
      msg: '已开具',
      data: { status: 'issued', has_file: true },
    });
    expect(approved.body.data.invoice_no).toMatch(/^PI\d{4}\d{6}$/);
    const file = await download(`/api/auth/invoiceApply/file/${res.body.data.rid}`, c.h);
    expect(file.res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(file.bytes);
    expect(text).toContain('形式发票（非税务发票）');
    expect(text).toContain(approved.body.data.invoice_no);
    expect(text).toContain('伍佰元整');
    expect(text).toContain('某大学材料学院');

    // The next one of the type takes the next number.
    const c2 = await o.customer('enterprise');
    const t2 = await addTitle(c2);
    const x = await paidOrder(c2, 10_000);
    const second = await apply(c2, { type: 5, title_rid: t2.rid, order_rids: [x] });
    const issued = await o.admin<Invoice>('invoice/approve', { rid: second.body.data.rid });
    expect(Number(issued.body.data.invoice_no!.slice(-6))).toBe(
      Number(approved.body.data.invoice_no!.slice(-6)) + 1,
    );
    // Approving twice is refused.
    expect((await o.admin('invoice/approve', { rid: second.body.data.rid })).body).toMatchObject({ code: 0 });
  });

  it('refuses what is not the customer’s, not paid, or more than may be invoiced, writing nothing', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const unpaid = await o.quotedOrder(c, 10_000);
    expect((await apply(c, { type: 1, title_rid: title.rid, order_rids: [unpaid] })).body.msg).toMatch(
      /尚未支付，不能开票$/,
    );
    const other = await o.customer('enterprise');
    const theirs = await paidOrder(other, 10_000);
    expect((await apply(c, { type: 1, title_rid: title.rid, order_rids: [theirs] })).body).toMatchObject({
      code: 0,
      msg: '订单不存在',
    });
    const otherTitle = await addTitle(other);
    const mine = await paidOrder(c, 10_000);
    expect((await apply(c, { type: 1, title_rid: otherTitle.rid, order_rids: [mine] })).body).toMatchObject({
      code: 0,
      msg: '发票抬头不存在',
    });
    const person = await addTitle(c, { kind: 2, name: '张三' });
    expect((await apply(c, { type: 3, title_rid: person.rid, order_rids: [mine] })).body.msg).toBe(
      '专用发票须使用单位抬头，并填写注册地址、电话、开户银行和银行账号',
    );
    expect((await apply(c, { type: 2, title_rid: title.rid, order_rids: [mine] })).body.msg).toBe(
      '[发票类型]不正确',
    );
    expect((await apply(c, { type: 1, title_rid: title.rid })).body.msg).toBe(
      '请选择要开票的订单、预存记录或对账单',
    );
    const rows = await t.services.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.userId, c.id));
    expect(rows).toEqual([]);
  });

  it('never invoices a top-up and the orders it paid both', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    await o.credit(c.rid, 50_000);
    const rid = await paidOrder(c, 30_000, 0);
    // The customer's money came in once (50,000): a top-up-sized invoice of it and the order's.
    expect((await apply(c, { type: 1, title_rid: title.rid, order_rids: [rid] })).body.code).toBe(1);
    expect(await history(c)).toMatchObject({ available_fen: 20_000 });
  });

  it('sends a tax invoice through 开具中 to 已开具 with the uploaded file, and reverses it by red letter', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const rid = await paidOrder(c, 12_345);
    const app = (await apply(c, { type: 1, title_rid: title.rid, order_rids: [rid] })).body.data;
    expect((await o.admin<Invoice>('invoice/approve', { rid: app.rid })).body).toMatchObject({
      msg: '已审核，请在税务平台开具后上传发票',
      data: { status: 'issuing', has_file: false },
    });
    const form = new FormData();
    form.set('rid', app.rid);
    form.set('file', new File([PDF as Uint8Array<ArrayBuffer>], '发票.pdf'));
    const up = await t.api.request('/api/admin/invoice/upload', {
      method: 'POST',
      body: form,
      headers: await o.staff(),
    });
    const stored = (await up.json()) as { code: number; data: { rid: string } };
    expect(stored.code).toBe(1);
    expect(
      (await o.admin('invoice/issue', { rid: app.rid, invoice_no: '123', file_rid: stored.data.rid })).body
        .msg,
    ).toBe('[发票号码]应为20位数字');
    const issued = await o.admin<Invoice>('invoice/issue', {
      rid: app.rid,
      invoice_no: '26312000000012345678',
      file_rid: stored.data.rid,
    });
    expect(issued.body.data).toMatchObject({
      status: 'issued',
      invoice_no: '26312000000012345678',
      has_file: true,
    });
    const file = await download(`/api/auth/invoiceApply/file/${app.rid}`, c.h);
    expect(file.res.headers.get('content-disposition')).toContain(
      encodeURIComponent('发票-26312000000012345678.pdf'),
    );
    // Others read nothing of it.
    const other = await o.customer();
    expect((await t.post('/api/auth/invoiceApply/info', { rid: app.rid }, other.h)).body).toMatchObject({
      code: 0,
      msg: '开票申请不存在',
    });
    const stranger = await download(`/api/auth/invoiceApply/zip/${app.rid}`, other.h);
    expect(JSON.parse(new TextDecoder().decode(stranger.bytes))).toMatchObject({
      code: 0,
      msg: '开票申请不存在',
    });

    const reversing = await o.admin<Invoice>('invoice/reverse', { rid: app.rid, reason: '抬头有误' });
    expect(reversing.body.data.status).toBe('reversing');
    expect((await apply(c, { type: 1, title_rid: title.rid, order_rids: [rid] })).body.code).toBe(0);
    const reversed = await o.admin<Invoice>('invoice/reverse', {
      rid: app.rid,
      reason: '抬头有误',
      reversal_no: '26312000000099999999',
    });
    expect(reversed.body.data.status).toBe('reversed');
    // Reversed: the order may be invoiced again, correctly this time.
    expect((await apply(c, { type: 1, title_rid: title.rid, order_rids: [rid] })).body.code).toBe(1);
  });

  it('refuses to cancel an order on a live application, customer or staff, until it is off it', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const rid = await paidOrder(c, 8_000);
    const app = (await apply(c, { type: 6, title_rid: title.rid, order_rids: [rid] })).body.data;
    const refusal =
      /^订单 LP\d+ 已开票或正在开票，不能取消：待审核的开票申请可修改去掉该订单，已开具的发票须先由财务红冲$/;
    const mine = await t.post('/api/auth/order/cancel', { rid }, c.h);
    expect(mine.body).toMatchObject({ code: 0 });
    expect(mine.body.msg).toMatch(refusal);
    const staff = await o.admin('order/cancel', { rid, reason: '客户撤单' });
    expect(staff.body.msg).toMatch(refusal);
    // Nothing moved: still paid, the money still spent.
    const detail = await t.post<{ status: string; paid_fen: number }>('/api/auth/order/detail', { rid }, c.h);
    expect(detail.body.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 8_000 });
    expect((await history(c)).invoiced_fen).toBe(8_000);
    // Rejected, the order is free again and cancels with its refund.
    await o.admin('invoice/reject', { rid: app.rid, reason: '客户要求取消订单' });
    expect((await t.post('/api/auth/order/cancel', { rid }, c.h)).body.code).toBe(1);
  });

  it('lets a rejected application be edited and sent again', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const rid = await paidOrder(c, 10_000);
    const app = (await apply(c, { type: 6, title_rid: title.rid, order_rids: [rid] })).body.data;
    const rejected = await o.admin<Invoice & { reject_reason: string }>('invoice/reject', {
      rid: app.rid,
      reason: '请改开形式发票',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: '请改开形式发票' });
    const [line] = await t.services.db.select().from(invoiceLines).where(eq(invoiceLines.active, false));
    expect(line).toBeTruthy();
    const edited = await t.post<Invoice>(
      '/api/auth/invoiceApply/edit',
      { rid: app.rid, type: 5, title_rid: title.rid, order_rids: [rid] },
      c.h,
    );
    expect(edited.body).toMatchObject({ code: 1, data: { status: 'reviewing', amount_fen: 10_000 } });
    const list = await t.post<{ list: Invoice[]; total: number }>(
      '/api/auth/invoiceApply/list4person',
      {},
      c.h,
    );
    expect(list.body.data).toMatchObject({ total: 1, list: [{ rid: app.rid, status_text: '待审核' }] });
  });

  it('asks for the contract above the configured amount', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const rid = await paidOrder(c, 5_000_100);
    const res = await apply(c, { type: 1, title_rid: title.rid, order_rids: [rid] });
    expect(res.body).toMatchObject({ code: 0, msg: '开票金额超过 50000.00 元，请上传双方盖章的合同' });
    const contract = await o.upload('/api/auth/file/upload4file', c.h, PDF, '合同.pdf');
    const ok = await apply(c, {
      type: 1,
      title_rid: title.rid,
      order_rids: [rid],
      contract_file_rid: contract.body.data.rid,
    });
    expect(ok.body.code).toBe(1);
  });

  it("puts each order's valid signed report in the ZIP, and no revoked one", async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const rid = await paidOrder(c, 10_000);
    await o.move('order/receive', { rid });
    await o.move('order/start', { rid });
    const first = await o.release(rid);
    const app = (await apply(c, { type: 6, title_rid: title.rid, order_rids: [rid] })).body.data;
    await o.admin('invoice/approve', { rid: app.rid });
    const zip = unzipSync((await download(`/api/auth/invoiceApply/zip/${app.rid}`, c.h)).bytes);
    const reports = Object.keys(zip).filter((n) => n.startsWith('检测报告/'));
    expect(reports).toEqual([
      expect.stringMatching(new RegExp(`^检测报告/LP\\d+-检测报告-${first.report_no}\\.pdf$`)),
    ]);
    expect(new TextDecoder().decode(zip[reports[0]].slice(0, 5))).toBe('%PDF-');
    expect(await pdfText(zip[reports[0]])).toContain(first.report_no);

    const revoked = await o.admin('report/revoke', { rid: first.rid, reason: '报告上传至错误订单' });
    expect(revoked.body, revoked.body.msg).toMatchObject({ code: 1 });
    const after = unzipSync((await download(`/api/auth/invoiceApply/zip/${app.rid}`, c.h)).bytes);
    expect(Object.keys(after).filter((n) => n.startsWith('检测报告/'))).toEqual([]);
  });

  it('puts everything a finance office asks for in one ZIP', async () => {
    const c = await o.customer('enterprise');
    const title = await addTitle(c);
    const rid = await paidOrder(c, 10_000);
    const other = await o.upload('/api/auth/file/upload4file', c.h, PDF, '说明.pdf');
    const app = (
      await apply(c, {
        type: 6,
        title_rid: title.rid,
        order_rids: [rid],
        other_file_rids: [other.body.data.rid],
      })
    ).body.data;
    await o.admin('invoice/approve', { rid: app.rid });
    const zip = await download(`/api/auth/invoiceApply/zip/${app.rid}`, c.h);
    expect(zip.res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(zip.bytes);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        '检测服务清单.pdf',
        '其他材料/说明.pdf',
        expect.stringMatching(/^收据-SJ\d{10}\.pdf$/),
        expect.stringMatching(/^委托协议\/委托协议-LP\d+\.pdf$/),
      ]),
    );
    const list = await pdfText(files['检测服务清单.pdf']);
    expect(list).toContain('检测服务清单');
    expect(list).toContain('100.00');
  });
});

describe('an invoice over a statement', () => {
  it('covers the confirmed statement’s settled orders not yet invoiced, and puts the statement in the ZIP', async () => {
    const c = await o.customer('institution');
    const title = await addTitle(c);
    const [a, b, early] = [await o.billedOrder(c), await o.billedOrder(c, 2), await o.billedOrder(c)];
    const month = shanghaiMonth(t.services.now());
    const st = (await o.admin<{ rid: string }>('statement/issue', { phone: c.phone, month })).body.data;
    const byStatement = (who: Customer = c) =>
      apply(who, { type: 5, title_rid: title.rid, statement_rid: st.rid });

    expect((await byStatement()).body).toMatchObject({ code: 0, msg: '对账单确认后才能按对账单开票' });
    expect((await t.post('/api/auth/assign/right', { rid: st.rid }, c.h)).body.code).toBe(1);
    expect((await byStatement()).body.msg).toMatch(/^对账单中的订单 LP\d+ 尚未结算，请先结算后再开票$/);

    await o.credit(c.rid, 1_000_000);
    const settled = await t.post(
      '/api/auth/assign/settlementOperatePlus',
      { rids: [a.rid, b.rid, early.rid], idempotency_key: 'inv-st' },
      c.h,
    );
    expect(settled.body.code).toBe(1);
    // One order was invoiced on its own before: the statement covers the other two.
    expect((await apply(c, { type: 6, title_rid: title.rid, order_rids: [early.rid] })).body.code).toBe(1);
    const offered = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/invoiceApply/orders',
      { statement_rid: st.rid },
      c.h,
    );
    expect(offered.body.data.list.map((x) => x.rid).sort()).toEqual([a.rid, b.rid].sort());

    const stranger = await o.customer('institution');
    expect((await byStatement(stranger)).body).toMatchObject({ code: 0 });
    const res = await byStatement();
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      code: 1,
      data: {
        source: 'statement',
        amount_fen: a.amount_fen + b.amount_fen,
        statement: { rid: st.rid, month },
      },
    });
    expect(res.body.data.lines.map((l) => l.order_rid).sort()).toEqual([a.rid, b.rid].sort());
    expect((await byStatement()).body.msg).toBe('对账单中的订单均已开票或无可开票金额');
    // Edited while waiting, the application keeps its own orders.
    const edited = await t.post<Invoice>(
      '/api/auth/invoiceApply/edit',
      { rid: res.body.data.rid, type: 6, title_rid: title.rid, statement_rid: st.rid },
      c.h,
    );
    expect(edited.body).toMatchObject({
      code: 1,
      data: { type: 6, amount_fen: a.amount_fen + b.amount_fen },
    });

    await o.admin('invoice/approve', { rid: res.body.data.rid });
    const zip = unzipSync((await download(`/api/auth/invoiceApply/zip/${res.body.data.rid}`, c.h)).bytes);
    const name = Object.keys(zip).find((n) => n.startsWith('对账单/'));
    expect(name).toBe(`对账单/对账单-${month}-v1.pdf`);
    expect(await pdfText(zip[name!])).toContain('对账单');
  });
});
