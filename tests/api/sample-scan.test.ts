// Scan to receive (issue 30, decision 0072): a scanned sample ID receives that sample, once; an
// unknown, malformed, duplicate or other-order code is refused with a Chinese message and changes
// nothing; a location scanned first stores the samples after it; closing the receipt with samples
// not scanned records 数量不符, marks them missing and tells the customer; the pickup screen's one
// click and the order page's buttons go through the same path.
import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PNG, type Customer } from '../support/orders.ts';
import { users } from '#server/accounts/tables.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { jobs } from '#server/platform/jobs-table.ts';
import { orderReceipts, orders } from '#server/orders/tables.ts';
import { sampleEvents, samples } from '#server/samples/tables.ts';
import { auditLog } from '#server/staff/tables.ts';
import type { Location } from '#shared/samples/locations.ts';
import type { SampleScan, ScanOrder } from '#shared/samples/scan.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** A self-delivered 送样检测 order of `count` samples (institution: it waits for samples at once). */
async function order(c: Customer, count: number, delivery: unknown = { type: 0 }) {
  const it = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; order_no: string; status: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count }], delivery },
    c.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  const [placed] = res.body.data.list;
  const nos = Array.from({ length: count }, (_, i) => `${placed.order_no}-${String(i + 1).padStart(2, '0')}`);
  return { ...placed, nos };
}

const scan = (body: Record<string, unknown>, h?: Record<string, string>) =>
  h ? t.post<SampleScan>('/api/admin/sample/scan', body, h) : o.admin<SampleScan>('sample/scan', body);

async function statuses(nos: string[]) {
  const rows = await t.services.db
    .select({ no: samples.sampleNo, status: samples.status, location: samples.locationLabel })
    .from(samples)
    .where(inArray(samples.sampleNo, nos))
    .orderBy(asc(samples.sampleNo));
  return rows;
}
const eventsOf = async (no: string) =>
  t.services.db
    .select({ kind: sampleEvents.kind, details: sampleEvents.details, actor: sampleEvents.actorName })
    .from(sampleEvents)
    .innerJoin(samples, eq(samples.id, sampleEvents.sampleId))
    .where(eq(samples.sampleNo, no))
    .orderBy(asc(sampleEvents.id));

const orderId = async (rid: string) =>
  (await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid)))[0]?.id;

async function staffOf(role: string) {
  const u = await o.a.user();
  expect((await o.admin('staff/save', { phone: u.phone, role })).body.code).toBe(1);
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  const { token } = await createSession(t.services, row.id, { ip: 'unknown', userAgent: '' }, 'staff');
  return o.a.bearer(token);
}

async function photoRid(rid: string) {
  const res = await o.upload('/api/admin/order/receipt/photo', await o.staff(), PNG, '样品.png', { rid });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.rid as string;
}

async function location(name: string): Promise<Location> {
  const res = await o.admin<Location>('sample/location/create', { kind: 'room', name });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
}

