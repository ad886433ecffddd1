// Decision 0023: every /api/admin call is allowed or refused by the staff member's role, only to a
// console (staff) session; every change lands in the audit log with the record before and after.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken } from '../support/orders.ts';
import { apiRoutes } from '#server/platform/http/openapi.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { can, isPermission, ROLES, type Permission, type Role } from '#shared/staff/permissions.ts';

const t = await setupApi();
const o = orderHelpers(t);

const adminRoutes = apiRoutes(t.api).filter((r) => r.path.startsWith('/api/admin/'));
const adminPaths = adminRoutes.map((r) => r.path.replace('/api/admin/', ''));
/** Each staff call's declared permission (decision 0064), by its path under /api/admin. */
const permissionOf = Object.fromEntries(
  adminRoutes.map((r) => [r.path.replace('/api/admin/', ''), r.contract?.access as Permission]),
);
/** The few staff reads declared as GET (a scanned location code) are called as GET. */
const isGet = new Set(
  adminRoutes.filter((r) => r.method === 'GET').map((r) => r.path.replace('/api/admin/', '')),
);

/** Calls that answer a file rather than the envelope when they succeed. */
const producesFile = new Set(
  adminRoutes.filter((r) => r.contract?.produces).map((r) => r.path.replace('/api/admin/', '')),
);

/** A staff member of each role, with a console session. */
async function staffOf(role: Role) {
  const u = await o.a.user();
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  await t.services.db
    .insert(staffMembers)
    .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
  return { phone: u.phone, customerToken: u.token, h: o.a.bearer(await staffToken(t, u.phone)) };
}

describe('the permissions', () => {
  it('every staff call declares one', () => {
    expect(adminPaths.length).toBeGreaterThan(40);
    expect(adminPaths.filter((p) => !isPermission(String(permissionOf[p])))).toEqual([]);
  });

  it('a path no endpoint declares is refused like a call the role may not make', async () => {
    const admin = await staffOf('admin');
    const res = await t.post('/api/admin/order/nothing-here', {}, admin.h);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('您的角色无权执行该操作');
  });
});

