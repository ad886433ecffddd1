// Confirming one's own password again before a consequential act (decision 0080): signing a
// report opens a 30-minute window; the console asks for the password when a call fails with the
// machine code REAUTH_REQUIRED and then repeats the call.
import { z } from '../zod.ts';

export const REAUTH_PURPOSES = ['sign'] as const;
export type ReauthPurpose = (typeof REAUTH_PURPOSES)[number];

/** How long a confirmation holds, in minutes. */
export const REAUTH_MINUTES = 30;

export const REAUTH_TEXT: Record<ReauthPurpose, string> = {
  sign: `签发报告前请输入您的登录密码（${REAUTH_MINUTES} 分钟内再次签发无需重复输入）`,
};

export const reauthSchema = z.object(
  {
    password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(128, '密码过长'),
    purpose: z.enum(REAUTH_PURPOSES, { error: '[用途]不正确' }),
  },
  { error: '请求参数格式不正确' },
);

export const ReauthSchema = z.object({ purpose: z.enum(REAUTH_PURPOSES), until: z.string() });
