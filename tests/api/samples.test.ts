// Samples as records (issue 30, decision 0069): every 送样检测 order gets its samples when placed
// (a quote request when quoted), numbered across the order; old orders get theirs by a migration;
// the customer renames a sample until it is received and reads its trail, never another
// customer's; staff record custody events, each checked against the table of moves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { item } from '#server/catalogue/tables.ts';
import { orderItems, orders } from '#server/orders/tables.ts';
import { sampleEvents, samples } from '#server/samples/tables.ts';
import { auditLog } from '#server/staff/tables.ts';
import type { OrderDetail } from '#shared/orders/order.ts';
import type { OrderSample, SampleTrail } from '#shared/samples/responses.ts';
import { RENAME_REFUSED, SAMPLE_NOT_FOUND } from '#shared/samples/samples.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** Two on-sale 送样检测 items (not quote-only) with their required parameters filled in. */
async function labItems() {
  const rows = await t.services.db
    .select()
    .from(item)
    .where(and(eq(item.typeId, 1), eq(item.quoteOnly, false), eq(item.onSale, true)))
    .orderBy(asc(item.id))
    .limit(2);
  return rows.map((it) => ({
    item_rid: it.rid,
    parameters: Object.fromEntries(
      it.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
    ),
    min: it.options.sampleCount.min,
    max: it.options.sampleCount.max,
  }));
}

async function place(c: Customer, items: Record<string, unknown>[], delivery: unknown = { type: 0 }) {
  const res = await t.post<{ list: { rid: string; order_no: string; type_id: number }[] }>(
    '/api/auth/order/add',
    { items, delivery },
    c.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list;
}

const detail = async (c: Customer, rid: string) => {
  const res = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, c.h);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
};

const event = (body: Record<string, unknown>) => o.admin<OrderSample>('sample/event', body);

