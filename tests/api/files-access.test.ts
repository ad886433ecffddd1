// Issue 28, item 2: a customer's files (reports, receipt photos, transfer vouchers) reach staff
// only through the console session, and only with the permission of what each file belongs to;
// a staff member's ordinary customer session reads only their own files, as any customer.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF, PNG, staffToken } from '../support/orders.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { orders } from '#server/orders/tables.ts';
import { storeFile } from '#server/files/index.ts';
import { orderFiles } from '#server/orders/uploads.ts';
import { ROLES, type Role } from '#shared/staff/permissions.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** A staff member of a role: their console headers and their ordinary customer headers. */
async function staffOf(role: Role) {
  const u = await o.a.user();
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  await t.services.db
    .insert(staffMembers)
    .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
  return { console: o.a.bearer(await staffToken(t, u.phone)), customer: o.a.bearer(u.token) };
}

const customerDownload = (rid: string, h: Record<string, string>) =>
  t.api.request(`/api/auth/file/download/${rid}`, { headers: h });

// A customer's report file (an order's file, as uploaded before decision 0081 and still kept on
// older orders) and bank-transfer voucher (a picture outside any order).
const me = await o.customer();
const order = await o.billedOrder(me);
const [row] = await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, order.rid));
await storeFile(t.services, {
  ownerId: me.id,
  uploaderId: me.id,
  orderId: row.id,
  kind: 'report',
  name: '检测报告.pdf',
  bytes: PDF,
  recordUpload: orderFiles.recordUpload,
});
const detail = await t.post<{ files: { rid: string; kind: string }[] }>(
  '/api/auth/order/detail',
  { rid: order.rid },
  me.h,
);
const report = detail.body.data.files.find((f) => f.kind === 'report')!.rid;
const voucher = (await o.upload('/api/auth/file/upload4pic', me.h, PNG, '转账凭证.png')).body.data.rid;
// A finance upload kept as the customer's (an issued invoice's file): a document outside any order.
const attachment = (await o.upload('/api/auth/file/upload4file', me.h, PDF, '合同.pdf')).body.data.rid;

describe('a staff member’s customer session', () => {
  it.each(ROLES)(
    '%s: reads another customer’s files as "not found", and their own as usual',
    async (role) => {
      const member = await staffOf(role);
      for (const rid of [report, voucher, attachment]) {
        const res = await customerDownload(rid, member.customer);
        expect(await res.json(), `${role} ${rid}`).toEqual({
          code: 0,
          msg: '文件不存在',
          data: { error: 'NOT_FOUND' },
        });
        // The console session gets nothing through the customer path either.
        expect((await (await customerDownload(rid, member.console)).json()).msg).toBe('文件不存在');
      }
      const own = await o.upload('/api/auth/file/upload4pic', member.customer, PNG, '我的.png');
      expect((await customerDownload(own.body.data.rid, member.customer)).status).toBe(200);
    },
  );

  it('cannot use the console’s file call', async () => {
    const member = await staffOf('admin');
    const res = await o.staffFile(report, member.customer);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 0, msg: '请使用员工账号登录管理后台' });
  });
});

describe('the console’s file call', () => {
  // What each role may read: reports with orders.read, vouchers with money.read, other documents
  // with invoices.read.
  const MAY: Record<Role, { report: boolean; voucher: boolean; attachment: boolean }> = {
    admin: { report: true, voucher: true, attachment: true },
    manager: { report: true, voucher: true, attachment: true },
    technician: { report: true, voucher: false, attachment: false },
    finance: { report: true, voucher: true, attachment: true },
    editor: { report: false, voucher: false, attachment: false },
  };

  it.each(ROLES)('%s: reads a file only with the permission of what it belongs to', async (role) => {
    const member = await staffOf(role);
    for (const [kind, rid] of Object.entries({ report, voucher, attachment })) {
      const res = await o.staffFile(rid, member.console);
      const where = `${role} ${kind}`;
      if (MAY[role][kind as keyof (typeof MAY)[Role]]) {
        expect(res.status, where).toBe(200);
        expect(res.headers.get('cache-control'), where).toBe('private, no-store');
        expect(new Uint8Array(await res.arrayBuffer()), where).toEqual(kind === 'voucher' ? PNG : PDF);
      } else {
        expect(res.status, where).toBe(403);
        expect(await res.json(), where).toEqual({
          code: 0,
          msg: '您的角色无权查看该文件',
          data: { error: 'FORBIDDEN' },
        });
      }
    }
  });

  it('answers "not found" for an unknown file and a readable message for a bad id', async () => {
    const missing = await o.staffFile('f_nothing_here');
    expect(await missing.json()).toEqual({ code: 0, msg: '文件不存在', data: { error: 'NOT_FOUND' } });
    const blank = await o.staffFile('');
    expect(await blank.json()).toMatchObject({ code: 0, msg: '[文件]不能为空' });
  });
});
