// The browser's session actions against the real API (Hono app, fresh database) over HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { accounts, PASSWORD } from '../support/accounts.ts';
import { createApiClient, type ApiClient } from '#client/api.ts';
import { accountsApi } from '#shared/accounts/api.ts';
import { createAuth } from '#client/auth.ts';
import { requiresLogin } from '#client/session.ts';
import { $cartNum, $remembered, $token, $user, logout, rememberLogin, setSession } from '#client/stores.ts';

const t = await setupApi();
const a = accounts(t);
let server: Server;
let baseURL = '';

beforeAll(async () => {
  server = createServer(getRequestListener(t.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let toasts: string[] = [];
let refreshCalls = 0;
beforeEach(() => {
  logout();
  toasts = [];
  refreshCalls = 0;
});

/** Session actions wired to the test server, on the server's clock. */
function session() {
  const quiet = createApiClient({ baseURL, notify: () => {}, onUnauthorized: () => {} });
  const counting: ApiClient = {
    ...quiet,
    call: (endpoint, input, options) => {
      if (endpoint.path === accountsApi.refresh.path) refreshCalls += 1;
      return quiet.call(endpoint, input, options);
    },
  };
  return createAuth({
    api: createApiClient({ baseURL, notify: (m) => toasts.push(m) }),
    quietApi: counting,
    now: () => Math.floor(t.services.now() / 1000),
    locks: null,
  });
}

const infoStatus = async (token: string) => (await t.post('/api/auth/user/info', {}, a.bearer(token))).status;

describe('client session actions', () => {
  it('completeLogin stores the token record and the user from user/info', async () => {
    const phone = await a.register();
    const result = await a.login(phone);
    const user = await session().completeLogin(result);
    expect($token.get()).toEqual({
      access: result.token,
      refresh: result.refreshToken,
      expires: result.expires,
    });
    expect(user).toMatchObject({ account: phone, addresses: [] });
    expect($user.get()?.account).toBe(phone);
    expect($cartNum.get()).toBe(0);
  });

  it('start-up check keeps a valid session and treats a rejected token as logged out', async () => {
    const { phone, ...result } = await a.user();
    const auth = session();
    setSession({ access: result.token, refresh: result.refreshToken, expires: result.expires });
    expect(await auth.checkSession()).toBe(true);
    expect($user.get()?.account).toBe(phone);

    setSession({ access: 'not-a-real-token', refresh: 'nope', expires: result.expires });
    expect(await auth.checkSession()).toBe(false);
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
  });

  it('an expired token clears every user store without asking the server', async () => {
    const { token, refreshToken } = await a.user();
    setSession({ access: token, refresh: refreshToken, expires: Math.floor(t.services.now() / 1000) - 1 });
    expect(await session().checkSession()).toBe(false);
    expect($token.get()).toBeNull();
    expect(refreshCalls).toBe(0);
  });

  it('with under an hour left, concurrent checks run one refresh and the new token works', async () => {
    const { phone, ...result } = await a.user();
    const auth = session();
    setSession({ access: result.token, refresh: result.refreshToken, expires: result.expires });
    a.advance((result.expires - Math.floor(t.services.now() / 1000) - 1800) * 1000); // 30 min left
    const outcomes = await Promise.all([auth.checkSession(), auth.checkSession(), auth.refresh()]);
    expect(outcomes).toEqual([true, true, true]);
    expect(refreshCalls).toBe(1);
    const fresh = $token.get()!;
    expect(fresh.access).not.toBe(result.token);
    expect(fresh.refresh).not.toBe(result.refreshToken);
    expect(fresh.expires).toBeGreaterThan(result.expires);
    // One refresh only: a second use of the old refresh token would have revoked the session.
    expect(await infoStatus(fresh.access)).toBe(200);
    expect($user.get()?.account).toBe(phone);
  });

  it('logout revokes the session on the server and clears the stores', async () => {
    const result = await a.user();
    setSession({ access: result.token, refresh: result.refreshToken, expires: result.expires });
    expect(await infoStatus(result.token)).toBe(200);
    await session().logout();
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect(await infoStatus(result.token)).toBe(401);
  });

  it('a failed password login shows the server message and stores nothing', async () => {
    const phone = await a.register();
    const api = createApiClient({ baseURL, notify: (m) => toasts.push(m) });
    expect(await api.call(accountsApi.login, { account: phone, password: `${PASSWORD}x` })).toBeUndefined();
    expect(toasts).toEqual(['账号或密码错误']);
    expect($token.get()).toBeNull();
  });

  it('remembering a login keeps the account name only, never the password', () => {
    rememberLogin({ account: '13900001111', password: 'secret' } as { account: string });
    expect($remembered.get()).toEqual({ account: '13900001111' });
    expect(JSON.stringify($remembered.get())).not.toContain('secret');
  });
});

describe('route guard', () => {
  it('covers the member and experiment areas and nothing else', () => {
    for (const path of ['/member', '/member/', '/member/order', '/experiment', '/experiment/plan'])
      expect(requiresLogin(path), path).toBe(true);
    for (const path of ['/', '/members', '/memberx/order', '/experiments', '/article/member', '/invited/ABC'])
      expect(requiresLogin(path), path).toBe(false);
  });
});
