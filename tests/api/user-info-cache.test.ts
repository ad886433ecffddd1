// Decision 0067: on PGlite user/info answers from a per-process cache that the database empties
// (user_change triggers → NOTIFY). Every change it shows must show on the very next call; on
// PostgreSQL there is no cache and the same tests pass.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { users } from '#server/accounts/tables.ts';
import type { Address } from '#shared/member/responses.ts';
import type { Database, Tx } from '#server/platform/db/client.ts';
import { userCacheOnce } from '#server/platform/db/user-cache.ts';

const t = await setupApi();
const o = orderHelpers(t);
const onPglite = t.services.database.kind === 'pglite';

type Info = { userInfo: Record<string, unknown>; cartNum: number; address: Address[] };

/** A logged-in customer; `info` asks user/info with their token (or another of theirs). */
async function member() {
  const u = await o.a.user();
  const h = o.a.bearer(u.token);
  return {
    ...u,
    h,
    call: <T = unknown>(path: string, body: unknown = {}) => t.post<T>(path, body, h),
    info: async (token = u.token) => {
      const res = await t.post<Info>('/api/auth/user/info', {}, o.a.bearer(token));
      return { status: res.status, ...res.body.data };
    },
  };
}

const home = {
  name: '王五',
  phone: '13912345678',
  region: '上海市-上海市-闵行区-310112',
  address: '东川路800号',
};

describe('user/info shows every change at once', () => {
  it('a logout answers 401 on the next call', async () => {
    const u = await member();
    expect((await u.info()).status).toBe(200);
    expect((await u.call('/api/auth/logout')).body.code).toBe(1);
    expect((await u.info()).status).toBe(401);
  });

  it('a token refreshed away answers 401, the new one the account', async () => {
    const u = await member();
    expect((await u.info()).status).toBe(200);
    const res = await t.post<{ token: string }>('/api/open/refresh4token', { token: u.refreshToken });
    expect(res.body.code).toBe(1);
    expect((await u.info()).status).toBe(401);
    expect((await u.info(res.body.data.token)).userInfo.phone).toBe(u.phone);
  });

  it('a staff role given, changed and taken away in the console', async () => {
    const u = await member();
    const save = async (role: string | null) =>
      expect((await o.admin('staff/save', { phone: u.phone, role })).body.code).toBe(1);
    expect((await u.info()).userInfo.staff_role).toBeNull();
    await save('technician');
    expect((await u.info()).userInfo.staff_role).toBe('technician');
    await save('finance');
    expect((await u.info()).userInfo.staff_role).toBe('finance');
    await save(null);
    expect((await u.info()).userInfo.staff_role).toBeNull();
  });

  it('an address added and deleted', async () => {
    const u = await member();
    expect((await u.info()).address).toEqual([]);
    const added = await u.call<Address>('/api/auth/address/add', home);
    expect(added.body.code).toBe(1);
    expect((await u.info()).address).toEqual([added.body.data]);
    await u.call('/api/auth/address/del', { address_rid: added.body.data.address_rid });
    expect((await u.info()).address).toEqual([]);
  });

  it('a line added to the plan (cartNum)', async () => {
    const u = await member();
    const item = await o.demoItem(1);
    expect((await u.info()).cartNum).toBe(0);
    const res = await u.call('/api/auth/plan/add', {
      item_rid: item.rid,
      parameters: item.parameters,
      count: 1,
    });
    expect(res.body.code).toBe(1);
    expect((await u.info()).cartNum).toBe(1);
  });

  it('the profile edited, under every token of the account', async () => {
    const u = await member();
    const second = await o.a.login(u.phone);
    expect((await u.info()).userInfo.name).toBe('');
    expect((await u.info(second.token)).userInfo.name).toBe('');
    expect((await u.call('/api/auth/user/updateInfo', { name: '张三' })).body.code).toBe(1);
    expect((await u.info()).userInfo.name).toBe('张三');
    expect((await u.info(second.token)).userInfo.name).toBe('张三');
  });

  it('the test clock passing the token’s expiry', async () => {
    const u = await member();
    // A second before the expiry: still answered (and kept well inside any safety-net lifetime).
    o.a.advance(u.expires * 1000 - t.services.now() - 1000);
    expect((await u.info()).status).toBe(200);
    expect((await u.info()).status).toBe(200);
    o.a.advance(1000);
    expect((await u.info()).status).toBe(401);
  });
});

