import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { externalTokens } from '../../db/platform-tables.ts';
import type { WechatAdapter } from './types.ts';
import { jsSdkSignature } from './jssdk.ts';

export type MpConfig = {
  appid: string;
  secret: string;
  apiBase: string;
  /** The 订阅通知 template of each kind of news (sample, report, payment), chosen in the MP console. */
  noticeTemplates?: Record<string, string>;
};

type WxError = { errcode?: number; errmsg?: string };
const TOKEN_NAME = 'wechat_access_token';
/** The JS-SDK's jsapi_ticket: WeChat limits how often it may be fetched, so every process shares one. */
const TICKET_NAME = 'wechat_jsapi_ticket';
/** Refresh this long before WeChat's expiry, so no request carries a token about to die. */
const EARLY_MS = 5 * 60_000;
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);

/** A subscription message's field: WeChat refuses a `thing` longer than 20 characters. */
const thing = (s: string) => ({ value: s.length > 20 ? `${s.slice(0, 19)}…` : s });

/** A call to WeChat's API: POST with a JSON body, or GET without one. */
async function wxFetch<T>(url: string, body: unknown, timeoutMs = 10_000): Promise<T & WxError> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`WeChat API HTTP ${res.status} at ${new URL(url).pathname}`);
  return (await res.json()) as T & WxError;
}

/**
 * A real Official Account. The access_token lives in the database so every process uses the
 * same one; it comes from stable_token, which hands out the same token while it is valid, so
 * two processes refreshing together do not invalidate each other.
 */
export function createMpWechat(config: MpConfig, db: Db, now: () => number = Date.now): WechatAdapter {
  const api = (path: string) => `${config.apiBase.replace(/\/$/, '')}${path}`;

  async function accessToken(forceRefresh = false): Promise<string> {
    if (!forceRefresh) {
      const [row] = await db.select().from(externalTokens).where(eq(externalTokens.name, TOKEN_NAME));
      if (row && row.expiresAt.getTime() - EARLY_MS > now()) return row.value;
    }
    const r = await wxFetch<{ access_token?: string; expires_in?: number }>(api('/cgi-bin/stable_token'), {
      grant_type: 'client_credential',
      appid: config.appid,
      secret: config.secret,
      force_refresh: forceRefresh,
    });
    if (!r.access_token) throw new Error(`WeChat stable_token failed: ${r.errcode} ${r.errmsg}`);
    const expiresAt = new Date(now() + (r.expires_in ?? 7200) * 1000);
    await db
      .insert(externalTokens)
      .values({ name: TOKEN_NAME, value: r.access_token, expiresAt })
      .onConflictDoUpdate({ target: externalTokens.name, set: { value: r.access_token, expiresAt } });
    return r.access_token;
  }

  /** A value kept in external_tokens until shortly before it expires, shared by every process. */
  async function cached(name: string, fetchNew: () => Promise<{ value: string; expiresIn: number }>) {
    const [row] = await db.select().from(externalTokens).where(eq(externalTokens.name, name));
    if (row && row.expiresAt.getTime() - EARLY_MS > now()) return row.value;
    const { value, expiresIn } = await fetchNew();
    const expiresAt = new Date(now() + expiresIn * 1000);
    await db
      .insert(externalTokens)
      .values({ name, value, expiresAt })
      .onConflictDoUpdate({ target: externalTokens.name, set: { value, expiresAt } });
    return value;
  }

  async function getTicket(forceRefresh: boolean) {
    const token = await accessToken(forceRefresh);
    return wxFetch<{ ticket?: string; expires_in?: number }>(
      api(`/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`),
      undefined,
    );
  }

  const jsapiTicket = () =>
    cached(TICKET_NAME, async () => {
      let r = await getTicket(false);
      if (r.errcode && STALE_TOKEN_CODES.has(r.errcode)) r = await getTicket(true);
      if (!r.ticket) throw new Error(`WeChat ticket/getticket failed: ${r.errcode} ${r.errmsg}`);
      return { value: r.ticket, expiresIn: r.expires_in ?? 7200 };
    });

  async function createTicket(scene: string, expireSeconds: number, forceRefresh: boolean) {
    const token = await accessToken(forceRefresh);
    return wxFetch<{ ticket?: string; expire_seconds?: number; url?: string }>(
      api(`/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`),
      {
        expire_seconds: expireSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: scene } },
      },
    );
  }

  async function bizsend(body: unknown, forceRefresh: boolean) {
    const token = await accessToken(forceRefresh);
    // Short: a message late by more than this is better sent as SMS (the caller falls back).
    return wxFetch<{ msgid?: number | string }>(
      api(`/cgi-bin/message/subscribe/bizsend?access_token=${encodeURIComponent(token)}`),
      body,
      5_000,
    );
  }

  return {
    kind: 'mp',
    async jsSdkConfig(url) {
      const ticket = await jsapiTicket();
      const timestamp = Math.floor(now() / 1000);
      const nonceStr = randomBytes(12).toString('hex');
      return {
        appId: config.appid,
        timestamp,
        nonceStr,
        signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }),
        templates: config.noticeTemplates ?? {},
      };
    },
    async sendNotice({ openid, kind, title, text, orderNo, url }) {
      const templateId = config.noticeTemplates?.[kind];
      if (!templateId)
        throw new Error(`WeChat notice template "${kind}" is not configured (WECHAT_NOTICE_TEMPLATES)`);
      // The templates' fields: thing1 what happened, character_string2 the order number, thing3 the words.
      const body = {
        touser: openid,
        template_id: templateId,
        page: url,
        data: {
          thing1: thing(title),
          character_string2: { value: orderNo.slice(0, 32) },
          thing3: thing(text),
        },
      };
      let r = await bizsend(body, false);
      if (r.errcode && STALE_TOKEN_CODES.has(r.errcode)) r = await bizsend(body, true);
      // 43101: the user refused or has no subscription left.
      if (r.errcode) throw new Error(`WeChat bizsend failed: ${r.errcode} ${r.errmsg}`);
      return { msgId: r.msgid === undefined ? '' : String(r.msgid) };
    },
    async createQr(scene, expireSeconds) {
      let r = await createTicket(scene, expireSeconds, false);
      // Another party (or a console reset) may have replaced the token: fetch a new one once.
      if (r.errcode && STALE_TOKEN_CODES.has(r.errcode)) r = await createTicket(scene, expireSeconds, true);
      if (!r.ticket || !r.url) throw new Error(`WeChat qrcode/create failed: ${r.errcode} ${r.errmsg}`);
      return {
        qrCodeUrl: r.url,
        qrImageUrl: `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(r.ticket)}`,
        expireSeconds: r.expire_seconds ?? expireSeconds,
      };
    },
  };
}
