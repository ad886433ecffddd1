import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '#client/api.ts';
import { ensureFreshToken, tokenStatus } from '#client/token-refresh.ts';
import {
  $cartNum,
  $inviterCode,
  $messageUnread,
  $messages,
  $plan,
  $remembered,
  $token,
  $user,
  logout,
  rememberLogin,
  setInviterCode,
  setPlan,
  setSession,
  setUser,
  setUserInfo,
  tokenFromLogin,
  tokenFromRefresh,
} from '#client/stores.ts';

beforeEach(() => logout());

describe('session stores', () => {
  it('maps login and refresh responses to one token record', () => {
    expect(tokenFromLogin({ token: 'a', refreshToken: 'r', expires: 100 })).toEqual({
      access: 'a',
      refresh: 'r',
      expires: 100,
    });
    expect(tokenFromRefresh({ token: 'b', refresh_token: 's', expires_at: 200 })).toEqual({
      access: 'b',
      refresh: 's',
      expires: 200,
    });
  });

  it('logout clears token, user, cart count, plan and messages but keeps the remembered login and invite code', () => {
    setSession({ access: 'a', refresh: 'r', expires: 10 });
    $messages.set([{ rid: 'm1', title: '样品已签收', body: '', order_rid: null, read: false, created: '' }]);
    $messageUnread.set(1);
    setUser({ account: '13800000000', addresses: [] }, 2);
    setPlan([{ type_id: 2, count: 1 }]);
    rememberLogin({ account: '13800000000' });
    setInviterCode(' ABC123 ');
    expect($cartNum.get()).toBe(2);
    logout();
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect($cartNum.get()).toBe(0);
    expect($plan.get()).toEqual([]);
    expect($messages.get()).toEqual([]);
    expect($messageUnread.get()).toBe(0);
    expect($remembered.get()).toEqual({ account: '13800000000' });
    expect($inviterCode.get()).toBe('ABC123');
  });

  it('stores a user/info response: account fields, addresses and the cart count', () => {
    const address = {
      address_rid: 'a1',
      name: '张三',
      phone: '13800000000',
      province: '上海市',
      city: '上海市',
      area: '闵行区',
      address: '东川路 800 号',
      address_code: '310112',
      default: 1,
    };
    setUserInfo({ userInfo: { account: '13800000000', name: '张三' }, cartNum: '4', address: [address] });
    expect($user.get()).toEqual({ account: '13800000000', name: '张三', addresses: [address] });
    expect($cartNum.get()).toBe(4);
  });

  it('setPlan stores the groups in plan order', () => {
    setPlan([
      { type_id: 2, count: '1' },
      { type_id: 31, count: 1 },
    ]);
    expect($plan.get().map((g) => g.type_id)).toEqual([31, 2]);
  });
});

describe('token status', () => {
  const now = 1_000_000;
  it('is none without a token, expired at or after expiry, refresh under an hour, else valid', () => {
    expect(tokenStatus(null, now)).toBe('none');
    expect(tokenStatus({ access: 'a', refresh: 'r', expires: now }, now)).toBe('expired');
    expect(tokenStatus({ access: 'a', refresh: 'r', expires: now + 3599 }, now)).toBe('refresh');
    expect(tokenStatus({ access: 'a', refresh: 'r', expires: now + 3600 }, now)).toBe('valid');
  });
});

describe('token refresh', () => {
  type Seen = { path: string; body: string };
  const seen: Seen[] = [];
  let server: Server;
  let client: ApiClient;
  let answer: (res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ path: req.url!, body });
        // Slow enough that concurrent callers overlap.
        setTimeout(() => answer(res), 50);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    client = createApiClient({ baseURL: `http://127.0.0.1:${port}`, notify: () => {} });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });

  const now = 2_000_000_000;
  const json = (res: ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

  it('refreshes once for many callers when under an hour is left, and stores the new record', async () => {
    answer = (res) =>
      json(res, 200, {
        code: 1,
        msg: 'ok',
        data: { token: 'new-a', refresh_token: 'new-r', expires_at: now + 43_200 },
      });
    setSession({ access: 'old-a', refresh: 'old-r', expires: now + 1800 });
    await Promise.all([
      ensureFreshToken(client, now),
      ensureFreshToken(client, now),
      ensureFreshToken(client, now),
    ]);
    expect(seen).toEqual([{ path: '/api/open/refresh4token', body: JSON.stringify({ token: 'old-r' }) }]);
    expect($token.get()).toEqual({ access: 'new-a', refresh: 'new-r', expires: now + 43_200 });
  });

  it('does nothing while more than an hour is left', async () => {
    setSession({ access: 'a', refresh: 'r', expires: now + 7200 });
    await ensureFreshToken(client, now);
    expect(seen).toEqual([]);
  });

  it('clears the session when the token has expired', async () => {
    setSession({ access: 'a', refresh: 'r', expires: now - 1 });
    setUser({ account: '13800000000', addresses: [] }, 1);
    await ensureFreshToken(client, now);
    expect(seen).toEqual([]);
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
  });

  it('keeps the current token and only warns when the refresh fails', async () => {
    answer = (res) => json(res, 200, { code: 0, msg: '服务器繁忙', data: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSession({ access: 'a', refresh: 'r', expires: now + 60 });
    await ensureFreshToken(client, now);
    expect($token.get()).toEqual({ access: 'a', refresh: 'r', expires: now + 60 });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
