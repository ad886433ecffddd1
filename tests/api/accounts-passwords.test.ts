import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { AGREEMENT_VERSION } from '#shared/accounts/auth.ts';
import { accounts, PASSWORD } from '../support/accounts.ts';

// ASVS 5 (6.2.4, 6.2.11): a password being set is checked against common and breached passwords.
const t = await setupApi();
const a = accounts(t);

const COMMON = '该密码过于常见，容易被猜中，请换一个更安全的密码';

describe('common and breached passwords', () => {
  const signUp = async (password: string, phone = a.phone()) => {
    const code = await a.sendCode(phone, 0);
    return (await t.post('/api/open/sign', { phone, password, code, agreement_version: AGREEMENT_VERSION }))
      .body;
  };

  it.each([
    '12345678',
    'password',
    '11111111',
    'Password1',
    'qwertyuiop',
    '88888888',
    'woaini1314',
    '1qaz2wsx',
    // Breached passwords in l33t spelling or with a few characters added (issue 28, item 7).
    'Passw0rd!',
    'P@ssw0rd123',
    'Lab-Passw0rd',
    'Qwerty123!',
    'zhang123456',
  ])('refuses %s at registration, and the code stays usable', async (password) => {
    const phone = a.phone();
    const code = await a.sendCode(phone, 0);
    expect(
      (await t.post('/api/open/sign', { phone, password, code, agreement_version: AGREEMENT_VERSION })).body,
    ).toEqual({
      code: 0,
      msg: COMMON,
      data: { error: 'REFUSED' },
    });
    // Nothing was created, and the same code registers with a sound password.
    expect(
      (
        await t.post('/api/open/sign', {
          phone,
          password: PASSWORD,
          code,
          agreement_version: AGREEMENT_VERSION,
        })
      ).body.code,
    ).toBe(1);
  });

  it('refuses a password containing the phone number', async () => {
    const phone = a.phone();
    expect(await signUp(`x${phone}`, phone)).toMatchObject({
      code: 0,
      msg: '密码不能包含手机号，请换一个更安全的密码',
    });
  });

  it('refuses a common password at reset and keeps the old one', async () => {
    const phone = await a.register();
    const code = await a.sendCode(phone, 1);
    const reset = await t.post('/api/open/reset', {
      account: phone,
      code,
      password: 'iloveyou',
      confirmPassword: 'iloveyou',
    });
    expect(reset.body).toMatchObject({ code: 0, msg: COMMON });
    await a.login(phone, PASSWORD);
  });

  it('accepts an uncommon password', async () => {
    expect(await signUp('Kettle-Violet-42')).toMatchObject({ code: 1 });
  });
});
