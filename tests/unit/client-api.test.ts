// The API client against a real HTTP server on an ephemeral port (no mocks of the server).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  isFailure,
  MSG_TIMEOUT,
  OPEN_LOGIN_EVENT,
} from '#client/api.ts';
import { $cartNum, $token, $user, logout, setSession, setUser } from '#client/stores.ts';
import { endpoint } from '#shared/api/endpoint.ts';
import { z } from '#shared/zod.ts';

/** A call to the test server's own paths, declared as the product declares its calls. */
const at = (path: string, method: 'GET' | 'POST' = 'POST') =>
  endpoint({ method, path, access: 'public', body: z.unknown(), response: z.unknown() });

type Seen = { method: string; url: string; authorization?: string; body: string };
let server: Server;
let baseURL = '';
const seen: Seen[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === '/ok')
      return json(200, { code: 1, msg: 'ok', data: { echo: body ? JSON.parse(body) : null } });
    if (path === '/ok-null') return json(200, { code: 1, msg: '提交成功!', data: null });
    if (path === '/fail')
      return json(200, { code: 0, msg: '[手机号]不能为空', data: { error: 'INVALID_INPUT' } });
    if (path === '/paid')
      return json(200, { code: 0, msg: '订单已支付，请勿重复支付', data: { error: 'ALREADY_PAID' } });
    if (path === '/expired')
      return json(401, { code: 0, msg: '登录已过期', data: { error: 'UNAUTHORIZED' } });
    if (path === '/broken')
      return json(500, { code: 0, msg: '服务器繁忙，请稍后再试', data: { error: 'SERVER_ERROR' } });
    if (path === '/slow') return void setTimeout(() => json(200, { code: 1, msg: 'ok', data: 1 }), 400);
    json(404, { code: 0, msg: '接口不存在', data: { error: 'NO_SUCH_CALL' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let toasts: string[] = [];
beforeEach(() => {
  seen.length = 0;
  toasts = [];
  logout();
});
const client = () => createApiClient({ baseURL, notify: (m) => toasts.push(m) });

describe('API client', () => {
  it('sends the stored access token as a Bearer header, and none when logged out', async () => {
    await client().call(at('/ok'), { a: 1 });
    expect(seen[0].authorization).toBeUndefined();
    setSession({ access: 'acc-123', refresh: 'ref-456', expires: 2_000_000_000 });
    await client().call(at('/ok'), { a: 1 });
    expect(seen[1].authorization).toBe('Bearer acc-123');
    expect(seen[1].method).toBe('POST');
  });

  it('returns data when the envelope code is 1 (null data stays distinguishable from failure)', async () => {
    expect(await client().call(at('/ok'), { phone: '13800000000' })).toEqual({
      echo: { phone: '13800000000' },
    });
    expect(await client().call(at('/ok-null'))).toBeNull();
    expect(await client().call(at('/ok', 'GET'), { page: 2 })).toEqual({ echo: null });
    expect(seen[2]).toMatchObject({ method: 'GET', url: '/ok?page=2' });
    expect(toasts).toEqual([]);
  });

  it('on code 0 shows msg in the error toast and resolves undefined', async () => {
    expect(await client().call(at('/fail'), {})).toBeUndefined();
    expect(toasts).toEqual(['[手机号]不能为空']);
  });

  it('stays quiet when silent, and throws a typed ApiError when asked to', async () => {
    expect(await client().call(at('/fail'), {}, { silent: true })).toBeUndefined();
    const error = await client()
      .call(at('/fail'), {}, { throws: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', message: '[手机号]不能为空', code: 'INVALID_INPUT' });
    expect(toasts).toEqual([]);
  });

  it('carries the machine code, so callers branch on it and never on the message', async () => {
    const error = await client()
      .call(at('/paid'), {}, { throws: true })
      .catch((e: unknown) => e);
    expect(isFailure(error, 'ALREADY_PAID')).toBe(true);
    expect(isFailure(error, 'INVALID_INPUT')).toBe(false);
    const broken = await client()
      .call(at('/broken'), {}, { throws: true })
      .catch((e: unknown) => e);
    expect(broken).toMatchObject({ kind: 'http', status: 500, code: 'SERVER_ERROR' });
  });

  it('on HTTP 401 clears the session and asks the page to open the login dialog', async () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const opened = vi.fn();
    target.addEventListener(OPEN_LOGIN_EVENT, opened);
    try {
      setSession({ access: 'old', refresh: 'r', expires: 2_000_000_000 });
      setUser({ account: '13800000000', addresses: [] }, 3);
      expect(await client().call(at('/expired'), {})).toBeUndefined();
      expect(seen[0].authorization).toBe('Bearer old');
      expect($token.get()).toBeNull();
      expect($user.get()).toBeNull();
      expect($cartNum.get()).toBe(0);
      expect(opened).toHaveBeenCalledTimes(1);
      expect(toasts).toEqual(['登录已过期']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reports HTTP errors with a Chinese message and an empty result', async () => {
    expect(await client().call(at('/broken'))).toBeUndefined();
    expect(await client().call(at('/nowhere'))).toBeUndefined();
    expect(toasts).toEqual(['服务器繁忙，请稍后再试', '接口不存在']);
  });

  it('reports an unreachable server as a network error', async () => {
    const dead = createApiClient({ baseURL: 'http://127.0.0.1:1', notify: (m) => toasts.push(m) });
    expect(await dead.call(at('/ok'))).toBeUndefined();
    expect(toasts).toEqual(['网络异常，请检查网络后重试']);
  });

  it('times out after 30 s by default, and after a shorter per-call timeout', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(client().timeout).toBe(30_000);
    expect(await client().call(at('/slow'), {}, { timeout: 100 })).toBeUndefined();
    expect(toasts).toEqual([MSG_TIMEOUT]);
    // The default is long enough for a slow answer.
    expect(await client().call(at('/slow'))).toBe(1);
  });
});
