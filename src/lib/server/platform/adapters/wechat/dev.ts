import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { wechatOutbox } from '../../db/platform-tables.ts';
import type { WechatAdapter } from './types.ts';

/**
 * Local stand-in: the "QR code" opens /dev/wechat, whose button simulates the scan; messages go to
 * wechat_outbox, shown at /dev/outbox beside the SMS.
 */
export function createDevWechat(siteUrl: string, db: Db, now: () => number): WechatAdapter {
  return {
    kind: 'dev',
    async createQr(scene, expireSeconds) {
      const url = new URL('/dev/wechat', siteUrl);
      url.searchParams.set('ticket', scene);
      return { qrCodeUrl: url.toString(), qrImageUrl: null, expireSeconds };
    },
    async sendNotice({ openid, title, text, url }) {
      const msgId = `dev-${randomBytes(8).toString('hex')}`;
      await db.insert(wechatOutbox).values({ openid, msgId, title, text, url, createdAt: new Date(now()) });
      console.log(`[wechat:dev] ${openid} ${title} ${url}`);
      return { msgId };
    },
    // No Official Account: the page keeps its own subscription prompt.
    jsSdkConfig: async () => null,
  };
}
