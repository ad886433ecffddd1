import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { AGREEMENT_VERSION } from '#shared/accounts/auth.ts';
import { accounts, PASSWORD } from '../support/accounts.ts';

const t = await setupApi();
const a = accounts(t);

const send = (phone: string, useFor = 0) => t.post('/api/open/code4sms', { phone, useFor });

describe('SMS codes', () => {
  it('refuses a resend within 60 s, then allows it', async () => {
    const phone = a.phone();
    expect((await send(phone)).body.code).toBe(1);
    a.advance(59_000);
    expect((await send(phone)).body).toMatchObject({ code: 0, msg: '验证码发送过于频繁，请60秒后再试' });
    a.advance(2_000);
    expect((await send(phone)).body.code).toBe(1);
    expect(await a.outbox(phone)).toHaveLength(2);
  });

  it('allows 5 codes an hour and 10 a day per phone', async () => {
    const phone = a.phone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).body.code).toBe(1);
      a.advance(61_000);
    }
    expect((await send(phone)).body).toMatchObject({ code: 0, msg: '验证码发送次数过多，请1小时后再试' });
    a.advance(3600_000);
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).body.code).toBe(1);
      a.advance(61_000);
    }
    a.advance(3600_000);
    expect((await send(phone)).body).toMatchObject({
      code: 0,
      msg: '今日验证码发送次数已达上限，请明天再试',
    });
  });

  it('limits codes per client address across phones', async () => {
    t.services.env.TRUST_PROXY = true;
    try {
      const headers = { 'x-real-ip': '203.0.113.7' };
      for (let i = 0; i < 20; i++) {
        const res = await t.post('/api/open/code4sms', { phone: a.phone(), useFor: 0 }, headers);
        expect(res.body.code).toBe(1);
      }
      const refused = await t.post('/api/open/code4sms', { phone: a.phone(), useFor: 0 }, headers);
      expect(refused.body).toMatchObject({ code: 0, msg: '请求过于频繁，请稍后再试' });
      // Another address is not affected.
      const other = await t.post(
        '/api/open/code4sms',
        { phone: a.phone(), useFor: 0 },
        { 'x-real-ip': '203.0.113.8' },
      );
      expect(other.body.code).toBe(1);
    } finally {
      t.services.env.TRUST_PROXY = false;
    }
  });

  it('kills a code after 5 wrong tries', async () => {
    const phone = a.phone();
    const code = await a.sendCode(phone, 0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.post('/api/open/sign', {
        phone,
        code: wrong,
        password: PASSWORD,
        agreement_version: AGREEMENT_VERSION,
      });
      expect(res.body).toMatchObject({ code: 0, msg: '验证码错误或已失效' });
    }
    const right = await t.post('/api/open/sign', {
      phone,
      code,
      password: PASSWORD,
      agreement_version: AGREEMENT_VERSION,
    });
    expect(right.body).toMatchObject({ code: 0, msg: '验证码错误或已失效' });
  });

  it('refuses a used code and an expired one', async () => {
    const phone = a.phone();
    const code = await a.sendCode(phone, 0);
    expect(
      (
        await t.post('/api/open/sign', {
          phone,
          code,
          password: PASSWORD,
          agreement_version: AGREEMENT_VERSION,
        })
      ).body.code,
    ).toBe(1);
    const reset = await a.sendCode(phone, 1);
    expect(
      (await t.post('/api/open/reset', { account: phone, code: reset, password: 'Other-Pass1' })).body.code,
    ).toBe(1);
    const again = await t.post('/api/open/reset', { account: phone, code: reset, password: 'Third-Pass1' });
    expect(again.body).toMatchObject({ code: 0, msg: '验证码错误或已失效' });

    const late = await a.sendCode(phone, 3);
    a.advance(5 * 60_000 + 1000);
    const expired = await t.post('/api/open/loginForCode', { phone, code: late });
    expect(expired.body).toMatchObject({ code: 0, msg: '验证码错误或已失效' });
  });

  it('binds a code to its purpose and keeps only the newest valid', async () => {
    const phone = await a.register();
    const login = await a.sendCode(phone, 3);
    const asReset = await t.post('/api/open/reset', { account: phone, code: login, password: 'Other-Pass1' });
    expect(asReset.body).toMatchObject({ code: 0, msg: '验证码错误或已失效' });
    const newer = await a.sendCode(phone, 3);
    if (newer !== login) {
      const old = await t.post('/api/open/loginForCode', { phone, code: login });
      expect(old.body).toMatchObject({ code: 0, msg: '验证码错误或已失效' });
    }
    expect((await t.post('/api/open/loginForCode', { phone, code: newer })).body.code).toBe(1);
  });

  it('tells a registered phone to log in, but answers reset and login requests alike for unknown phones', async () => {
    const known = await a.register();
    a.advance(61_000);
    expect((await send(known, 0)).body).toMatchObject({ code: 0, msg: '该手机号已注册，请直接登录' });

    const unknown = a.phone();
    for (const useFor of [1, 3]) {
      a.advance(61_000);
      const forKnown = await send(known, useFor);
      const forUnknown = await send(unknown, useFor);
      expect(forUnknown.body).toEqual(forKnown.body);
    }
    expect(await a.outbox(unknown)).toHaveLength(0);
    // And the per-phone limit applies to unknown phones just the same.
    expect((await send(unknown, 1)).body.msg).toBe('验证码发送过于频繁，请60秒后再试');
    // No code was ever created, so guessing one for SMS login gets nowhere.
    const guess = await t.post('/api/open/loginForCode', { phone: unknown, code: '123456' });
    expect(guess.body).toMatchObject({ code: 0, msg: '验证码错误或已失效' });
  });

  it('keeps codes hashed in the database', async () => {
    const phone = a.phone();
    const code = await a.sendCode(phone, 0);
    const { smsCodes } = await import('#server/accounts/tables.ts');
    const rows = await t.services.db.select().from(smsCodes);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
  });
});

