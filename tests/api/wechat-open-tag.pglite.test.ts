// The open tag wx-open-subscribe end to end (decision 0096), on the production entry as a user
// runs it with an Official Account (WECHAT_PROVIDER=mp) against a local fake of WeChat's API, in
// Chromium: inside WeChat's browser the plan page's policy allows res.wx.qq.com and the prompt
// after 提交订单 holds WeChat's subscribe button, whose answer is recorded; in another browser the
// policy does not name WeChat and the portal's own prompt stays. WeChat's JS-SDK and its open tag
// exist only inside WeChat's app, so the browser is given a stand-in for that script (as the API
// has its fake): it keeps the config it is given and, when the tag is tapped, answers as WeChat's
// dialog does with one template accepted and one refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import {
  freePort,
  seededDataDir,
  startServer,
  waitHealthy,
  type ServerProcess,
} from '../support/server-process.ts';
import { wechatSignature } from '#server/platform/adapters/wechat/callback.ts';
import { jsSdkSignature } from '#server/platform/adapters/wechat/jssdk.ts';
import { AGREEMENT_VERSION } from '#shared/accounts/auth.ts';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const TICKET = 'JSAPI-TICKET-E2E';

// WeChat's API: stable_token, the bind QR code and the JS-SDK's ticket.
const ticketCalls: string[] = [];
const fake: Server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  req.resume();
  req.on('end', () => {
    if (req.url?.startsWith('/cgi-bin/stable_token'))
      return res.end(JSON.stringify({ access_token: 'AT-open-tag', expires_in: 7200 }));
    if (req.url?.startsWith('/cgi-bin/qrcode/create'))
      return res.end(JSON.stringify({ ticket: 'QR', url: 'http://weixin.qq.com/q/x', expire_seconds: 300 }));
    if (req.url?.startsWith('/cgi-bin/ticket/getticket')) {
      ticketCalls.push(req.url);
      return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: TICKET, expires_in: 7200 }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
});

/** The stand-in for WeChat's JS-SDK and its <wx-open-subscribe> (see the head of this file). */
const SDK_STAND_IN = `
window.wx = {
  config(c) { window.wxConfigGiven = c; },
  ready(f) { setTimeout(f, 0); },
  error() {},
};
customElements.define('wx-open-subscribe', class extends HTMLElement {
  connectedCallback() {
    const template = this.querySelector('script[type="text/wxtag-template"]');
    const box = document.createElement('div');
    box.innerHTML = template ? template.textContent : '';
    this.append(box);
    box.addEventListener('click', () => {
      const [first, ...rest] = this.getAttribute('template').split(',');
      const details = { [first]: JSON.stringify({ status: 'accept' }) };
      for (const id of rest) details[id] = JSON.stringify({ status: 'reject' });
      this.dispatchEvent(new CustomEvent('success', { detail: { subscribeDetails: JSON.stringify(details) } }));
    });
  }
});`;

let server: ServerProcess;
let site = '';
let browser: Browser;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  server = await startServer({
    PORT: String(port),
    PUBLIC_SITE_URL: site,
    DATA_DIR: seededDataDir('portal-open-tag-'),
    WECHAT_PROVIDER: 'mp',
    WECHAT_APPID: 'wx-open-tag',
    WECHAT_SECRET: 'secret',
    WECHAT_TOKEN: 'cb-token',
    WECHAT_API_BASE: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    WECHAT_NOTICE_TEMPLATES: 'sample=TPL-sample,report=TPL-report,payment=TPL-payment',
  });
  // Listening on the port given above (its PUBLIC_SITE_URL), not the one startServer chose.
  server = { ...server, url: site };
  expect(await waitHealthy(server), server.output()).toBe(true);
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGKILL');
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

type Envelope<T = Record<string, unknown>> = { code: number; msg: string; data: T };
async function post<T>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${site}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** A customer with a complete profile, WeChat bound by a scan through the signed callback, and a plan line. */
async function customer() {
  const phone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const login = await post<{ token: string; refreshToken: string; expires: string }>('/api/dev/login', {
    phone,
    password: 'Kettle-Lab-2026',
    agreement_version: AGREEMENT_VERSION,
    staff: false,
  });
  expect(login.code, JSON.stringify(login)).toBe(1);
  const token = login.data.token;
  const profile = await post(
    '/api/auth/update4profile',
    {
      name: '张三',
      email: `u${phone}@example.com`,
      organization: 3,
      company: '复旦大学',
      region: '上海市-上海市-闵行区-310112',
      address: '东川路800号',
    },
    token,
  );
  expect(profile.code, JSON.stringify(profile)).toBe(1);
  const qr = await post<{ ticket: string }>('/api/auth/wx/bindTicket', {}, token);
  expect(qr.code, JSON.stringify(qr)).toBe(1);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const q = new URLSearchParams({
    timestamp,
    nonce: 'n1',
    signature: wechatSignature('cb-token', timestamp, 'n1'),
  });
  const scan = await fetch(`${site}/api/open/wx/callback?${q}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[o-open-tag-${phone}]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${qr.data.ticket}]]></EventKey><Ticket><![CDATA[QR]]></Ticket></xml>`,
  });
  expect(scan.status).toBe(200);
  expect(
    (await post<{ status: string }>('/api/auth/wx/bindStatus', { ticket: qr.data.ticket }, token)).data,
  ).toEqual({
    status: 'bound',
  });
  const items = await post<{ list: { rid: string; quote_only: boolean }[] }>('/api/open/project/list', {
    typeId: 1,
    size: 20,
  });
  const item = items.data.list.find((i) => !i.quote_only)!;
  const detail = await post<{
    options: { parameters: { name: string; required: boolean; choices: string[] }[] };
  }>('/api/open/project/detail', { rid: item.rid });
  const parameters = Object.fromEntries(
    detail.data.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
  );
  expect((await post('/api/auth/plan/add', { item_rid: item.rid, parameters }, token)).code).toBe(1);
  return {
    token,
    record: { access: token, refresh: login.data.refreshToken, expires: Number(login.data.expires) },
  };
}

