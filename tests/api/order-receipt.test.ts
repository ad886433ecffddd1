// Receiving samples (issue 18, decision 0039): staff photograph the samples, record how many
// came and in what condition with 确认收样, or refuse them with a reason; the customer sees the
// record and its photos, nobody else's customer does.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF, PNG, type Customer } from '../support/orders.ts';
import { notifications } from '../support/jobs.ts';
import { orderReceipts, orders } from '#server/orders/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { createSession } from '#server/accounts/tokens.ts';
import type { OrderDetail } from '#shared/orders/order.ts';
import { RECEIPT_PHOTO_GONE } from '#shared/orders/receipt.ts';
import { PICTURE_TYPES_REFUSED, PICTURE_UNREADABLE } from '#server/files/index.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** A 1600 × 1200 JPEG, as a phone would take it. */
const PHOTO = new Uint8Array(
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#4a7' } })
    .jpeg({ quality: 90 })
    .toBuffer(),
);

/** A self-delivered institution order (pay after the test): it waits for its samples at once. */
async function awaitingSamples(c: Customer): Promise<string> {
  const it = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; status: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    c.h,
  );
  expect(res.body.data.list[0].status).toBe('awaiting_sample');
  return res.body.data.list[0].rid;
}

const photo = async (rid: string, bytes: Uint8Array = PHOTO, name = '样品.jpg') =>
  o.upload('/api/admin/order/receipt/photo', await o.staff(), bytes, name, { rid });

async function photoRid(rid: string) {
  const res = await photo(rid);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, data: { kind: 'receipt' } });
  return res.body.data.rid;
}

const detail = async (c: Customer, rid: string) =>
  (await t.post<OrderDetail>('/api/auth/order/detail', { rid }, c.h)).body.data;
const fetchFile = (path: string, h: Record<string, string>) => t.api.request(path, { headers: h });

async function staffWithRole(role: string) {
  const u = await o.a.user();
  expect((await o.admin('staff/save', { phone: u.phone, role })).body.code).toBe(1);
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  const { token } = await createSession(t.services, row.id, { ip: 'unknown', userAgent: '' }, 'staff');
  return o.a.bearer(token);
}

describe('receipt photos', () => {
  it('takes pictures only, checked by their bytes, with a thumbnail', async () => {
    const me = await o.customer();
    const rid = await awaitingSamples(me);
    expect((await photo(rid, PDF, '照片.jpg')).body).toMatchObject({ code: 0, msg: PICTURE_TYPES_REFUSED });
    // PNG's signature followed by nothing a decoder can read.
    const fake = new Uint8Array([...PNG.slice(0, 16), ...new Uint8Array(64)]);
    expect((await photo(rid, fake, '照片.png')).body).toMatchObject({ code: 0, msg: PICTURE_UNREADABLE });
    const big = await photo(rid, new Uint8Array(5 * 1024 * 1024 + 1), '大.jpg');
    expect(big.status).toBe(413);

    const fileRid = await photoRid(rid);
    const full = await o.staffFile(fileRid);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(PHOTO);
    const thumb = await o.staffFile(fileRid, undefined, true);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
  });

  it('is for staff who process orders, on orders waiting for or holding samples', async () => {
    const me = await o.customer();
    const rid = await awaitingSamples(me);
    const customerTry = await o.upload('/api/admin/order/receipt/photo', me.h, PHOTO, 'a.jpg', { rid });
    expect(customerTry.status).toBe(403);
    const finance = await staffWithRole('finance');
    expect((await o.upload('/api/admin/order/receipt/photo', finance, PHOTO, 'a.jpg', { rid })).status).toBe(
      403,
    );
    const technician = await staffWithRole('technician');
    expect(
      (await o.upload('/api/admin/order/receipt/photo', technician, PHOTO, 'a.jpg', { rid })).body.code,
    ).toBe(1);

    const enterprise = await o.customer('enterprise');
    const quoting = await o.quotedOrder(enterprise, 1_000).then(async (r) => {
      await o.move('order/cancel', { rid: r, reason: '测试' });
      return r;
    });
    expect((await photo(quoting)).body).toMatchObject({ code: 0, msg: '当前订单状态不能上传收样照片' });
  });
});

