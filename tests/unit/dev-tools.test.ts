import { describe, expect, it } from 'vitest';
import { readEnv } from '#server/platform/env.ts';
import {
  devToolAllowed,
  devToolsBanner,
  isLocalRequest,
  isLoopback,
} from '#server/platform/http/dev-tools.ts';

const env = (vars: Record<string, string> = {}) => readEnv({ NODE_ENV: 'test', ...vars });
const origin = (remoteAddress: string | undefined, headers: Record<string, string> = {}) => ({
  remoteAddress,
  header: (name: string) => headers[name],
});
const localhost = { host: 'localhost:4321' };

describe('development tools answer only this machine by default', () => {
  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:10.0.0.1', '0.0.0.0', 'fe80::1', 'unknown', '', undefined])
      expect(isLoopback(a)).toBe(false);
  });

  it('a browser on this machine is local; another host is not', () => {
    expect(isLocalRequest(env(), origin('127.0.0.1', localhost))).toBe(true);
    expect(isLocalRequest(env(), origin('::1', { host: '[::1]:4321' }))).toBe(true);
    expect(isLocalRequest(env(), origin('192.0.2.7', localhost))).toBe(false);
    // In-process calls have no peer at all: not local.
    expect(isLocalRequest(env(), origin(undefined, localhost))).toBe(false);
  });

  it('a page of another site resolving to 127.0.0.1 (DNS rebinding) is not local', () => {
    expect(isLocalRequest(env(), origin('127.0.0.1', { host: 'evil.example:4321' }))).toBe(false);
    expect(isLocalRequest(env(), origin('127.0.0.1', {}))).toBe(false);
  });

  it('a proxy on this machine forwarding outside visitors is not local', () => {
    const proxied = { ...localhost, 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' };
    expect(isLocalRequest(env(), origin('127.0.0.1', proxied))).toBe(false);
    expect(isLocalRequest(env({ TRUST_PROXY: 'true' }), origin('127.0.0.1', proxied))).toBe(false);
    expect(isLocalRequest(env(), origin('127.0.0.1', { ...localhost, forwarded: 'for=203.0.113.9' }))).toBe(
      false,
    );
    // Behind a trusted proxy, a visitor on the proxy's own machine still counts as local.
    const own = { ...localhost, 'x-real-ip': '127.0.0.1' };
    expect(isLocalRequest(env({ TRUST_PROXY: 'true' }), origin('127.0.0.1', own))).toBe(true);
    expect(isLocalRequest(env(), origin('127.0.0.1', own))).toBe(false);
  });

  it('DEV_TOOLS=on opens them to every host, off closes them; real providers remove them', () => {
    const remote = origin('192.0.2.7', { host: 'portal.example.cn' });
    expect(devToolAllowed(env(), 'outbox', remote)).toBe(false);
    expect(devToolAllowed(env({ DEV_TOOLS: 'on' }), 'outbox', remote)).toBe(true);
    expect(devToolAllowed(env({ DEV_TOOLS: 'on' }), 'wechat', remote)).toBe(true);
    const local = origin('127.0.0.1', localhost);
    expect(devToolAllowed(env({ DEV_TOOLS: 'off' }), 'outbox', local)).toBe(false);
    const real = env({
      DEV_TOOLS: 'on',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '检测平台',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      WECHAT_PROVIDER: 'mp',
      WECHAT_APPID: 'wx1',
      WECHAT_SECRET: 's',
      WECHAT_TOKEN: 't',
      PAYMENT_PROVIDER: 'off',
    });
    expect(devToolAllowed(real, 'outbox', local)).toBe(false);
    expect(devToolAllowed(real, 'wechat', local)).toBe(false);
    expect(devToolsBanner(real)).toBeNull();
  });

  it('the start-up banner says which tools are on and to whom', () => {
    expect(devToolsBanner(env())).toContain('仅本机可访问');
    expect(devToolsBanner(env())).toContain('/dev/wechat');
    expect(devToolsBanner(env({ DEV_TOOLS: 'on' }))).toContain('切勿用于真实用户');
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(env().HOST).toBe('127.0.0.1');
  });

  it('a relative DATA_DIR is inside the project, whatever the working directory', () => {
    const { DATA_DIR } = env({ DATA_DIR: './.data' });
    expect(DATA_DIR).toBe(new URL('../../.data', import.meta.url).pathname);
    expect(env({ DATA_DIR: '/var/lib/portal' }).DATA_DIR).toBe('/var/lib/portal');
  });
});