describe('user/info asked together (batched on PostgreSQL, decision 0068)', () => {
  it('each of many calls at once gets its own account, a logged-out one 401', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => member()));
    const [gone] = people;
    expect((await gone.call('/api/auth/logout')).body.code).toBe(1);
    // Twice each, all at once: the same token twice in a round is read once, answered twice.
    const answers = await Promise.all([...people, ...people].map((p) => p.info()));
    answers.forEach((a, i) => {
      const p = people[i % people.length];
      if (p === gone) expect(a.status).toBe(401);
      else expect([a.status, a.userInfo.phone]).toEqual([200, p.phone]);
    });
  });

  it('a call made right after a logout answers 401, whatever else is asked with it', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const logout = a.call('/api/auth/logout');
    await logout;
    const [mine, theirs] = await Promise.all([a.info(), b.info()]);
    expect([mine.status, theirs.status]).toEqual([401, 200]);
  });
});

describe('the cache itself', () => {
  const rename = (phone: string, name: string) => (tx: Tx) =>
    tx.update(users).set({ name }).where(eq(users.phone, phone));

  it('answers from memory on PGlite only; a rolled-back write leaves the cached answer', async () => {
    const u = await member();
    expect((await u.call('/api/auth/user/updateInfo', { name: '甲' })).body.code).toBe(1);
    expect((await u.info()).userInfo.name).toBe('甲');
    // A write with the triggers silenced: PGlite still answers from memory, PostgreSQL reads it.
    await t.services.db.transaction(async (tx) => {
      await tx.execute(sql`set local app.user_cache = 'off'`);
      await rename(u.phone, '乙')(tx);
    });
    expect((await u.info()).userInfo.name).toBe(onPglite ? '甲' : '乙');
    // A write rolled back notifies nothing: the answer in memory stays.
    await expect(
      t.services.db.transaction(async (tx) => {
        await rename(u.phone, '丙')(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await u.info()).userInfo.name).toBe(onPglite ? '甲' : '乙');
    // Any committed write of the account's rows empties it.
    await t.services.db.transaction(rename(u.phone, '丁'));
    expect((await u.info()).userInfo.name).toBe('丁');
  });

  it('a cached answer is the one the database gives, byte for byte', async () => {
    const u = await member();
    await u.call('/api/auth/address/add', home);
    const first = await t.post('/api/auth/user/info', {}, u.h);
    const second = await t.post('/api/auth/user/info', {}, u.h);
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
  });
});

describe('the cache on its own (a database that only notifies)', () => {
  function cacheOverNotifications() {
    let notify = (_userId: number) => {};
    const database = { onUserChange: (fn: typeof notify) => void (notify = fn) } as Database;
    const cache = userCacheOnce<{ name: string }>()(database)!;
    let loads = 0;
    const read = (key: string, name: string, during?: () => void) =>
      cache.read(key, 0, async () => {
        loads += 1;
        during?.();
        return { userId: Number(key.split(':')[0]), value: { name }, expiresAt: 3600_000 };
      });
    return { read, notify: (userId: number) => notify(userId), loads: () => loads };
  }

  it('does not keep an answer read while any user changed', async () => {
    const c = cacheOverNotifications();
    // The read began before the write and ends after its notification: answered, not kept.
    expect(await c.read('1:a', 'old', () => c.notify(2))).toEqual({ name: 'old' });
    expect(await c.read('1:a', 'new')).toEqual({ name: 'new' });
    expect(await c.read('1:a', 'newer')).toEqual({ name: 'new' });
    expect(c.loads()).toBe(2);
  });

  it('drops every answer of the user changed and only theirs; answers are frozen', async () => {
    const c = cacheOverNotifications();
    await c.read('1:a', 'one');
    await c.read('1:b', 'one');
    const other = await c.read('2:a', 'two');
    c.notify(1);
    expect(await c.read('1:a', 'one again')).toEqual({ name: 'one again' });
    expect(await c.read('1:b', 'one again')).toEqual({ name: 'one again' });
    expect(await c.read('2:a', 'not read')).toBe(other);
    expect(Object.isFrozen(other)).toBe(true);
    expect(c.loads()).toBe(5);
  });

  it('keeps at most 10,000 answers, dropping the oldest', async () => {
    const c = cacheOverNotifications();
    for (let i = 0; i <= 10_000; i++) await c.read(`${i}:a`, 'first');
    expect(await c.read('1:a', 'kept')).toEqual({ name: 'first' });
    expect(await c.read('0:a', 'read again')).toEqual({ name: 'read again' });
    expect(c.loads()).toBe(10_002);
  });

  it('is not there on PostgreSQL', () => {
    expect(userCacheOnce()({ kind: 'postgres' } as Database)).toBeUndefined();
    expect(Boolean(userCacheOnce()(t.services.database))).toBe(onPglite);
  });
});