describe('order/receive with a receipt', () => {
  it('keeps count, condition and photos; the customer sees them, another customer cannot open them', async () => {
    const me = await o.customer();
    const rid = await awaitingSamples(me);
    const photos = [await photoRid(rid), await photoRid(rid)];
    const res = await o.admin<{ status: string }>('order/receive', {
      rid,
      note: '顺丰到件',
      receipt: { count: 2, condition: 'damaged', condition_note: '一个样品瓶盖松动', photo_rids: photos },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, data: { status: 'received' } });

    const d = await detail(me, rid);
    expect(d.receipts).toEqual([
      {
        outcome: 'received',
        count: 2,
        condition: 'damaged',
        condition_text: '破损',
        condition_note: '一个样品瓶盖松动',
        reason: '',
        note: '顺丰到件',
        photos: photos.map((p) => ({ rid: p, name: '样品.jpg', mime: 'image/jpeg', size: PHOTO.byteLength })),
        at: expect.any(String),
      },
    ]);
    expect(d.timeline.at(-1)).toMatchObject({
      action: 'receive',
      note: '顺丰到件；实收 2 个，样品状况：破损（一个样品瓶盖松动）',
    });
    // Photos are listed with their receipt, not among the order's files.
    expect(d.files).toEqual([]);
    const staffView = await o.admin<OrderDetail>('order/detail', { rid });
    expect(staffView.body.data.receipts).toEqual(d.receipts);

    // The owner reads the photos and their thumbnails; another customer reads "not found".
    for (const path of [`/api/auth/file/download/${photos[0]}`, `/api/auth/file/thumb/${photos[1]}`])
      expect((await fetchFile(path, me.h)).status).toBe(200);
    const other = await o.customer();
    for (const path of [`/api/auth/file/download/${photos[0]}`, `/api/auth/file/thumb/${photos[1]}`]) {
      const res = await fetchFile(path, other.h);
      expect(await res.json()).toMatchObject({ code: 0, msg: '文件不存在' });
    }
    // Nor can the owner turn a photo into their signed agreement.
    expect(
      (await t.post('/api/auth/order/updateProtocolFile', { rid, file_rid: photos[0] }, me.h)).body,
    ).toMatchObject({ code: 0, msg: '文件不存在' });
    // A photo is used once.
    const next = await awaitingSamples(me);
    expect(
      (
        await o.admin('order/receive', {
          rid: next,
          receipt: { count: 1, condition: 'intact', photo_rids: [photos[0]] },
        })
      ).body,
    ).toMatchObject({ code: 0, msg: RECEIPT_PHOTO_GONE });
    expect((await detail(me, next)).status).toBe('awaiting_sample');
  });

  it.each([
    [{ count: 1, condition: 'intact' }, '请上传1-6张收样照片'],
    [{ count: 0, condition: 'intact', photo_rids: ['f'] }, '[实收数量]应为1-9999的整数'],
    [{ condition: 'intact', photo_rids: ['f'] }, '[实收数量]不能为空'],
    [{ count: 1, photo_rids: ['f'] }, '[样品状况]不能为空'],
    [{ count: 1, condition: 'lost', photo_rids: ['f'] }, '[样品状况]不正确'],
    [{ count: 1, condition: 'other', photo_rids: ['f'] }, '样品状况为「其他」时请填写[状况说明]'],
    [{ count: 1, condition: 'intact', photo_rids: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, '[收样照片]最多6张'],
    [{ count: 1, condition: 'intact', photo_rids: ['a', 'a'] }, '[收样照片]重复'],
  ])('refuses the receipt %j with %s', async (receipt, message) => {
    const me = await o.customer();
    const rid = await awaitingSamples(me);
    expect((await o.admin('order/receive', { rid, receipt })).body).toMatchObject({ code: 0, msg: message });
  });

  it('refuses a photo of another customer’s order, writing nothing', async () => {
    const me = await o.customer();
    const other = await o.customer();
    const rid = await awaitingSamples(me);
    const theirs = await photoRid(await awaitingSamples(other));
    const res = await o.admin('order/receive', {
      rid,
      receipt: { count: 1, condition: 'intact', photo_rids: [await photoRid(rid), theirs] },
    });
    expect(res.body).toMatchObject({ code: 0, msg: RECEIPT_PHOTO_GONE });
    const d = await detail(me, rid);
    expect(d).toMatchObject({ status: 'awaiting_sample', receipts: [] });
  });

  it('still receives without a receipt (the pickup screen, scripts)', async () => {
    const me = await o.customer();
    const rid = await awaitingSamples(me);
    expect(await o.move('order/receive', { rid, note: '取样员已取回' })).toBe('received');
    expect((await detail(me, rid)).receipts).toEqual([]);
  });
});

describe('order/reject', () => {
  it('sends the order back to waiting for samples, tells the customer why, and keeps the record', async () => {
    const me = await o.customer();
    const rid = await awaitingSamples(me);
    const pic = await photoRid(rid);
    const res = await o.admin<{ status: string }>('order/reject', {
      rid,
      reason: '样品已受潮结块，无法制样，请重新寄送干燥样品',
      receipt: { count: 3, condition: 'other', condition_note: '受潮', photo_rids: [pic] },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      code: 1,
      msg: '已拒收样品',
      data: { status: 'awaiting_sample' },
    });
    let d = await detail(me, rid);
    expect(d.receipts).toEqual([
      expect.objectContaining({
        outcome: 'rejected',
        count: 3,
        condition: 'other',
        condition_text: '其他',
        condition_note: '受潮',
        reason: '样品已受潮结块，无法制样，请重新寄送干燥样品',
        photos: [expect.objectContaining({ rid: pic })],
      }),
    ]);
    expect(d.timeline.at(-1)).toMatchObject({
      action: 'reject',
      from: 'awaiting_sample',
      to: 'awaiting_sample',
      note: '样品已受潮结块，无法制样，请重新寄送干燥样品；实收 3 个，样品状况：其他（受潮）',
    });
    const [row] = await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid));
    const sent = await notifications(t.services, { orderId: row.id, template: 'rejected' });
    expect(sent.map((n) => n.channel).sort()).toEqual(['inbox', 'sms']);
    expect(sent[0].vars.note).toBe(
      '样品已受潮结块，无法制样，请重新寄送干燥样品；实收 3 个，样品状况：其他（受潮）',
    );

    // New samples arrive and are received; later refused again before testing (after receipt).
    expect(
      await o.move('order/receive', {
        rid,
        receipt: { count: 3, condition: 'intact', photo_rids: [await photoRid(rid)] },
      }),
    ).toBe('received');
    expect(await o.move('order/reject', { rid, reason: '开封后发现样品混入杂质' })).toBe('awaiting_sample');
    d = await detail(me, rid);
    expect(d.receipts.map((r) => [r.outcome, r.count])).toEqual([
      ['rejected', 3],
      ['received', 3],
      ['rejected', null],
    ]);
    // Once testing has started, samples are no longer refused.
    await o.move('order/receive', { rid });
    await o.move('order/start', { rid });
    expect((await o.admin('order/reject', { rid, reason: '晚了' })).body).toMatchObject({
      code: 0,
      msg: '当前订单状态不允许此操作',
    });
    const rows = await t.services.db
      .select()
      .from(orderReceipts)
      .where(and(eq(orderReceipts.orderId, row.id), eq(orderReceipts.outcome, 'rejected')));
    expect(rows).toHaveLength(2);
  });

  it('needs a reason, and a role that processes orders', async () => {
    const me = await o.customer();
    const rid = await awaitingSamples(me);
    expect((await o.admin('order/reject', { rid, reason: ' ' })).body).toMatchObject({
      code: 0,
      msg: '[拒收原因]不能为空',
    });
    expect((await t.post('/api/admin/order/reject', { rid, reason: '不合格' }, me.h)).status).toBe(403);
    const manager = await staffWithRole('manager');
    expect((await t.post('/api/admin/order/reject', { rid, reason: '不合格' }, manager)).body.code).toBe(1);
    // Every step is in the audit log.
    const log = await o.admin<{ list: { action: string; outcome: string }[] }>('audit/list', {
      entity_rid: rid,
    });
    expect(log.body.data.list.map((e) => `${e.action}:${e.outcome}`)).toEqual([
      'order/reject:ok',
      'order/reject:refused',
    ]);
  });
});
