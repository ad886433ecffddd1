import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_VERSION,
  firstError,
  passwordLoginSchema,
  registerFormSchema,
  registerRequestSchema,
  resetFormSchema,
  sendCodeSchema,
  smsLoginSchema,
} from '#shared/accounts/auth.ts';

const first = (schema: { safeParse(v: unknown): never }, value: unknown) =>
  firstError(schema.safeParse(value));

const okRegister = {
  phone: '13800138000',
  code: '123456',
  password: 'Passw0rd!',
  confirmPassword: 'Passw0rd!',
  agreement_version: AGREEMENT_VERSION,
};

describe('account form schemas (spec section 5: first error only, in form order)', () => {
  it('password login', () => {
    expect(first(passwordLoginSchema as never, {})).toBe('[用户名/手机号]不能为空');
    expect(first(passwordLoginSchema as never, { account: '  ' })).toBe('[用户名/手机号]不能为空');
    expect(first(passwordLoginSchema as never, { account: '13800138000' })).toBe('[密码]不能为空');
    expect(first(passwordLoginSchema as never, { account: '13800138000', password: 'x' })).toBeNull();
  });

  it('SMS login', () => {
    expect(first(smsLoginSchema as never, {})).toBe('[手机号]不能为空');
    expect(first(smsLoginSchema as never, { phone: '13800138000' })).toBe('[验证码]不能为空');
    expect(first(smsLoginSchema as never, { phone: '13800138000', code: '12345' })).toBe(
      '[验证码]应为6位数字',
    );
  });

  it('register and reset, in the order phone, code, password, confirmation, then mismatch', () => {
    for (const schema of [registerFormSchema, resetFormSchema]) {
      const phoneKey = schema === registerFormSchema ? 'phone' : 'account';
      const base = { ...okRegister, [phoneKey]: '13800138000' };
      const without = (...keys: string[]) =>
        Object.fromEntries(Object.entries(base).filter(([k]) => !keys.includes(k)));
      expect(first(schema as never, {})).toBe('[手机号]不能为空');
      expect(first(schema as never, without('code', 'password', 'confirmPassword'))).toBe('[验证码]不能为空');
      expect(first(schema as never, without('password', 'confirmPassword'))).toBe('[密码]不能为空');
      expect(first(schema as never, without('confirmPassword'))).toBe('[确认密码]不能为空');
      expect(first(schema as never, { ...base, confirmPassword: 'Passw0rd?' })).toBe('[密码]不一致');
      expect(first(schema as never, base)).toBeNull();
    }
    // The consent comes last: a mismatch is told first, then the unticked agreement.
    const unticked = { ...okRegister, phone: '13800138000', agreement_version: undefined };
    expect(first(registerFormSchema as never, { ...unticked, confirmPassword: 'Passw0rd?' })).toBe(
      '[密码]不一致',
    );
    expect(first(registerFormSchema as never, unticked)).toBe('请阅读并同意《服务协议》和《隐私政策》');
  });

  it('checks phone format and the 11-character maximum', () => {
    expect(first(smsLoginSchema as never, { phone: '138001380001', code: '123456' })).toBe(
      '[手机号]最多11位',
    );
    expect(first(smsLoginSchema as never, { phone: '12800138000', code: '123456' })).toBe(
      '[手机号]格式不正确，请输入11位手机号',
    );
    expect(first(smsLoginSchema as never, { phone: 13800138000, code: '123456' })).toBe('[手机号]格式不正确');
    expect(first(smsLoginSchema as never, { phone: ' 13800138000 ', code: '123456' })).toBeNull();
  });

  it('wants passwords of 8 to 64 characters, untrimmed', () => {
    const msg = '[密码]长度应为8-64位';
    expect(first(registerRequestSchema as never, { ...okRegister, password: '1234567' })).toBe(msg);
    expect(first(registerRequestSchema as never, { ...okRegister, password: 'x'.repeat(65) })).toBe(msg);
    const parsed = registerRequestSchema.parse({ ...okRegister, password: '  spaced  ' });
    expect(parsed.password).toBe('  spaced  ');
  });

  it('normalises the optional inviter code', () => {
    expect(registerRequestSchema.parse({ ...okRegister, inviterCode: ' ab3d ' }).inviterCode).toBe('AB3D');
    expect(registerRequestSchema.parse({ ...okRegister, inviterCode: null }).inviterCode).toBe('');
    expect(registerRequestSchema.parse(okRegister).inviterCode).toBe('');
    expect(first(registerRequestSchema as never, { ...okRegister, inviterCode: "A'--" })).toBe(
      '[邀请码]格式不正确',
    );
  });

  it('knows the code purposes 0, 1, 3 (and 4 for WeChat binding)', () => {
    expect(sendCodeSchema.parse({ phone: '13800138000', useFor: '3' }).useFor).toBe(3);
    expect(first(sendCodeSchema as never, { phone: '13800138000' })).toBe('[验证码用途]不能为空');
    expect(first(sendCodeSchema as never, { phone: '13800138000', useFor: 2 })).toBe('[验证码用途]不正确');
  });

  it('rejects control characters that PostgreSQL cannot store', () => {
    expect(first(passwordLoginSchema as never, { account: 'a\u0000b', password: 'x' })).toBe(
      '[用户名/手机号]包含非法字符',
    );
  });
});
