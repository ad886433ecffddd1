import type { WechatAdapter } from './types.ts';

/** Local stand-in: the "QR code" opens /dev/wechat, whose button simulates the scan. */
export function createDevWechat(siteUrl: string): WechatAdapter {
  return {
    kind: 'dev',
    async createQr(scene, expireSeconds) {
      const url = new URL('/dev/wechat', siteUrl);
      url.searchParams.set('ticket', scene);
      return { qrCodeUrl: url.toString(), qrImageUrl: null, expireSeconds };
    },
  };
}
