import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { accounts, PASSWORD } from '../support/accounts.ts';
import type { LoginResult, WxPollResult, WxTicket } from '#shared/accounts/auth.ts';
import { createMpWechat } from '#server/platform/adapters/wechat/mp.ts';
import { wechatSignature } from '#server/platform/adapters/wechat/callback.ts';

const t = await setupApi();
const a = accounts(t);

const ticket = async () => {
  const res = await t.get<WxTicket>('/api/open/wx/ticket');
  expect(res.body.code).toBe(1);
  return res.body.data;
};
const poll = (tk: string) => t.post<WxPollResult>('/api/open/wx/qrCodeLogin', { ticket: tk });
const devScan = (tk: string, openid: string) => t.post('/api/dev/wechat/scan', { ticket: tk, openid });

async function bind(bindKey: string, phone: string) {
  const code = await a.sendCode(phone, 4);
  return t.post<LoginResult>('/api/open/wx/bind', { bindKey, phone, code });
}

describe('WeChat QR login with the dev adapter', () => {
  it('binds an unknown WeChat user to a new phone, then logs the same user straight in', async () => {
    const first = await ticket();
    expect(first.expire_seconds).toBe(120);
    expect(first.qr_code_url).toBe(`http://localhost:4321/dev/wechat?ticket=${first.ticket}`);
    expect((await poll(first.ticket)).body.data).toEqual({ status: 'pending' });

    const scanned = await devScan(first.ticket, 'o-new-user');
    expect(scanned.body).toMatchObject({ code: 1, data: { status: 'need_bind' } });
    const need = (await poll(first.ticket)).body.data;
    expect(need.status).toBe('need_bind');
    const phone = a.phone();
    const bound = await bind((need as { bindKey: string }).bindKey, phone);
    expect(bound.body).toMatchObject({ code: 1, msg: '登录成功!' });
    const info = (await a.info(bound.body.data.token)).body.data.userInfo;
    expect(info).toMatchObject({ account: phone, wechat_bound: true, has_password: false });
    // The ticket is spent.
    expect((await poll(first.ticket)).body).toMatchObject({ code: 0, msg: '二维码已过期' });

    const second = await ticket();
    expect((await devScan(second.ticket, 'o-new-user')).body.data).toEqual({ status: 'confirmed' });
    const confirmed = await poll(second.ticket);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed' });
    const { token, refreshToken, expires } = confirmed.body.data as LoginResult;
    expect(refreshToken).toBeTruthy();
    expect(expires).toBeGreaterThan(t.services.now() / 1000);
    expect((await a.info(token)).body.data.userInfo.account).toBe(phone);
    // Tokens are handed out once.
    expect((await poll(second.ticket)).body).toMatchObject({ code: 0, msg: '二维码已过期' });
  });

  it('binds WeChat to an existing account, which keeps its password', async () => {
    const phone = await a.register();
    const tk = await ticket();
    await devScan(tk.ticket, 'o-existing');
    const need = (await poll(tk.ticket)).body.data as { bindKey: string };
    const res = await bind(need.bindKey, phone);
    expect(res.body.code).toBe(1);
    expect((await a.info(res.body.data.token)).body.data.userInfo).toMatchObject({
      wechat_bound: true,
      has_password: true,
    });
    await a.login(phone, PASSWORD);

    // Another WeChat user cannot take over the same phone.
    const other = await ticket();
    await devScan(other.ticket, 'o-intruder');
    const key = ((await poll(other.ticket)).body.data as { bindKey: string }).bindKey;
    const refused = await bind(key, phone);
    expect(refused.body).toMatchObject({ code: 0, msg: '该手机号已绑定其他微信' });
  });

  it('expires an unscanned QR code after expire_seconds', async () => {
    const tk = await ticket();
    a.advance(121_000);
    expect((await poll(tk.ticket)).body).toEqual({
      code: 0,
      msg: '二维码已过期',
      data: { error: 'REFUSED' },
    });
    expect((await devScan(tk.ticket, 'o-late')).body).toMatchObject({ code: 0, msg: '二维码已过期' });
    expect((await poll('no-such-ticket')).body).toMatchObject({ code: 0, msg: '二维码已过期' });
  });

  it('refuses a bind with a wrong code or a stale key', async () => {
    const tk = await ticket();
    await devScan(tk.ticket, 'o-wrong-code');
    const key = ((await poll(tk.ticket)).body.data as { bindKey: string }).bindKey;
    const phone = a.phone();
    await a.sendCode(phone, 4);
    const wrong = await t.post('/api/open/wx/bind', { bindKey: key, phone, code: '000000' });
    expect(wrong.body.msg).toMatch(/验证码错误或已失效/);
    const stale = await t.post('/api/open/wx/bind', { bindKey: 'x'.repeat(32), phone, code: '123456' });
    expect(stale.body).toMatchObject({ code: 0, msg: '二维码已过期' });
  });
});

