// Order news by WeChat (issue 34, decision 0091): a customer binds WeChat in 个人中心, accepts
// one-time subscriptions at order submit, and hears 样品签收 and 报告已出 once by WeChat; every
// channel's delivery is claimed once per job (0 duplicates under forced retries, also five runs
// at once), repeats within 10 minutes merge, WeChat that cannot deliver falls back to SMS once,
// WeChat's send-result pushes are recorded and a forged one is refused. Also on PostgreSQL.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';
import { jobs } from '#server/platform/jobs-table.ts';
import { smsOutbox, wechatOutbox } from '#server/platform/db/platform-tables.ts';
import { notifyDeliveries } from '#server/notify/tables.ts';
import { orders } from '#server/orders/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { NOTIFY_PRUNE, queueNotification, sendNotification } from '#server/notify/index.ts';
import { DELIVERY_RETENTION_DAYS } from '#server/notify/deliveries.ts';
import { JOB_HANDLERS, PERIODIC_JOBS } from '#server/jobs.ts';
import { createMpWechat } from '#server/platform/adapters/wechat/mp.ts';
import { wechatSignature } from '#server/platform/adapters/wechat/callback.ts';
import type { WxTicket } from '#shared/accounts/auth.ts';
import {
  acceptedKinds,
  type DeliveryLog,
  type NotifySettings,
  type WxConfig,
} from '#shared/notify/channels.ts';
import { jsSdkSignature } from '#server/platform/adapters/wechat/jssdk.ts';

const t = await setupApi();
const o = orderHelpers(t);
const s = t.services;

let openids = 0;
/** Binds a fresh WeChat user to the customer through 个人中心's QR code and the dev scan. */
async function bindWechat(c: Customer): Promise<string> {
  const openid = `o-notify-${++openids}`;
  const qr = await t.post<WxTicket>('/api/auth/wx/bindTicket', {}, c.h);
  expect(qr.body.code).toBe(1);
  expect((await t.post('/api/auth/wx/bindStatus', { ticket: qr.body.data.ticket }, c.h)).body.data).toEqual({
    status: 'pending',
  });
  const scan = await t.post('/api/dev/wechat/scan', { ticket: qr.body.data.ticket, openid });
  expect(scan.body).toMatchObject({ code: 1, data: { status: 'bound' } });
  const done = await t.post('/api/auth/wx/bindStatus', { ticket: qr.body.data.ticket }, c.h);
  expect(done.body).toMatchObject({ code: 1, msg: '微信绑定成功', data: { status: 'bound' } });
  return openid;
}

/** A self-delivered order waiting for its samples, with the WeChat subscriptions accepted. */
async function placed(c: Customer, kinds: string[] = ['sample', 'report', 'payment']) {
  const it = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    c.h,
  );
  const order = res.body.data.list[0];
  if (kinds.length > 0) {
    const sub = await t.post('/api/auth/notify/subscribe', { order_rids: [order.rid], kinds }, c.h);
    expect(sub.body, JSON.stringify(sub.body)).toMatchObject({ code: 1 });
  }
  return order;
}

const wechatTo = (openid: string) => s.db.select().from(wechatOutbox).where(eq(wechatOutbox.openid, openid));
const smsTo = (phone: string, words: string) =>
  s.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), like(smsOutbox.text, `%${words}%`)));
const log = async (rid: string) =>
  (await t.post<DeliveryLog>('/api/admin/order/notifications', { rid }, await o.staff())).body.data.list;
async function drain() {
  while ((await runJobs(s)) > 0);
}

