// Personal information self-service (issue 19): a customer downloads everything held about them
// as one ZIP — profile without the password hash, addresses, orders with their timeline, money,
// invoices, coupons, points, groups and their files — and nothing of anyone else.
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe('user/export', () => {
  it('gives the customer their own data and files, and no secret', async () => {
    const me = await o.customer('enterprise');
    const other = await o.customer('enterprise');
    const mine = await o.quotedOrder(me, 12_300);
    await o.quotedOrder(other, 45_600);
    await o.upload('/api/auth/file/upload4file', me.h, PDF, '委托说明.pdf');
    const res = await t.api.request('/api/auth/user/export', { headers: me.h });
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const read = (name: string) => JSON.parse(strFromU8(zip[name])) as unknown;
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        '说明.txt',
        '个人资料.json',
        '订单.json',
        '资金明细.json',
        '发票.json',
        '积分.json',
      ]),
    );
    const profile = read('个人资料.json') as Record<string, unknown>;
    expect(profile.phone).toBe(me.phone);
    expect(profile).not.toHaveProperty('passwordHash');
    const orders = read('订单.json') as { rid: string; timeline: unknown[] }[];
    expect(orders.map((x) => x.rid)).toEqual([mine]);
    expect(orders[0].timeline.length).toBeGreaterThan(0);
    expect(Object.keys(zip).some((n) => n.startsWith('文件/') && n.endsWith('委托说明.pdf'))).toBe(true);
    expect(JSON.stringify(read('订单.json'))).not.toContain('45600');
  });

  it('needs a login', async () => {
    const res = await t.api.request('/api/auth/user/export');
    expect(res.status).toBe(401);
  });
});
