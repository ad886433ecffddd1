// Results per sample and their review (issue 31, decision 0075): entries against the item's
// fields (a value outside the range needs a remark), raw data files with their SHA-256, submission
// once every required field is filled, review by someone who entered nothing of it (one review,
// or two by different people), 退回 with a reason, 重测 keeping every entry and review; entries
// and reviews are append-only in the database itself.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { orders } from '#server/orders/tables.ts';
import { resultEntries, resultReviews, results } from '#server/results/tables.ts';
import { reviewedResultsOf, resultsItemsOf } from '#server/results/index.ts';
import type { ResultQueueRow, ResultView } from '#shared/results/responses.ts';
import type { ResultField } from '#shared/results/fields.ts';
import {
  FREE_FORM_EMPTY,
  OUT_OF_RANGE_NEEDS_REMARK,
  RETURN_NEEDS_REASON,
  SAME_REVIEWER_REFUSED,
  SELF_REVIEW_REFUSED,
  ALREADY_APPROVED,
} from '#shared/results/results.ts';

const t = await setupApi();
const o = orderHelpers(t);

const FIELDS: ResultField[] = [
  { key: 'bet', name: '比表面积', unit: 'm²/g', type: 'number', min: 0.5, max: 200, required: true },
  { key: 'look', name: '外观', unit: '', type: 'text', min: null, max: null, required: false },
];

type H = Record<string, string>;
const call = <T = ResultView>(h: H, path: string, body: unknown) =>
  t.post<T>(`/api/admin/result/${path}`, body, h);
async function good<T = ResultView>(h: H, path: string, body: unknown) {
  const res = await call<T>(h, path, body);
  expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
  return res.body.data;
}
async function refused(h: H, path: string, body: unknown, msg: string) {
  const res = await call(h, path, body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0, msg });
}

/** A 送样检测 order of an item with result fields and `count` samples; its rid and id. */
async function labOrder(count = 2) {
  const it = await o.demoItem(1);
  const edit = await o.admin('catalogue/item/edit', {
    rid: it.rid,
    result_fields: FIELDS,
    method: 'GB/T 19587-2017',
    accredited: false,
    subcontracted_to: '',
  });
  expect(edit.body, JSON.stringify(edit.body)).toMatchObject({ code: 1 });
  const me = await o.customer();
  const placed = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count }], delivery: { type: 0 } },
    me.h,
  );
  expect(placed.body.code).toBe(1);
  const rid = placed.body.data.list[0].rid;
  const [row] = await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid));
  return { rid, id: row.id, customer: me };
}

/** The lab's people for one test (made after the customers: sessions live two hours of test clock). */
async function people() {
  return {
    tech: await o.anotherStaff('technician'),
    manager: await o.anotherStaff('manager'),
    admin: await o.staff(),
  };
}

const list = async (h: H, orderRid: string) =>
  good<{ reviews_required: number; results: ResultView[] }>(h, 'list', { rid: orderRid });

describe('entering results', () => {
  it('makes one result per sample, checks the range and keeps every entry', async () => {
    const order = await labOrder(2);
    const { tech } = await people();
    const { results: rs } = await list(tech, order.rid);
    expect(rs.map((r) => [r.sample_no.slice(-3), r.status, r.fields.length, r.method, r.accredited])).toEqual(
      [
        ['-01', 'draft', 2, 'GB/T 19587-2017', false],
        ['-02', 'draft', 2, 'GB/T 19587-2017', false],
      ],
    );
    // Opening again makes nothing new.
    expect((await list(tech, order.rid)).results.map((r) => r.rid)).toEqual(rs.map((r) => r.rid));

    const rid = rs[0].rid;
    const base = { rid, method: 'GB/T 19587-2017', instrument: '比表面积仪' };
    await refused(
      tech,
      'save',
      { ...base, entries: [{ key: 'bet', value: '250' }] },
      OUT_OF_RANGE_NEEDS_REMARK,
    );
    await refused(tech, 'save', { ...base, entries: [{ key: 'bet', value: 'abc' }] }, '「比表面积」应为数字');
    await refused(
      tech,
      'save',
      { ...base, entries: [{ key: 'nope', value: '1' }] },
      '「nope」不是该项目的结果字段',
    );
    let v = await good(tech, 'save', {
      ...base,
      entries: [{ key: 'bet', value: '250', remark: '样品吸附异常，已复测' }],
    });
    expect(v.latest[0]).toMatchObject({ key: 'bet', value: '250', unit: 'm²/g', out_of_range: true });
    // The same values again write nothing; a new value supersedes the old one.
    v = await good(tech, 'save', {
      ...base,
      entries: [{ key: 'bet', value: '250', remark: '样品吸附异常，已复测' }],
    });
    expect(v.history).toHaveLength(1);
    v = await good(tech, 'save', {
      ...base,
      entries: [
        { key: 'bet', value: '12.35' },
        { key: 'look', value: '白色粉末' },
      ],
    });
    expect(v.history.map((e) => [e.key, e.value, e.superseded])).toEqual([
      ['bet', '250', true],
      ['bet', '12.35', false],
      ['look', '白色粉末', false],
    ]);
    expect(v.latest.map((e) => e.value)).toEqual(['12.35', '白色粉末']);
    expect(v.technicians).toHaveLength(1);
  });

  it('needs every required field to submit, and refuses changes while waiting', async () => {
    const order = await labOrder(1);
    const { tech } = await people();
    const [r] = (await list(tech, order.rid)).results;
    await good(tech, 'save', { rid: r.rid, entries: [{ key: 'look', value: '白色' }] });
    await refused(tech, 'submit', { rid: r.rid }, '请填写「比表面积」后再提交审核');
    await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '3.1' }] });
    const v = await good(tech, 'submit', { rid: r.rid });
    expect(v).toMatchObject({ status: 'submitted', status_text: '待审核', round: 1 });
    await refused(
      tech,
      'save',
      { rid: r.rid, entries: [{ key: 'bet', value: '3.2' }] },
      '结果已提交审核，不能修改',
    );
  });

  it('takes a raw data file of any format with its SHA-256', async () => {
    const order = await labOrder(1);
    const { tech } = await people();
    const [r] = (await list(tech, order.rid)).results;
    const csv = new TextEncoder().encode('P/P0,V\n0.05,12.1\n0.10,13.4\n');
    const up = await o.upload('/api/admin/result/file', tech, csv, 'bet-01.csv', { rid: r.rid });
    expect(up.body, JSON.stringify(up.body)).toMatchObject({ code: 1 });
    const v = (up.body.data as unknown as ResultView).files[0];
    expect(v).toMatchObject({ name: 'bet-01.csv', size: csv.length });
    expect(v.sha256).toBe(createHash('sha256').update(csv).digest('hex'));
    // Staff read it back through the files domain.
    const back = await o.staffFile(v.rid, tech);
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(csv);
  });
});

