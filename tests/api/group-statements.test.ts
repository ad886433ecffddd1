// A research group's monthly statement (decision 0046) on a real database: the monthly job issues
// one for the group's wallet — what came in, the members' orders it paid, what is left — besides
// the leader's own; the leader (or an assistant) reads, confirms and downloads it, a member or a
// stranger sees nothing of it, staff issue one by group, and it cannot be invoiced.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';
import { pdfText } from '../support/pdf.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { enqueue } from '#server/platform/jobs.ts';
import { STATEMENTS_MONTHLY } from '#server/statements/index.ts';
import { addMonth, monthBounds } from '#shared/statements/statements.ts';
import { shanghaiMonth } from '#shared/time.ts';
import type { z } from 'zod';
import type { StatementDetailSchema, StatementPageSchema } from '#shared/statements/responses.ts';

type Page = z.output<typeof StatementPageSchema>;
type Detail = z.output<typeof StatementDetailSchema>;

const t = await setupApi();
const o = orderHelpers(t);
const s = t.services;

const cluster = <T = unknown>(c: Customer, path: string, body: unknown = {}) =>
  t.post<T>(`/api/auth/cluster/${path}`, body, c.h);

/** A PI's group with 100,000 fen moved in and a student who paid an order of 30,000 from it. */
async function groupWithPayment() {
  const pi = await o.customer('enterprise');
  const rid = (
    await cluster<{ rid: string }>(pi, 'add', {
      name: '催化课题组',
      institution: '某大学化学系',
      pi_name: '李教授',
    })
  ).body.data.rid;
  await o.credit(pi.rid, 100_000);
  expect((await cluster(pi, 'deposit', { rid, amount_fen: 100_000, idempotency_key: 'd' })).body.code).toBe(
    1,
  );
  const code = (await cluster<{ join_code: string }>(pi, 'detail', { rid })).body.data.join_code;
  const student = await o.customer('enterprise');
  expect((await cluster(student, 'apply', { code })).body.code).toBe(1);
  await cluster(pi, 'limit', {
    rid,
    user_rid: student.rid,
    per_order_limit_fen: null,
    monthly_limit_fen: null,
  });
  const order = await o.quotedOrder(student, 30_000);
  expect(
    (await cluster<{ status: string }>(student, 'pay', { rid, order_rid: order })).body.data.status,
  ).toBe('paid');
  return { pi, student, rid, order };
}

/** Into the next Shanghai month, with fresh sessions, and the monthly job run. */
async function closeMonth(...people: Customer[]) {
  const month = shanghaiMonth(s.now());
  o.a.advance(monthBounds(addMonth(month, 1)).start + 3600_000 - s.now());
  for (const p of people) {
    const session = await createSession(s, p.id, { ip: 'unknown', userAgent: '' });
    p.token = session.token;
    p.h = o.a.bearer(session.token);
  }
  await enqueue(s.db, [{ kind: STATEMENTS_MONTHLY, payload: {}, runAt: s.now() }], s.now());
  await runJobs(s);
  await runJobs(s);
  return month;
}

const statements = async (c: Customer, body: Record<string, unknown> = {}) =>
  (await t.post<Page>('/api/auth/assign/statement', body, c.h)).body;

describe('a research group’s statement', () => {
  it('is issued monthly for the wallet, apart from the leader’s own, and answered by the leader', async () => {
    const { pi, student, rid, order } = await groupWithPayment();
    const month = await closeMonth(pi, student);

    // The leader's own statement stays theirs alone: the group's is asked for by group.
    const own = (await statements(pi)).data.list;
    expect(own.every((x) => x.group === null)).toBe(true);
    const page = await statements(pi, { group_rid: rid });
    expect(page.data.list).toHaveLength(1);
    const st = page.data.list[0];
    expect(st).toMatchObject({ month, version: 1, status: 'pending', group: { rid, name: '催化课题组' } });
    expect(st.figures).toMatchObject({
      opening_balance_fen: 0,
      in_fen: 100_000,
      out_fen: 30_000,
      closing_balance_fen: 70_000,
      paid_fen: 30_000,
      billed_fen: 30_000,
      due_fen: 0,
    });
    const detail = (await statements(pi, { rid: st.rid })).data.detail!;
    const paidLine = detail.lines.find((l) => l.kind === 'order')!;
    expect(paidLine).toMatchObject({ order_rid: order, amount_fen: 30_000, owed_fen: 0 });
    expect(paidLine.note).toMatch(/^成员 /);
    expect(detail.lines.filter((l) => l.kind === 'movement').map((l) => l.amount_fen)).toEqual([
      100_000, -30_000,
    ]);

    // A member and a stranger read nothing of it, and cannot answer it.
    const stranger = await o.customer();
    for (const who of [student, stranger]) {
      expect((await statements(who, { rid: st.rid })).msg).toBe('对账单不存在');
      expect((await t.post('/api/auth/assign/right', { rid: st.rid }, who.h)).body.msg).toBe('对账单不存在');
      const pdf = await t.api.request(`/api/auth/assign/statement/pdf/${st.rid}`, { headers: who.h });
      expect(pdf.status).toBe(404);
    }
    expect((await statements(student, { group_rid: rid })).msg).toBe('只有组长或助理可以执行此操作');

    const pdf = await t.api.request(`/api/auth/assign/statement/pdf/${st.rid}`, { headers: pi.h });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('催化课题组');
    expect(text).toContain('700.00');

    const title = await t.post<{ rid: string }>('/api/auth/invoice/add', { kind: 2, name: '李教授' }, pi.h);
    const confirmed = await t.post<Detail>('/api/auth/assign/right', { rid: st.rid }, pi.h);
    expect(confirmed.body).toMatchObject({ code: 1, data: { status: 'confirmed', group: { rid } } });
    const invoice = await t.post(
      '/api/auth/invoiceApply/add',
      { type: 5, title_rid: title.body.data.rid, statement_rid: st.rid },
      pi.h,
    );
    expect(invoice.body.msg).toBe('课题组对账单不能开票：转入课题组的款项由转入人按预存开票');

    // The job run again makes no second one.
    await enqueue(s.db, [{ kind: STATEMENTS_MONTHLY, payload: {}, runAt: s.now() }], s.now());
    await runJobs(s);
    expect((await statements(pi, { group_rid: rid })).data.total).toBe(1);
  });

  it('staff issue one by group and find it among groups’ statements', async () => {
    const { pi, rid } = await groupWithPayment();
    const month = shanghaiMonth(s.now());
    const issued = await o.admin<{ rid: string; version: number; group: { rid: string } | null }>(
      'statement/issue',
      { group_rid: rid, month },
    );
    expect(issued.body).toMatchObject({ code: 1, data: { version: 1, group: { rid } } });
    expect((await o.admin('statement/issue', { group_rid: 'G0000000', month })).body.msg).toBe(
      '课题组不存在',
    );
    const groups = await o.admin<{ list: { rid: string; group: { rid: string } | null }[] }>(
      'statement/list',
      {
        owner: 'group',
        month,
      },
    );
    expect(groups.body.data.list.map((x) => x.rid)).toContain(issued.body.data.rid);
    const customers = await o.admin<{ list: { group: unknown }[] }>('statement/list', { owner: 'customer' });
    expect(customers.body.data.list.every((x) => x.group === null)).toBe(true);
    // Reissued by staff: a second version of the group's month, the leader's own untouched.
    const again = await o.admin<{ version: number }>('statement/issue', { group_rid: rid, month });
    expect(again.body.data.version).toBe(2);
    expect((await statements(pi)).data.total).toBe(0);
  });
});
