import { beforeEach, expect } from 'vitest';
import type { TestContext } from '../setup/api.ts';
import type { LoginResult } from '#shared/accounts/auth.ts';
import { AGREEMENT_VERSION } from '#shared/accounts/auth.ts';
import { hashPassword } from '#server/accounts/passwords.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { insertUser } from '#server/accounts/users.ts';

export const PASSWORD = 'Kettle-Lab-2026';

let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(PASSWORD));

/**
 * Account helpers over a setupApi() context: a controllable clock (each test starts two hours
 * after the previous one, so rate-limit windows and codes never leak between tests), fresh
 * phone numbers, and codes read back from the dev SMS outbox the way a developer would.
 */
export function accounts(t: TestContext) {
  let now = Date.UTC(2026, 0, 5, 2, 0, 0);
  t.services.now = () => now;
  beforeEach(() => {
    now += 2 * 3600_000;
  });
  let seq = 0;
  const prefix = String(Math.floor(Math.random() * 9000) + 1000);

  const advance = (ms: number) => {
    now += ms;
  };
  /** A mainland mobile nobody in this file has used. */
  const phone = () => `139${prefix}${String(++seq).padStart(4, '0')}`;

  const helpers = {
    advance,
    phone,
    bearer: (token: string) => ({ authorization: `Bearer ${token}` }),

    async outbox(phone: string): Promise<{ phone: string; text: string; created: string }[]> {
      const res = await t.get<{ list: { phone: string; text: string; created: string }[] }>(
        `/api/dev/outbox?phone=${phone}`,
      );
      expect(res.body.code).toBe(1);
      return res.body.data.list;
    },
    /** The code in the newest message to phone. */
    async lastCode(phone: string): Promise<string> {
      const [latest] = await helpers.outbox(phone);
      const code = /(\d{6})/.exec(latest?.text ?? '')?.[1];
      if (!code) throw new Error(`no code in the outbox for ${phone}`);
      return code;
    },
    /** Sends a code (a minute after any earlier one, past the per-phone limit) and reads it. */
    async sendCode(phone: string, useFor: number): Promise<string> {
      advance(61_000);
      const res = await t.post('/api/open/code4sms', { phone, useFor });
      expect(res.body).toMatchObject({ code: 1 });
      return helpers.lastCode(phone);
    },
    async register(number = phone(), password = PASSWORD, inviterCode?: string): Promise<string> {
      const code = await helpers.sendCode(number, 0);
      const res = await t.post('/api/open/sign', {
        phone: number,
        password,
        code,
        inviterCode,
        agreement_version: AGREEMENT_VERSION,
      });
      expect(res.body).toMatchObject({ code: 1, msg: '注册成功!' });
      return number;
    },
    async login(account: string, password = PASSWORD): Promise<LoginResult> {
      const res = await t.post<LoginResult>('/api/open/login', { account, password });
      expect(res.body).toMatchObject({ code: 1 });
      return res.body.data;
    },
    /**
     * A new logged-in user, made straight in the database (the password hash computed once per
     * file) for every test not about registration itself: the SMS flow and argon2 cost a test
     * file seconds. `register()` and `login()` go through the API.
     */
    async user(): Promise<{ phone: string } & LoginResult> {
      const number = phone();
      const hash = await passwordHash();
      const user = await t.services.db.transaction((tx) =>
        insertUser(tx, { phone: number, passwordHash: hash, now: t.services.now() }),
      );
      return {
        phone: number,
        ...(await createSession(t.services, user!.id, { ip: 'unknown', userAgent: '' })),
      };
    },
    info(token: string) {
      return t.post<{ userInfo: Record<string, unknown>; cartNum: number; address: unknown[] }>(
        '/api/auth/user/info',
        {},
        helpers.bearer(token),
      );
    },
  };
  return helpers;
}
