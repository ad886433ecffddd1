import { z } from '../zod.ts';

// Account forms and requests, shared by the login island and the API. Only the first issue is
// shown (spec section 5), so each object lists its fields in the order the form shows them.

/** SMS code purposes (the spec's useFor); 4 is ours: binding a WeChat user to a phone. */
export const SMS_PURPOSE = { register: 0, reset: 1, login: 3, bindWechat: 4 } as const;
export type SmsPurpose = (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];

export const CODE_RESEND_SECONDS = 60;
export const PHONE_MAX_LENGTH = 11;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * The version of 《用户服务协议》 and 《隐私政策》 a registration agrees to: the later `updated`
 * date of src/content/pages/license.md and policy.md (a unit test keeps them equal). Raise it
 * with either document, and registrations from a page showing the old text are refused.
 */
export const AGREEMENT_VERSION = '2026-01-01';
export const MSG_AGREEMENT_REQUIRED = '请阅读并同意《服务协议》和《隐私政策》';
export const MSG_AGREEMENT_OUTDATED = '《服务协议》或《隐私政策》已更新，请刷新页面后重新阅读并同意';

const missing = (label: string) => `[${label}]不能为空`;
const isEmpty = (v: unknown) => v === undefined || v === null;

// Control characters (NUL above all: PostgreSQL text cannot hold it) never belong in a field.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A trimmed, required string; a wrong type says "format", an absent value says "empty". */
const text = (label: string) =>
  z
    .string({ error: (iss) => (isEmpty(iss.input) ? missing(label) : `[${label}]格式不正确`) })
    .trim()
    .min(1, missing(label))
    .refine((v) => !CONTROL.test(v), `[${label}]包含非法字符`);

/** Passwords are never trimmed: spaces are characters the user chose. */
const rawText = (label: string) =>
  z
    .string({ error: (iss) => (isEmpty(iss.input) ? missing(label) : `[${label}]格式不正确`) })
    .min(1, missing(label));

export const phoneField = text('手机号')
  .max(PHONE_MAX_LENGTH, `[手机号]最多${PHONE_MAX_LENGTH}位`)
  .regex(/^1[3-9]\d{9}$/, '[手机号]格式不正确，请输入11位手机号');

export const codeField = text('验证码').regex(/^\d{6}$/, '[验证码]应为6位数字');

const passwordLength = `[密码]长度应为${PASSWORD_MIN}-${PASSWORD_MAX}位`;
/** A password being set (register, reset). */
export const newPasswordField = rawText('密码')
  .min(PASSWORD_MIN, passwordLength)
  .max(PASSWORD_MAX, passwordLength);

/** A password being checked: any length up to the maximum; a longer one cannot match. */
const currentPasswordField = rawText('密码').max(PASSWORD_MAX, '账号或密码错误');

const inviterCodeField = z
  .union([z.string(), z.null()], { error: '[邀请码]格式不正确' })
  .optional()
  .transform((v) => (v ?? '').trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{0,16}$/, '[邀请码]格式不正确'));

const useForField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
  z.union(
    [
      z.literal(SMS_PURPOSE.register),
      z.literal(SMS_PURPOSE.reset),
      z.literal(SMS_PURPOSE.login),
      z.literal(SMS_PURPOSE.bindWechat),
    ],
    { error: (iss) => (isEmpty(iss.input) ? missing('验证码用途') : '[验证码用途]不正确') },
  ),
);

export const sendCodeSchema = z.object({ phone: phoneField, useFor: useForField });

export const passwordLoginSchema = z.object({
  account: text('用户名/手机号').max(PASSWORD_MAX, '账号或密码错误'),
  password: currentPasswordField,
});

export const smsLoginSchema = z.object({ phone: phoneField, code: codeField });

/** The agreement version the person ticked 我已阅读并同意 for; only the current one registers. */
const agreementField = z
  .string({ error: MSG_AGREEMENT_REQUIRED })
  .trim()
  .min(1, MSG_AGREEMENT_REQUIRED)
  .refine((v) => v === AGREEMENT_VERSION, MSG_AGREEMENT_OUTDATED);

