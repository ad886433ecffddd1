// Issue 28, item 4: a staff call the guard refuses leaves a trace in the audit log (one row per
// actor, call and minute, the rest counted), and taking away or changing a staff role ends that
// person's console sessions for good.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken } from '../support/orders.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import type { Role } from '#shared/staff/permissions.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function staffOf(role: Role) {
  const u = await o.a.user();
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  await t.services.db
    .insert(staffMembers)
    .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
  return { phone: u.phone, customerToken: u.token, h: o.a.bearer(await staffToken(t, u.phone)) };
}

type Entry = {
  action: string;
  outcome: string;
  role: string;
  permission: string;
  message: string;
  denied_count: number | null;
  request: Record<string, unknown> | null;
  actor: { phone: string };
};
const auditOf = async (admin: { h: Record<string, string> }, phone: string) =>
  (await t.post<{ list: Entry[] }>('/api/admin/audit/list', { actor_phone: phone }, admin.h)).body.data.list;

describe('refused staff calls', () => {
  it('are audited once per actor, call and minute, with the rest counted', async () => {
    const admin = await staffOf('admin');
    const finance = await staffOf('finance');
    const grab = () =>
      t.post('/api/admin/staff/save', { phone: finance.phone, role: 'admin', deep: { x: [1] } }, finance.h);
    for (let i = 0; i < 3; i++) expect((await grab()).status).toBe(403);
    expect((await t.post('/api/admin/coupon/issue', { rid: 'q1', phones: [] }, finance.h)).status).toBe(403);

    let log = await auditOf(admin, finance.phone);
    expect(log.map((e) => [e.action, e.outcome, e.role, e.denied_count])).toEqual([
      ['coupon/issue', 'denied', 'finance', 1],
      ['staff/save', 'denied', 'finance', 3],
    ]);
    const [, grabbed] = log;
    expect(grabbed).toMatchObject({
      permission: 'staff.manage',
      message: '您的角色无权执行该操作',
      // What was asked, one level deep.
      request: { phone: finance.phone, role: 'admin', deep: '{…}' },
    });
    // The role never changed.
    const [m] = await t.services.db
      .select()
      .from(staffMembers)
      .innerJoin(users, eq(users.id, staffMembers.userId))
      .where(eq(users.phone, finance.phone));
    expect(m.staff_members.role).toBe('finance');

    // A new minute, a new row.
    o.a.advance(60_000);
    await grab();
    log = await auditOf(admin, finance.phone);
    expect(log.filter((e) => e.action === 'staff/save').map((e) => e.denied_count)).toEqual([1, 3]);
  });

  it('records a customer and a made-up call under one key, and never fails on a deep body', async () => {
    const admin = await staffOf('admin');
    const customer = await o.customer();
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = { a: deep };
    for (const path of ['nope/one', 'nope/two', 'constructor', '__proto__'])
      expect((await t.post(`/api/admin/${path}`, { deep }, customer.h)).status).toBe(403);
    expect((await t.post('/api/admin/order/list', {}, customer.h)).body.msg).toBe('无权访问');
    const log = await auditOf(admin, customer.phone);
    expect(log.map((e) => [e.action, e.outcome, e.role, e.denied_count])).toEqual([
      ['order/list', 'denied', '', 1],
      ['(unknown)', 'denied', '', 4],
    ]);
    expect(log[1].request).toEqual({ path: 'nope/one' });
  });

  it('records a staff member calling with a customer session', async () => {
    const admin = await staffOf('admin');
    const manager = await staffOf('manager');
    const res = await t.post('/api/admin/order/list', {}, o.a.bearer(manager.customerToken));
    expect(res.body.msg).toBe('请使用员工账号登录管理后台');
    expect((await auditOf(admin, manager.phone)).map((e) => [e.action, e.role, e.message])).toEqual([
      ['order/list', 'manager', '请使用员工账号登录管理后台'],
    ]);
  });
});

describe('taking away a staff role', () => {
  it('ends the console sessions, so a re-added role does not revive the old token', async () => {
    const admin = await staffOf('admin');
    const tech = await staffOf('technician');
    const save = (role: string | null) =>
      t.post('/api/admin/staff/save', { phone: tech.phone, role }, admin.h);
    expect((await t.post('/api/admin/me', {}, tech.h)).body.code).toBe(1);

    expect((await save(null)).body.code).toBe(1);
    expect((await save('technician')).body.code).toBe(1);
    expect((await t.post('/api/admin/me', {}, tech.h)).status).toBe(401);
    // Their ordinary customer login is untouched.
    expect((await o.a.info(tech.customerToken)).body.code).toBe(1);

    // A changed role ends the sessions too; saving the same role again does not.
    const again = o.a.bearer(await staffToken(t, tech.phone));
    expect((await save('technician')).body.code).toBe(1);
    expect((await t.post('/api/admin/me', {}, again)).body.code).toBe(1);
    expect((await save('manager')).body.code).toBe(1);
    expect((await t.post('/api/admin/me', {}, again)).status).toBe(401);
  });
});
