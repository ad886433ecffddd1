// WeChat's open tag wx-open-subscribe (decision 0096): inside WeChat's browser, with an Official
// Account (WECHAT_PROVIDER=mp), the customer grants the one-time subscriptions in WeChat's own
// dialog. Loaded by a dynamic import only in WeChat's browser, so other browsers never fetch this
// module, nor WeChat's script (which the page's CSP allows only there).
import { api } from '../../lib/client/api.ts';
import { notifyApi } from '../../lib/shared/notify/api.ts';
import type { WxConfig } from '../../lib/shared/notify/channels.ts';

const JS_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** WeChat's config check normally answers at once; without an answer the page keeps its own prompt. */
const READY_MS = 8_000;

type Wx = {
  config(c: Record<string, unknown>): void;
  ready(f: () => void): void;
  error(f: (e: unknown) => void): void;
};

function loadSdk(): Promise<Wx | null> {
  const loaded = (window as { wx?: Wx }).wx;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = JS_SDK;
    script.onload = () => resolve((window as { wx?: Wx }).wx ?? null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

export type OpenTag = { config: WxConfig; mount: typeof mountOpenSubscribe };

/**
 * The page's JS-SDK config, once WeChat accepted it for the open tag, and the way to show its
 * button; null where the portal has no Official Account, or the script or WeChat's check failed
 * (the caller keeps its own prompt).
 */
export async function prepareOpenTag(): Promise<OpenTag | null> {
  const config = await api.call(notifyApi.wxConfig, { url: location.href.split('#')[0] }, { silent: true });
  if (!config?.enabled) return null;
  const wx = await loadSdk();
  if (!wx) return null;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      resolve(ok ? { config, mount: mountOpenSubscribe } : null);
    };
    const timer = setTimeout(() => done(false), READY_MS);
    // An error is reported before ready on a failed check, and ready may follow it: first one wins.
    wx.error(() => done(false));
    wx.ready(() => done(true));
    wx.config({
      debug: false,
      appId: config.app_id,
      timestamp: config.timestamp,
      nonceStr: config.nonce_str,
      signature: config.signature,
      jsApiList: ['checkJsApi'],
      openTagList: ['wx-open-subscribe'],
    });
  });
}

/**
 * Puts WeChat's subscribe button in `host`: WeChat draws it from the template and, when tapped,
 * shows its own dialog for the given templates; `success` reports each template's answer as JSON.
 * Answers a function that removes it.
 */
function mountOpenSubscribe(
  host: HTMLElement,
  templateIds: readonly string[],
  on: { success(subscribeDetails: string): void; error(): void },
): () => void {
  const tag = document.createElement('wx-open-subscribe');
  tag.setAttribute('template', templateIds.join(','));
  tag.id = 'wx-subscribe';
  // WeChat renders the button from this template in its own frame: inline styles only.
  tag.innerHTML =
    '<script type="text/wxtag-template"><button style="display:block;width:100%;padding:10px 0;border:0;border-radius:8px;background:#1f4fcf;color:#fff;font-size:16px">在微信中订阅</button></script>';
  const success = (e: Event) =>
    on.success(String((e as CustomEvent<{ subscribeDetails?: string }>).detail?.subscribeDetails ?? ''));
  const error = () => on.error();
  tag.addEventListener('success', success);
  tag.addEventListener('error', error);
  document.addEventListener('WeixinOpenTagsError', error);
  host.replaceChildren(tag);
  return () => {
    document.removeEventListener('WeixinOpenTagsError', error);
    tag.remove();
  };
}