describe('WeChat order news', () => {
  it('binds WeChat, then 样品签收 and 报告已出 go by WeChat once each, linking to the order', async () => {
    const me = await o.customer();
    const openid = await bindWechat(me);
    const settings = await t.post<NotifySettings>('/api/auth/notify/settings', {}, me.h);
    expect(settings.body.data).toMatchObject({ wechat_bound: true });
    const order = await placed(me);
    await o.move('order/receive', { rid: order.rid });
    await o.move('order/start', { rid: order.rid });
    await drain();
    await o.release(order.rid);
    await drain();

    const sent = await wechatTo(openid);
    expect(sent.map((m) => m.title).sort()).toEqual(['样品已签收', '检测数据已出具']);
    expect(sent[0].url).toBe(`http://localhost:4321/member/order?rid=${order.rid}#samples`);
    // WeChat delivered: no SMS of either, but the inbox has both.
    expect(await smsTo(me.phone, '样品已签收')).toHaveLength(0);
    expect(await smsTo(me.phone, '检测数据已出具')).toHaveLength(0);
    const entries = await log(order.rid);
    expect(entries.filter((e) => e.channel === 'wechat').map((e) => e.status)).toEqual(['sent', 'sent']);
    const news = entries.filter((e) => e.template === 'received' || e.template === 'delivered');
    expect(news.filter((e) => e.channel === 'inbox')).toHaveLength(2);
    // The customer's order, only: another customer cannot subscribe for it.
    const other = await o.customer();
    const refused = await t.post(
      '/api/auth/notify/subscribe',
      { order_rids: [order.rid], kinds: [] },
      other.h,
    );
    expect(refused.body).toMatchObject({ code: 0, msg: '订单不存在' });
  });

  it('sends each message once under 5 forced retries, also 5 runs at once', async () => {
    const me = await o.customer();
    const openid = await bindWechat(me);
    const order = await placed(me);
    await o.move('order/receive', { rid: order.rid });
    await drain();
    const done = await s.db.select().from(jobs).where(like(jobs.uniqueKey, `notify:%`));
    const mine = done.filter((j) => (j.payload as { userId: number }).userId === me.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 5; i++) {
      // A retry: the job claimed again as if its run had died before the mark.
      await s.db
        .update(jobs)
        .set({ status: 'pending', runAt: new Date(s.now()) })
        .where(like(jobs.uniqueKey, 'notify:%'));
      await drain();
    }
    // Five workers that each believe they hold the same job (a lease that ran out), at once.
    const wechatJob = mine.find((j) => (j.payload as { channel: string }).channel === 'wechat')!;
    await Promise.all(Array.from({ length: 5 }, () => sendNotification(s, wechatJob, async () => true)));
    expect(await wechatTo(openid)).toHaveLength(1);
    expect(await smsTo(me.phone, '样品已签收')).toHaveLength(0);
    const [message] = await s.db.select().from(jobs).where(eq(jobs.id, wechatJob.id));
    expect(message.status).toBe('done');
  });

  it('retries a failing SMS provider until it sends, and sends it once', async () => {
    const me = await o.customer();
    const saved = s.sms;
    let failures = 2;
    s.sms = {
      kind: 'log',
      send: async (m) => {
        if (failures-- > 0) throw new Error('provider time-out');
        return saved.send(m);
      },
    };
    try {
      // WeChat unchosen: SMS is the channel itself.
      await t.post(
        '/api/auth/notify/settings/save',
        { list: [{ kind: 'sample', wechat: false, sms: true, email: false }] },
        me.h,
      );
      const order = await placed(me, []);
      await o.move('order/receive', { rid: order.rid });
      for (let i = 0; i < 5; i++) {
        await drain();
        o.a.advance(60_000);
      }
      expect(await smsTo(me.phone, '样品已签收')).toHaveLength(1);
      const sms = (await log(order.rid)).filter((e) => e.channel === 'sms');
      expect(sms.map((e) => e.status)).toEqual(['sent']);
      const received = (await log(order.rid)).filter((e) => e.template === 'received');
      expect(received.map((e) => e.channel).sort()).toEqual(['inbox', 'sms']);
    } finally {
      s.sms = saved;
    }
  });

  /** Queues 订单已报价 of `amount_fen` for an order as event `eventId` (a re-quote is a repeat). */
  async function quote(c: Customer, order: { rid: string; order_no: string }, eventId: number, fen: number) {
    const [{ id: orderId }] = await s.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.rid, order.rid));
    await s.db.transaction((tx) =>
      queueNotification(tx, {
        channels: ['sms', 'inbox'],
        userId: c.id,
        orderId,
        eventId,
        template: 'quoted',
        vars: {
          order_no: order.order_no,
          order_rid: order.rid,
          amount_fen: String(fen),
          note: '',
          recycle: '0',
        },
        now: s.now(),
      }),
    );
  }
  const forceRetries = async (times: number) => {
    for (let i = 0; i < times; i++) {
      // A retry of every finished notification: claimed again as if its run had died before the mark.
      await s.db
        .update(jobs)
        .set({ status: 'pending', runAt: new Date(s.now()) })
        .where(and(like(jobs.uniqueKey, 'notify:%'), eq(jobs.status, 'done')));
      await drain();
    }
  };

  it('folds repeats of the same news about one order within 10 minutes into one message, once', async () => {
    // By SMS (WeChat never bound): the first at once, the next two folded into one at the window's end.
    const me = await o.customer();
    const order = await placed(me, []);
    await quote(me, order, 9_000_001, 1000);
    await drain();
    expect((await smsTo(me.phone, '已报价')).map((m) => m.text)).toEqual([
      expect.stringContaining('金额¥10.00'),
    ]);
    o.a.advance(3 * 60_000);
    await quote(me, order, 9_000_002, 2000);
    await drain();
    o.a.advance(3 * 60_000);
    await quote(me, order, 9_000_003, 3000);
    await drain();
    // Still only the first: the repeats wait for the end of its 10 minutes.
    expect(await smsTo(me.phone, '已报价')).toHaveLength(1);
    await forceRetries(2);
    expect(await smsTo(me.phone, '已报价')).toHaveLength(1);
    o.a.advance(4 * 60_000 + 1);
    await drain();
    // One message carries both repeats: the latest amount, and how many it stands for.
    const sms = await smsTo(me.phone, '已报价');
    expect(sms).toHaveLength(2);
    expect(sms[1].text).toBe(
      `【检测服务平台】您的订单${order.order_no}已报价，金额¥30.00，请登录个人中心查看。（10分钟内共3条「订单已报价」通知，已合并为本条，以本条为准。）`,
    );
    // Sent once: 5 forced retries, and 5 runs of the folded message's job at once.
    await forceRetries(5);
    const [foldJob] = await s.db.select().from(jobs).where(like(jobs.uniqueKey, 'notify:fold:%:sms'));
    await Promise.all(Array.from({ length: 5 }, () => sendNotification(s, foldJob, async () => true)));
    expect(await smsTo(me.phone, '已报价')).toHaveLength(2);
    const quoted = (await log(order.rid)).filter((e) => e.template === 'quoted');
    expect(quoted.filter((e) => e.channel === 'sms').map((e) => [e.title, e.status])).toEqual([
      ['订单已报价（共3条）', 'sent'],
      ['订单已报价', 'merged'],
      ['订单已报价', 'merged'],
      ['订单已报价', 'sent'],
    ]);
    // The inbox keeps every message.
    expect(quoted.filter((e) => e.channel === 'inbox')).toHaveLength(3);
  });

  it('folds WeChat repeats too: the subscription went to the first, so the folded one goes by SMS', async () => {
    const me = await o.customer();
    const openid = await bindWechat(me);
    const order = await placed(me);
    await quote(me, order, 9_100_001, 1000);
    await drain();
    o.a.advance(5 * 60_000);
    await quote(me, order, 9_100_002, 2000);
    await drain();
    o.a.advance(5 * 60_000);
    await drain();
    await forceRetries(5);
    expect((await wechatTo(openid)).filter((m) => m.title === '订单已报价')).toHaveLength(1);
    const sms = await smsTo(me.phone, '已报价');
    expect(sms.map((m) => m.text)).toEqual([expect.stringMatching(/金额¥20\.00.*共2条/)]);
    const quoted = (await log(order.rid)).filter((e) => e.template === 'quoted' && e.channel !== 'inbox');
    expect(quoted.map((e) => [e.channel, e.status])).toEqual([
      ['sms', 'sent'],
      ['wechat', 'fallback'],
      ['wechat', 'merged'],
      ['wechat', 'sent'],
    ]);
    // A repeat after the window, with the SMS fold sent a moment ago: merged into that one.
    o.a.advance(60_000);
    await quote(me, order, 9_100_003, 3000);
    await drain();
    o.a.advance(10 * 60_000);
    await drain();
    const later = await smsTo(me.phone, '已报价');
    expect(later).toHaveLength(2);
    expect(later[1].text).toMatch(/金额¥30\.00.*共2条/);
  });

  it('falls back to SMS once when WeChat is unbound or not subscribed', async () => {
    // Never bound: the news goes by SMS as it always did, WeChat is not tried.
    const never = await o.customer();
    const n = await placed(never, []);
    await o.move('order/receive', { rid: n.rid });
    await drain();
    expect(await smsTo(never.phone, '样品已签收')).toHaveLength(1);
    expect((await log(n.rid)).some((e) => e.channel === 'wechat')).toBe(false);
    // Subscribing needs a bound WeChat.
    const need = await t.post(
      '/api/auth/notify/subscribe',
      { order_rids: [n.rid], kinds: ['report'] },
      never.h,
    );
    expect(need.body).toMatchObject({ code: 0, msg: '请先在个人中心绑定微信' });

    // Unbound after the news was queued: SMS instead, once.
    const unbound = await o.customer();
    await bindWechat(unbound);
    const a = await placed(unbound);
    await o.move('order/receive', { rid: a.rid });
    expect((await t.post('/api/auth/wx/unbind', {}, unbound.h)).body).toMatchObject({ code: 1 });
    expect(
      (await t.post<NotifySettings>('/api/auth/notify/settings', {}, unbound.h)).body.data.wechat_bound,
    ).toBe(false);
    await drain();
    await drain();
    expect(await smsTo(unbound.phone, '样品已签收')).toHaveLength(1);
    expect((await log(a.rid)).find((e) => e.channel === 'wechat')).toMatchObject({
      status: 'fallback',
      detail: '未绑定微信',
    });

    const bound = await o.customer();
    await bindWechat(bound);
    const b = await placed(bound, ['report']);
    await o.move('order/receive', { rid: b.rid });
    await drain();
    expect(await smsTo(bound.phone, '样品已签收')).toHaveLength(1);
    expect((await log(b.rid)).find((e) => e.channel === 'wechat')).toMatchObject({
      status: 'fallback',
      detail: '未订阅该类微信通知',
    });
  });
});

