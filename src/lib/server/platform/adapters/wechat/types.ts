type WechatQr = {
  /** What the QR code encodes: scanning it in WeChat reports the scene to our callback. */
  qrCodeUrl: string;
  /** A ready-made QR image, when the provider offers one. */
  qrImageUrl: string | null;
  expireSeconds: number;
};

/** Creates login QR codes; a scan comes back as (scene, openid) through the callback or dev page. */
export type WechatAdapter = {
  readonly kind: 'dev' | 'mp';
  createQr(scene: string, expireSeconds: number): Promise<WechatQr>;
};