/** POST /api/open/sign. */
export const registerRequestSchema = z.object({
  phone: phoneField,
  code: codeField,
  password: newPasswordField,
  inviterCode: inviterCodeField,
  agreement_version: agreementField,
});

/** POST /api/open/reset: the account is the phone the code goes to. */
export const resetRequestSchema = z.object({
  account: phoneField,
  code: codeField,
  password: newPasswordField,
});

const confirmField = rawText('确认密码');
const samePasswords = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/** The register panel: the request plus the confirmation, which never leaves the browser. */
export const registerFormSchema = z
  .object({
    phone: phoneField,
    code: codeField,
    password: newPasswordField,
    confirmPassword: confirmField,
    inviterCode: inviterCodeField,
    agreement_version: z.string().default(''),
  })
  .refine(samePasswords, { message: '[密码]不一致', path: ['confirmPassword'] })
  // The consent is asked last, after what the customer typed is right (a field error would hide
  // the password check, which runs only once every field passes).
  .superRefine((form, ctx) => {
    const agreed = agreementField.safeParse(form.agreement_version);
    if (!agreed.success)
      ctx.addIssue({ code: 'custom', message: agreed.error.issues[0].message, path: ['agreement_version'] });
  });

export const resetFormSchema = z
  .object({
    account: phoneField,
    code: codeField,
    password: newPasswordField,
    confirmPassword: confirmField,
  })
  .refine(samePasswords, { message: '[密码]不一致', path: ['confirmPassword'] });

export const refreshSchema = z.object({
  token: z.string({ error: '登录已过期，请重新登录' }).trim().min(1, '登录已过期，请重新登录').max(256),
});

// Our tickets and bind keys are base64url; anything else cannot exist.
const opaqueId = (label: string) => text(label).regex(/^[\w-]{1,128}$/, '二维码已过期');

export const wxTicketSchema = z.object({ ticket: opaqueId('二维码') });

export const wxBindSchema = z.object({
  bindKey: opaqueId('绑定凭证'),
  phone: phoneField,
  code: codeField,
});

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `[${label}]格式不正确` })
    .trim()
    .max(max, `[${label}]最多${max}个字符`)
    .refine((v) => !CONTROL.test(v), `[${label}]包含非法字符`)
    .optional();

/** POST /api/auth/updateInfo: only the fields sent change. */
export const updateInfoSchema = z.object({
  name: optionalText('姓名', 32),
  email: optionalText('邮箱', 100).refine((v) => !v || z.email().safeParse(v).success, '[邮箱]格式不正确'),
  avatar: optionalText('头像', 255).refine((v) => !v || /^\/upload\/[\w./-]+$/.test(v), '[头像]格式不正确'),
});

/** POST /api/auth/update4contact: a new phone, its code (register purpose), the current password. */
export const updateContactSchema = z.object({
  phone: phoneField,
  code: codeField,
  password: rawText('当前密码').max(PASSWORD_MAX, '[当前密码]错误'),
});

/** POST /api/auth/user/update4password: the current password, then the new one. */
export const updatePasswordSchema = z.object({
  password: rawText('当前密码').max(PASSWORD_MAX, '[当前密码]错误'),
  new_password: rawText('新密码')
    .min(PASSWORD_MIN, `[新密码]长度应为${PASSWORD_MIN}-${PASSWORD_MAX}位`)
    .max(PASSWORD_MAX, `[新密码]长度应为${PASSWORD_MIN}-${PASSWORD_MAX}位`),
});

/** The 修改密码 dialog: the request plus the confirmation, which never leaves the browser. */
export const changePasswordFormSchema = updatePasswordSchema
  .extend({ confirm_password: rawText('确认新密码') })
  .refine((v) => v.new_password === v.confirm_password, {
    message: '[新密码]两次输入不一致',
    path: ['confirm_password'],
  });

/** The first issue's message: what a form shows as its one error toast. */
export function firstError(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? '请求参数有误');
}

export type PasswordLoginInput = z.input<typeof passwordLoginSchema>;
export type SmsLoginInput = z.input<typeof smsLoginSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type ResetForm = z.input<typeof resetFormSchema>;
export type SendCodeInput = z.input<typeof sendCodeSchema>;

export type { LoginResult, RefreshResult, WxTicket, WxPollResult, UserInfo } from './responses.ts';
