// The console's research groups (issue 18, decision 0033) on a real database: staff find a group
// by its name or its leader's phone, and see its leader, members with their limits, wallet and
// the month's payments; a bad month or an unknown group gets a clear message.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { shanghaiMonth } from '#shared/time.ts';

const t = await setupApi();
const o = orderHelpers(t);

const post = <T = unknown>(c: Customer, path: string, body: unknown = {}) =>
  t.post<T>(`/api/auth/cluster/${path}`, body, c.h);

type Page = {
  list: { rid: string; name: string; leader: { phone: string }; members: number; balance_fen: number }[];
  total: number;
};
type Detail = {
  name: string;
  leader: { rid: string; phone: string };
  balance_fen: number;
  members: { user_rid: string; role: string; per_order_limit_fen: number | null }[];
  payments: { list: { order_no: string; status: string; amount_fen: number }[]; paid_fen: number };
};

describe('research groups in the console', () => {
  it('finds a group and shows its members, wallet and payments of the month', async () => {
    const pi = await o.customer('enterprise');
    const name = `表面化学课题组${Math.random().toString(36).slice(2, 8)}`;
    const rid = (await post<{ rid: string }>(pi, 'add', { name, institution: '某大学', pi_name: '赵教授' }))
      .body.data.rid;
    await o.credit(pi.rid, 50_000);
    expect((await post(pi, 'deposit', { rid, amount_fen: 50_000, idempotency_key: 'd' })).body.code).toBe(1);
    const code = (await post<{ join_code: string }>(pi, 'detail', { rid })).body.data.join_code;
    const student = await o.customer('enterprise');
    expect((await post(student, 'apply', { code })).body.code).toBe(1);
    await post(pi, 'limit', {
      rid,
      user_rid: student.rid,
      per_order_limit_fen: 30_000,
      monthly_limit_fen: null,
    });
    const order = await o.quotedOrder(student, 20_000);
    expect((await post<{ status: string }>(student, 'pay', { rid, order_rid: order })).body.data.status).toBe(
      'paid',
    );

    for (const keyword of [name, pi.phone]) {
      const page = (await o.admin<Page>('group/list', { keyword })).body.data;
      expect(page.list).toMatchObject([
        { rid, name, leader: { phone: pi.phone }, members: 2, balance_fen: 30_000 },
      ]);
    }
    expect((await o.admin<Page>('group/list', { keyword: name, status: 'dissolved' })).body.data.total).toBe(
      0,
    );
    // The customer screen's 课题组 tab: the groups a customer is an active member of.
    expect((await o.admin<Page>('group/list', { member_rid: student.rid })).body.data.list).toMatchObject([
      { rid },
    ]);
    const stranger = await o.customer('enterprise');
    expect((await o.admin<Page>('group/list', { member_rid: stranger.rid })).body.data.total).toBe(0);

    const detail = await o.admin<Detail>('group/detail', { rid });
    expect(detail.body).toMatchObject({
      code: 1,
      data: {
        name,
        leader: { rid: pi.rid, phone: pi.phone },
        balance_fen: 30_000,
        payments: { paid_fen: 20_000, list: [{ status: 'paid', amount_fen: 20_000 }] },
      },
    });
    expect(detail.body.data.members).toMatchObject([
      { user_rid: pi.rid, role: 'leader' },
      { user_rid: student.rid, role: 'member', per_order_limit_fen: 30_000 },
    ]);
    // Another month has no payments; a malformed one and an unknown group are refused.
    const [y, m] = shanghaiMonth(t.services.now()).split('-').map(Number);
    const earlier = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    expect((await o.admin<Detail>('group/detail', { rid, month: earlier })).body.data.payments.list).toEqual(
      [],
    );
    expect((await o.admin('group/detail', { rid, month: '2026-13' })).body.msg).toBe('[月份]格式不正确');
    expect((await o.admin('group/detail', { rid: 'Gnothing' })).body.msg).toBe('课题组不存在');
  });
});
