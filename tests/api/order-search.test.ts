// The staff order list found by customer (issue 33, decision 0084): one search box over order
// number, customer name, phone, organisation, PI and item name; each row names its customer; the
// list sorts by its columns on the server; another customer's orders never mix in.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { PROFILE } from '../factories/users.ts';
import type { StaffOrderSummary } from '#shared/orders/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Page = { list: StaffOrderSummary[]; total: number };

async function profiled(profile: Record<string, unknown>): Promise<Customer> {
  const c = await o.customer('institution');
  const res = await t.post(
    '/api/auth/update4profile',
    { ...PROFILE, email: `x${c.phone}@example.com`, ...profile },
    c.h,
  );
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
  return c;
}

async function place(c: Customer, nth: number) {
  const it = await o.demoItem(1, false, nth);
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    c.h,
  );
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
  return { ...res.body.data.list[0], item: it.name };
}

const search = async (body: Record<string, unknown>) => {
  const res = await o.admin<Page>('order/list', body);
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
  return res.body.data;
};
const nos = (p: Page) => p.list.map((r) => r.order_no).sort();

// A student with her teacher, and an enterprise with its leader; three orders between them.
const zhou = await profiled({
  name: '周一鸣',
  organization: 0,
  company: '浙江大学化学系',
  teacher: '钱教授',
});
const wu = await profiled({
  name: '吴二',
  organization: 2,
  company: '某材料科技有限公司',
  teacher: '',
  company_leader: '王总',
  company_leader_phone: '13800002222',
});
const z1 = await place(zhou, 0);
const z2 = await place(zhou, 1);
const w1 = await place(wu, 1);
const all = [z1, z2, w1];

describe('order/list search (q)', () => {
  it("finds a customer's orders by name, phone (whole or part), organisation and PI, no one else's", async () => {
    for (const q of ['周一鸣', zhou.phone, zhou.phone.slice(6), '浙江大学', '化学系', '钱教授']) {
      const page = await search({ q });
      expect(nos(page), q).toEqual([z1.order_no, z2.order_no].sort());
      expect(page.total).toBe(2);
    }
    const page = await search({ q: '王总' });
    expect(nos(page)).toEqual([w1.order_no]);
    // Each row names its customer: who, organisation, PI.
    expect(page.list[0].customer).toEqual({
      rid: wu.rid,
      name: '吴二',
      phone: wu.phone,
      company: '某材料科技有限公司',
      organization: 2,
      pi: '王总',
    });
  });

  it('finds an order by its number from the start, with or without LP, and by item name', async () => {
    expect(nos(await search({ q: w1.order_no }))).toEqual([w1.order_no]);
    expect(nos(await search({ q: w1.order_no.slice(2).toLowerCase() }))).toEqual([w1.order_no]);
    expect(nos(await search({ q: w1.order_no.toLowerCase() }))).toEqual([w1.order_no]);
    // An item name (or a part of it): every order with a line of it, whoever the customer.
    const withItem = all
      .filter((x) => x.item === z2.item)
      .map((x) => x.order_no)
      .sort();
    expect(nos(await search({ q: z2.item }))).toEqual(withItem);
    expect(nos(await search({ q: z2.item.slice(1, 3) }))).toEqual(
      all
        .filter((x) => x.item.includes(z2.item.slice(1, 3)))
        .map((x) => x.order_no)
        .sort(),
    );
  });

  it('combines with status, customer and dates; wildcards are plain characters', async () => {
    expect((await search({ q: '钱教授', user_rid: wu.rid })).total).toBe(0);
    expect((await search({ q: '钱教授', status: 'completed' })).total).toBe(0);
    const today = new Date(t.services.now()).toISOString().slice(0, 10);
    expect((await search({ q: '周一鸣', date_from: '2000-01-01', date_to: '2000-01-02' })).total).toBe(0);
    expect((await search({ q: '周一鸣', date_to: '2999-01-01' })).total).toBe(2);
    expect(today).toMatch(/^\d{4}-/);
    for (const q of ['%', '_', '\\', '周%']) expect((await search({ q })).total, q).toBe(0);
    expect((await search({ q: '没有这个客户' })).list).toEqual([]);
  });

  it('refuses bad input with a Chinese message', async () => {
    const long = await o.admin('order/list', { q: '长'.repeat(41) });
    expect(long.body).toMatchObject({ code: 0, msg: '[搜索内容]最多40个字' });
    expect((await o.admin('order/list', { q: { $ne: 1 } })).body).toMatchObject({
      code: 0,
      msg: '[搜索内容]格式不正确',
    });
    expect((await o.admin('order/list', { sort: 'rid' })).body).toMatchObject({
      code: 0,
      msg: '[排序]不正确',
    });
    expect((await o.admin('order/list', { sort: 'amount', dir: 'up' })).body).toMatchObject({
      code: 0,
      msg: '[排序方向]不正确',
    });
  });
});

describe('order/list sort', () => {
  it('orders the whole list by a column, either way, before paging', async () => {
    const amounts = async (dir: string) =>
      (await search({ sort: 'amount', dir })).list.map((r) => r.amount_fen);
    const up = await amounts('asc');
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(new Set(up).size).toBeGreaterThan(1);
    expect(await amounts('desc')).toEqual([...up].reverse());
    const page = await search({ sort: 'amount', dir: 'desc', size: 1, page: 2 });
    expect(page.list.map((r) => r.amount_fen)).toEqual([[...up].reverse()[1]]);
    const byCustomer = await search({ sort: 'customer' });
    const names = byCustomer.list.map((r) => r.customer.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byNo = (await search({ sort: 'no', dir: 'desc' })).list.map((r) => r.order_no);
    expect(byNo).toEqual([...byNo].sort().reverse());
    const newest = (await search({})).list.map((r) => r.created);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it("keeps the customer's fields out of the customer's own list", async () => {
    // A new customer (the test clock has moved past the others' sessions).
    const me = await profiled({ name: '郑三' });
    await place(me, 0);
    const mine = await t.post<{ list: Record<string, unknown>[] }>('/api/auth/order/list4person', {}, me.h);
    expect(mine.body, mine.body.msg).toMatchObject({ code: 1 });
    expect(mine.body.data.list.length).toBe(1);
    expect(mine.body.data.list[0]).not.toHaveProperty('customer');
  });
});
