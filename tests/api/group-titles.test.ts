// A research group's invoice titles (decision 0046) on a real database: the leader keeps the
// university's title for the group, every member sees it and invoices their own orders to it, a
// member cannot change it or make it their default, a stranger or a member who left sees nothing.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

const UNIVERSITY = {
  kind: 1,
  name: '某大学',
  tax_no: '91350100M000100Y43',
  address: '上海市闵行区东川路800号',
  phone: '021-34200000',
  bank: '工商银行上海闵行支行',
  bank_account: '1001 2345 6789 0123',
};

type Title = {
  rid: string;
  name: string;
  is_default: boolean;
  group: { rid: string; name: string } | null;
  can_edit: boolean;
};

const post = <T = unknown>(c: Customer, path: string, body: unknown = {}) =>
  t.post<T>(`/api/auth/${path}`, body, c.h);
const titles = async (c: Customer) => (await post<{ list: Title[] }>(c, 'invoice/list')).body.data.list;

/** A PI's group and a student who joined it by its code. */
async function group() {
  const pi = await o.customer('enterprise');
  const rid = (
    await post<{ rid: string }>(pi, 'cluster/add', {
      name: '催化课题组',
      institution: '某大学化学系',
      pi_name: '李教授',
    })
  ).body.data.rid;
  const code = (await post<{ join_code: string }>(pi, 'cluster/detail', { rid })).body.data.join_code;
  const student = await o.customer('enterprise');
  expect((await post(student, 'cluster/apply', { code })).body.code).toBe(1);
  return { pi, student, rid };
}

describe("a research group's invoice titles", () => {
  it('are kept by the leader, used by members, and changed by nobody else', async () => {
    const { pi, student, rid } = await group();
    const added = await post<Title>(pi, 'invoice/add', { ...UNIVERSITY, group_rid: rid });
    expect(added.body).toMatchObject({
      code: 1,
      data: { name: '某大学', is_default: false, can_edit: true, group: { rid, name: '催化课题组' } },
    });
    const title = added.body.data;
    // A group's title is never a default; the PI's first own title still becomes theirs.
    expect(
      (await post(pi, 'invoice/add', { ...UNIVERSITY, group_rid: rid, is_default: true })).body.msg,
    ).toBe('课题组的抬头不能设为默认抬头');
    const own = (await post<Title>(pi, 'invoice/add', { kind: 2, name: '李教授' })).body.data;
    expect(own).toMatchObject({ is_default: true, group: null, can_edit: true });
    expect((await titles(pi)).map((x) => x.rid)).toEqual([own.rid, title.rid]);

    // The student sees it, read-only.
    expect(await titles(student)).toMatchObject([{ rid: title.rid, can_edit: false, group: { rid } }]);
    for (const [path, body] of [
      ['invoice/edit', { ...UNIVERSITY, rid: title.rid, name: '改名' }],
      ['invoice/del', { rid: title.rid }],
      ['invoice/add', { ...UNIVERSITY, group_rid: rid }],
    ] as const)
      expect((await post(student, path, body)).body).toMatchObject({
        code: 0,
        msg: '只有组长或助理可以执行此操作',
      });
    expect((await post(student, 'invoice/default', { rid: title.rid })).body.msg).toBe(
      '课题组的抬头不能设为默认抬头',
    );

    // The student invoices an order they paid themselves to the university's title.
    await o.credit(student.rid, 20_000);
    const order = await o.quotedOrder(student, 20_000);
    expect((await post(student, 'web/order/pay', { rid: order })).body.code).toBe(1);
    const applied = await post<{ title: { name: string; tax_no: string } }>(student, 'invoiceApply/add', {
      type: 1,
      title_rid: title.rid,
      order_rids: [order],
    });
    expect(applied.body).toMatchObject({
      code: 1,
      data: { title: { name: '某大学', tax_no: UNIVERSITY.tax_no } },
    });

    // The leader renames it: the application keeps its copy.
    expect(
      (await post<Title>(pi, 'invoice/edit', { ...UNIVERSITY, rid: title.rid, name: '某大学化学系' })).body
        .data,
    ).toMatchObject({ name: '某大学化学系', group: { rid } });
    const [application] = (
      await post<{ list: { title: { name: string } }[] }>(student, 'invoiceApply/list4person', {})
    ).body.data.list;
    expect(application.title.name).toBe('某大学');

    // Removed from the group, the student no longer sees or uses it.
    expect((await post(pi, 'cluster/delete', { rid, user_rid: student.rid })).body.code).toBe(1);
    expect(await titles(student)).toEqual([]);
    expect(
      (await post(student, 'invoiceApply/add', { type: 1, title_rid: title.rid, order_rids: [order] })).body,
    ).toMatchObject({ code: 0, msg: '发票抬头不存在' });
  });

  it('are nothing to a stranger', async () => {
    const { pi, rid } = await group();
    const title = (await post<Title>(pi, 'invoice/add', { ...UNIVERSITY, group_rid: rid })).body.data;
    const stranger = await o.customer('enterprise');
    expect(await titles(stranger)).toEqual([]);
    expect((await post(stranger, 'invoice/edit', { ...UNIVERSITY, rid: title.rid })).body.msg).toBe(
      '发票抬头不存在',
    );
    expect((await post(stranger, 'invoice/del', { rid: title.rid })).body.msg).toBe('发票抬头不存在');
    expect((await post(stranger, 'invoice/add', { ...UNIVERSITY, group_rid: rid })).body.msg).toBe(
      '课题组不存在',
    );
    expect(await titles(pi)).toHaveLength(1);
  });
});
