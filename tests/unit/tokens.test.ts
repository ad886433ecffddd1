import { describe, expect, it } from 'vitest';
import { ABSOLUTE_TTL_MS, ACCESS_TTL_MS, REFRESH_TTL_MS, sessionExpiries } from '#server/accounts/tokens.ts';
import { hashSmsCode, newInviteCode, newSmsCode, randomToken, sha256 } from '#server/accounts/crypto.ts';
import { hashPassword, verifyPassword } from '#server/accounts/passwords.ts';

describe('session expiry rules', () => {
  const t0 = Date.UTC(2026, 0, 1);

  it('gives 12 h access, 30 d refresh and a 90 d absolute limit at login', () => {
    expect(sessionExpiries(t0)).toEqual({
      accessExpiresAt: t0 + ACCESS_TTL_MS,
      refreshExpiresAt: t0 + REFRESH_TTL_MS,
      absoluteExpiresAt: t0 + ABSOLUTE_TTL_MS,
    });
    expect(ACCESS_TTL_MS).toBe(12 * 3600_000);
    expect(REFRESH_TTL_MS).toBe(30 * 86_400_000);
  });

  it('caps both lifetimes at the absolute limit on late refreshes', () => {
    const absolute = t0 + ABSOLUTE_TTL_MS;
    const late = absolute - 3600_000;
    expect(sessionExpiries(late, absolute)).toEqual({
      accessExpiresAt: absolute,
      refreshExpiresAt: absolute,
      absoluteExpiresAt: absolute,
    });
  });
});

describe('secrets', () => {
  it('makes tokens of 256 random bits, stored as SHA-256', () => {
    const a = randomToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(new Set(Array.from({ length: 100 }, () => randomToken())).size).toBe(100);
    expect(sha256(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(a)).not.toContain(a);
  });

  it('makes 6-digit codes whose hash depends on salt, phone and purpose', () => {
    const codes = Array.from({ length: 200 }, () => newSmsCode());
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    const h = hashSmsCode('s1', '13800138000', 0, '123456');
    expect(hashSmsCode('s2', '13800138000', 0, '123456')).not.toBe(h);
    expect(hashSmsCode('s1', '13800138001', 0, '123456')).not.toBe(h);
    expect(hashSmsCode('s1', '13800138000', 3, '123456')).not.toBe(h);
  });

  it('makes invite codes without look-alike characters', () => {
    for (let i = 0; i < 100; i++) expect(newInviteCode()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  });

  it('hashes passwords with argon2id m=19456 t=2 p=1', async () => {
    const hash = await hashPassword('Passw0rd!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Passw0rd!')).toBe(true);
    expect(await verifyPassword(hash, 'passw0rd!')).toBe(false);
    expect(await verifyPassword(null, 'Passw0rd!')).toBe(false);
  });
});
