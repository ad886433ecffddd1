import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { AGREEMENT_VERSION } from '#shared/accounts/auth.ts';
import { DEMO_STAFF_PHONE, ensureDemoStaff } from '#server/staff/index.ts';

// The browser tests' shortcut past SMS codes and argon2 (decision 0057): it makes the same account
// a registration would, and exists exactly where the dev outbox does.
const t = await setupApi();
await ensureDemoStaff(t.services);
const PASSWORD = 'Kettle-Lab-2026';
const devLogin = (body: Record<string, unknown>) => t.post<{ token: string }>('/api/dev/login', body);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/dev/login', () => {
  it('creates a missing account with the password and agreement given, and logs it in', async () => {
    const phone = '13700001234';
    const first = await devLogin({ phone, password: PASSWORD, agreement_version: AGREEMENT_VERSION });
    expect(first.body).toMatchObject({ code: 1 });
    const info = await t.post<{ userInfo: { account: string } }>(
      '/api/auth/user/info',
      {},
      bearer(first.body.data.token),
    );
    expect(info.body.data.userInfo.account).toBe(phone);
    // The account is a real one: its password logs in the ordinary way.
    expect((await t.post('/api/open/login', { account: phone, password: PASSWORD })).body.code).toBe(1);
    // A second call logs the same account in again.
    const again = await devLogin({ phone });
    expect(again.body.code).toBe(1);
    expect(again.body.data.token).not.toBe(first.body.data.token);
  });

  it('gives a console session to staff only', async () => {
    const staff = await devLogin({ phone: DEMO_STAFF_PHONE, staff: true });
    expect(staff.body).toMatchObject({ code: 1 });
    expect((await t.post('/api/admin/me', {}, bearer(staff.body.data.token))).body.code).toBe(1);
    const customer = await devLogin({ phone: '13700004321', staff: true });
    expect(customer.status).toBe(403);
    expect(customer.body.code).toBe(0);
  });

  it('does not exist where the outbox does not: DEV_TOOLS=off, or local and the caller elsewhere', async () => {
    const env = t.services.env;
    const before = env.DEV_TOOLS;
    try {
      for (const mode of ['off', 'local'] as const) {
        env.DEV_TOOLS = mode;
        // In-process requests have no TCP peer: never this machine.
        const res = await devLogin({ phone: DEMO_STAFF_PHONE, staff: true });
        expect(res.status).toBe(404);
      }
    } finally {
      env.DEV_TOOLS = before;
    }
  });
});