describe('samples are made with their order', () => {
  it('numbers the samples of a multi-item order across the order, in line order', async () => {
    const me = await o.customer();
    const [a, b] = await labItems();
    const [order] = await place(me, [
      { item_rid: a.item_rid, parameters: a.parameters, count: 2 },
      { item_rid: b.item_rid, parameters: b.parameters, count: 3 },
    ]);
    const d = await detail(me, order.rid);
    expect(d.samples.map((s) => [s.sample_no, s.item_rid, s.status, s.name])).toEqual([
      [`${order.order_no}-01`, a.item_rid, 'awaiting_post', '样品01'],
      [`${order.order_no}-02`, a.item_rid, 'awaiting_post', '样品02'],
      [`${order.order_no}-03`, b.item_rid, 'awaiting_post', '样品03'],
      [`${order.order_no}-04`, b.item_rid, 'awaiting_post', '样品04'],
      [`${order.order_no}-05`, b.item_rid, 'awaiting_post', '样品05'],
    ]);
    expect(d.samples[0]).toMatchObject({ events_count: 1, label_prints: 0, location: null, renamable: true });
    // Staff see the same list.
    const staff = await o.admin<OrderDetail>('order/detail', { rid: order.rid });
    expect(staff.body.data.samples.map((s) => s.sample_no)).toEqual(d.samples.map((s) => s.sample_no));
  });

  it('gives a stored sample of an earlier order the status 在库', async () => {
    // Source 0 needs a kept earlier order; the rule itself is the pure initialSampleStatus.
    const { initialSampleStatus } = await import('#shared/samples/samples.ts');
    expect(initialSampleStatus(0)).toBe('stored');
    expect([4, 1, 3, 2].map(initialSampleStatus)).toEqual(Array(4).fill('awaiting_post'));
  });

  it('gives data analysis none', async () => {
    const me = await o.customer();
    const it = await o.demoItem(3);
    const [order] = await place(me, [{ item_rid: it.rid, parameters: it.parameters }]);
    expect(order.type_id).toBe(3);
    expect((await detail(me, order.rid)).samples).toEqual([]);
  });

  it('gives a quote request its samples when it is quoted, once', async () => {
    const me = await o.customer();
    const [a] = await labItems();
    const res = await t.post<{ rid: string; order_no: string }>(
      '/api/auth/order/demand',
      {
        type_id: 1,
        item_rids: [a.item_rid],
        description: '请测定三个钢样的碳硫含量并给出报价。',
        sample_count: 3,
        sample_note: '',
        contact_name: '张老师',
        contact_phone: '13912345678',
      },
      me.h,
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    const { rid, order_no } = res.body.data;
    expect((await detail(me, rid)).samples).toEqual([]);
    await o.move('order/quote', { rid, quoted_fen: 30_000 });
    const quoted = await detail(me, rid);
    expect(quoted.samples.map((s) => s.sample_no)).toEqual([1, 2, 3].map((n) => `${order_no}-0${n}`));
    // A new quote makes no more.
    await o.move('order/quote', { rid, quoted_fen: 28_000 });
    expect((await detail(me, rid)).samples).toHaveLength(3);
  });

  it('moves posted samples to 运输中 with the courier and number from the courier form', async () => {
    const me = await o.customer();
    const [a] = await labItems();
    const [order] = await place(me, [{ item_rid: a.item_rid, parameters: a.parameters, count: 2 }]);
    const sent = await t.post(
      '/api/auth/order/updateExpress',
      { rid: order.rid, company: '顺丰', no: 'sf1234567' },
      me.h,
    );
    expect(sent.body).toMatchObject({ code: 1 });
    const d = await detail(me, order.rid);
    expect(d.samples.map((s) => s.status)).toEqual(['in_transit', 'in_transit']);
    const trail = await t.post<SampleTrail>('/api/auth/sample/trail', { rid: d.samples[0].rid }, me.h);
    expect(trail.body.data.events.map((e) => [e.kind, e.to, e.detail])).toEqual([
      ['created', 'awaiting_post', ''],
      ['posted', 'in_transit', '快递：顺丰 SF1234567'],
    ]);
  });
});

describe('the customer renames samples and reads their trail', () => {
  it('renames until the lab receives the sample, then refuses', async () => {
    const me = await o.customer();
    const [a] = await labItems();
    const [order] = await place(me, [{ item_rid: a.item_rid, parameters: a.parameters, count: 2 }]);
    const [s1] = (await detail(me, order.rid)).samples;
    const renamed = await t.post<OrderSample>(
      '/api/auth/sample/rename',
      { rid: s1.rid, name: ' 钢样 A ' },
      me.h,
    );
    expect(renamed.body).toMatchObject({ code: 1, data: { name: '钢样 A', events_count: 2 } });
    const blank = await t.post('/api/auth/sample/rename', { rid: s1.rid, name: ' ' }, me.h);
    expect(blank.body).toMatchObject({ code: 0, msg: '[样品名称]不能为空' });

    expect((await event({ rid: s1.rid, kind: 'received' })).body).toMatchObject({
      code: 1,
      data: { status: 'received', renamable: false },
    });
    const late = await t.post('/api/auth/sample/rename', { rid: s1.rid, name: '钢样 B' }, me.h);
    expect(late.body).toMatchObject({ code: 0, msg: RENAME_REFUSED });
    expect((await detail(me, order.rid)).samples[0].name).toBe('钢样 A');
  });

  it("never shows another customer's sample", async () => {
    const me = await o.customer();
    const other = await o.customer();
    const [a] = await labItems();
    const [order] = await place(me, [{ item_rid: a.item_rid, parameters: a.parameters }]);
    const [s] = (await detail(me, order.rid)).samples;
    for (const path of ['/api/auth/sample/trail', '/api/auth/sample/rename']) {
      const res = await t.post(path, { rid: s.rid, name: '偷看' }, other.h);
      expect(res.body).toMatchObject({ code: 0, msg: SAMPLE_NOT_FOUND, data: { error: 'NOT_FOUND' } });
    }
    expect((await t.post('/api/auth/sample/trail', { rid: 'Mnothere' }, me.h)).body).toMatchObject({
      code: 0,
      msg: SAMPLE_NOT_FOUND,
    });
    const [row] = await t.services.db.select().from(samples).where(eq(samples.rid, s.rid));
    expect(row.name).toBe('样品01');
  });
});

describe('staff record custody events', () => {
  it('walks a sample through storage and testing, with the particulars in its trail', async () => {
    const me = await o.customer();
    const [a] = await labItems();
    const [order] = await place(me, [{ item_rid: a.item_rid, parameters: a.parameters }]);
    const [s] = (await detail(me, order.rid)).samples;
    // Storing names a live location of the tree by its label code (decision 0072).
    const room = await o.admin<{ rid: string; code: string }>('sample/location/create', {
      kind: 'room',
      name: 'A 室',
    });
    const fridge = await o.admin<{ code: string }>('sample/location/create', {
      parent_rid: room.body.data.rid,
      kind: 'fridge',
      name: '冰箱 2',
    });
    const steps: [Record<string, unknown>, string][] = [
      [{ kind: 'received' }, 'received'],
      [{ kind: 'stored', location: fridge.body.data.code }, 'stored'],
      [{ kind: 'taken', technician: '李工', instrument: 'XRD-1' }, 'testing'],
      [{ kind: 'returned_to_storage' }, 'stored'],
      [{ kind: 'taken', technician: '李工', instrument: 'SEM-2' }, 'testing'],
      [{ kind: 'tested' }, 'tested'],
      [{ kind: 'returned', courier: '顺丰', number: 'SF998877' }, 'returned'],
    ];
    for (const [body, status] of steps) {
      const res = await event({ rid: s.rid, ...body });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, data: { status } });
    }
    const trail = await o.admin<SampleTrail>('sample/trail', { rid: s.rid });
    expect(trail.body.data.events).toHaveLength(8);
    expect(trail.body.data.events[2]).toMatchObject({ kind: 'stored', detail: '位置：A 室 › 冰箱 2' });
    expect(trail.body.data.events[3].detail).toBe('测试人员：李工；仪器：XRD-1');
    expect(trail.body.data.events[3].by).not.toBe('');
    // The customer sees the same steps, without staff names.
    const mine = await t.post<SampleTrail>('/api/auth/sample/trail', { rid: s.rid }, me.h);
    expect(mine.body.data.events.map((e) => e.by)).toEqual(Array(8).fill(''));
    // Returned: no location any more, and nothing moves it.
    expect(mine.body.data).toMatchObject({ status: 'returned', location: null });
    const after = await event({ rid: s.rid, kind: 'stored', location: room.body.data.code });
    expect(after.body).toMatchObject({ code: 0, msg: '样品已退回，不能再记录流转' });
  });

  it('refuses illegal moves and bad input with clear words, changing nothing', async () => {
    const me = await o.customer();
    const [a] = await labItems();
    const [order] = await place(me, [{ item_rid: a.item_rid, parameters: a.parameters }]);
    const [s] = (await detail(me, order.rid)).samples;
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'tested' }, '样品当前为「待寄送」，不能测试完成'],
      [{ kind: 'taken', technician: '李工', instrument: 'XRD' }, '样品当前为「待寄送」，不能取出测试'],
      [{ kind: 'stored' }, '[存放位置]不能为空'],
      [{ kind: 'abnormal', reason: 'lost' }, '[异常原因]不正确'],
      [{ kind: 'fly' }, '[事件类型]不正确'],
      [{ kind: 'returned', courier: '顺丰' }, '[快递单号]不能为空'],
    ];
    for (const [body, msg] of cases)
      expect((await event({ rid: s.rid, ...body })).body, JSON.stringify(body)).toMatchObject({
        code: 0,
        msg,
      });
    expect((await event({ rid: 'Mnothere', kind: 'received' })).body).toMatchObject({
      code: 0,
      msg: SAMPLE_NOT_FOUND,
    });
    const missing = await event({ rid: s.rid, kind: 'abnormal', reason: 'missing', note: '箱内未见' });
    expect(missing.body).toMatchObject({ code: 1, data: { status: 'abnormal' } });
    // Found again: received like any other.
    expect((await event({ rid: s.rid, kind: 'received' })).body).toMatchObject({
      code: 1,
      data: { status: 'received' },
    });
    const events = await t.services.db
      .select()
      .from(sampleEvents)
      .where(
        eq(
          sampleEvents.sampleId,
          (await t.services.db.select().from(samples).where(eq(samples.rid, s.rid)))[0].id,
        ),
      );
    expect(events.map((e) => e.kind)).toEqual(['created', 'abnormal', 'received']);
  });

  it('is audited and needs orders.process', async () => {
    const me = await o.customer();
    const [a] = await labItems();
    const [order] = await place(me, [{ item_rid: a.item_rid, parameters: a.parameters }]);
    const [s] = (await detail(me, order.rid)).samples;
    const finance = await o.anotherStaff('finance');
    const refused = await t.post('/api/admin/sample/event', { rid: s.rid, kind: 'received' }, finance);
    expect(refused.body.code).toBe(0);
    expect((await event({ rid: s.rid, kind: 'received' })).body.code).toBe(1);
    const logged = await t.services.db
      .select({ outcome: auditLog.outcome, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityRid, s.rid))
      .orderBy(auditLog.id);
    expect(logged.map((l) => l.outcome)).toEqual(['ok']);
    expect(logged[0]).toMatchObject({ before: { status: 'awaiting_post' }, after: { status: 'received' } });
  });
});

