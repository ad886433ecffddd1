import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { mailOutbox } from '#server/platform/db/platform-tables.ts';
import { userMessages } from '#server/notify/tables.ts';
import { smsOutbox } from '#server/platform/db/platform-tables.ts';
import { notifications, runJobs, startWorker } from '../support/jobs.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function unsettledOrder() {
  const me = await o.customer('institution');
  const it1 = await o.demoItem(1);
  const placed = await t.post<{ list: { rid: string; amount_fen: number }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
    me.h,
  );
  const { rid, amount_fen } = placed.body.data.list[0];
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  await o.move('order/bill', { rid });
  return { me, rid, amount: amount_fen };
}

describe('paying one order twenty times at once', () => {
  it('debits exactly once; every other request is told the order is paid', async () => {
    const { me, rid, amount } = await unsettledOrder();
    await o.credit(me.rid, amount * 3);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.post('/api/auth/web/order/pay', { rid }, me.h)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const okCount = results.filter((r) => r.body.code === 1).length;
    expect(okCount).toBe(1);
    expect(results.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(
      Array(19).fill('订单已支付，请勿重复支付'),
    );
    expect(await movements(t.services, me.id, 'payment')).toHaveLength(1);
    expect((await wallet(t.services, me.id)).cash).toBe(amount * 2);
    await expectLedgerSound(t.services);
  });

  it('keeps the balance right when credits and payments of one user interleave', async () => {
    const first = await unsettledOrder();
    const second = await placeMore(first.me);
    await o.credit(first.me.rid, first.amount + second.amount);
    const calls = await Promise.all([
      t.post('/api/auth/web/order/pay', { rid: first.rid }, first.me.h),
      t.post('/api/auth/web/order/pay', { rid: second.rid }, first.me.h),
      o.credit(first.me.rid, 1, 'same-key'),
      o.credit(first.me.rid, 1, 'same-key'),
    ]);
    expect(calls.slice(0, 2).map((c) => (c as { body: { code: number } }).body.code)).toEqual([1, 1]);
    expect((await wallet(t.services, first.me.id)).cash).toBe(1);
    await expectLedgerSound(t.services);
  });
});

async function placeMore(me: { h: Record<string, string> }) {
  const it3 = await o.demoItem(3);
  const placed = await t.post<{ list: { rid: string; amount_fen: number }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it3.rid, parameters: it3.parameters }], delivery: { type: 0 } },
    me.h,
  );
  const { rid, amount_fen } = placed.body.data.list[0];
  for (const step of ['receive', 'start']) await o.move(`order/${step}`, { rid });
  await o.release(rid);
  await o.move('order/bill', { rid });
  return { rid, amount: amount_fen };
}

describe('notifications', () => {
  it('are sent once per transition and channel, with two workers running at once', async () => {
    const { me } = await unsettledOrder();
    // labels when placed (email+inbox), received (sms+inbox), delivered (sms+email+inbox), billed (sms+inbox)
    const queued = await notifications(t.services, { userId: me.id });
    expect(queued).toHaveLength(9);
    await Promise.all([
      runJobs(t.services, 2),
      runJobs(t.services, 2),
      runJobs(t.services),
      runJobs(t.services),
    ]);
    await Promise.all([runJobs(t.services), runJobs(t.services)]);
    const rows = await notifications(t.services, { userId: me.id });
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    const sms = await t.services.db.select().from(smsOutbox).where(eq(smsOutbox.phone, me.phone));
    expect(sms.filter((m) => m.text.includes('订单'))).toHaveLength(3);
    const mail = await t.services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `u${me.phone}@example.com`));
    expect(mail).toHaveLength(2);
    const inbox = await t.services.db.select().from(userMessages).where(eq(userMessages.userId, me.id));
    expect(inbox).toHaveLength(4);
  });

  it('retries a failed send later with back-off, then sends it', async () => {
    const { me } = await unsettledOrder();
    const realSms = t.services.sms;
    t.services.sms = { kind: 'log', send: async () => Promise.reject(new Error('gateway down')) };
    const warn = console.warn;
    console.warn = () => {};
    try {
      await runJobs(t.services);
    } finally {
      console.warn = warn;
      t.services.sms = realSms;
    }
    const pending = await notifications(t.services, { userId: me.id, channel: 'sms' });
    expect(
      pending.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError === 'gateway down'),
    ).toBe(true);
    expect(await runJobs(t.services)).toBe(0); // not due yet
    o.a.advance(6_000);
    expect(await runJobs(t.services)).toBe(3);
  });

  it('runs as a stoppable worker loop', async () => {
    const { me } = await unsettledOrder();
    const a = startWorker(t.services, 10);
    const b = startWorker(t.services, 10);
    for (let i = 0; i < 200; i++) {
      const left = (await notifications(t.services, { userId: me.id })).filter((n) => n.status !== 'done');
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all([a.stop(), b.stop()]);
    const inbox = await t.services.db.select().from(userMessages).where(eq(userMessages.userId, me.id));
    expect(inbox).toHaveLength(4); // with the labels notice of the placed order
  });
});
