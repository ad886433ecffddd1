import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { accounts } from '../support/accounts.ts';
import { smsOutbox } from '#server/platform/db/platform-tables.ts';
import { users } from '#server/accounts/tables.ts';
import { hashPassword } from '#server/accounts/passwords.ts';
import { DEMO_STAFF_PHONE, ensureDemoStaff } from '#server/staff/index.ts';

// No install shares a staff password: the published one of earlier releases never works.
const t = await setupApi();
const a = accounts(t);
const login = (password: string) => t.post('/api/open/login', { account: DEMO_STAFF_PHONE, password });

describe('the demo staff account', () => {
  it('gets a random password at first start, announced once; a restart keeps it', async () => {
    t.services.env.STAFF_PASSWORD = undefined;
    const generated = await ensureDemoStaff(t.services);
    expect(generated).toMatch(/^[A-Za-z2-9]{16}$/);
    expect((await login('Staff-Demo-2026')).body).toMatchObject({ code: 0, msg: '账号或密码错误' });
    expect((await login(generated!)).body.code).toBe(1);
    // The local outbox (this machine only) keeps it for a developer who missed the log.
    const [note] = await t.services.db.select().from(smsOutbox).where(eq(smsOutbox.phone, DEMO_STAFF_PHONE));
    expect(note.text).toContain(generated);

    expect(await ensureDemoStaff(t.services)).toBeNull();
    a.advance(60_000);
    expect((await login(generated!)).body.code).toBe(1);
  });

  it('replaces the old published default on an existing install', async () => {
    await t.services.db
      .update(users)
      .set({ passwordHash: await hashPassword('Staff-Demo-2026') })
      .where(eq(users.phone, DEMO_STAFF_PHONE));
    t.services.env.STAFF_PASSWORD = undefined;
    const generated = await ensureDemoStaff(t.services);
    expect(generated).toBeTruthy();
    expect((await login('Staff-Demo-2026')).body.code).toBe(0);
    expect((await login(generated!)).body.code).toBe(1);
  });

  it('uses STAFF_PASSWORD when the operator sets one, at every start', async () => {
    t.services.env.STAFF_PASSWORD = 'Operator-Chosen-1';
    expect(await ensureDemoStaff(t.services)).toBeNull();
    expect((await login('Operator-Chosen-1')).body.code).toBe(1);
  });
});

describe('user/info tells staff from customers', () => {
  it('names the staff role, and null for a customer', async () => {
    t.services.env.STAFF_PASSWORD = 'Operator-Chosen-2';
    await ensureDemoStaff(t.services);
    a.advance(60_000);
    const staff = await login('Operator-Chosen-2');
    const info = await a.info((staff.body.data as { token: string }).token);
    expect(info.body.data.userInfo.staff_role).toBe('admin');
    const customer = await a.user();
    expect((await a.info(customer.token)).body.data.userInfo.staff_role).toBeNull();
  });
});