// A fake Official Account API: stable_token and subscribe/bizsend, refusing one user (43101).
const sentByFake: { touser: string; template_id: string; page: string }[] = [];
/** getticket calls the fake answered (the JS-SDK's jsapi_ticket must be cached, not fetched per page). */
const ticketCalls: string[] = [];
const fake = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    const json = JSON.parse(body || '{}') as { touser?: string; template_id?: string; page?: string };
    if (req.url?.startsWith('/cgi-bin/stable_token'))
      return res.end(JSON.stringify({ access_token: 'AT-notify', expires_in: 7200 }));
    if (req.method === 'GET' && req.url?.startsWith('/cgi-bin/ticket/getticket?')) {
      ticketCalls.push(req.url);
      return res.end(
        JSON.stringify({
          errcode: 0,
          errmsg: 'ok',
          ticket: `TICKET-${ticketCalls.length}`,
          expires_in: 7200,
        }),
      );
    }
    if (req.url === '/cgi-bin/message/subscribe/bizsend?access_token=AT-notify') {
      if (json.touser === 'o-refuses')
        return res.end(JSON.stringify({ errcode: 43101, errmsg: 'user refuse to accept the msg' }));
      sentByFake.push(json as (typeof sentByFake)[number]);
      return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', msgid: 7_000 + sentByFake.length }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const fakeMp = () =>
  createMpWechat(
    {
      appid: 'wx1',
      secret: 'sec',
      apiBase: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      noticeTemplates: { sample: 'TPL-sample', report: 'TPL-report', payment: 'TPL-payment' },
    },
    s.db,
    () => s.now(),
  );

describe('WeChat order news through the mp adapter', () => {
  const push = (xml: string, signed = true) => {
    const timestamp = String(Math.floor(s.now() / 1000));
    const q = new URLSearchParams({
      timestamp,
      nonce: 'n1',
      signature: signed ? wechatSignature('cb-token', timestamp, 'n1') : '0'.repeat(40),
    });
    return t.api.request(`/api/open/wx/callback?${q}`, { method: 'POST', body: xml });
  };
  const sentEvent = (msgId: string, status: string) =>
    `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[o-x]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe_msg_sent_event]]></Event><SubscribeMsgSentEvent><List><TemplateId><![CDATA[TPL-sample]]></TemplateId><MsgID><![CDATA[${msgId}]]></MsgID><ErrorCode><![CDATA[0]]></ErrorCode><ErrorStatus><![CDATA[${status}]]></ErrorStatus></List></SubscribeMsgSentEvent></xml>`;

  it('sends by bizsend, records the send-result push, refuses a forged one, falls back on refusal', async () => {
    const env = s.env;
    const me = await o.customer();
    // The Official Account's user, bound as the dev scan would (the callback's scan has its own test).
    const openid = await bindWechat(me);
    const saved = { wechat: s.wechat, provider: env.WECHAT_PROVIDER, token: env.WECHAT_TOKEN };
    env.WECHAT_PROVIDER = 'mp';
    env.WECHAT_TOKEN = 'cb-token';
    s.wechat = fakeMp();
    try {
      const order = await placed(me);
      await o.move('order/receive', { rid: order.rid });
      await drain();
      expect(sentByFake.filter((m) => m.touser === openid)).toEqual([
        expect.objectContaining({
          template_id: 'TPL-sample',
          page: `http://localhost:4321/member/order?rid=${order.rid}#samples`,
        }),
      ]);
      const [delivery] = await s.db
        .select()
        .from(notifyDeliveries)
        .where(and(eq(notifyDeliveries.channel, 'wechat'), eq(notifyDeliveries.userId, me.id)));
      expect(delivery.msgId).toMatch(/^70\d\d$/);

      // A forged push is refused and changes nothing.
      const forged = await push(sentEvent(delivery.msgId!, 'failed:user block'), false);
      expect(forged.status).toBe(403);
      expect((await log(order.rid)).find((e) => e.channel === 'wechat')?.result).toBe('');
      // The real one: WeChat could not deliver it, so SMS goes, once, however often WeChat repeats it.
      for (let i = 0; i < 3; i++) {
        const real = await push(sentEvent(delivery.msgId!, 'failed:user block'));
        expect(await real.text()).toBe('success');
      }
      await drain();
      expect((await log(order.rid)).find((e) => e.channel === 'wechat')).toMatchObject({
        status: 'sent',
        result: 'failed:user block',
      });
      expect(await smsTo(me.phone, '样品已签收')).toHaveLength(1);

      // A user who refused (43101): SMS instead, and the subscription is not used up.
      const refuses = await o.customer();
      await s.db.update(users).set({ wxOpenid: 'o-refuses' }).where(eq(users.id, refuses.id));
      const r = await placed(refuses);
      await o.move('order/receive', { rid: r.rid });
      await drain();
      expect((await log(r.rid)).find((e) => e.channel === 'wechat')).toMatchObject({ status: 'fallback' });
      expect((await log(r.rid)).find((e) => e.channel === 'wechat')?.detail).toContain('43101');
      expect(await smsTo(refuses.phone, '样品已签收')).toHaveLength(1);
    } finally {
      s.wechat = saved.wechat;
      env.WECHAT_PROVIDER = saved.provider;
      env.WECHAT_TOKEN = saved.token;
    }
  });
});

describe("the JS-SDK config for WeChat's open tag wx-open-subscribe", () => {
  it("signs as WeChat's documentation's example does", () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('reads the accepted kinds from the success event', () => {
    const templates = { sample: 'TPL-sample', report: 'TPL-report', payment: 'TPL-payment' };
    const details = JSON.stringify({
      'TPL-sample': JSON.stringify({ status: 'accept' }),
      'TPL-report': JSON.stringify({ status: 'reject' }),
      'TPL-payment': JSON.stringify({ status: 'accept' }),
    });
    expect(acceptedKinds(details, templates)).toEqual(['sample', 'payment']);
    expect(acceptedKinds('not json', templates)).toEqual([]);
  });

  it('answers the config for our pages with a ticket fetched once and shared, none with the dev provider', async () => {
    const me = await o.customer();
    const page = 'http://localhost:4321/experiment/plan?from=cart';
    const ask = (url: string) => t.post<WxConfig>('/api/auth/notify/wx-config', { url }, me.h);
    // dev: no Official Account, the page keeps its own prompt.
    expect((await ask(page)).body).toMatchObject({ code: 1, data: { enabled: false } });
    // Someone else's page, or none: refused.
    expect((await ask('https://evil.example/experiment/plan')).body).toMatchObject({
      code: 0,
      msg: '[页面地址]不正确',
    });
    expect((await t.post('/api/auth/notify/wx-config', {}, me.h)).body).toMatchObject({
      code: 0,
      msg: '[页面地址]不能为空',
    });
    expect((await t.post('/api/auth/notify/wx-config', { url: page })).status).toBe(401);

    const saved = s.wechat;
    s.wechat = fakeMp();
    try {
      ticketCalls.length = 0;
      const first = (await ask(`${page}#samples`)).body.data;
      expect(first).toMatchObject({
        enabled: true,
        app_id: 'wx1',
        timestamp: Math.floor(s.now() / 1000),
        templates: { sample: 'TPL-sample', report: 'TPL-report', payment: 'TPL-payment' },
      });
      // Signed for the address without its fragment, with WeChat's ticket.
      expect(first.signature).toBe(
        jsSdkSignature({
          ticket: 'TICKET-1',
          nonceStr: first.nonce_str,
          timestamp: first.timestamp,
          url: page,
        }),
      );
      expect(ticketCalls).toEqual(['/cgi-bin/ticket/getticket?access_token=AT-notify&type=jsapi']);
      // Cached: another page, another process (a second adapter on the same database), no new fetch.
      s.wechat = fakeMp();
      const second = (await ask('http://localhost:4321/member/order')).body.data;
      expect(second.nonce_str).not.toBe(first.nonce_str);
      expect(ticketCalls).toHaveLength(1);
      // Fetched again only shortly before WeChat's two hours end.
      o.a.advance(7200_000 - 4 * 60_000);
      const third = (await ask(page)).body.data;
      expect(ticketCalls).toHaveLength(2);
      expect(third.signature).toBe(
        jsSdkSignature({
          ticket: 'TICKET-2',
          nonceStr: third.nonce_str,
          timestamp: third.timestamp,
          url: page,
        }),
      );
    } finally {
      s.wechat = saved;
    }
  });
});

describe('the delivery log clean-up', () => {
  it('prunes deliveries past the retention, never one a waiting notification still needs', async () => {
    expect(PERIODIC_JOBS).toContainEqual({ kind: NOTIFY_PRUNE, everyMs: 3_600_000 });
    const me = await o.customer();
    const [a, b, c] = [await placed(me, []), await placed(me, []), await placed(me, [])];
    const idOf = async (rid: string) =>
      (await s.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid)))[0].id;
    const quote = async (order: typeof a, eventId: number, fen: number) => {
      const orderId = await idOf(order.rid);
      await s.db.transaction((tx) =>
        queueNotification(tx, {
          channels: ['sms', 'inbox'],
          userId: me.id,
          orderId,
          eventId,
          template: 'quoted',
          vars: {
            order_no: order.order_no,
            order_rid: order.rid,
            amount_fen: String(fen),
            note: '',
            recycle: '0',
          },
          now: s.now(),
        }),
      );
    };
    // The quotes' deliveries (placing an order also sent its 请打印样品标签, old by then too).
    const quotes = async (rid: string) => (await log(rid)).filter((e) => e.template === 'quoted');
    const smsJob = async (eventId: number) =>
      (
        await s.db
          .select()
          .from(jobs)
          .where(like(jobs.uniqueKey, `notify:%:${eventId}:sms`))
      )[0];
    // Order a: a quote and a re-quote, whose folded message is still to go.
    await quote(a, 9_300_001, 1000);
    await drain();
    o.a.advance(60_000);
    await quote(a, 9_300_002, 2000);
    await drain();
    // Order b: a quote whose job waits for a retry (its run died before the mark).
    await quote(b, 9_300_003, 3000);
    await drain();
    const waiting = await smsJob(9_300_003);
    await s.db
      .update(jobs)
      .set({ status: 'pending', runAt: new Date(s.now() + 400 * 86_400_000) })
      .where(eq(jobs.id, waiting.id));
    const before = { a: await quotes(a.rid), b: await quotes(b.rid) };
    expect(before.a.map((e) => [e.channel, e.status])).toEqual([
      ['inbox', 'sent'],
      ['sms', 'merged'],
      ['inbox', 'sent'],
      ['sms', 'sent'],
    ]);

    // A year and a day later: order c's news is new.
    o.a.advance((DELIVERY_RETENTION_DAYS + 1) * 86_400_000);
    await quote(c, 9_300_004, 4000);
    for (const job of await s.db.select().from(jobs).where(like(jobs.uniqueKey, `notify:%:9300004:%`)))
      await sendNotification(s, job, async () => true);
    await JOB_HANDLERS[NOTIFY_PRUNE](s, waiting, async () => true);

    // Old inbox rows went; the SMS rows the fold reads and the waiting job's row stayed; c's all stayed.
    expect((await quotes(a.rid)).map((e) => [e.channel, e.status])).toEqual([
      ['sms', 'merged'],
      ['sms', 'sent'],
    ]);
    expect((await quotes(b.rid)).map((e) => [e.channel, e.status])).toEqual([['sms', 'sent']]);
    expect((await quotes(c.rid)).map((e) => e.channel).sort()).toEqual(['inbox', 'sms']);

    // What they were kept for: the fold goes with the re-quote's amount, the retry sends nothing.
    await s.db
      .update(jobs)
      .set({ runAt: new Date(s.now()) })
      .where(eq(jobs.id, waiting.id));
    await drain();
    const sms = await smsTo(me.phone, '已报价');
    expect(sms.filter((m) => m.text.includes(a.order_no)).map((m) => m.text)).toEqual([
      expect.stringContaining('¥10.00'),
      expect.stringMatching(/¥20\.00.*共2条/),
    ]);
    expect(sms.filter((m) => m.text.includes(b.order_no))).toHaveLength(1);

    // Once nothing waits for them, a's and b's old rows go too; the fold just sent stays.
    await JOB_HANDLERS[NOTIFY_PRUNE](s, waiting, async () => true);
    expect((await quotes(a.rid)).map((e) => [e.title, e.status])).toEqual([['订单已报价（共2条）', 'sent']]);
    expect(await quotes(b.rid)).toEqual([]);
    expect(await quotes(c.rid)).toHaveLength(2);
  });
});