describe('scanning a sample ID', () => {
  it('receives the sample and answers it with its order and customer', async () => {
    const me = await o.customer();
    const placed = await order(me, 3);
    const res = await scan({ code: placed.nos[1] });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      code: 1,
      msg: '已签收',
      data: {
        outcome: 'received',
        code: placed.nos[1],
        sample: { sample_no: placed.nos[1], status: 'received', status_text: '已签收', events_count: 2 },
        order: {
          rid: placed.rid,
          order_no: placed.order_no,
          status: 'awaiting_sample',
          samples: 3,
          received: 1,
          missing: [placed.nos[0], placed.nos[2]],
          customer: { company: expect.any(String) },
        },
        location: null,
      },
    });
    expect(res.body.data.order!.customer.name).not.toBe('');
    // A scanner with Caps Lock on, and a trailing space, still reads the label.
    expect((await scan({ code: ` ${placed.nos[0].toLowerCase()} ` })).body.data).toMatchObject({
      code: placed.nos[0],
      order: { received: 2, missing: [placed.nos[2]] },
    });
    const events = await eventsOf(placed.nos[1]);
    expect(events.map((e) => e.kind)).toEqual(['created', 'received']);
    expect(events[1].actor).not.toBe('');
    // The scan is audited with the sample before and after, found by the code on its label.
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sample/scan'), eq(auditLog.entityRid, placed.nos[1])));
    expect(audit).toMatchObject({ outcome: 'ok', permission: 'orders.process' });
    expect(audit.before).toMatchObject({ status: 'awaiting_post' });
    expect(audit.after).toMatchObject({ status: 'received' });
  });

  it('refuses a duplicate scan, saying when and by whom, and changes nothing', async () => {
    const me = await o.customer();
    const placed = await order(me, 2);
    expect((await scan({ code: placed.nos[0] })).body.code).toBe(1);
    const again = await scan({ code: placed.nos[0] });
    expect(again.body).toMatchObject({ code: 0, data: { error: 'DUPLICATE' } });
    expect(again.body.msg).toMatch(
      new RegExp(
        `^样品「${placed.nos[0]}」已于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} 由 .+ 签收，无需重复扫描$`,
      ),
    );
    expect((await eventsOf(placed.nos[0])).map((e) => e.kind)).toEqual(['created', 'received']);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sample/scan'), eq(auditLog.outcome, 'refused')));
    expect(audit.message).toContain('无需重复扫描');
  });

  it('refuses unknown and malformed codes and a sample of another order than the one open', async () => {
    const me = await o.customer();
    const a = await order(me, 2);
    const b = await order(me, 1);
    expect((await scan({ code: `${a.order_no}-09` })).body).toMatchObject({
      code: 0,
      msg: `未找到样品「${a.order_no}-09」，请核对标签`,
      data: { error: 'NOT_FOUND' },
    });
    for (const code of ['hello world', 'ABC', `${a.order_no}_01`, 'LOC-12'])
      expect((await scan({ code })).body, code).toMatchObject({
        code: 0,
        msg: '无法识别的条码，请扫描样品标签或存储位置标签',
      });
    expect((await scan({ code: '' })).body).toMatchObject({ code: 0, msg: '[条码]不能为空' });
    expect((await scan({ code: 'LOC-ABCDEFGH' })).body).toMatchObject({
      code: 0,
      msg: '未找到该位置码对应的存储位置',
    });
    const other = await scan({ code: b.nos[0], order_rid: a.rid });
    expect(other.body).toMatchObject({
      code: 0,
      msg: `样品「${b.nos[0]}」属于订单 ${b.order_no}，不是当前签收的订单 ${a.order_no}`,
      data: { error: 'OTHER_ORDER' },
    });
    expect(await statuses([...a.nos, ...b.nos])).toEqual(
      [...a.nos, ...b.nos].sort().map((no) => ({ no, status: 'awaiting_post', location: null })),
    );
    // With its own order open it is received.
    expect((await scan({ code: a.nos[0], order_rid: a.rid })).body.code).toBe(1);
  });

  it('refuses a role without the receiving permission', async () => {
    const me = await o.customer();
    const placed = await order(me, 1);
    for (const role of ['finance', 'editor']) {
      const res = await scan({ code: placed.nos[0] }, await staffOf(role));
      expect(res.status, role).toBe(403);
      expect(res.body).toMatchObject({ code: 0, msg: '您的角色无权执行该操作' });
    }
    expect((await scan({ code: placed.nos[0] }, await staffOf('technician'))).body.code).toBe(1);
    expect(await statuses(placed.nos)).toMatchObject([{ status: 'received' }]);
  });
});