describe('password login', () => {
  it('answers an unknown account and a wrong password alike', async () => {
    const phone = await a.register();
    const wrong = await t.post('/api/open/login', { account: phone, password: 'wrong-password' });
    const unknown = await t.post('/api/open/login', { account: a.phone(), password: 'wrong-password' });
    expect(wrong.body).toEqual({ code: 0, msg: '账号或密码错误', data: { error: 'REFUSED' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  describe('failed password logins', () => {
    const LOCKED = '登录失败次数过多，请15分钟后再试或使用验证码登录';
    const GUARDED = '该账号近期多次登录失败，为保护账号安全，请使用验证码登录';
    const from = (ip: string) => ({ 'x-real-ip': ip });
    const login = (account: string, password: string, ip: string) =>
      t.post('/api/open/login', { account, password }, from(ip));
    let warn: ReturnType<typeof vi.spyOn>;
    beforeEach(() => {
      t.services.env.TRUST_PROXY = true;
      warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    });
    afterEach(() => {
      t.services.env.TRUST_PROXY = false;
      warn.mockRestore();
    });

    it('lock out only the guessing address for 15 minutes; the owner elsewhere still logs in', async () => {
      const phone = await a.register();
      for (let i = 0; i < 5; i++) {
        expect((await login(phone, `wrong-${i}-pass`, '203.0.113.7')).body.msg).toBe('账号或密码错误');
        a.advance(30_000);
      }
      // Even the right password is refused from that address…
      expect((await login(phone, PASSWORD, '203.0.113.7')).body).toMatchObject({ code: 0, msg: LOCKED });
      // …while the owner, from their own address, is not locked out.
      expect((await login(phone, PASSWORD, '198.51.100.20')).body.code).toBe(1);
      expect(String(warn.mock.calls.at(-1)?.[0])).toMatch(/locked for 15 min from 203\.0\.113\.7/);
      expect(String(warn.mock.calls.at(-1)?.[0])).not.toContain(phone);

      a.advance(14 * 60_000);
      expect((await login(phone, PASSWORD, '203.0.113.7')).body.msg).toBe(LOCKED);
      a.advance(61_000);
      expect((await login(phone, PASSWORD, '203.0.113.7')).body.code).toBe(1);

      // Locked again; an SMS login from that address lifts its lock.
      for (let i = 0; i < 5; i++) await login(phone, 'wrong-pass', '203.0.113.7');
      expect((await login(phone, PASSWORD, '203.0.113.7')).body.msg).toBe(LOCKED);
      const code = await a.sendCode(phone, 3);
      expect((await t.post('/api/open/loginForCode', { phone, code }, from('203.0.113.7'))).body.code).toBe(
        1,
      );
      expect((await login(phone, PASSWORD, '203.0.113.7')).body.code).toBe(1);
    });

    it('an account guessed at from many addresses needs the SMS code from new addresses, not from known ones', async () => {
      const phone = await a.register();
      // The owner signs in once from home.
      expect((await login(phone, PASSWORD, '198.51.100.30')).body.code).toBe(1);
      // 20 guesses from 10 addresses, two each: no address reaches its own lock.
      for (let i = 0; i < 20; i++) {
        expect((await login(phone, `guess-${i}-pw`, `192.0.2.${Math.floor(i / 2) + 1}`)).body.msg).toBe(
          '账号或密码错误',
        );
      }
      expect(String(warn.mock.calls.at(-1)?.[0])).toMatch(/new addresses need the SMS code/);
      // A new address, even with the right password, is sent to SMS login; guessing stops there.
      expect((await login(phone, PASSWORD, '192.0.2.99')).body).toMatchObject({ code: 0, msg: GUARDED });
      expect((await login(phone, 'guess-again', '192.0.2.98')).body.msg).toBe(GUARDED);
      // The owner at home is not bothered.
      expect((await login(phone, PASSWORD, '198.51.100.30')).body.code).toBe(1);
      // An hour later new addresses may try passwords again.
      a.advance(3600_000 + 1000);
      expect((await login(phone, PASSWORD, '192.0.2.99')).body.code).toBe(1);
    });

    it('an SMS login lifts the guard at once', async () => {
      const phone = await a.register();
      for (let i = 0; i < 20; i++) await login(phone, `guess-${i}-pw`, `192.0.2.${100 + i}`);
      expect((await login(phone, PASSWORD, '198.51.100.40')).body.msg).toBe(GUARDED);
      const code = await a.sendCode(phone, 3);
      expect((await t.post('/api/open/loginForCode', { phone, code }, from('198.51.100.40'))).body.code).toBe(
        1,
      );
      expect((await login(phone, PASSWORD, '198.51.100.41')).body.code).toBe(1);
    });

    it('unknown account names behave the same (no enumeration through the lock or the guard)', async () => {
      const ghost = a.phone();
      for (let i = 0; i < 5; i++) await login(ghost, 'wrong-pass', '203.0.113.8');
      expect((await login(ghost, 'wrong-pass', '203.0.113.8')).body.msg).toBe(LOCKED);
      const other = a.phone();
      for (let i = 0; i < 20; i++) await login(other, 'wrong-pass', `192.0.2.${200 + (i % 10)}`);
      expect((await login(other, 'wrong-pass', '192.0.2.250')).body.msg).toBe(GUARDED);
    });
  });

  it('limits login attempts per client address', async () => {
    t.services.env.TRUST_PROXY = true;
    try {
      // SMS-login guesses and password logins share one bucket per address (100 in 15 minutes).
      const headers = { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' };
      for (let i = 0; i < 100; i++) {
        const res = await t.post('/api/open/loginForCode', { phone: a.phone(), code: '123456' }, headers);
        expect(res.body.msg).toBe('验证码错误或已失效');
      }
      const res = await t.post('/api/open/login', { account: 'user-x', password: 'wrong-pass' }, headers);
      expect(res.body).toMatchObject({ code: 0, msg: '请求过于频繁，请稍后再试' });
      // The spoofable first entry does not pick the bucket: the proxy's last entry does.
      const spoofed = { 'x-forwarded-for': '10.1.1.1, 203.0.113.9' };
      expect((await t.post('/api/open/login', { account: 'user-x', password: 'x' }, spoofed)).body.msg).toBe(
        '请求过于频繁，请稍后再试',
      );
      const other = await t.post(
        '/api/open/login',
        { account: 'user-x', password: 'wrong-pass' },
        { 'x-real-ip': '203.0.113.50' },
      );
      expect(other.body.msg).toBe('账号或密码错误');
    } finally {
      t.services.env.TRUST_PROXY = false;
    }
  });
});