describe('review before release', () => {
  it('refuses self-review, sends back with a reason, approves after re-submission', async () => {
    const order = await labOrder(1);
    const { tech, manager } = await people();
    const [r] = (await list(tech, order.rid)).results;
    await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '9.9' }] });
    await good(tech, 'submit', { rid: r.rid });
    expect((await list(tech, order.rid)).results[0].review_refusal).toBe(SELF_REVIEW_REFUSED);
    await refused(tech, 'review', { rid: r.rid, verdict: 'approve' }, SELF_REVIEW_REFUSED);
    await refused(manager, 'review', { rid: r.rid, verdict: 'return' }, RETURN_NEEDS_REASON);
    let v = await good(manager, 'review', { rid: r.rid, verdict: 'return', reason: '单位写错，请复核' });
    expect(v).toMatchObject({ status: 'returned', status_text: '已退回' });
    await refused(manager, 'review', { rid: r.rid, verdict: 'approve' }, '该结果不在待审核状态');
    await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '9.8' }] });
    await good(tech, 'submit', { rid: r.rid });
    v = await good(manager, 'review', { rid: r.rid, verdict: 'approve' });
    expect(v).toMatchObject({ status: 'approved', status_text: '已审核', round: 2, approvals: 1 });
    expect(v.reviews.map((x) => [x.verdict, x.round, x.reason])).toEqual([
      ['return', 1, '单位写错，请复核'],
      ['approve', 2, ''],
    ]);
    await refused(manager, 'review', { rid: r.rid, verdict: 'approve' }, ALREADY_APPROVED);

    const report = await reviewedResultsOf(t.services.db, order.id);
    expect(report).toMatchObject({ ready: true, pending: 0, reviewers: [expect.any(String)] });
    expect(report.results[0]).toMatchObject({
      item_name: r.item_name,
      method: 'GB/T 19587-2017',
      rows: [{ name: '比表面积', value: '9.8', unit: 'm²/g', remark: '', out_of_range: false }],
    });
    expect(report.results[0].sample_no).toBe(r.sample_no);
    expect(report.tested_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await resultsItemsOf(t.services.db, order.id)).toEqual([
      { name: r.item_name, method: 'GB/T 19587-2017', accredited: false, subcontracted_to: null },
    ]);
  });

  it('with two reviews required, needs two different reviewers', async () => {
    const order = await labOrder(1);
    const { tech, manager, admin } = await people();
    await good(admin, 'settings/save', { reviews_required: 2 });
    try {
      const [r] = (await list(tech, order.rid)).results;
      await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '7' }] });
      await good(tech, 'submit', { rid: r.rid });
      const first = await call(manager, 'review', { rid: r.rid, verdict: 'approve' });
      expect(first.body).toMatchObject({ code: 1, msg: '已审核（1/2），等待另一位审核人' });
      expect(first.body.data).toMatchObject({ status: 'submitted', approvals: 1, reviews_required: 2 });
      await refused(manager, 'review', { rid: r.rid, verdict: 'approve' }, SAME_REVIEWER_REFUSED);
      // The queue lists it with who entered it and how long it has waited.
      const q = await good<{ list: ResultQueueRow[]; total: number }>(admin, 'queue', { page: 1, size: 50 });
      const row = q.list.find((x) => x.rid === r.rid)!;
      expect(row).toMatchObject({ approvals: 1, reviews_required: 2, review_refusal: null });
      expect(row.entered_by).not.toBe('');
      expect(row.waited_minutes).toBeGreaterThanOrEqual(0);
      const v = await good(admin, 'review', { rid: r.rid, verdict: 'approve' });
      expect(v).toMatchObject({ status: 'approved', approvals: 2 });
      const report = await reviewedResultsOf(t.services.db, order.id);
      expect(report.reviewers).toHaveLength(2);
    } finally {
      await good(admin, 'settings/save', { reviews_required: 1 });
    }
  });

  it('reopens an approved result with a reason and keeps every entry and review', async () => {
    const order = await labOrder(1);
    const { tech, manager } = await people();
    const [r] = (await list(tech, order.rid)).results;
    await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '5' }] });
    await good(tech, 'submit', { rid: r.rid });
    await refused(tech, 'reopen', { rid: r.rid, reason: '复测' }, '只有已审核的结果可以重测');
    await good(manager, 'review', { rid: r.rid, verdict: 'approve' });
    await refused(tech, 'reopen', { rid: r.rid, reason: '' }, '[重测原因]不能为空');
    let v = await good(tech, 'reopen', { rid: r.rid, reason: '客户质疑，重新测试' });
    expect(v).toMatchObject({ status: 'draft' });
    expect((await reviewedResultsOf(t.services.db, order.id)).ready).toBe(false);
    v = await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '5.4' }] });
    expect(v.history.map((e) => e.value)).toEqual(['5', '5.4']);
    expect(v.reviews.map((x) => [x.verdict, x.reason])).toEqual([
      ['approve', ''],
      ['reopen', '客户质疑，重新测试'],
    ]);
    // The manager who approved before may approve the retest: they entered nothing.
    await good(tech, 'submit', { rid: r.rid });
    expect(await good(manager, 'review', { rid: r.rid, verdict: 'approve' })).toMatchObject({ round: 2 });
  });

  it('takes a free-form result of an order without samples: a file or a text', async () => {
    const it3 = await o.demoItem(3);
    const me = await o.customer();
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it3.rid, parameters: it3.parameters }], delivery: { type: 0 } },
      me.h,
    );
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
    const { tech } = await people();
    const [r] = (await list(tech, placed.body.data.list[0].rid)).results;
    expect(r).toMatchObject({ sample_no: '', sample_rid: null, fields: [] });
    await refused(tech, 'submit', { rid: r.rid }, FREE_FORM_EMPTY);
    await good(tech, 'save', { rid: r.rid, entries: [{ key: '_text', value: '拟合结果见附件' }] });
    expect(await good(tech, 'submit', { rid: r.rid })).toMatchObject({ status: 'submitted' });
  });
});

