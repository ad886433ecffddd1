// Issue 28 item 28: every timeline entry in Chinese (no raw action such as `picked`, no doubled
// 支付 after a channel's name), and the console's timeline names the staff member of each step.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { users } from '#server/accounts/tables.ts';
import { DEMO_STAFF_PHONE } from '#server/staff/index.ts';
import { eventText } from '#shared/orders/order-view.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Event = { action: string; actor: string; note: string; by?: string };
type Detail = { status: string; timeline: Event[] };

const hasLatin = (text: string) => /[A-Za-z_]/.test(text);

describe('the order timeline in words', () => {
  it('names a pickup and an online payment in Chinese, and the console says which staff member acted', async () => {
    const me = await o.customer('institution');
    const it = await o.demoItem(1);
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: await o.pickup() },
      me.h,
    );
    const { rid } = placed.body.data.list[0];
    // The courier collects it (a staff mark on the timeline), the lab takes it in.
    expect((await o.admin('pickup/picked', { rid })).body).toMatchObject({ code: 1 });
    await o.move('order/receive', { rid });

    const mine = (await t.post<Detail>('/api/auth/order/detail', { rid }, me.h)).body.data;
    expect(mine.timeline.map((e) => e.action)).toContain('picked');
    for (const e of mine.timeline) expect(hasLatin(eventText(e.action)), e.action).toBe(false);
    expect(eventText('picked')).toBe('上门取样');
    // The customer's view names nobody on the staff.
    expect(mine.timeline.every((e) => !('by' in e))).toBe(true);

    await t.services.db.update(users).set({ name: '王取样' }).where(eq(users.phone, DEMO_STAFF_PHONE));
    const staff = (await o.admin<Detail>('order/detail', { rid })).body.data;
    const staffSteps = staff.timeline.filter((e) => e.actor === 'staff');
    expect(staffSteps.map((e) => [e.action, e.by])).toEqual([
      ['picked', '王取样'],
      ['receive', '王取样'],
    ]);
    expect(staff.timeline.find((e) => e.action === 'create')?.by).toBe('');
  });

  it('writes an online payment as 微信支付, not 微信支付支付', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 12_300);
    const payment = await t.post<{ trade_no: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay' },
      me.h,
    );
    const settled = await t.post<{ result: string }>('/api/dev/pay/confirm', {
      trade_no: payment.body.data.trade_no,
      action: 'pay',
    });
    expect(settled.body.data.result).toBe('settled');
    const detail = (await t.post<Detail>('/api/auth/order/detail', { rid }, me.h)).body.data;
    const pay = detail.timeline.find((e) => e.action === 'pay');
    expect(pay?.note).toBe('微信支付 123.00 元');
    expect(eventText('pay')).toBe('支付');
  });
});