async function planPage(userAgent: string | undefined, record: Record<string, unknown>) {
  const context = await browser.newContext({ ...(userAgent ? { userAgent } : {}), locale: 'zh-CN' });
  await context.addInitScript((t) => {
    localStorage.setItem('portal:token', JSON.stringify(t));
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  }, record);
  const sdkRequests: string[] = [];
  await context.route(SDK_URL, (route) => {
    sdkRequests.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: SDK_STAND_IN });
  });
  const page = await context.newPage();
  const shell = await page.goto(`${site}/experiment/plan`);
  // The policy depends on the browser: never kept by a shared cache for another one.
  expect(shell!.headers()).toMatchObject({
    'cache-control': 'private, no-cache',
    vary: expect.stringContaining('User-Agent'),
  });
  return { context, page, policy: shell!.headers()['content-security-policy'] ?? '', sdkRequests };
}

describe('WeChat open tag at order submit (mp provider)', () => {
  it("inside WeChat: WeChat's button in the prompt, its answer recorded, the script allowed only there", async () => {
    const me = await customer();
    const { context, page, policy, sdkRequests } = await planPage(WECHAT_UA, me.record);
    expect(policy).toMatch(/script-src [^;]*https:\/\/res\.wx\.qq\.com/);
    await page.getByRole('button', { name: '提交订单' }).click();
    const prompt = page.getByRole('dialog', { name: '订阅微信通知' });
    await prompt.getByRole('button', { name: '在微信中订阅' }).waitFor();
    expect(sdkRequests).toEqual([SDK_URL]);
    const shots = process.env.WECHAT_SHOTS;
    if (shots)
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${shots}/open-tag-prompt-${width}.png` });
      }
    // The config WeChat was given: signed for this page with the ticket, fetched once.
    const given = (await page.evaluate(
      () => (window as unknown as { wxConfigGiven: Record<string, unknown> }).wxConfigGiven,
    )) as {
      appId: string;
      timestamp: number;
      nonceStr: string;
      signature: string;
      openTagList: string[];
    };
    expect(given).toMatchObject({ appId: 'wx-open-tag', openTagList: ['wx-open-subscribe'] });
    expect(given.signature).toBe(
      jsSdkSignature({
        ticket: TICKET,
        nonceStr: given.nonceStr,
        timestamp: given.timestamp,
        url: `${site}/experiment/plan`,
      }),
    );
    expect(ticketCalls).toHaveLength(1);
    // The three kinds are asked for; WeChat's answer (样品签收 accepted, the rest refused) is recorded.
    expect(await prompt.locator('wx-open-subscribe').getAttribute('template')).toBe(
      'TPL-sample,TPL-report,TPL-payment',
    );
    await prompt.getByRole('button', { name: '在微信中订阅' }).click();
    await page.getByText('已订阅微信通知').waitFor();
    await prompt.waitFor({ state: 'hidden' });
    const href = await page.getByRole('link', { name: '查看订单' }).first().getAttribute('href');
    const rid = new URL(href!, site).searchParams.get('rid')!;
    const recorded = await post<{ kinds: string[] }>(
      '/api/auth/notify/subscribe',
      { order_rids: [rid], kinds: [] },
      me.token,
    );
    expect(recorded.data.kinds).toEqual(['sample']);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    await context.close();
  }, 60_000);

  it("in another browser: the portal's own prompt, and a policy that does not name WeChat", async () => {
    const me = await customer();
    const { context, page, policy, sdkRequests } = await planPage(undefined, me.record);
    expect(policy).toContain('script-src');
    expect(policy).not.toContain('res.wx.qq.com');
    await page.getByRole('button', { name: '提交订单' }).click();
    const prompt = page.getByRole('dialog', { name: '订阅微信通知' });
    await prompt.getByRole('checkbox', { name: '样品签收' }).waitFor();
    expect(await prompt.getByRole('button', { name: '订阅', exact: true }).isVisible()).toBe(true);
    expect(sdkRequests).toEqual([]);
    await context.close();
  }, 60_000);
});
