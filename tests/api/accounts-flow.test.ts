import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { AGREEMENT_VERSION } from '#shared/accounts/auth.ts';
import { accounts, PASSWORD } from '../support/accounts.ts';
import type { RefreshResult } from '#shared/accounts/auth.ts';

const t = await setupApi();
const a = accounts(t);

describe('register → login → info → refresh → logout', () => {
  it('walks the whole flow with the code read from the dev outbox', async () => {
    const phone = a.phone();
    const sent = await t.post('/api/open/code4sms', { phone, useFor: 0 });
    expect(sent.body).toMatchObject({ code: 1, msg: '验证码已发送!' });
    const [message] = await a.outbox(phone);
    expect(message.text).toMatch(/注册验证码为\d{6}，5分钟内有效/);

    const code = await a.lastCode(phone);
    const signed = await t.post('/api/open/sign', {
      phone,
      password: PASSWORD,
      code,
      inviterCode: '',
      agreement_version: AGREEMENT_VERSION,
    });
    // Registered means logged in (issue 28, item 27): the answer carries a session.
    expect(signed.body).toMatchObject({ code: 1, msg: '注册成功!' });
    const first = signed.body.data as { token: string; refreshToken: string; expires: number };
    expect(first.refreshToken).toMatch(/^[\w-]{43}$/);
    expect((await a.info(first.token)).body.data.userInfo).toMatchObject({ account: phone });

    const login = await t.post<{ token: string; refreshToken: string; expires: number }>('/api/open/login', {
      account: phone,
      password: PASSWORD,
    });
    expect(login.body.code).toBe(1);
    const { token, refreshToken, expires } = login.body.data;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    expect(expires).toBe(Math.floor(t.services.now() / 1000) + 12 * 3600);

    const info = await a.info(token);
    expect(info.body.code).toBe(1);
    expect(info.body.data.userInfo).toMatchObject({
      account: phone,
      phone,
      has_password: true,
      wechat_bound: false,
    });
    expect(info.body.data.userInfo.invite_code).toMatch(/^[A-Z2-9]{6}$/);
    expect(info.body.data).toMatchObject({ cartNum: 0, address: [] });

    a.advance(11 * 3600_000);
    const refreshed = await t.post<RefreshResult>('/api/open/refresh4token', { token: refreshToken });
    expect(refreshed.body.code).toBe(1);
    const next = refreshed.body.data;
    expect(next.token).not.toBe(token);
    expect(next.refresh_token).not.toBe(refreshToken);
    expect(next.expires_at).toBe(Math.floor(t.services.now() / 1000) + 12 * 3600);
    // Rotation replaces the access token too.
    expect((await a.info(token)).status).toBe(401);
    expect((await a.info(next.token)).body.code).toBe(1);

    const out = await t.post('/api/auth/logout', {}, a.bearer(next.token));
    expect(out.body.code).toBe(1);
    const after = await a.info(next.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 0, msg: '请先登录', data: { error: 'UNAUTHORIZED' } });
    // A logged-out session cannot be refreshed back to life either.
    const revived = await t.post('/api/open/refresh4token', { token: next.refresh_token });
    expect(revived.status).toBe(401);
  });

  it('answers a refresh without a token like a bad token: HTTP 401 登录已过期', async () => {
    for (const body of [undefined, {}, { token: '' }, { token: '   ' }, { token: 42 }]) {
      const res = await t.post('/api/open/refresh4token', body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body).toEqual({ code: 0, msg: '登录已过期，请重新登录', data: { error: 'UNAUTHORIZED' } });
    }
    const bad = await t.post('/api/open/refresh4token', { token: 'x'.repeat(43) });
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('登录已过期，请重新登录');
  });

  it('refuses a refresh token in the query string (it would end up in access logs), even with a body', async () => {
    const u = await a.user();
    const res = await t.post(`/api/open/refresh4token?token=${u.refreshToken}`, { token: u.refreshToken });
    expect(res.body).toEqual({ code: 0, msg: '请在请求体中提交刷新令牌', data: { error: 'REFUSED' } });
    // The token was not used up: the body form still works.
    const ok = await t.post<RefreshResult>('/api/open/refresh4token', { token: u.refreshToken });
    expect(ok.body.code).toBe(1);
  });

  it('logs in by SMS code for an existing account', async () => {
    const phone = await a.register();
    const code = await a.sendCode(phone, 3);
    const res = await t.post<{ token: string }>('/api/open/loginForCode', { phone, code });
    expect(res.body).toMatchObject({ code: 1, msg: '登录成功!' });
    expect((await a.info(res.body.data.token)).body.data.userInfo.account).toBe(phone);
  });

  it('resets the password, ends old sessions and logs in with the new one', async () => {
    const u = await a.user();
    const code = await a.sendCode(u.phone, 1);
    const res = await t.post('/api/open/reset', { account: u.phone, code, password: 'Violet-Lab-2027' });
    expect(res.body).toEqual({ code: 1, msg: '密码重置成功!', data: null });
    expect((await a.info(u.token)).status).toBe(401);
    const old = await t.post('/api/open/login', { account: u.phone, password: PASSWORD });
    expect(old.body).toMatchObject({ code: 0, msg: '账号或密码错误' });
    await a.login(u.phone, 'Violet-Lab-2027');
  });

  it('stores the inviter and refuses an unknown invite code', async () => {
    const inviter = await a.user();
    const code = (await a.info(inviter.token)).body.data.userInfo.invite_code as string;
    const phone = a.phone();
    const sms = await a.sendCode(phone, 0);
    const bad = await t.post('/api/open/sign', {
      phone,
      password: PASSWORD,
      code: sms,
      inviterCode: 'ZZZZZZ',
      agreement_version: AGREEMENT_VERSION,
    });
    expect(bad.body).toMatchObject({ code: 0, msg: '邀请码不存在，请检查或留空' });
    // The code was not spent by the refused attempt.
    const good = await t.post('/api/open/sign', {
      phone,
      password: PASSWORD,
      code: sms,
      inviterCode: code.toLowerCase(),
      agreement_version: AGREEMENT_VERSION,
    });
    expect(good.body.code).toBe(1);
    const { users } = await import('#server/accounts/tables.ts');
    const { eq } = await import('drizzle-orm');
    const [invited] = await t.services.db.select().from(users).where(eq(users.phone, phone));
    const [inviterRow] = await t.services.db.select().from(users).where(eq(users.phone, inviter.phone));
    expect(invited.inviterId).toBe(inviterRow.id);
  });

  it('updates the profile fields a user may change', async () => {
    const u = await a.user();
    const res = await t.post(
      '/api/auth/updateInfo',
      { name: ' 张三 ', email: 'zs@example.com' },
      a.bearer(u.token),
    );
    expect(res.body).toMatchObject({ code: 1 });
    const info = (await a.info(u.token)).body.data.userInfo;
    expect(info).toMatchObject({ name: '张三', email: 'zs@example.com' });
    const bad = await t.post('/api/auth/updateInfo', { email: 'not-mail' }, a.bearer(u.token));
    expect(bad.body).toMatchObject({ code: 0, msg: '[邮箱]格式不正确' });
  });

  it('changes the phone with the current password and a code sent to the new phone', async () => {
    const u = await a.user();
    const other = await a.register();
    const newPhone = a.phone();
    const taken = await t.post('/api/open/code4sms', { phone: other, useFor: 0 });
    expect(taken.body).toMatchObject({ code: 0, msg: '该手机号已注册，请直接登录' });

    const code = await a.sendCode(newPhone, 0);
    const wrong = await t.post(
      '/api/auth/update4contact',
      { phone: newPhone, code, password: 'nope-nope' },
      a.bearer(u.token),
    );
    expect(wrong.body).toMatchObject({ code: 0, msg: '[当前密码]错误' });
    const done = await t.post(
      '/api/auth/update4contact',
      { phone: newPhone, code, password: PASSWORD },
      a.bearer(u.token),
    );
    expect(done.body).toMatchObject({ code: 1 });
    expect((await a.info(u.token)).body.data.userInfo.account).toBe(newPhone);
    await a.login(newPhone);
    const oldLogin = await t.post('/api/open/login', { account: u.phone, password: PASSWORD });
    expect(oldLogin.body.msg).toBe('账号或密码错误');
  });
});

