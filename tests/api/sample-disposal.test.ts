// Retention, return and disposal of samples (issue 30, decision 0073): each sample's last day kept
// follows its line's choice on the lab's working calendar; the customer hears 3 working days
// ahead, once, and may ask for the sample back instead; a disposal is refused before its date,
// while the sample is tested, without a second staff member or with the same one twice, and is
// otherwise a 'disposed' custody event with method, reason and witness, audited.
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { PASSWORD } from '../support/accounts.ts';
import { notifications } from '../support/jobs.ts';
import { item } from '#server/catalogue/tables.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { orderEvents } from '#server/orders/tables.ts';
import { sampleEvents, samples } from '#server/samples/tables.ts';
import { auditLog } from '#server/staff/tables.ts';
import { runDisposalJob } from '#server/samples/disposal-jobs.ts';
import { DEMO_STAFF_PHONE } from '#server/staff/index.ts';
import { addWorkingDays, isWorkingDay } from '#shared/calendar/working-days.ts';
import { DISPOSAL_REFUSED, disposableFrom, noticeDate, retainUntil } from '#shared/samples/disposal.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';
import type { OrderDetail } from '#shared/orders/order.ts';
import type { OrderSample, SampleTrail } from '#shared/samples/responses.ts';
import type { DisposalRow, DisposedMany } from '#shared/samples/disposal.ts';

const t = await setupApi();
const o = orderHelpers(t);
const HOUR = 3600_000;

async function labItem() {
  const [it] = await t.services.db
    .select()
    .from(item)
    .where(and(eq(item.typeId, 1), eq(item.quoteOnly, false), eq(item.onSale, true)))
    .orderBy(asc(item.id))
    .limit(1);
  return {
    item_rid: it.rid,
    parameters: Object.fromEntries(
      it.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
    ),
  };
}

/** An order of `count` samples with one retention choice: its samples. */
async function order(c: Customer, disposal: number, count = 2) {
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ ...(await labItem()), count, disposal }], delivery: { type: 0 } },
    c.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

const detail = async (c: Customer, rid: string) => {
  const res = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, c.h);
  expect(res.body.code).toBe(1);
  return res.body.data.samples;
};