describe('development endpoints exist only with their local adapters', () => {
  it('hides the outbox unless SMS_PROVIDER=log and the scan simulator unless WECHAT_PROVIDER=dev', async () => {
    const env = t.services.env;
    env.SMS_PROVIDER = 'aliyun';
    env.WECHAT_PROVIDER = 'mp';
    try {
      expect((await t.get('/api/dev/outbox?phone=13800138000')).status).toBe(404);
      expect((await t.post('/api/dev/wechat/scan', { ticket: 'abc' })).status).toBe(404);
    } finally {
      env.SMS_PROVIDER = 'log';
      env.WECHAT_PROVIDER = 'dev';
    }
    expect((await t.get('/api/dev/outbox')).status).toBe(200);
    expect((await t.get('/api/open/wx/callback')).status).toBe(404);
  });
});

describe('WeChat QR login with the Official Account adapter against a fake WeChat API', () => {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  let tokenSerial = 0;
  const fake = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    calls.push({ path: url.pathname, body });
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/cgi-bin/stable_token') {
      if (body.appid !== 'wx-app' || body.secret !== 'wx-secret' || body.grant_type !== 'client_credential') {
        return res.end(JSON.stringify({ errcode: 40013, errmsg: 'invalid appid' }));
      }
      return res.end(JSON.stringify({ access_token: `AT${++tokenSerial}`, expires_in: 7200 }));
    }
    if (url.pathname === '/cgi-bin/qrcode/create') {
      if (url.searchParams.get('access_token') !== `AT${tokenSerial}`) {
        return res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }));
      }
      const scene = (body.action_info as { scene: { scene_str: string } }).scene.scene_str;
      return res.end(
        JSON.stringify({
          ticket: `T-${scene}`,
          expire_seconds: body.expire_seconds,
          url: `http://weixin.qq.com/q/${scene}`,
        }),
      );
    }
    res.statusCode = 404;
    res.end('{}');
  });
  const port = 4461;
  const ready = new Promise<void>((resolve) => fake.listen(port, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const signed = (extra: Record<string, string> = {}) => {
    const timestamp = String(Math.floor(t.services.now() / 1000));
    const nonce = 'n0nce';
    const q = new URLSearchParams({
      timestamp,
      nonce,
      signature: wechatSignature('cb-token', timestamp, nonce),
      ...extra,
    });
    return `/api/open/wx/callback?${q}`;
  };
  const push = (xml: string) =>
    t.api.request(signed(), { method: 'POST', headers: { 'content-type': 'text/xml' }, body: xml });
  const event = (openid: string, evt: string, key: string) =>
    `<xml><ToUserName><![CDATA[gh_123]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${evt}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[T]]></Ticket></xml>`;

  it('creates QR codes with a cached access token and logs in through the signed callback', async () => {
    await ready;
    const env = t.services.env;
    const saved = { wechat: t.services.wechat, provider: env.WECHAT_PROVIDER, token: env.WECHAT_TOKEN };
    env.WECHAT_PROVIDER = 'mp';
    env.WECHAT_TOKEN = 'cb-token';
    t.services.wechat = createMpWechat(
      { appid: 'wx-app', secret: 'wx-secret', apiBase: `http://127.0.0.1:${port}` },
      t.services.db,
      () => t.services.now(),
    );
    try {
      const first = await ticket();
      expect(first.qr_code_url).toBe(`http://weixin.qq.com/q/${first.ticket}`);
      expect(first.qr_image_url).toBe(`https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=T-${first.ticket}`);
      const create = calls.find((c) => c.path === '/cgi-bin/qrcode/create')!;
      expect(create.body).toEqual({
        expire_seconds: 120,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: first.ticket } },
      });
      await ticket();
      expect(calls.filter((c) => c.path === '/cgi-bin/stable_token')).toHaveLength(1);
      // Close to expiry the token is renewed before use.
      a.advance(7200_000 - 60_000);
      await ticket();
      expect(calls.filter((c) => c.path === '/cgi-bin/stable_token')).toHaveLength(2);

      // WeChat's server-address check.
      const echo = await t.api.request(signed({ echostr: 'hello-wechat' }));
      expect(await echo.text()).toBe('hello-wechat');
      const forged = await t.api.request('/api/open/wx/callback?timestamp=1&nonce=2&signature=abc&echostr=x');
      expect(forged.status).toBe(403);

      // A new follower scanning: subscribe with qrscene_ prefix, then bind a phone.
      const tk = await ticket();
      const reply = await push(event('o-mp-user', 'subscribe', `qrscene_${tk.ticket}`));
      expect(await reply.text()).toBe('success');
      const need = (await poll(tk.ticket)).body.data as { status: string; bindKey: string };
      expect(need.status).toBe('need_bind');
      const phone = a.phone();
      expect((await bind(need.bindKey, phone)).body.code).toBe(1);

      // The same follower scanning again: SCAN with the bare scene logs in at once.
      const again = await ticket();
      await push(event('o-mp-user', 'SCAN', again.ticket));
      const done = await poll(again.ticket);
      expect(done.body.data).toMatchObject({ status: 'confirmed' });
      expect((await a.info((done.body.data as LoginResult).token)).body.data.userInfo.account).toBe(phone);

      // A forged push is ignored.
      const third = await ticket();
      const bad = await t.api.request(
        `/api/open/wx/callback?timestamp=1&nonce=2&signature=${'0'.repeat(40)}`,
        {
          method: 'POST',
          body: event('o-mp-user', 'SCAN', third.ticket),
        },
      );
      expect(bad.status).toBe(403);
      expect((await poll(third.ticket)).body.data).toEqual({ status: 'pending' });
    } finally {
      t.services.wechat = saved.wechat;
      env.WECHAT_PROVIDER = saved.provider;
      env.WECHAT_TOKEN = saved.token;
    }
  });

  it('fetches a new token once when WeChat says the cached one is invalid', async () => {
    await ready;
    const { externalTokens } = await import('#server/platform/db/platform-tables.ts');
    await t.services.db
      .update(externalTokens)
      .set({ value: 'REVOKED', expiresAt: new Date(t.services.now() + 3600_000) });
    const wechat = createMpWechat(
      { appid: 'wx-app', secret: 'wx-secret', apiBase: `http://127.0.0.1:${port}` },
      t.services.db,
      () => t.services.now(),
    );
    const before = calls.filter((c) => c.path === '/cgi-bin/stable_token').length;
    const qr = await wechat.createQr('scene-1', 60);
    expect(qr.qrCodeUrl).toBe('http://weixin.qq.com/q/scene-1');
    const refresh = calls.filter((c) => c.path === '/cgi-bin/stable_token');
    expect(refresh).toHaveLength(before + 1);
    expect(refresh.at(-1)!.body.force_refresh).toBe(true);
  });
});