describe('tokens', () => {
  it('revokes the whole session when a rotated refresh token comes back', async () => {
    const u = await a.user();
    const first = await t.post<RefreshResult>('/api/open/refresh4token', { token: u.refreshToken });
    expect(first.body.code).toBe(1);
    const replay = await t.post('/api/open/refresh4token', { token: u.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 0, msg: '登录已过期，请重新登录' });
    // The thief's replay also ends the legitimate holder's newer tokens.
    expect((await a.info(first.body.data.token)).status).toBe(401);
    const second = await t.post('/api/open/refresh4token', { token: first.body.data.refresh_token });
    expect(second.status).toBe(401);
  });

  it('expires the access token after 12 hours and the refresh token after 30 days', async () => {
    const u = await a.user();
    a.advance(12 * 3600_000 + 1000);
    expect((await a.info(u.token)).status).toBe(401);
    const ok = await t.post<RefreshResult>('/api/open/refresh4token', { token: u.refreshToken });
    expect(ok.body.code).toBe(1);
    a.advance(30 * 86_400_000 + 1000);
    const late = await t.post('/api/open/refresh4token', { token: ok.body.data.refresh_token });
    expect(late.status).toBe(401);
  });

  it('never extends a session past 90 days, however often it is refreshed', async () => {
    const u = await a.user();
    let refresh = u.refreshToken;
    let last = 0;
    for (let day = 0; day < 100; day += 20) {
      a.advance(20 * 86_400_000);
      const res = await t.post<RefreshResult>('/api/open/refresh4token', { token: refresh });
      if (res.body.code !== 1) break;
      refresh = res.body.data.refresh_token;
      last = day + 20;
    }
    expect(last).toBeLessThan(90);
  });

  it("never lets user B's token read user A's data", async () => {
    const userA = await a.user();
    const userB = await a.user();
    await t.post('/api/auth/updateInfo', { name: '甲' }, a.bearer(userA.token));
    const asB = await a.info(userB.token);
    expect(asB.body.data.userInfo).toMatchObject({ account: userB.phone, name: '' });
    expect(JSON.stringify(asB.body)).not.toContain(userA.phone);
    // Logging B out leaves A's session alone.
    await t.post('/api/auth/logout', {}, a.bearer(userB.token));
    expect((await a.info(userA.token)).body.code).toBe(1);
  });

  it('answers 401 on every /api/auth path without a valid bearer token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
    ]) {
      for (const path of [
        '/api/auth/user/info',
        '/api/auth/web/home/data',
        '/api/auth/message/list',
        '/api/auth/updateInfo',
        '/api/auth/logout',
        '/api/auth/no-such-call',
      ]) {
        const res = await t.post(path, {}, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.body).toEqual({ code: 0, msg: '请先登录', data: { error: 'UNAUTHORIZED' } });
      }
    }
  });

  it('stores tokens only as hashes', async () => {
    const u = await a.user();
    const { sessions } = await import('#server/accounts/tables.ts');
    const rows = await t.services.db.select().from(sessions);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(u.token);
    expect(dump).not.toContain(u.refreshToken);
  });

  it('sweeps codes, tickets and sessions nobody can use any more', async () => {
    const { sessions, smsCodes, wxLoginTickets } = await import('#server/accounts/tables.ts');
    const { sweepAccounts } = await import('#server/accounts/sweep.ts');
    const { sha256 } = await import('#server/accounts/crypto.ts');
    const { eq } = await import('drizzle-orm');
    const live = await a.user();
    const gone = await a.user();
    await t.post('/api/auth/logout', {}, a.bearer(gone.token));
    await t.get('/api/open/wx/ticket');
    const sessionOf = async (token: string) =>
      t.services.db
        .select()
        .from(sessions)
        .where(eq(sessions.accessHash, sha256(token)));
    expect(await sessionOf(gone.token)).toHaveLength(1);

    a.advance(2 * 86_400_000);
    await sweepAccounts(t.services);
    expect(await t.services.db.select().from(smsCodes)).toEqual([]);
    expect(await t.services.db.select().from(wxLoginTickets)).toEqual([]);
    expect(await sessionOf(gone.token)).toEqual([]);
    expect(await sessionOf(live.token)).toHaveLength(1);
    // The live session (refresh token good for 30 days) still refreshes.
    const res = await t.post('/api/open/refresh4token', { token: live.refreshToken });
    expect(res.body.code).toBe(1);
  });
});