const event = async (body: Record<string, unknown>) => {
  const res = await o.admin<OrderSample>('sample/event', body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
};

/** A fridge of the storage tree (made once): its label code. */
let fridgeCode: string | undefined;
async function fridge() {
  if (!fridgeCode) {
    const room = await o.admin<{ rid: string }>('sample/location/create', { kind: 'room', name: 'A 室' });
    const made = await o.admin<{ code: string }>('sample/location/create', {
      parent_rid: room.body.data.rid,
      kind: 'fridge',
      name: '冰箱 1',
    });
    fridgeCode = made.body.data.code;
  }
  return fridgeCode;
}

/** Receives, stores, tests a sample to its end: answers it as then. */
async function test(rid: string) {
  await event({ rid, kind: 'received' });
  await event({ rid, kind: 'stored', location: await fridge() });
  await event({ rid, kind: 'taken', technician: '李工', instrument: 'XRD-1' });
  return event({ rid, kind: 'tested' });
}

/** A second staff member (a technician) who can witness: their phone. */
async function witness(role = 'technician') {
  const u = await o.a.user();
  expect((await o.admin('staff/save', { phone: u.phone, role })).body.code).toBe(1);
  return u.phone;
}

const dispose = (rid: string, more: Record<string, unknown>) =>
  o.admin<OrderSample>('sample/dispose', {
    rid,
    method: '高压灭菌后处置',
    reason: '保留期满',
    password: PASSWORD,
    ...more,
  });

const today = () => shanghaiDate(t.services.now());
/** Moves the clock to 10:00 Shanghai on `date`. */
const goTo = (date: string) => o.a.advance(shanghaiMidnight(date)! + 10 * HOUR - t.services.now());
/** The customer signed in again (sessions end while the clock runs on for days). */
async function again(c: Customer): Promise<Customer> {
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  return { ...c, token, h: o.a.bearer(token) };
}

describe('the working calendar', () => {
  it('skips weekends and public holidays and works the 调休 weekends', () => {
    expect(isWorkingDay('2026-10-01')).toBe(false); // 国庆
    expect(isWorkingDay('2026-10-10')).toBe(true); // Saturday, 调休上班
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(addWorkingDays('2026-09-30', 1)).toBe('2026-10-08');
    expect(addWorkingDays('2026-10-08', -1)).toBe('2026-09-30');
    expect(addWorkingDays('2026-02-13', 2)).toBe('2026-02-24'); // 2.14 works, then 春节
  });

  it('dates each choice: 5 working days to destroy, N days kept, none for a sample sent back', () => {
    expect(retainUntil(0, '2026-11-27', 90)).toBe('2026-12-04');
    expect(retainUntil(0, '2026-09-28', 90)).toBe('2026-10-10'); // across 国庆, to the 调休 Saturday
    expect(retainUntil(2, '2026-11-27', 90)).toBe('2027-02-25');
    expect(retainUntil(1, '2026-11-27', 90)).toBeNull();
    // Disposal from Saturday 12-05: told on Wednesday 12-02 (Wed, Thu, Fri to answer).
    expect(noticeDate('2026-12-04')).toBe('2026-12-02');
  });
});

describe('retention on the samples', () => {
  it('sets the last day kept when testing ends, from the line choice and the lab setting', async () => {
    const me = await o.customer();
    const destroy = await order(me, 0, 1);
    const keep = await order(me, 2, 1);
    const back = await order(me, 1, 1);
    expect((await o.admin('sample/retention/save', { keep_days: 30 })).body).toMatchObject({
      code: 1,
      data: { keep_days: 30 },
    });
    // The order form reads the same number, without signing in (decision 0078).
    expect((await t.post('/api/open/sample/retention', {})).body).toMatchObject({
      code: 1,
      data: { keep_days: 30 },
    });
    const [d] = await detail(me, destroy.rid);
    const [k] = await detail(me, keep.rid);
    const [b] = await detail(me, back.rid);
    expect(d.retention).toMatchObject({ disposal: 0, text: '实验室销毁', until: null });
    const tested = [await test(d.rid), await test(k.rid), await test(b.rid)];
    const day = today();
    expect(tested.map((s) => s.retention.until)).toEqual([addWorkingDays(day, 5), addDays(day, 30), null]);
    expect(tested[0].retention).toMatchObject({
      can_ask_return: true,
      disposable_from: addDays(addWorkingDays(day, 5), 1),
    });
    expect(tested[2].retention.can_ask_return).toBe(false);
    // A sample sent back moves to 待退回 with the job; staff return it with the courier number.
    await runDisposalJob(t.services);
    const [b2] = await detail(me, back.rid);
    expect(b2.status).toBe('return_pending');
    const returned = await event({ rid: b.rid, kind: 'returned', courier: '顺丰', number: 'SF1234567890' });
    expect(returned.status).toBe('returned');
    expect((await o.admin('sample/retention/save', { keep_days: 0 })).body.msg).toBe('[留样天数]至少为1天');
    await o.admin('sample/retention/save', { keep_days: 90 });
  });
});

describe('disposal', () => {
  it('refuses before the date, while testing, without or with the same second person; then disposes', async () => {
    const me = await o.customer();
    const placed = await order(me, 0, 2);
    const [s1, s2] = await detail(me, placed.rid);
    const tested = await test(s1.rid);
    const until = tested.retention.until!;
    const w = await witness();

    // Before its date.
    const early = await dispose(s1.rid, { witness_phone: w });
    expect(early.body).toMatchObject({ code: 0, msg: DISPOSAL_REFUSED.notDue(until) });
    // Without a second person, or with the same one.
    expect((await o.admin('sample/dispose', { rid: s1.rid, method: '焚烧', reason: '期满' })).body.msg).toBe(
      '[见证人手机号]不能为空',
    );
    goTo(disposableFrom(until));
    expect((await dispose(s1.rid, { witness_phone: DEMO_STAFF_PHONE })).body.msg).toBe(
      DISPOSAL_REFUSED.samePerson,
    );
    expect((await dispose(s1.rid, { witness_phone: w, password: 'wrong-one' })).body.msg).toBe(
      DISPOSAL_REFUSED.badWitness,
    );
    // A customer account is no witness; nor a staff member who may not handle samples.
    expect((await dispose(s1.rid, { witness_phone: (await o.a.user()).phone })).body.msg).toBe(
      DISPOSAL_REFUSED.notStaff,
    );
    expect((await dispose(s1.rid, { witness_phone: await witness('editor') })).body.msg).toBe(
      DISPOSAL_REFUSED.notStaff,
    );
    // A sample under test.
    await event({ rid: s2.rid, kind: 'received' });
    await event({ rid: s2.rid, kind: 'taken', technician: '李工', instrument: 'XRD-1' });
    expect((await dispose(s2.rid, { witness_phone: w })).body.msg).toBe(DISPOSAL_REFUSED.testing);
    // Nothing was written by the refusals.
    const before = await t.services.db
      .select()
      .from(sampleEvents)
      .where(eq(sampleEvents.sampleId, (await row(s1.rid)).id));
    expect(before.map((e) => e.kind)).toEqual(['created', 'received', 'stored', 'taken', 'tested']);

    const ok = await dispose(s1.rid, { witness_phone: w, note: '与危废一并处置' });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 1, data: { status: 'disposed' } });
    const trail = await o.admin<SampleTrail>('sample/trail', { rid: s1.rid });
    const last = trail.body.data.events.at(-1)!;
    expect(trail.body.data.events.map((e) => e.kind).slice(-2)).toEqual(['disposal_scheduled', 'disposed']);
    expect(last.detail).toContain('方式：高压灭菌后处置');
    expect(last.detail).toContain('见证人：');
    expect((await dispose(s1.rid, { witness_phone: w })).body.msg).toBe('样品已销毁，请勿重复操作');

    // Audited, by the sample's rid, without the witness's password.
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sample/dispose'), eq(auditLog.entityRid, s1.rid)));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    const done = audits.find((a) => a.outcome === 'ok')!;
    expect(done.after).toMatchObject({ status: 'disposed' });
    expect(JSON.stringify(audits.map((a) => a.request))).not.toContain(PASSWORD);
  });
});

