import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF, PNG } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe("one customer's order is invisible to another", () => {
  it('user B cannot see, pay, cancel, upload to or download from A’s order', async () => {
    const a = await o.customer('enterprise');
    const b = await o.customer('institution');
    const it1 = await o.demoItem(1);
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
      a.h,
    );
    const { rid } = placed.body.data.list[0];
    await o.move('order/quote', { rid, quoted_fen: 1000 });
    await o.credit(b.rid, 10_000);

    for (const path of [
      'order/detail',
      'web/order/ready2pay',
      'web/order/pay',
      'order/cancel',
      'order/testRecord',
    ]) {
      const res = await t.post(`/api/auth/${path}`, { rid }, b.h);
      expect(res.body, path).toEqual({ code: 0, msg: '订单不存在', data: { error: 'NOT_FOUND' } });
    }
    const list = await t.post<{ total: number }>('/api/auth/order/list4person', {}, b.h);
    expect(list.body.data.total).toBe(0);
    const up = await o.upload('/api/auth/file/upload4file', b.h, PDF, 'x.pdf', { rid });
    expect(up.body).toMatchObject({ code: 0, msg: '订单不存在' });

    // A's own attachment: only A, and staff through the console, can download it.
    const own = await o.upload('/api/auth/file/upload4file', a.h, PDF, '委托单.pdf', {
      rid,
      kind: 'protocol',
    });
    expect(own.body).toMatchObject({ code: 1, data: { kind: 'protocol', name: '委托单.pdf' } });
    for (const who of [b.h]) {
      const res = await t.api.request(`/api/auth/file/download/${own.body.data.rid}`, { headers: who });
      expect(await res.json()).toEqual({ code: 0, msg: '文件不存在', data: { error: 'NOT_FOUND' } });
    }
    expect(
      (await t.api.request(`/api/auth/file/download/${own.body.data.rid}`, { headers: a.h })).status,
    ).toBe(200);
    expect((await o.staffFile(own.body.data.rid)).status).toBe(200);
    expect((await t.api.request(`/api/auth/file/download/${own.body.data.rid}`)).status).toBe(401);

    // Nothing moved: A's order is still unpaid and B's balance untouched.
    const ready = await t.post<{ status: string }>('/api/auth/web/order/ready2pay', { rid }, a.h);
    expect(ready.body.data.status).toBe('unpaid');
    const mine = await t.post<{ balance_fen: number }>('/api/auth/web/order/ready2pay', { rid }, b.h);
    expect(mine.body.code).toBe(0);
  });

  it('keeps the staff API to staff', async () => {
    const c = await o.customer();
    for (const path of ['order/list', 'order/quote', 'balance/credit', 'user/find']) {
      const res = await t.post(`/api/admin/${path}`, {}, c.h);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 0, msg: '无权访问', data: { error: 'FORBIDDEN' } });
    }
    expect((await t.post('/api/admin/order/list', {})).status).toBe(401);
    const listed = await o.admin<{ total: number }>('order/list', { status: 'quoting' });
    expect(listed.body.code).toBe(1);
  });
});

describe('uploads', () => {
  it('checks the type by content, not by name, and keeps within the size limit', async () => {
    const c = await o.customer();
    const pic = await o.upload('/api/auth/file/upload4pic', c.h, PNG, 'photo.png');
    expect(pic.body).toMatchObject({ code: 1, data: { mime: 'image/png', kind: 'pic' } });
    const fake = await o.upload(
      '/api/auth/file/upload4pic',
      c.h,
      new TextEncoder().encode('<script>alert(1)</script>'),
      'evil.png',
    );
    expect(fake.body).toMatchObject({ code: 0, msg: '仅支持 PNG、JPG、WEBP、GIF 图片' });
    const pdfAsPic = await o.upload('/api/auth/file/upload4pic', c.h, PDF, 'a.png');
    expect(pdfAsPic.body.code).toBe(0);
    const text = await o.upload(
      '/api/auth/file/upload4file',
      c.h,
      new TextEncoder().encode('hello'),
      'a.pdf',
    );
    expect(text.body.msg).toBe('不支持的文件类型，请上传 PDF、Office 文档、压缩包或图片');
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG);
    const tooBig = await o.upload('/api/auth/file/upload4pic', c.h, big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 0, msg: '文件不能超过5MB' });
    const none = await t.post('/api/auth/file/upload4file', {}, c.h);
    expect(none.body).toMatchObject({ code: 0, msg: '请使用 multipart/form-data 上传文件' });
    const path = await o.upload('/api/auth/file/upload4file', c.h, PDF, '../../etc/passwd.pdf');
    expect(path.body).toMatchObject({ code: 1, data: { name: 'passwd.pdf' } });
  });
});

describe('validation answers code 0 in Chinese, never 500', () => {
  const bodies: unknown[] = [
    'not json',
    '[]',
    'null',
    { rid: 123 },
    { rid: '' },
    { rid: 'x'.repeat(500) },
    { rid: "' or 1=1 --" },
    { rid: '😀' },
    { page: 'x', status: 'nope' },
    { delivery: 'x' },
    { delivery: { type: 9 } },
    { items: [{}], delivery: { type: 0 } },
    { items: [{ item_rid: 'nope' }], delivery: { type: 0 } },
    { score: 'abc' },
    { item_rid: ['x'] },
    { rids: 'x' },
  ];
  const paths = [
    'order/add',
    'order/detail',
    'order/list4person',
    'order/cancel',
    'web/order/ready2pay',
    'web/order/pay',
    'order/testRecord',
    'order/history4user',
    'order/reportOrderFeedback',
    'evaluate/add',
    'sample4recycle/add',
    'sample4recycle/list4person',
    'plan/add',
    'plan/update',
    'plan/remove',
    'plan/list',
    'order/listProtocolFile',
    'order/updateProtocolFile',
    'order/relateEquipment',
    'message/list',
    'message/read',
    'asset/init',
    'asset/all4num',
    'asset/detail',
    'prestoreApply/add',
    'prestoreApply/edit',
    'prestoreApply/cancel',
    'prestoreApply/readyPayNum',
    'prestoreApply/listPrestoreDetail',
    'web/prestore/list',
    'prestore_rule/list4num',
    'prestore_rule_balance/abc',
    'transferApply/add',
    'transferApply/list',
    'transferApply/detail',
    'transferApply/cancel',
    'creditApply/operate',
  ];
  it('for every call and every odd body', async () => {
    const c = await o.customer();
    for (const path of paths) {
      for (const body of bodies) {
        const res = await t.post(`/api/auth/${path}`, body, c.h);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (res.body.code === 0)
          expect(res.body.msg, `${path} ${JSON.stringify(body)}`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    const staffBodies = [
      'x',
      {},
      { rid: 1, quoted_fen: 'x' },
      { quoted_fen: -1, rid: 'a' },
      { user_rid: 'x', amount_fen: 1.5 },
    ];
    for (const path of ['order/quote', 'order/receive', 'order/cancel', 'balance/credit', 'order/detail']) {
      for (const body of staffBodies) {
        const res = await o.admin(path, body);
        expect(res.status).toBeLessThan(500);
        expect(res.body.code).toBe(0);
      }
    }
  });
});
