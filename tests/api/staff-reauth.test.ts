// Signing needs the signer's own password again (decision 0080): a confirmation opens a 30-minute
// window for that person and purpose only; a wrong password changes nothing, five wrong ones in
// 15 minutes lock confirmations; the password never reaches the audit log.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { PASSWORD } from '../support/accounts.ts';
import { auditLog } from '#server/staff/tables.ts';
import { findUserByPhone } from '#server/accounts/index.ts';
import { requireFreshPassword } from '#server/staff/index.ts';
import { DomainError } from '#server/platform/errors.ts';

const t = await setupApi();
const o = orderHelpers(t);

const MINUTE = 60_000;
const open = async (id: number) =>
  requireFreshPassword(t.services.db, id, 'sign', t.services.now()).then(
    () => true,
    (e: unknown) => {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe('REAUTH_REQUIRED');
      return false;
    },
  );

async function technician() {
  const h = await o.anotherStaff('technician');
  const me = await t.post<{ phone: string }>('/api/admin/me', {}, h);
  const u = await findUserByPhone(t.services.db, me.body.data.phone);
  return { h, id: u!.id };
}

describe('staff/reauth', () => {
  it('opens a 30-minute window for the person who typed their password, and only for them', async () => {
    const a = await technician();
    const b = await technician();
    expect(await open(a.id)).toBe(false);
    const res = await t.post<{ until: string }>(
      '/api/admin/staff/reauth',
      { password: PASSWORD, purpose: 'sign' },
      a.h,
    );
    expect(res.body).toMatchObject({ code: 1, data: { purpose: 'sign' } });
    expect(await open(a.id)).toBe(true);
    expect(await open(b.id)).toBe(false);
    o.a.advance(29 * MINUTE);
    expect(await open(a.id)).toBe(true);
    o.a.advance(2 * MINUTE);
    expect(await open(a.id)).toBe(false);
  });

  it('refuses a wrong password without opening anything, and locks after five', async () => {
    const a = await technician();
    for (let i = 0; i < 5; i++) {
      const res = await t.post('/api/admin/staff/reauth', { password: 'wrong-one', purpose: 'sign' }, a.h);
      expect(res.body).toMatchObject({ code: 0, msg: '密码不正确，请重新输入' });
    }
    expect(await open(a.id)).toBe(false);
    const locked = await t.post('/api/admin/staff/reauth', { password: PASSWORD, purpose: 'sign' }, a.h);
    expect(locked.body).toMatchObject({ code: 0, msg: '密码错误次数过多，请15分钟后再试' });
    expect(await open(a.id)).toBe(false);
    o.a.advance(16 * MINUTE);
    const again = await t.post('/api/admin/staff/reauth', { password: PASSWORD, purpose: 'sign' }, a.h);
    expect(again.body.code).toBe(1);
  });

  it('answers bad input in Chinese and keeps the password out of the audit log', async () => {
    const a = await technician();
    const empty = await t.post('/api/admin/staff/reauth', { password: '', purpose: 'sign' }, a.h);
    expect(empty.body).toMatchObject({ code: 0, msg: '请输入登录密码' });
    const purpose = await t.post('/api/admin/staff/reauth', { password: PASSWORD, purpose: 'x' }, a.h);
    expect(purpose.body).toMatchObject({ code: 0, msg: '[用途]不正确' });
    expect(
      (await t.post('/api/admin/staff/reauth', { password: PASSWORD, purpose: 'sign' }, a.h)).body.code,
    ).toBe(1);
    const rows = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'staff/reauth'));
    expect(rows.filter((r) => r.actorId === a.id && r.outcome === 'ok')).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('is a console call: a customer is refused', async () => {
    const c = await o.customer();
    const res = await t.post('/api/admin/staff/reauth', { password: PASSWORD, purpose: 'sign' }, c.h);
    expect(res.body.code).toBe(0);
  });
});
