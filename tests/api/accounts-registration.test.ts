import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { accounts, PASSWORD } from '../support/accounts.ts';
import { AGREEMENT_VERSION, type LoginResult } from '#shared/accounts/auth.ts';
import { users } from '#server/accounts/tables.ts';
import { PROFILE } from '../factories/users.ts';

// Issue 28: registration (items 6, 7, 27), the spec's user/ paths (10), and changing the phone
// and the password from the member centre (11).
const t = await setupApi();
const a = accounts(t);

const AGREED = { agreement_version: AGREEMENT_VERSION };

describe('registration', () => {
  it('checks the SMS code before saying a phone is registered', async () => {
    const taken = await a.register();
    // No code was ever sent for this purpose to a registered phone: a guess learns nothing.
    const probe = await t.post('/api/open/sign', {
      phone: taken,
      code: '123456',
      password: PASSWORD,
      ...AGREED,
    });
    expect(probe.body).toEqual({ code: 0, msg: '验证码错误或已失效', data: { error: 'REFUSED' } });
    const unknown = await t.post('/api/open/sign', {
      phone: a.phone(),
      code: '123456',
      password: PASSWORD,
      ...AGREED,
    });
    expect(unknown.body).toEqual(probe.body);
    // The spec's message stays where it is behind the SMS limits: asking for a register code.
    const ask = await t.post('/api/open/code4sms', { phone: taken, useFor: 0 });
    expect(ask.body).toMatchObject({ code: 0, msg: '该手机号已注册，请直接登录' });
  });

  it('needs the agreement ticked, records its version and time, and logs the customer in', async () => {
    const phone = a.phone();
    const code = await a.sendCode(phone, 0);
    const missing = await t.post('/api/open/sign', { phone, code, password: PASSWORD });
    expect(missing.body).toMatchObject({ code: 0, msg: '请阅读并同意《服务协议》和《隐私政策》' });
    const outdated = await t.post('/api/open/sign', {
      phone,
      code,
      password: PASSWORD,
      agreement_version: '2000-01-01',
    });
    expect(outdated.body).toMatchObject({
      code: 0,
      msg: '《服务协议》或《隐私政策》已更新，请刷新页面后重新阅读并同意',
    });

    const signed = await t.post<LoginResult>('/api/open/sign', {
      phone,
      code,
      password: PASSWORD,
      ...AGREED,
    });
    expect(signed.body).toMatchObject({ code: 1, msg: '注册成功!' });
    const info = await a.info(signed.body.data.token);
    expect(info.body.data.userInfo).toMatchObject({ account: phone, has_password: true });

    const [row] = await t.services.db
      .select({ version: users.agreementVersion, at: users.agreedAt })
      .from(users)
      .where(eq(users.phone, phone));
    expect(row).toEqual({ version: AGREEMENT_VERSION, at: new Date(t.services.now()) });
  });
});

describe("the spec's paths under user/", () => {
  it('serves updateInfo, update4profile and update4contact with and without user/', async () => {
    const u = await a.user();
    for (const path of ['/api/auth/user/updateInfo', '/api/auth/updateInfo']) {
      const res = await t.post(path, { name: path.includes('user/') ? '李四' : '王五' }, a.bearer(u.token));
      expect(res.status, path).toBe(200);
      expect(res.body, path).toMatchObject({ code: 1, msg: '操作成功!' });
    }
    expect((await a.info(u.token)).body.data.userInfo.name).toBe('王五');

    for (const path of ['/api/auth/user/update4profile', '/api/auth/update4profile']) {
      const res = await t.post(path, PROFILE, a.bearer(u.token));
      expect(res.body, path).toMatchObject({ code: 1, msg: '提交成功!' });
    }

    const to = a.phone();
    const code = await a.sendCode(to, 0);
    const moved = await t.post(
      '/api/auth/user/update4contact',
      { phone: to, code, password: PASSWORD },
      a.bearer(u.token),
    );
    expect(moved.body).toMatchObject({ code: 1 });
    expect((await a.info(u.token)).body.data.userInfo.phone).toBe(to);
    const bare = await t.post('/api/auth/update4contact', {}, a.bearer(u.token));
    expect(bare.body).toMatchObject({ code: 0, msg: '[手机号]不能为空' });
  });

  it('lists both forms in the OpenAPI document', async () => {
    const doc = await t.get<{ paths: Record<string, unknown> }>('/api/openapi.json');
    const paths = Object.keys((doc.body as unknown as { paths: Record<string, unknown> }).paths);
    for (const p of ['updateInfo', 'update4profile', 'update4contact'])
      expect(paths).toEqual(expect.arrayContaining([`/api/auth/user/${p}`, `/api/auth/${p}`]));
    expect(paths).toContain('/api/auth/user/update4password');
  });
});

describe('changing the password from the member centre', () => {
  const change = (token: string, body: unknown) =>
    t.post('/api/auth/user/update4password', body, a.bearer(token));

  it('needs the current password, refuses a common new one, and ends the other sessions', async () => {
    const u = await a.user();
    const other = await a.login(u.phone);

    expect(
      (await change(u.token, { password: 'Wrong-Kettle-1', new_password: 'Violet-Lab-2027' })).body,
    ).toMatchObject({
      code: 0,
      msg: '[当前密码]错误',
    });
    expect((await change(u.token, { password: PASSWORD, new_password: 'Passw0rd!' })).body).toMatchObject({
      code: 0,
      msg: '该密码过于常见，容易被猜中，请换一个更安全的密码',
    });
    expect((await change(u.token, { password: PASSWORD, new_password: PASSWORD })).body).toMatchObject({
      code: 0,
      msg: '新密码不能与当前密码相同',
    });
    expect((await change(u.token, { password: PASSWORD, new_password: 'short' })).body).toMatchObject({
      code: 0,
      msg: '[新密码]长度应为8-64位',
    });

    const done = await change(u.token, { password: PASSWORD, new_password: 'Violet-Lab-2027' });
    expect(done.body).toEqual({ code: 1, msg: '密码修改成功!', data: null });
    // This device stays in; every other one has to log in again, with the new password.
    expect((await a.info(u.token)).body.code).toBe(1);
    expect((await a.info(other.token)).status).toBe(401);
    expect((await t.post('/api/open/login', { account: u.phone, password: PASSWORD })).body.msg).toBe(
      '账号或密码错误',
    );
    await a.login(u.phone, 'Violet-Lab-2027');
  });

  it('stops guessing the current password after 5 wrong tries (shared with the phone change)', async () => {
    const u = await a.user();
    for (let i = 0; i < 5; i++) {
      const res = await change(u.token, { password: `Wrong-Kettle-${i}`, new_password: 'Violet-Lab-2027' });
      expect(res.body.msg).toBe('[当前密码]错误');
    }
    const to = a.phone();
    const code = await a.sendCode(to, 0);
    const contact = await t.post(
      '/api/auth/user/update4contact',
      { phone: to, code, password: PASSWORD },
      a.bearer(u.token),
    );
    expect(contact.body).toMatchObject({ code: 0, msg: '请求过于频繁，请稍后再试' });
  });
});
