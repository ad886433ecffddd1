import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStatus } from '#client/session.ts';
import {
  $cartNum,
  $inviterCode,
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

  it('logout clears token, user, cart count and plan but keeps the remembered login and invite code', () => {
    setSession({ access: 'a', refresh: 'r', expires: 10 });
    setUser({ account: '13800000000', addresses: [] }, 2);
    setPlan([{ type_id: 2, count: 1 }]);
    rememberLogin({ account: '13800000000', password: 'secret' });
    setInviterCode(' ABC123 ');
    expect($cartNum.get()).toBe(2);
    logout();
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect($cartNum.get()).toBe(0);
    expect($plan.get()).toEqual([]);
    expect($remembered.get()).toEqual({ account: '13800000000', password: 'secret' });
    expect($inviterCode.get()).toBe('ABC123');
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
