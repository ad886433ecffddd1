import type { Services } from '../platform/services.ts';
import type { Window } from '../platform/rate-limit.ts';
import { DomainError } from '../platform/errors.ts';

// Every limit in one place (ASVS 5.0 level 2: anti-automation on authentication and SMS).
export const LIMITS = {
  smsPerPhoneHour: { limit: 5, seconds: 3600 },
  smsPerPhoneDay: { limit: 10, seconds: 86_400 },
  smsPerIpHour: { limit: 20, seconds: 3600 },
  /** Login, SMS login, register, reset, WeChat bind: attempts from one address. */
  authPerIp: { limit: 100, seconds: 900 },
  /** Password failures for one account from one address before that address is locked out of it. */
  loginFailuresPerSource: { limit: 5, seconds: 900 },
  loginLockSeconds: 900,
  /** Failures for one account from all addresses before unknown addresses need the SMS code. */
  loginFailuresPerAccount: { limit: 20, seconds: 900 },
  loginGuardSeconds: 3600,
  wxTicketsPerIp: { limit: 30, seconds: 600 },
  /** Wrong current passwords when changing the phone or the password, per user. */
  currentPasswordFailures: { limit: 5, seconds: 900 },
} as const satisfies Record<string, Window | number>;

export const MSG = {
  tooFast: '请求过于频繁，请稍后再试',
  smsResend: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`,
  smsHour: '验证码发送次数过多，请1小时后再试',
  smsDay: '今日验证码发送次数已达上限，请明天再试',
  locked: '登录失败次数过多，请15分钟后再试或使用验证码登录',
  guarded: '该账号近期多次登录失败，为保护账号安全，请使用验证码登录',
};

/** Counts one event under key and refuses with message once the window's limit is passed. */
export async function enforce(s: Services, key: string, window: Window, message = MSG.tooFast) {
  const r = await s.limiter.hit(key, window);
  if (!r.allowed) throw new DomainError(message, 200, 'RATE_LIMITED');
}

export const ipKey = (scope: string, ip: string) => `ip:${scope}:${ip}`;