describe('a location scanned first', () => {
  it('stores the following samples there, receiving them on the way, with the path and id', async () => {
    const me = await o.customer();
    const placed = await order(me, 3);
    const room = await location('样品室 A');
    const fridge = await o.admin<Location>('sample/location/create', {
      parent_rid: room.rid,
      kind: 'fridge',
      name: '4 ℃ 冰箱',
    });
    const loc = fridge.body.data;
    const picked = await scan({ code: loc.code.toLowerCase() });
    expect(picked.body).toMatchObject({
      code: 1,
      msg: '已选择存储位置',
      data: { outcome: 'location', location: { rid: loc.rid, path_text: '样品室 A › 4 ℃ 冰箱' } },
    });
    // One received first by a plain scan, one straight from the box: both end up stored there.
    expect((await scan({ code: placed.nos[0] })).body.code).toBe(1);
    for (const no of placed.nos.slice(0, 2)) {
      const res = await scan({ code: no, location_code: loc.code, order_rid: placed.rid });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({
        code: 1,
        msg: '已签收入库',
        data: { outcome: 'stored', sample: { status: 'stored', location: '样品室 A › 4 ℃ 冰箱' } },
      });
    }
    expect((await eventsOf(placed.nos[1])).map((e) => e.kind)).toEqual(['created', 'received', 'stored']);
    const [stored] = (await eventsOf(placed.nos[1])).filter((e) => e.kind === 'stored');
    expect(stored.details).toMatchObject({
      location: '样品室 A › 4 ℃ 冰箱',
      location_id: expect.any(Number),
    });
    // Again at the same place: a duplicate that changes nothing.
    const again = await scan({ code: placed.nos[1], location_code: loc.code });
    expect(again.body).toMatchObject({
      code: 0,
      msg: `样品「${placed.nos[1]}」已存放在「样品室 A › 4 ℃ 冰箱」`,
    });
    // The location counts what it holds.
    const tree = await t.get<{ list: Location[] }>('/api/admin/sample/location/tree', await o.staff());
    expect(tree.body.data.list.find((l) => l.rid === loc.rid)!.samples).toBe(2);
    // An archived location still scans but takes nothing new.
    await o.admin('sample/location/archive', { rid: loc.rid });
    expect((await scan({ code: loc.code })).body).toMatchObject({
      code: 0,
      msg: '该存储位置已归档，不能再存放样品',
    });
    expect((await scan({ code: placed.nos[2], location_code: loc.code })).body.msg).toBe(
      '该存储位置已归档，不能再存放样品',
    );
    expect(await statuses([placed.nos[2]])).toMatchObject([{ status: 'awaiting_post' }]);
  });

  it('the 登记流转 dialog stores only at a live location of the tree, by code or id', async () => {
    const me = await o.customer();
    const placed = await order(me, 1);
    expect((await scan({ code: placed.nos[0] })).body.code).toBe(1);
    const [row] = await t.services.db.select().from(samples).where(eq(samples.sampleNo, placed.nos[0]));
    const event = (body: Record<string, unknown>) =>
      o.admin('sample/event', { rid: row.rid, kind: 'stored', ...body });
    expect((await event({ location: '随便哪里' })).body).toMatchObject({
      code: 0,
      msg: '未找到该位置码对应的存储位置',
    });
    expect((await event({ location: 'x', location_id: 999999 })).body.msg).toBe(
      '未找到该位置码对应的存储位置',
    );
    const room = await location('留样间');
    const ok = await event({ location: room.code });
    expect(ok.body).toMatchObject({ code: 1, data: { status: 'stored', location: '留样间' } });
  });
});

