import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION, registerFormSchema } from '#shared/accounts/auth.ts';

// The version a registration agrees to follows the two documents it names (decision 0049).
const updated = (file: string) =>
  /^updated:\s*(\S+)$/m.exec(readFileSync(`src/content/pages/${file}`, 'utf8'))?.[1] ?? '';

describe('the agreement version', () => {
  it('is the later update of 《用户服务协议》 and 《隐私政策》', () => {
    const dates = [updated('license.md'), updated('policy.md')];
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(AGREEMENT_VERSION).toBe(dates.sort().at(-1));
  });

  it('is required by the register form, after every other field', () => {
    const form = {
      phone: '13800138000',
      code: '123456',
      password: 'Kettle-Lab-2026',
      confirmPassword: 'Kettle-Lab-2026',
    };
    expect(registerFormSchema.safeParse(form).error?.issues[0]?.message).toBe(
      '请阅读并同意《服务协议》和《隐私政策》',
    );
    expect(registerFormSchema.safeParse({ ...form, agreement_version: AGREEMENT_VERSION }).success).toBe(
      true,
    );
  });
});
