import { isIP } from 'node:net';
import type { Env } from '../env.ts';
import { proxiedAddress, type RequestOrigin } from './client-ip.ts';

/**
 * The development tools of the local adapters: the outbox (codes and e-mails the `log` adapters
 * kept) and the WeChat scan simulator. Anyone who can read the outbox can reset any password, so
 * they exist only with those adapters, and by default (DEV_TOOLS=local) answer only this machine.
 */
export type DevTool = 'outbox' | 'wechat' | 'pay' | 'clock';

function devToolExists(env: Env, tool: DevTool): boolean {
  if (env.DEV_TOOLS === 'off') return false;
  // The test clock (decision 0063) can thaw rebates and expire what others hold: only on a server
  // whose dev tools were opened on purpose, with the local SMS and no real payments.
  if (tool === 'clock')
    return env.DEV_TOOLS === 'on' && env.SMS_PROVIDER === 'log' && env.PAYMENT_PROVIDER !== 'live';
  if (tool === 'pay') return env.PAYMENT_PROVIDER === 'dev';
  return tool === 'outbox' ? env.SMS_PROVIDER === 'log' : env.WECHAT_PROVIDER === 'dev';
}

/** The development tools a process offers, for the start-up log. */
function activeDevTools(env: Env): DevTool[] {
  return (['outbox', 'wechat', 'pay', 'clock'] as const).filter((tool) => devToolExists(env, tool));
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

const LOCAL_HOST_NAMES = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;
const PROXY_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

/**
 * True only for a browser or tool on this machine talking to this process: a loopback peer, a
 * loopback Host (a DNS-rebinding page carries its own host name), and no proxy in between unless
 * TRUST_PROXY says the proxy's X-Real-IP is itself loopback. A proxy on this machine forwarding
 * outside visitors therefore never counts as local.
 */
export function isLocalRequest(env: Env, origin: RequestOrigin): boolean {
  if (!isLoopback(origin.remoteAddress)) return false;
  if (!LOCAL_HOST_NAMES.test(origin.header('host') ?? '')) return false;
  const forwarded = PROXY_HEADERS.filter((name) => origin.header(name) !== undefined);
  if (forwarded.length === 0) return true;
  return env.TRUST_PROXY && isLoopback(proxiedAddress(origin.header));
}

export function devToolAllowed(env: Env, tool: DevTool, origin: RequestOrigin): boolean {
  if (!devToolExists(env, tool)) return false;
  return env.DEV_TOOLS === 'on' || isLocalRequest(env, origin);
}

/** The same check for an Astro page: the peer comes from locals (src/server.ts, src/middleware.ts). */
export const pageOrigin = (peer: string | undefined, request: Request): RequestOrigin => ({
  remoteAddress: peer,
  header: (name) => request.headers.get(name) ?? undefined,
});

/** The start-up banner: loud, because these tools hand out login codes. */
export function devToolsBanner(env: Env): string | null {
  const tools = activeDevTools(env);
  if (tools.length === 0) return null;
  const names = tools.map(
    (tool) =>
      ({
        outbox: '/dev/outbox 与 /api/dev/outbox（验证码短信、通知邮件）',
        wechat: '/dev/wechat（微信扫码模拟）',
        pay: '/dev/pay（微信支付、支付宝模拟：PAYMENT_PROVIDER=dev）',
        clock: '/api/dev/clock（测试时钟：可将服务器时间拨快）',
      })[tool],
  );
  const who =
    env.DEV_TOOLS === 'on'
      ? '对所有来源开放（DEV_TOOLS=on）：任何人都能读取验证码，切勿用于真实用户！'
      : '仅本机可访问（DEV_TOOLS=local）';
  const line = '!'.repeat(64);
  return [
    line,
    `开发工具已开启，${who}`,
    ...names.map((n) => `  - ${n}`),
    '上线前请配置真实短信与微信（SMS_PROVIDER=aliyun、WECHAT_PROVIDER=mp），或设置 DEV_TOOLS=off。',
    line,
  ].join('\n');
}
