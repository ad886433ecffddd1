type WechatQr = {
  /** What the QR code encodes: scanning it in WeChat reports the scene to our callback. */
  qrCodeUrl: string;
  /** A ready-made QR image, when the provider offers one. */
  qrImageUrl: string | null;
  expireSeconds: number;
};

/**
 * One subscription message (服务号订阅通知) to a follower: `kind` picks the configured template,
 * `url` is where tapping it leads (the order page).
 */
type WechatNotice = {
  openid: string;
  kind: string;
  title: string;
  text: string;
  orderNo: string;
  url: string;
};

/**
 * Creates login and bind QR codes; a scan comes back as (scene, openid) through the callback or
 * the dev page. Sends subscription messages: resolves WeChat's message id, or throws (refused,
 * unsubscribed, time-out), and the caller falls back to SMS.
 */
export type WechatAdapter = {
  readonly kind: 'dev' | 'mp';
  createQr(scene: string, expireSeconds: number): Promise<WechatQr>;
  sendNotice(notice: WechatNotice): Promise<{ msgId: string }>;
  /**
   * What `wx.config` needs on the page at `url` (no #fragment) to show WeChat's open tags, with the
   * 订阅通知 template of each kind; null where there is no Official Account (dev).
   */
  jsSdkConfig(url: string): Promise<JsSdkConfig | null>;
};

type JsSdkConfig = {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  templates: Record<string, string>;
};
