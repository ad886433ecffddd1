// Decision 0086: the audit log reads as words — each call by its Chinese name, the record it is
// about named (a staff member too), each change as 字段: 旧 → 新 — and an order and an item show
// their own history to those who may read them.
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { apiRoutes } from '#server/platform/http/openapi.ts';
import { auditedRecords } from '#server/audited-records.ts';
import { auditCallsOf } from '#server/staff/index.ts';
import { FIELD_TEXT } from '#shared/staff/audit-fields.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Change = { field: string; label: string; before: string; after: string };
type Entry = {
  action: string;
  action_text: string;
  entity_rid: string | null;
  entity_text: string;
  changes: Change[];
};
type History = { list: { by: string; action_text: string; changes: Change[]; note: string }[] };

const audit = async (filter: Record<string, unknown>) =>
  (await o.admin<{ list: Entry[] }>('audit/list', filter)).body.data.list;

describe('the audit log in words', () => {
  it('every stored field of every audited record has a Chinese name', () => {
    const tables = new Set([
      ...Object.values(auditedRecords.byPrefix).map((r) => r.table),
      ...Object.values(auditedRecords.byRecord).flatMap((r) => ('table' in r ? [r.table] : [])),
    ]);
    const missing = [...tables].flatMap((table) =>
      Object.keys(getTableColumns(table)).filter((column) => !FIELD_TEXT[column]),
    );
    expect(missing).toEqual([]);
  });

  it('every staff call has a Chinese name', () => {
    const calls = auditCallsOf(apiRoutes(t.api));
    expect(calls.size).toBeGreaterThan(100);
    const unnamed = [...calls].filter(([, c]) => !/[\u4e00-\u9fff]/.test(c.text)).map(([a]) => a);
    expect(unnamed).toEqual([]);
  });

  it('names the staff member a role change was about, and the role before and after', async () => {
    const person = await o.a.user();
    const res = await o.admin('staff/save', { phone: person.phone, role: 'manager' });
    expect(res.body).toMatchObject({ code: 1 });
    expect((await o.admin('staff/save', { phone: person.phone, role: null })).body).toMatchObject({
      code: 1,
    });

    const [removed, added] = await audit({ action: 'staff/save' });
    expect(removed.action_text).toBe('设置或取消员工角色');
    expect(removed.entity_rid).toMatch(/^u/);
    expect(removed.entity_text).toBe(`员工 ${person.phone}`);
    expect(removed.changes).toEqual([{ field: 'role', label: '角色', before: '业务经理', after: '—' }]);
    expect(added.changes).toEqual([{ field: 'role', label: '角色', before: '—', after: '业务经理' }]);
    // Found by a part of the call's Chinese name as well as by its path.
    expect((await audit({ action: '员工角色' })).map((e) => e.action)).toContain('staff/save');
  });

  it("an order's page reads its history: who quoted it, the status and amount before and after", async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 56_700);
    await o.move('order/cancel', { rid, reason: '客户要求取消' });

    const history = (await o.admin<History>('order/history', { rid })).body.data.list;
    expect(history.map((h) => h.action_text)).toEqual(['取消订单', '报价']);
    const [cancel, quote] = history;
    expect(quote.by).toBe('演示业务经理');
    expect(quote.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', label: '状态', before: '待报价', after: '待付款' },
        { field: 'quotedFen', label: '报价金额', before: '—', after: '¥567.00' },
      ]),
    );
    expect(cancel.note).toBe('客户要求取消');
    expect(cancel.changes).toContainEqual({
      field: 'status',
      label: '状态',
      before: '待付款',
      after: '已取消',
    });
    // The audit list names the order by its number.
    const [entry] = await audit({ entity_rid: rid });
    expect(entry.entity_text).toMatch(/^订单 \S+/);
    expect(entry.entity_text).not.toContain(rid);
    // Only orders: another record's id answers nothing through the order's history.
    const other = (await o.admin<History>('order/history', { rid: me.rid })).body;
    expect(other).toMatchObject({ code: 1, data: { list: [] } });
  });

  it("an item's editor reads its price history", async () => {
    const it0 = await o.demoItem(1, false, 1);
    const edited = await o.admin('catalogue/item/edit', { rid: it0.rid, price_fen: it0.price + 10_000 });
    expect(edited.body).toMatchObject({ code: 1 });
    const history = (await o.admin<History>('catalogue/item/history', { rid: it0.rid })).body.data.list;
    expect(history[0].action_text).toBe('编辑检测项目');
    expect(history[0].changes).toContainEqual({
      field: 'priceFen',
      label: '价格',
      before: `¥${(it0.price / 100).toFixed(2)}`,
      after: `¥${((it0.price + 10_000) / 100).toFixed(2)}`,
    });
  });

  it('a role that may not read orders does not read their history', async () => {
    const editor = await o.anotherStaff('editor');
    const res = await t.post('/api/admin/order/history', { rid: 'oNothing' }, editor);
    expect(res.status).toBe(403);
  });
});
