import { createHash, timingSafeEqual } from 'node:crypto';

export type CallbackQuery = { signature?: string; timestamp?: string; nonce?: string };

/** WeChat's server check: signature = sha1 of token, timestamp and nonce sorted and joined. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function verifyWechatSignature(token: string, q: CallbackQuery): boolean {
  if (!q.signature || !q.timestamp || !q.nonce) return false;
  const expected = Buffer.from(wechatSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The flat <xml> of a plain-text-mode push: <Tag><![CDATA[value]]></Tag> or <Tag>value</Tag>.
 * Only top-level leaf elements matter for events, so no general XML parser is needed.
 */
export function parseWechatXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = /<xml>([\s\S]*)<\/xml>/.exec(xml)?.[1];
  if (!body) return out;
  for (const m of body.matchAll(/<([A-Za-z][\w]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    out[m[1]] = m[2] ?? decodeEntities(m[3] ?? '');
  }
  return out;
}

const decodeEntities = (s: string) =>
  s.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!,
  );

export type ScanEvent = { openid: string; scene: string };

/**
 * A QR scan: SCAN (already a follower, EventKey is the scene) or subscribe through a QR code
 * (EventKey is 'qrscene_' + scene). Anything else (plain subscribe, messages) is not a scan.
 */
export function scanFromMessage(msg: Record<string, string>): ScanEvent | null {
  if (msg.MsgType !== 'event' || !msg.FromUserName || !msg.EventKey) return null;
  if (msg.Event === 'SCAN') return { openid: msg.FromUserName, scene: msg.EventKey };
  if (msg.Event === 'subscribe' && msg.EventKey.startsWith('qrscene_')) {
    return { openid: msg.FromUserName, scene: msg.EventKey.slice('qrscene_'.length) };
  }
  return null;
}

export type SendResult = { msgId: string; result: string };

/**
 * The results in a send-result push: 订阅通知 (subscribe_msg_sent_event, a <List> per message with
 * MsgID and ErrorStatus) or a template message (TEMPLATESENDJOBFINISH with MsgID and Status).
 */
export function sendResultsFromXml(xml: string): SendResult[] {
  const msg = parseWechatXml(xml);
  if (msg.MsgType !== 'event') return [];
  if (msg.Event === 'TEMPLATESENDJOBFINISH')
    return msg.MsgID ? [{ msgId: msg.MsgID, result: msg.Status ?? '' }] : [];
  if (msg.Event !== 'subscribe_msg_sent_event') return [];
  return [...xml.matchAll(/<List>([\s\S]*?)<\/List>/g)].flatMap((m) => {
    const item = parseWechatXml(`<xml>${m[1]}</xml>`);
    return item.MsgID ? [{ msgId: item.MsgID, result: item.ErrorStatus ?? item.ErrorCode ?? '' }] : [];
  });
}