describe('the database keeps the custody trail', () => {
  async function oneSample() {
    const me = await o.customer();
    const [a] = await labItems();
    const [order] = await place(me, [{ item_rid: a.item_rid, parameters: a.parameters }]);
    const [row] = await t.services.db
      .select()
      .from(samples)
      .where(eq(samples.sampleNo, `${order.order_no}-01`));
    return row;
  }

  it('refuses a status change without its event', async () => {
    const s = await oneSample();
    await expect(
      t.services.db.execute(sql`update samples set status = 'disposed' where id = ${s.id}`),
    ).rejects.toThrow();
    // An event of another transaction does not count either.
    await t.services.db.insert(sampleEvents).values({
      sampleId: s.id,
      kind: 'received',
      fromStatus: 'awaiting_post',
      toStatus: 'received',
      actorKind: 'system',
      at: new Date(),
    });
    await expect(
      t.services.db.execute(sql`update samples set status = 'received' where id = ${s.id}`),
    ).rejects.toThrow();
    // Other fields change freely; with its event in the same transaction the status moves.
    await t.services.db.execute(sql`update samples set label_prints = label_prints + 1 where id = ${s.id}`);
    await t.services.db.transaction(async (tx) => {
      await tx.insert(sampleEvents).values({
        sampleId: s.id,
        kind: 'received',
        fromStatus: 'awaiting_post',
        toStatus: 'received',
        actorKind: 'system',
        at: new Date(),
      });
      await tx.execute(sql`update samples set status = 'received' where id = ${s.id}`);
    });
    const [after] = await t.services.db.select().from(samples).where(eq(samples.id, s.id));
    expect(after).toMatchObject({ status: 'received', labelPrints: 1 });
  });

  it('refuses to update, delete or truncate events, and to delete samples', async () => {
    const s = await oneSample();
    await expect(
      t.services.db.execute(sql`update sample_events set note = 'x' where sample_id = ${s.id}`),
    ).rejects.toThrow();
    await expect(
      t.services.db.execute(sql`delete from sample_events where sample_id = ${s.id}`),
    ).rejects.toThrow();
    await expect(t.services.db.execute(sql`truncate sample_events cascade`)).rejects.toThrow();
    await expect(t.services.db.execute(sql`delete from samples where id = ${s.id}`)).rejects.toThrow();
    const events = await t.services.db.select().from(sampleEvents).where(eq(sampleEvents.sampleId, s.id));
    expect(events.map((e) => e.note)).toEqual(['']);
  });

  it('refuses a sample without its created event', async () => {
    const s = await oneSample();
    await expect(
      t.services.db.transaction(async (tx) => {
        await tx.insert(samples).values({ ...s, id: undefined, rid: 'Mlonely', sampleNo: `${s.sampleNo}X` });
      }),
    ).rejects.toThrow();
  });
});