describe('every role against every staff call', () => {
  it.each(ROLES)('%s: allowed calls run, the others answer 403', async (role) => {
    const member = await staffOf(role);
    for (const path of adminPaths) {
      // A call that answers a file (a PDF) when allowed: its status, and the envelope of a refusal.
      if (producesFile.has(path)) {
        const raw = await t.api.request(`/api/admin/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...member.h },
          body: '{}',
        });
        if (can(role, permissionOf[path])) expect(raw.status, `${role} ${path}`).toBeLessThan(500);
        else expect(raw.status, `${role} ${path}`).toBe(403);
        continue;
      }
      const res = isGet.has(path)
        ? await t.get(`/api/admin/${path}`, member.h)
        : await t.post(`/api/admin/${path}`, {}, member.h);
      const where = `${role} ${path} ${JSON.stringify(res.body)}`;
      if (can(role, permissionOf[path])) {
        expect(res.status, where).toBeLessThan(500);
        expect(res.body.msg, where).not.toBe('您的角色无权执行该操作');
      } else {
        expect(res.status, where).toBe(403);
        expect(res.body, where).toMatchObject({
          code: 0,
          msg: '您的角色无权执行该操作',
          data: { error: 'FORBIDDEN' },
        });
      }
    }
  });

  it('refuses a customer, and a staff member’s ordinary (customer) session', async () => {
    const customer = await o.customer();
    expect((await t.post('/api/admin/order/list', {}, customer.h)).body).toMatchObject({
      code: 0,
      msg: '无权访问',
    });
    const member = await staffOf('admin');
    const res = await t.post('/api/admin/order/list', {}, o.a.bearer(member.customerToken));
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('请使用员工账号登录管理后台');
  });
});

describe('the console login', () => {
  it('gives staff a two-hour session and refuses customers', async () => {
    const a = o.a;
    const phone = await a.register();
    const refused = await t.post('/api/open/staff/login', { account: phone, password: 'Kettle-Lab-2026' });
    expect(refused.body).toMatchObject({ code: 0, msg: '该账号不是员工账号，无法登录管理后台' });
    const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    await t.services.db
      .insert(staffMembers)
      .values({ userId: row.id, role: 'finance', createdAt: new Date(t.services.now()) });
    const login = await t.post<{ token: string; expires: number }>('/api/open/staff/login', {
      account: phone,
      password: 'Kettle-Lab-2026',
    });
    expect(login.body.code).toBe(1);
    expect(login.body.data.expires).toBe(Math.floor(t.services.now() / 1000) + 2 * 3600);
    const me = await t.post<{ role: string; permissions: string[] }>(
      '/api/admin/me',
      {},
      a.bearer(login.body.data.token),
    );
    expect(me.body.data).toMatchObject({ role: 'finance', role_text: '财务' });
    expect(me.body.data.permissions).toContain('money.approve');
    a.advance(2 * 3600_000 + 1000);
    expect((await t.post('/api/admin/me', {}, a.bearer(login.body.data.token))).status).toBe(401);
  });
});

describe('the audit log', () => {
  it('records each change with the record before and after, refusals too, and not reads', async () => {
    const manager = await staffOf('manager');
    const me = await o.customer('enterprise');
    const [item] = [await o.demoItem(1)];
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: item.rid, parameters: item.parameters }], delivery: { type: 0 } },
      me.h,
    );
    const rid = placed.body.data.list[0].rid;
    await t.post('/api/admin/order/detail', { rid }, manager.h);
    expect(
      (await t.post('/api/admin/order/quote', { rid, quoted_fen: 12_300, note: '含制样' }, manager.h)).body
        .code,
    ).toBe(1);
    // A new quote is allowed until the customer pays (decision 0039), but not one already expired.
    expect(
      (await t.post('/api/admin/order/quote', { rid, quoted_fen: 1, valid_until: '2020-01-01' }, manager.h))
        .body.code,
    ).toBe(0);

    const admin = await staffOf('admin');
    const log = await t.post<{
      list: {
        action: string;
        outcome: string;
        role: string;
        before: { status: string } | null;
        after: { status: string; quotedFen: number } | null;
        request: { note?: string };
        actor: { phone: string };
      }[];
    }>('/api/admin/audit/list', { entity_rid: rid }, admin.h);
    expect(log.body.data.list.map((e) => [e.action, e.outcome, e.role])).toEqual([
      ['order/quote', 'refused', 'manager'],
      ['order/quote', 'ok', 'manager'],
    ]);
    const [refusedEntry, quoted] = log.body.data.list;
    expect(quoted.before?.status).toBe('quoting');
    expect(quoted.after).toMatchObject({ status: 'unpaid', quotedFen: 12_300 });
    expect(quoted.request.note).toBe('含制样');
    expect(quoted.actor.phone).toBe(manager.phone);
    expect(refusedEntry.after).toEqual(refusedEntry.before);
    // Only admins read it; nobody edits it.
    expect((await t.post('/api/admin/audit/list', {}, manager.h)).status).toBe(403);
    await expect(t.services.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('keeps hostile text (NUL, lone surrogates) out of the log without failing the call', async () => {
    const admin = await staffOf('admin');
    const res = await t.post(
      '/api/admin/order/receive',
      { rid: 'o\u0000x\ud800', note: 'a\u0000b\udfff' },
      admin.h,
    );
    expect(res.status).toBeLessThan(500);
    expect(res.body.msg).not.toBe('请求参数超出允许范围');
    const log = await t.post<{ list: { action: string; request: { note: string } }[] }>(
      '/api/admin/audit/list',
      { action: 'order/receive' },
      admin.h,
    );
    expect(log.body.data.list[0].request.note).toBe('ab\ufffd');
  });

  it('lets an admin give and take staff roles, never their own', async () => {
    const admin = await staffOf('admin');
    const someone = await o.a.user();
    const save = (phone: string, role: string | null) =>
      t.post('/api/admin/staff/save', { phone, role }, admin.h);
    expect((await save(someone.phone, 'technician')).body).toMatchObject({
      code: 1,
      data: { role_text: '实验员' },
    });
    expect((await save(someone.phone, 'chef')).body.msg).toBe('[角色]不正确');
    expect((await save(admin.phone, 'editor')).body.msg).toBe('不能修改自己的角色');
    expect((await save('13000000001', 'editor')).body.msg).toBe('该手机号尚未注册，请先注册账号');
    const list = await t.post<{ list: { phone: string; role: string }[] }>(
      '/api/admin/staff/list',
      {},
      admin.h,
    );
    expect(list.body.data.list.find((m) => m.phone === someone.phone)?.role).toBe('technician');
    expect((await save(someone.phone, null)).body.code).toBe(1);
  });
});

describe('the requirements inbox', () => {
  it('lists the /require posts and marks one handled, once a manager has followed it up', async () => {
    const posted = await t.post<{ id: number }>('/api/open/indexMsg/add', {
      name: '王老师',
      phone: '13912345678',
      content: '需要做一批锂电池正极材料的 XRD 与 SEM',
    });
    expect(posted.body.code).toBe(1);
    const manager = await staffOf('manager');
    const open = await t.post<{ list: { id: number; content: string; handled: boolean }[] }>(
      '/api/admin/require/list',
      { handled: false },
      manager.h,
    );
    const item = open.body.data.list.find((m) => m.content.includes('锂电池'))!;
    expect(item.handled).toBe(false);
    const handled = await t.post('/api/admin/require/handle', { id: item.id, note: '已电话联系' }, manager.h);
    expect(handled.body).toMatchObject({ code: 1, data: { handled: true, handled_note: '已电话联系' } });
    expect((await t.post('/api/admin/require/handle', { id: 999_999, note: '' }, manager.h)).body.msg).toBe(
      '留言不存在',
    );
    const done = await t.post<{ list: { id: number }[] }>(
      '/api/admin/require/list',
      { handled: true },
      manager.h,
    );
    expect(done.body.data.list.map((m) => m.id)).toContain(item.id);
    const technician = await staffOf('technician');
    expect((await t.post('/api/admin/require/list', {}, technician.h)).status).toBe(403);
  });
});