describe('closing the receipt', () => {
  it('with samples not scanned: 数量不符, the missing IDs abnormal, the customer told which', async () => {
    const me = await o.customer();
    const placed = await order(me, 4);
    for (const no of [placed.nos[0], placed.nos[2]]) expect((await scan({ code: no })).body.code).toBe(1);
    const panel = await o.admin<ScanOrder>('sample/receipt', { rid: placed.rid });
    expect(panel.body.data).toMatchObject({
      samples: 4,
      received: 2,
      missing: [placed.nos[1], placed.nos[3]],
    });
    const res = await o.admin('order/receive', {
      rid: placed.rid,
      note: '',
      samples: 'scanned',
      receipt: { count: 4, condition: 'intact', photo_rids: [await photoRid(placed.rid)] },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, data: { status: 'received' } });
    const missing = `未收到样品：${placed.nos[1]}、${placed.nos[3]}`;
    const [mine] = await t.services.db
      .select()
      .from(orderReceipts)
      .where(eq(orderReceipts.orderId, (await orderId(placed.rid))!));
    expect(mine).toMatchObject({
      count: 2,
      condition: 'count_mismatch',
      conditionNote: missing,
      outcome: 'received',
    });
    expect((await statuses(placed.nos)).map((s) => s.status)).toEqual([
      'received',
      'abnormal',
      'received',
      'abnormal',
    ]);
    expect((await eventsOf(placed.nos[1])).at(-1)).toMatchObject({
      kind: 'abnormal',
      details: { reason: 'missing' },
    });
    // The customer's inbox gets the list; the order's timeline and receipt say it too.
    const notices = (await t.services.db.select().from(jobs).where(eq(jobs.kind, 'notify')))
      .map((j) => j.payload as { userId: number; title?: string; text?: string })
      .filter((p) => p.userId === me.id && p.title === '样品数量不符');
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toBe(
      `您的订单${placed.order_no}已签收 2/4 个样品，${missing}。请核对后联系业务经理补寄。`,
    );
    const d = await t.post<{ receipts: { text?: string; condition_text?: string }[] }>(
      '/api/auth/order/detail',
      { rid: placed.rid },
      me.h,
    );
    expect(JSON.stringify(d.body.data)).toContain(missing);
    // A missing sample that turns up later is received by scanning it.
    expect((await scan({ code: placed.nos[1] })).body.data).toMatchObject({
      sample: { status: 'received' },
      order: { received: 3, missing: [placed.nos[3]] },
    });
  });

  it('the pickup screen one click receives every sample of the order', async () => {
    const me = await o.customer();
    const placed = await order(me, 3, await o.pickup());
    expect(placed.status).toBe('awaiting_pickup');
    expect((await scan({ code: placed.nos[0] })).body.code).toBe(1);
    const res = await o.admin('pickup/receive', { rid: placed.rid });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, data: { status: 'received' } });
    expect((await statuses(placed.nos)).map((s) => s.status)).toEqual(['received', 'received', 'received']);
    expect((await eventsOf(placed.nos[0])).map((e) => e.kind)).toEqual(['created', 'received']);
  });

  it('the order page 确认收样 receives all; 拒收样品 sends the received ones back as 异常 (拒收)', async () => {
    const me = await o.customer();
    const placed = await order(me, 2);
    expect((await scan({ code: placed.nos[0] })).body.code).toBe(1);
    const refused = await o.admin('order/reject', { rid: placed.rid, reason: '标签脱落' });
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 1 });
    expect((await statuses(placed.nos)).map((s) => s.status)).toEqual(['abnormal', 'awaiting_post']);
    expect((await eventsOf(placed.nos[0])).at(-1)).toMatchObject({
      kind: 'abnormal',
      details: { reason: 'rejected' },
    });
    const received = await o.admin('order/receive', {
      rid: placed.rid,
      note: '',
      receipt: { count: 2, condition: 'intact', photo_rids: [await photoRid(placed.rid)] },
    });
    expect(received.body, JSON.stringify(received.body)).toMatchObject({
      code: 1,
      data: { status: 'received' },
    });
    expect((await statuses(placed.nos)).map((s) => s.status)).toEqual(['received', 'received']);
  });

  it('a cancelled order takes no scans', async () => {
    const me = await o.customer();
    const placed = await order(me, 1);
    expect((await t.post('/api/auth/order/cancel', { rid: placed.rid }, me.h)).body.code).toBe(1);
    expect((await scan({ code: placed.nos[0] })).body).toMatchObject({
      code: 0,
      msg: '该订单已取消，不能签收样品',
    });
  });
});