describe('the backfill migration', () => {
  it('gives old orders their samples from their counts, statuses from the order', async () => {
    const me = await o.customer();
    const [a, b] = await labItems();
    const now = new Date(t.services.now());
    const old = async (no: string, status: string, typeId = 1, demand: object | null = null) => {
      const [row] = await t.services.db
        .insert(orders)
        .values({
          rid: `o${no}`,
          orderNo: no,
          userId: me.id,
          typeId,
          status: status as never,
          customerKind: 'institution',
          payMode: 'after',
          amountFen: 100,
          delivery: { type: 0 } as never,
          demand: demand as never,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      for (const [it, count] of [
        [a, 2],
        [b, 1],
      ] as const)
        await t.services.db.insert(orderItems).values({
          orderId: row.id,
          itemRid: it.item_rid,
          name: '旧项目',
          priceFen: 50,
          unit: '样',
          sampleCount: count,
          parameters: {},
          source: 1,
          disposal: 0,
          lineFen: 50 * count,
        });
      return row;
    };
    const waiting = await old('LPOLD000001', 'awaiting_sample');
    const testing = await old('LPOLD000002', 'testing');
    const done = await old('LPOLD000003', 'completed');
    const cancelled = await old('LPOLD000004', 'cancelled');
    const analysis = await old('LPOLD000005', 'testing', 3);
    const request = await old('LPOLD000006', 'quoting', 1, { description: 'x' });

    const backfill = readFileSync('drizzle/0050_sample_backfill.sql', 'utf8');
    await t.services.db.transaction((tx) => tx.execute(sql.raw(backfill)).then(() => undefined));
    // Again: nothing more.
    await t.services.db.transaction((tx) => tx.execute(sql.raw(backfill)).then(() => undefined));

    const of = async (id: number) =>
      (
        await t.services.db.select().from(samples).where(eq(samples.orderId, id)).orderBy(samples.sampleNo)
      ).map((s) => [s.sampleNo, s.status]);
    expect(await of(waiting.id)).toEqual([
      ['LPOLD000001-01', 'awaiting_post'],
      ['LPOLD000001-02', 'awaiting_post'],
      ['LPOLD000001-03', 'awaiting_post'],
    ]);
    expect((await of(testing.id)).map((r) => r[1])).toEqual(['testing', 'testing', 'testing']);
    expect((await of(done.id)).map((r) => r[1])).toEqual(['tested', 'tested', 'tested']);
    for (const none of [cancelled, analysis, request]) expect(await of(none.id)).toEqual([]);
    // Each has its created event, so the trail starts where the sample did.
    const d = await detail(me, waiting.rid);
    expect(d.samples.map((s) => s.events_count)).toEqual([1, 1, 1]);
  });
});
