// Where WeChat's JS-SDK may load (decision 0096): only a page opened in WeChat's own browser
// (MicroMessenger) of a portal with an Official Account (WECHAT_PROVIDER=mp), for the open tag
// wx-open-subscribe. Everywhere else the page's policy keeps scripts to our own origin.
import type { Env } from '../platform/env.ts';

export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com';

export const wechatOpenTagPage = (env: Pick<Env, 'WECHAT_PROVIDER'>, userAgent: string) =>
  env.WECHAT_PROVIDER === 'mp' && /MicroMessenger/i.test(userAgent);
