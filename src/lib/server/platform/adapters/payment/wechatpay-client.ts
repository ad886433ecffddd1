import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { ProviderError } from './types.ts';

/**
 * WeChat Pay API v3, Native payment (decision 0025) and on a phone H5 or JSAPI (decision 0056),
 * written on node:crypto rather than a
 * library: requests signed with SHA256-RSA (the merchant's API certificate key), every answer and
 * notification verified over its raw bytes with the platform certificate or the newer WeChat Pay
 * public key (PUB_KEY_ID_…; both may be configured during a switch), the notification's resource
 * decrypted with AES-256-GCM and the APIv3 key, its merchant and app ids checked.
 */
export type WechatPayConfig = {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  privateKeyPem: string;
  /** 32 bytes. */
  apiV3Key: string;
  /** Platform certificates and/or the WeChat Pay public key, by serial (PUB_KEY_ID_… for the key). */
  platformKeys: { serial: string; pem: string }[];
  notifyUrl: string;
  /** H5's scene_info.h5_info: the site's name and address, shown by WeChat Pay. */
  siteName?: string;
  siteUrl?: string;
  apiBase?: string;
  now?: () => number;
};

/** The encrypted part of a notification. */
export type WechatPayResource = { ciphertext: string; nonce: string; associated_data?: string };

const MAX_SKEW_SECONDS = 300;

function publicKeyOf(pem: string): KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

/**
 * The merchant's side of the conversation with WeChat Pay: its requests signed, its answers and
 * notifications verified, notification resources decrypted. Throws on a bad key or APIv3 key.
 */
export function wechatPayClient(config: WechatPayConfig) {
  const apiBase = (config.apiBase ?? 'https://api.mch.weixin.qq.com').replace(/\/$/, '');
  const now = config.now ?? (() => Date.now());
  const privateKey = createPrivateKey(config.privateKeyPem);
  const platform = new Map(config.platformKeys.map((k) => [k.serial, publicKeyOf(k.pem)]));
  if (Buffer.byteLength(config.apiV3Key) !== 32) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes');

  /** SHA256-RSA with the merchant key, base64. */
  function sign(message: string): string {
    return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
  }

  function authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = sign(message);
    return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serialNo}"`;
  }

  /** A message from WeChat Pay (an answer or a notification): signed by a key we know, and fresh. */
  function verify(header: (name: string) => string | undefined, body: string) {
    const serial = header('wechatpay-serial') ?? '';
    const key = platform.get(serial);
    if (!key) throw new Error(`unknown WeChat Pay signing serial ${serial}`);
    const timestamp = header('wechatpay-timestamp') ?? '';
    const nonce = header('wechatpay-nonce') ?? '';
    const signature = header('wechatpay-signature') ?? '';
    if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS)
      throw new Error('stale or missing WeChat Pay timestamp');
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(key, signature, 'base64');
    if (!ok) throw new Error('WeChat Pay signature does not verify');
  }

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: authorization(method, path, body),
      },
      body: method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (text) verify((name) => res.headers.get(name) ?? undefined, text);
    if (!res.ok) {
      const error = (() => {
        try {
          return JSON.parse(text) as { code?: string; message?: string };
        } catch {
          return {};
        }
      })();
      throw new ProviderError(
        `WeChat Pay ${path}: HTTP ${res.status} ${error.code ?? ''} ${error.message ?? text.slice(0, 200)}`,
        error.code ?? '',
      );
    }
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  function decrypt(resource: WechatPayResource) {
    const data = Buffer.from(resource.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(config.apiV3Key),
      Buffer.from(resource.nonce),
    );
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return JSON.parse(
      Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8'),
    );
  }

  return { now, sign, authorization, verify, call, decrypt };
}

export type WechatPayClient = ReturnType<typeof wechatPayClient>;
