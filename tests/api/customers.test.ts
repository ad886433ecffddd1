// The console's customers and their 专属顾问 (issue 33, finding 11; decision 0090): the list found by
// name, phone, organisation and PI, filtered, sorted on the server and paged without a count on every
// page; the customer's page under each role; advisors by hand (audited) and in turn for new
// institution and enterprise customers; the customer sees theirs, and the receipt SMS names them.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { customerHelpers } from '../support/customers.ts';
import { runJobs } from '../support/jobs.ts';
import { auditLog } from '#server/staff/tables.ts';
import { smsOutbox } from '#server/platform/db/platform-tables.ts';
import { users } from '#server/accounts/tables.ts';
import { PROFILE } from '../factories/users.ts';

const t = await setupApi();
const { o, staffOf } = customerHelpers(t);

type Row = {
  rid: string;
  name: string;
  phone: string;
  company: string;
  pi: string;
  advisor: { name: string } | null;
};
type Page = { list: Row[]; total: number | null; more: boolean };

/** A customer with a name, organisation and PI of its own (the others share the factory's). */
async function named(name: string, company: string, pi: string, organization = 0) {
  const u = await o.a.user();
  const h = o.a.bearer(u.token);
  const res = await t.post(
    '/api/auth/update4profile',
    {
      ...PROFILE,
      name,
      company,
      organization,
      email: `u${u.phone}@example.com`,
      ...(organization === 2
        ? { teacher: '', company_leader: pi || '刘总', company_leader_phone: '13800002222' }
        : { teacher: pi }),
    },
    h,
  );
  expect(res.body.code).toBe(1);
  const [row] = await t.services.db.select().from(users).where(eq(users.phone, u.phone));
  return { id: row.id, rid: row.rid, phone: u.phone, h };
}

describe('the customer list', () => {
  it('finds by name, phone, organisation and PI; filters by type and date; sorts and pages on the server', async () => {
    const admin = await o.staff();
    const list = (body: Record<string, unknown>) => t.post<Page>('/api/admin/customer/list', body, admin);
    const a = await named('欧阳澜', '中山大学化学学院', '区教授');
    const b = await named('欧阳青', '华南理工大学', '区教授');
    const c = await named('欧阳松', '广州某检测科技有限公司', '', 2);
    for (const q of ['欧阳澜', a.phone.slice(-6), '中山大学化学', '区教授']) {
      const found = await list({ q });
      expect(
        found.body.data.list.map((r) => r.rid),
        q,
      ).toContain(a.rid);
    }
    expect((await list({ q: '区教授' })).body.data.list.map((r) => r.rid).sort()).toEqual(
      [a.rid, b.rid].sort(),
    );
    expect((await list({ q: '欧阳', kind: 'enterprise' })).body.data.list.map((r) => r.rid)).toEqual([c.rid]);
    expect((await list({ q: '欧阳', kind: 'institution' })).body.data.total).toBe(2);
    // Registered dates: today (the test clock's) only, or none before it.
    const today = new Date(t.services.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ q: '欧阳', date_from: today, date_to: today })).body.data.total).toBe(3);
    expect((await list({ q: '欧阳', date_to: '2025-01-01' })).body.data.total).toBe(0);
    expect((await list({ q: '欧阳', date_from: today, date_to: '2025-01-01' })).body).toMatchObject({
      code: 0,
      msg: '开始日期不能晚于结束日期',
    });
    // Sorted by name both ways; paged one at a time: the total on the first page only.
    const asc = await list({ q: '欧阳', sort: 'name', dir: 'asc' });
    expect(asc.body.data.list.map((r) => r.name)).toEqual(['欧阳松', '欧阳澜', '欧阳青'].sort());
    const desc = await list({ q: '欧阳', sort: 'name', dir: 'desc' });
    expect(desc.body.data.list.map((r) => r.name)).toEqual(
      [...asc.body.data.list.map((r) => r.name)].reverse(),
    );
    const first = await list({ q: '欧阳', sort: 'name', size: 2 });
    expect(first.body.data).toMatchObject({ total: 3, more: true });
    const second = await list({ q: '欧阳', sort: 'name', size: 2, page: 2 });
    expect(second.body.data).toMatchObject({ total: null, more: false });
    expect([...first.body.data.list, ...second.body.data.list].map((r) => r.name)).toEqual(
      asc.body.data.list.map((r) => r.name),
    );
    // Staff accounts are not customers; a bad sort is refused in Chinese.
    expect((await list({ q: '13800000000' })).body.data.list).toEqual([]);
    expect((await list({ sort: 'password' })).body).toMatchObject({ code: 0, msg: '[排序]不正确' });
  });

  it('each role sees what its permissions allow', async () => {
    const who = await named('权限客户', '某大学', '某老师');
    for (const role of ['technician', 'editor'] as const) {
      const s = await staffOf(role);
      expect((await t.post('/api/admin/customer/list', {}, s.h)).status).toBe(403);
      expect((await t.post('/api/admin/customer/detail', { user_rid: who.rid }, s.h)).status).toBe(403);
    }
    const finance = await staffOf('finance');
    expect((await t.post('/api/admin/customer/detail', { user_rid: who.rid }, finance.h)).body).toMatchObject(
      {
        code: 1,
        data: { name: '权限客户', company: '某大学', teacher: '某老师', advisor: null },
      },
    );
    const manager = await staffOf('manager');
    expect(
      (
        await t.post(
          '/api/admin/customer/advisor',
          { user_rid: who.rid, advisor_rid: manager.rid },
          finance.h,
        )
      ).status,
    ).toBe(403);
    expect((await t.post('/api/admin/customer/rotation/save', { enabled: true }, manager.h)).status).toBe(
      403,
    );
    expect(
      (await t.post('/api/admin/customer/detail', { user_rid: 'unothere' }, finance.h)).body,
    ).toMatchObject({
      code: 0,
      msg: '客户不存在',
    });
  });
});

