import { createHmac, randomUUID } from 'node:crypto';
import type { SmsAdapter } from './types.ts';

export type AliyunSmsConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** The verification-code template (one variable, ${code}). */
  templateCode: string;
  /** Notification templates by name (quoted, received, …), each approved in the Aliyun console. */
  notifyTemplates?: Record<string, string>;
  /** https://dysmsapi.aliyuncs.com, or a local fake in tests. */
  endpoint: string;
};

/**
 * Aliyun's RPC percent-encoding: RFC 3986 unreserved characters stay, everything else is %XY
 * in UTF-8 (so space is %20, '*' is %2A, '~' stays). encodeURIComponent leaves !'()* alone.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Signature v1.0 (HMAC-SHA1) of an RPC request: sorted, encoded query, then method&%2F&query. */
export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Aliyun Timestamp format: ISO 8601 in UTC without milliseconds. */
const aliyunTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Parses ALIYUN_SMS_NOTIFY_TEMPLATES, "name=SMS_code" pairs separated by commas
 * ("received=SMS_1001,delivered=SMS_1002"). Malformed pairs are reported, not ignored.
 */
export function parseNotifyTemplates(
  value: string | undefined,
  name = 'ALIYUN_SMS_NOTIFY_TEMPLATES',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z_]+)=([A-Za-z0-9_-]+)$/.exec(pair);
    if (!m) throw new Error(`${name}: "${pair}" is not name=code`);
    out[m[1]] = m[2];
  }
  return out;
}

/** Real SMS through Aliyun's SendSms (API version 2017-05-25) with the template's variables. */
export function createAliyunSms(config: AliyunSmsConfig, now: () => number = Date.now): SmsAdapter {
  return {
    kind: 'aliyun',
    async send({ phone, params, template }) {
      const templateCode = template ? config.notifyTemplates?.[template] : config.templateCode;
      // Thrown before any request: the notification worker retries, then marks it failed.
      if (!templateCode)
        throw new Error(`Aliyun SMS template "${template}" is not configured (ALIYUN_SMS_NOTIFY_TEMPLATES)`);
      const query: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: templateCode,
        TemplateParam: JSON.stringify(params),
        Timestamp: aliyunTime(now()),
        Version: '2017-05-25',
      };
      const signature = signRpc('POST', query, config.accessKeySecret);
      const body = Object.entries({ ...query, Signature: signature })
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
        .join('&');
      const res = await fetch(`${config.endpoint.replace(/\/$/, '')}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const result = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (!res.ok || result.Code !== 'OK') {
        throw new Error(
          `Aliyun SendSms failed: HTTP ${res.status} ${result.Code ?? ''} ${result.Message ?? ''}`,
        );
      }
    },
  };
}