const row = async (rid: string) =>
  (await t.services.db.select().from(samples).where(eq(samples.rid, rid)))[0];

describe('the disposal job and the customer', () => {
  it('tells the customer 3 working days ahead once, lists the sample, and takes a 申请寄回', async () => {
    let me = await o.customer();
    const placed = await order(me, 0, 2);
    const [s1, s2] = await detail(me, placed.rid);
    const until = (await test(s1.rid)).retention.until!;
    await test(s2.rid);
    const notice = noticeDate(until);

    goTo(addDays(notice, -1));
    await runDisposalJob(t.services);
    expect(
      await notifications(t.services, { orderId: (await row(s1.rid)).orderId, template: 'disposal' }),
    ).toEqual([]);

    goTo(notice);
    await runDisposalJob(t.services);
    await runDisposalJob(t.services);
    const sent = await notifications(t.services, {
      orderId: (await row(s1.rid)).orderId,
      template: 'disposal',
    });
    expect(sent.map((n) => n.channel).sort()).toEqual(['inbox', 'sms']);
    expect(sent[0].vars.note).toBe(`-01、-02于${disposableFrom(until)}起`);
    const timeline = await t.services.db
      .select()
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, (await row(s1.rid)).orderId), eq(orderEvents.action, 'disposal_notice')),
      );
    expect(timeline).toHaveLength(1);

    // The customer asks for one back: 待退回, with their event; a repeat and another customer's refused.
    me = await again(me);
    const asked = await t.post<OrderSample>('/api/auth/sample/askReturn', { rid: s2.rid }, me.h);
    expect(asked.body, JSON.stringify(asked.body)).toMatchObject({
      code: 1,
      data: { status: 'return_pending' },
    });
    expect((await t.post('/api/auth/sample/askReturn', { rid: s2.rid }, me.h)).body.msg).toBe(
      '已申请寄回，请勿重复提交',
    );
    const other = await o.customer();
    expect((await t.post('/api/auth/sample/askReturn', { rid: s1.rid }, other.h)).body.msg).toBe(
      '样品不存在',
    );

    // After the last day kept the job lists the other as 待销毁; the asked one stays 待退回.
    goTo(disposableFrom(until));
    await runDisposalJob(t.services);
    expect((await row(s1.rid)).status).toBe('disposal_pending');
    expect((await row(s2.rid)).status).toBe('return_pending');
    const due = await o.admin<{ list: DisposalRow[]; total: number }>('sample/disposals', {
      view: 'due',
      size: 50,
    });
    const mine = due.body.data.list.filter((r) => r.order_no === placed.order_no);
    expect(mine.map((r) => [r.sample_no, r.status_text])).toEqual([
      [`${placed.order_no}-01`, '待销毁'],
      [`${placed.order_no}-02`, '待退回'],
    ]);
    expect(mine[0].noticed_at).not.toBeNull();
    expect((await dispose(s2.rid, { witness_phone: await witness() })).body.msg).toBe(
      DISPOSAL_REFUSED.returnAsked,
    );
    // Still possible from 待销毁 until it is destroyed.
    me = await again(me);
    const late = await t.post<OrderSample>('/api/auth/sample/askReturn', { rid: s1.rid }, me.h);
    expect(late.body).toMatchObject({ code: 1, data: { status: 'return_pending' } });
    const trail = await t.post<SampleTrail>('/api/auth/sample/trail', { rid: s1.rid }, me.h);
    expect(trail.body.data.events.at(-1)).toMatchObject({ kind: 'return_requested', actor: 'customer' });
  });

  it('refuses 申请寄回 for a sample the customer already chose to have sent back', async () => {
    const me = await o.customer();
    const placed = await order(me, 1, 1);
    const [s] = await detail(me, placed.rid);
    await test(s.rid);
    expect((await t.post('/api/auth/sample/askReturn', { rid: s.rid }, me.h)).body.msg).toBe(
      DISPOSAL_REFUSED.askSendBack,
    );
  });

  it('filters the list by the last day kept and refuses a reversed range', async () => {
    const bad = await o.admin('sample/disposals', {
      view: 'upcoming',
      due_from: '2026-12-10',
      due_to: '2026-12-01',
    });
    expect(bad.body).toMatchObject({ code: 0, msg: '开始日期不能晚于结束日期' });
    const me = await o.customer();
    const placed = await order(me, 2, 1);
    const [s] = await detail(me, placed.rid);
    const until = (await test(s.rid)).retention.until!;
    const hit = await o.admin<{ list: DisposalRow[] }>('sample/disposals', {
      view: 'upcoming',
      due_from: until,
      due_to: until,
      size: 50,
    });
    expect(hit.body.data.list.map((r) => r.sample_no)).toContain(s.sample_no);
    const miss = await o.admin<{ list: DisposalRow[] }>('sample/disposals', {
      view: 'upcoming',
      due_to: addDays(until, -1),
      size: 50,
    });
    expect(miss.body.data.list.map((r) => r.sample_no)).not.toContain(s.sample_no);
  });
});

