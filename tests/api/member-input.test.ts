import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { members, PROFILE } from '../factories/users.ts';

const t = await setupApi();
const m = members(t);

const address = {
  name: '王五',
  phone: '13912345678',
  region: '上海市-上海市-闵行区-310112',
  address: '东川路800号',
};
// A valid body per endpoint; each field is then replaced by hostile values one at a time.
const bodies: Record<string, Record<string, unknown>> = {
  '/api/auth/update4profile': PROFILE,
  '/api/auth/address/add': address,
  '/api/auth/address/edit': { address_rid: 'aNoSuchAddress', ...address },
  '/api/auth/address/del': { address_rid: 'aNoSuchAddress' },
  '/api/auth/address/default': { address_rid: 'aNoSuchAddress' },
  '/api/auth/sampling/add': { type: 1, ...address, date: '2026-03-03', time: '09:00-11:00', message: '' },
  '/api/auth/sampling/list': { page: 1, size: 10, status: 'pending' },
  '/api/auth/sampling/cancel': { rid: 'sNoSuchPickup' },
};
const hostile: unknown[] = [
  null,
  true,
  -1,
  1e308,
  [],
  ['x'],
  { $ne: '' },
  "' OR 1=1; DROP TABLE users; --",
  '😀'.repeat(300),
  'a\u0000b',
  'x'.repeat(5000),
];

describe('hostile input on every member endpoint', () => {
  it('answers code 0 with a message (or a clean success), never a 500', async () => {
    const u = await m.member();
    for (const [path, body] of Object.entries(bodies)) {
      for (const field of Object.keys(body)) {
        for (const value of hostile) {
          const res = await u.call(path, { ...body, [field]: value });
          expect(res.status, `${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBe(200);
          expect([0, 1]).toContain(res.body.code);
          expect(res.body.msg).toBeTruthy();
        }
      }
      for (const raw of ['[]', '"x"', '{', 'null', '0']) {
        const res = await u.call(path, raw);
        expect(res.status, `${path} ${raw}`).toBe(200);
        expect(res.body.code).toBe(0);
      }
    }
  });

  it('clamps absurd paging instead of failing', async () => {
    const u = await m.member();
    const res = await u.call('/api/auth/sampling/list', { page: 1e15, size: 1e9 });
    expect(res.body).toEqual({ code: 1, msg: '操作成功!', data: { list: [], total: 0 } });
  });

  it('refuses a 10 MB body', async () => {
    const u = await m.member();
    const res = await u.call('/api/auth/address/add', { ...address, address: 'x'.repeat(10 * 1024 * 1024) });
    expect(res.body.code).toBe(0);
    expect(res.status).not.toBe(500);
  });
});
