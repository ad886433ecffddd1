// Decision 0095: a customer's and an instrument's own history on their pages, from the audit log —
// who, which step, 字段: 旧 → 新 in Chinese — each read only by the roles that read that page.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import { customerHelpers } from '../support/customers.ts';

const t = await setupApi();
const r = reservationHelpers(t);
const { staffOf } = customerHelpers(t);

type Change = { field: string; label: string; before: string; after: string };
type History = { list: { by: string; action_text: string; changes: Change[]; note: string }[] };
const history = async (path: 'customer/history' | 'device/history', rid: string) => {
  const res = await r.admin<History>(path, { rid });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list;
};
const ok = async (path: string, body: Record<string, unknown>) => {
  const res = await r.admin(path, body);
  expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
  return res;
};

describe("an instrument's and a customer's history", () => {
  it('an instrument reads its edits, 下架, opening hours, blocks and authorisations, naming the person', async () => {
    const d = await r.device();
    const me = await r.customer();
    await ok('device/edit', { rid: d.rid, on_sale: false });
    await ok('device/edit', {
      rid: d.rid,
      booking_rules: { open: '09:00', close: '17:00', closed_weekdays: [0, 6], cancel_hours: 12 },
    });
    const day = r.nextMonday();
    await ok('block/add', {
      kind: 'maintenance',
      device_rid: d.rid,
      start: `${day}T10:00:00+08:00`,
      end: `${day}T12:00:00+08:00`,
      reason: '年检',
    });
    await ok('device/authorization/grant', { device_rid: d.rid, user_rid: me.rid, note: '上机培训' });

    const list = await history('device/history', d.rid);
    expect(list.map((h) => h.action_text)).toEqual([
      '授权客户使用仪器',
      '添加不可预约时段',
      '编辑仪器',
      '编辑仪器',
      '添加仪器',
    ]);
    const [grant, block, hours, off, added] = list;
    expect(new Set(list.map((h) => h.by))).toEqual(new Set(['演示业务经理']));
    expect(off.changes).toEqual([{ field: 'onSale', label: '上架', before: '是', after: '否' }]);
    expect(hours.changes).toEqual([
      {
        field: 'bookingRules',
        label: '开放时间与取消期限',
        before: '使用统一设置',
        after: '周一至周五 09:00–17:00，开始前 12 小时截止取消',
      },
    ]);
    expect(block.note).toBe('年检');
    expect(block.changes).toEqual([
      { field: 'block', label: '封锁时段', before: '—', after: `维护：${day} 10:00 至 ${day} 12:00` },
    ]);
    expect(grant.note).toBe('上机培训');
    expect(grant.changes).toEqual([
      { field: 'authorization', label: '仪器授权', before: '—', after: `${d.name} · 张三（${me.phone}）` },
    ]);
    expect(added.changes).toContainEqual({ field: 'name', label: '名称', before: '—', after: d.name });
    expect(added.changes).toContainEqual({
      field: 'priceUnit',
      label: '计价单位',
      before: '—',
      after: '按小时',
    });

    // The customer's page shows the authorisation too, and its withdrawal.
    await ok('device/authorization/revoke', { device_rid: d.rid, user_rid: me.rid });
    const mine = await history('customer/history', me.rid);
    expect(mine.map((h) => [h.action_text, h.changes])).toEqual([
      [
        '取消客户的仪器授权',
        [
          {
            field: 'authorization',
            label: '仪器授权',
            before: `${d.name} · 张三（${me.phone}）`,
            after: '—',
          },
        ],
      ],
      ['授权客户使用仪器', grant.changes],
    ]);
    // An instrument's history is only an instrument's: a customer's id answers nothing.
    expect(await history('device/history', me.rid)).toEqual([]);
  });

  it('a customer reads the advisor given, a manual credit and a credit line, naming the person', async () => {
    const me = await r.customer('enterprise');
    const zhang = await staffOf('manager', '张顾问');
    await ok('customer/advisor', { user_rid: me.rid, advisor_rid: zhang.rid, note: '新客户' });
    await ok('balance/credit', {
      user_rid: me.rid,
      amount_fen: 12_300,
      idempotency_key: 'history-1',
      note: '线下转账到账',
    });
    await t.post(
      '/api/auth/creditApply/operate',
      { action: 'apply', amount_fen: 500_000, reason: '科研项目' },
      me.h,
    );
    const apps = await r.admin<{ list: { rid: string; customer: { rid: string } }[] }>('credit/list', {
      status: 'reviewing',
    });
    const app = apps.body.data.list.find((a) => a.customer.rid === me.rid)!;
    await ok('credit/approve', { rid: app.rid, limit_fen: 300_000, due_days: 30 });

    const list = await history('customer/history', me.rid);
    expect(list.map((h) => h.action_text)).toEqual(['开通信用额度', '人工充值', '指定或取消专属顾问']);
    const [credit, manual, advisor] = list;
    expect(advisor.by).toBe('演示业务经理');
    expect(advisor.changes).toContainEqual({
      field: 'advisor',
      label: '专属顾问',
      before: '—',
      after: `张顾问（${zhang.phone}）`,
    });
    expect(manual.note).toBe('线下转账到账');
    expect(manual.changes).toEqual([{ field: 'amount_fen', label: '金额', before: '', after: '¥123.00' }]);
    expect(credit.changes).toContainEqual({
      field: 'status',
      label: '状态',
      before: '审核中',
      after: '已开通',
    });
    expect(credit.changes).toContainEqual({
      field: 'limitFen',
      label: '额度',
      before: '—',
      after: '¥3000.00',
    });
    expect(credit.changes.map((c) => c.field)).not.toContain('reviewerId');
    // Only a customer's: another kind of id answers nothing.
    expect(await history('customer/history', 'oNothing')).toEqual([]);
  });

  it('only the roles that read the page read its history', async () => {
    const editor = await staffOf('editor');
    const technician = await staffOf('technician');
    // Editors do not open customers; technicians read instruments but not customers.
    const customer = await t.post('/api/admin/customer/history', { rid: 'uNothing' }, editor.h);
    expect(customer).toMatchObject({ status: 403, body: { code: 0, msg: '您的角色无权执行该操作' } });
    expect((await t.post('/api/admin/customer/history', { rid: 'uNothing' }, technician.h)).status).toBe(403);
    const device = await t.post<History>('/api/admin/device/history', { rid: 'dNothing' }, technician.h);
    expect(device.body).toMatchObject({ code: 1, data: { list: [] } });
    const finance = await staffOf('finance');
    expect((await t.post('/api/admin/device/history', { rid: 'dNothing' }, finance.h)).status).toBe(403);
  });
});