describe('advisors', () => {
  it('by hand: a business manager only, audited, kept in the history, shown to the customer', async () => {
    const admin = await o.staff();
    const who = await named('顾问客户', '复旦大学', '李老师');
    const zhang = await staffOf('manager', '张顾问');
    const wang = await staffOf('manager', '王顾问');
    const finance = await staffOf('finance', '钱财务');
    const assign = (advisor_rid: string, h = admin) =>
      t.post<{ advisor: { name: string } | null; assignments: { how: string; advisor: string }[] }>(
        '/api/admin/customer/advisor',
        { user_rid: who.rid, advisor_rid, note: '华南区' },
        h,
      );
    expect((await assign(finance.rid)).body).toMatchObject({ code: 0, msg: '专属顾问只能是业务经理' });
    expect((await assign('unothere')).body).toMatchObject({ code: 0, msg: '专属顾问只能是业务经理' });
    expect((await assign('')).body).toMatchObject({ code: 0, msg: '该客户尚未指定专属顾问' });
    const given = await assign(zhang.rid);
    expect(given.body).toMatchObject({
      code: 1,
      msg: '已指定专属顾问',
      data: { advisor: { name: '张顾问', current: true } },
    });
    expect((await assign(zhang.rid)).body).toMatchObject({ code: 0, msg: '该客户的专属顾问已是此人' });
    // A manager hands the customer on.
    const moved = await assign(wang.rid, zhang.h);
    expect(moved.body.data.assignments.map((x) => [x.how, x.advisor])).toEqual([
      ['hand', '王顾问'],
      ['hand', '张顾问'],
    ]);
    expect((await t.post('/api/auth/advisor/info', {}, who.h)).body.data).toEqual({
      name: '王顾问',
      phone: wang.phone,
    });
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'customer/advisor'),
          eq(auditLog.entityRid, who.rid),
          eq(auditLog.outcome, 'ok'),
        ),
      );
    expect(
      audited.map((x) => [
        (x.before as { advisor: string } | null)?.advisor ?? null,
        (x.after as { advisor: string }).advisor,
      ]),
    ).toEqual([
      [null, `张顾问（${zhang.phone}）`],
      [`张顾问（${zhang.phone}）`, `王顾问（${wang.phone}）`],
    ]);
    // 我的客户: Wang's list holds the customer, Zhang's no longer.
    const mine = (h: Record<string, string>) =>
      t.post<Page>('/api/admin/customer/list', { advisor: 'me' }, h);
    expect((await mine(wang.h)).body.data.list.map((r) => r.rid)).toEqual([who.rid]);
    expect((await mine(zhang.h)).body.data.list).toEqual([]);
    const byAdvisor = await t.post<Page>('/api/admin/customer/list', { advisor: wang.rid }, admin);
    expect(byAdvisor.body.data.list.map((r) => [r.rid, r.advisor?.name])).toEqual([[who.rid, '王顾问']]);
    // The staff order page and the receipt SMS name the advisor.
    const it = await o.demoItem(1);
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      who.h,
    );
    const rid = placed.body.data.list[0].rid;
    expect((await o.admin('order/detail', { rid })).body).toMatchObject({
      data: { advisor: { name: '王顾问', phone: wang.phone } },
    });
    await o.move('order/receive', { rid });
    await runJobs(t.services);
    const sms = await t.services.db.select().from(smsOutbox).where(eq(smsOutbox.phone, who.phone));
    expect(sms.map((m) => m.text).join('\n')).toContain(
      `您的专属顾问王顾问（${wang.phone}）将在2小时内与您电话联系`,
    );
    // Removed: the customer sees none again.
    expect((await assign('')).body).toMatchObject({
      code: 1,
      msg: '已取消专属顾问',
      data: { advisor: null },
    });
    expect((await t.post('/api/auth/advisor/info', {}, who.h)).body.data).toBeNull();
  });

  it('in turn for new institution and enterprise customers, when the rotation is on', async () => {
    const admin = await o.staff();
    const before = await o.customer('institution');
    expect((await t.post('/api/auth/advisor/info', {}, before.h)).body.data).toBeNull();
    const rotation = await t.post<{ enabled: boolean; managers: number }>(
      '/api/admin/customer/rotation/save',
      { enabled: true },
      admin,
    );
    expect(rotation.body).toMatchObject({ code: 1, msg: '已开启自动分配', data: { enabled: true } });
    const managers = rotation.body.data.managers;
    expect(managers).toBeGreaterThan(0);
    const seen = new Map<string, number>();
    for (let i = 0; i < managers * 2; i++) {
      const c = await o.customer(i % 2 ? 'enterprise' : 'institution');
      const mine = (await t.post<{ name: string; phone: string } | null>('/api/auth/advisor/info', {}, c.h))
        .body.data;
      expect(mine).not.toBeNull();
      seen.set(mine!.phone, (seen.get(mine!.phone) ?? 0) + 1);
      // The profile again: the same advisor, no second assignment.
      await t.post('/api/auth/update4profile', { ...PROFILE, organization: 3, email: 'x@example.com' }, c.h);
      const detail = await o.admin<{ assignments: unknown[] }>('customer/detail', { user_rid: c.rid });
      expect(detail.body.data.assignments).toHaveLength(1);
    }
    // Each business manager twice.
    expect([...seen.values()]).toEqual(Array(managers).fill(2));
    const individual = await o.customer('individual');
    expect((await t.post('/api/auth/advisor/info', {}, individual.h)).body.data).toBeNull();
    await t.post('/api/admin/customer/rotation/save', { enabled: false }, admin);
    expect(
      (await t.post('/api/auth/advisor/info', {}, (await o.customer('enterprise')).h)).body.data,
    ).toBeNull();
  });
});