describe('who may call', () => {
  it('refuses a role without the permission and a customer', async () => {
    const order = await labOrder(1);
    const { tech } = await people();
    const finance = await o.anotherStaff('finance');
    const [r] = (await list(tech, order.rid)).results;
    await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '2' }] });
    await good(tech, 'submit', { rid: r.rid });
    for (const [path, body] of [
      ['review', { rid: r.rid, verdict: 'approve' }],
      ['save', { rid: r.rid, entries: [] }],
      ['queue', {}],
      ['settings/save', { reviews_required: 2 }],
    ] as const) {
      const res = await call(finance, path, body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 0, msg: '您的角色无权执行该操作' });
    }
    await refused(tech, 'settings/save', { reviews_required: 2 }, '您的角色无权执行该操作');
    const customer = await call(order.customer.h, 'list', { rid: order.rid });
    expect(customer.status).toBe(403);
    expect(customer.body.code).toBe(0);
  });
});

describe('the database keeps the record', () => {
  it('refuses to change or delete entries and reviews', async () => {
    const order = await labOrder(1);
    const { tech, manager } = await people();
    const [r] = (await list(tech, order.rid)).results;
    await good(tech, 'save', { rid: r.rid, entries: [{ key: 'bet', value: '4' }] });
    await good(tech, 'submit', { rid: r.rid });
    await good(manager, 'review', { rid: r.rid, verdict: 'approve' });
    const [row] = await t.services.db.select().from(results).where(eq(results.rid, r.rid));
    const db = t.services.db;
    for (const q of [
      sql`update ${resultEntries} set value = '40' where result_id = ${row.id}`,
      sql`delete from ${resultEntries} where result_id = ${row.id}`,
      sql`update ${resultReviews} set verdict = 'return' where result_id = ${row.id}`,
      sql`delete from ${resultReviews} where result_id = ${row.id}`,
      sql`delete from ${results} where id = ${row.id}`,
    ]) {
      const error = await db.execute(q).then(
        () => null,
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      expect(error).toMatch(/append-only|are records/);
    }
    await expect(db.execute(sql`truncate ${resultReviews} cascade`)).rejects.toThrow();
    const entries = await db.select().from(resultEntries).where(eq(resultEntries.resultId, row.id));
    expect(entries.map((e) => e.value)).toEqual(['4']);
  });
});