describe('disposing of several samples at once (decision 0078)', () => {
  it('checks the witness once, disposes of each due sample under its own event, reports the refused ones', async () => {
    const me = await o.customer();
    const placed = await order(me, 0, 4);
    const [a, b, c, d] = await detail(me, placed.rid);
    const until = (await test(a.rid)).retention.until!;
    await test(b.rid);
    await test(c.rid);
    // d is under test; c asked back by its customer.
    await event({ rid: d.rid, kind: 'received' });
    await event({ rid: d.rid, kind: 'taken', technician: '李工', instrument: 'XRD-1' });
    expect((await t.post('/api/auth/sample/askReturn', { rid: c.rid }, (await again(me)).h)).body.code).toBe(
      1,
    );
    const w = await witness();
    const many = (body: Record<string, unknown>) =>
      o.admin<DisposedMany>('sample/disposeMany', {
        method: '高压灭菌后处置',
        reason: '保留期满',
        witness_phone: w,
        password: PASSWORD,
        ...body,
      });

    // Before the date every one is refused, and a bad witness refuses the whole call unchanged.
    const early = await many({ rids: [a.rid, b.rid] });
    expect(early.body).toMatchObject({ code: 1, data: { disposed: [] } });
    expect(early.body.data.refused.map((r) => r.msg)).toEqual([
      DISPOSAL_REFUSED.notDue(until),
      DISPOSAL_REFUSED.notDue(until),
    ]);
    goTo(disposableFrom(until));
    expect((await many({ rids: [a.rid], password: 'wrong-one' })).body.msg).toBe(DISPOSAL_REFUSED.badWitness);
    expect((await many({ rids: [a.rid], witness_phone: DEMO_STAFF_PHONE })).body.msg).toBe(
      DISPOSAL_REFUSED.samePerson,
    );
    expect((await many({ rids: [] })).body.msg).toBe('请选择要销毁的样品');
    expect((await row(a.rid)).status).toBe('tested');

    // One witness for four samples and an unknown one (a twice): two done, the rest told why.
    const done = await many({ rids: [a.rid, b.rid, c.rid, d.rid, 'Mnosuchsample', a.rid], note: '批量' });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ code: 1, msg: '已销毁 2 个，3 个未销毁' });
    expect(done.body.data.disposed.map((s) => [s.sample_no, s.status])).toEqual([
      [a.sample_no, 'disposed'],
      [b.sample_no, 'disposed'],
    ]);
    expect(done.body.data.refused).toEqual([
      { rid: c.rid, sample_no: c.sample_no, msg: DISPOSAL_REFUSED.returnAsked },
      { rid: d.rid, sample_no: d.sample_no, msg: DISPOSAL_REFUSED.testing },
      { rid: 'Mnosuchsample', sample_no: '', msg: '样品不存在' },
    ]);
    // Each sample has its own witnessed event; the refused ones are untouched.
    for (const s of [a, b]) {
      const events = await t.services.db
        .select()
        .from(sampleEvents)
        .where(eq(sampleEvents.sampleId, (await row(s.rid)).id));
      expect(events.map((e) => e.kind).slice(-2)).toEqual(['disposal_scheduled', 'disposed']);
      expect(events.at(-1)!.details).toMatchObject({
        method: '高压灭菌后处置',
        witness_id: expect.any(Number),
      });
    }
    expect((await row(c.rid)).status).toBe('return_pending');
    expect((await row(d.rid)).status).toBe('testing');
    // Audited once, with every sample asked for and without the witness's password.
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sample/disposeMany'));
    expect(audits.some((x) => JSON.stringify(x.request).includes(b.rid))).toBe(true);
    expect(JSON.stringify(audits.map((x) => x.request))).not.toContain(PASSWORD);
  });
});
