import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { smsCodes } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { SMS_PURPOSE, type SmsPurpose } from '../../shared/accounts/auth.ts';
import { hashSmsCode, newSmsCode } from './crypto.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { enforce, ipKey, LIMITS, MSG } from './limits.ts';
import { findUserByPhone } from './users.ts';

const CODE_TTL_MS = 5 * 60_000;
const CODE_MAX_ATTEMPTS = 5;
export const BAD_CODE = '验证码错误或已失效';

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  0: '注册',
  1: '重置密码',
  3: '登录',
  4: '绑定微信',
};

/**
 * POST /api/open/code4sms. Reset and login codes for a phone without an account are not sent,
 * yet the answer and the counted limits are the same, so the call reveals nothing.
 */
export async function sendCode(s: Services, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
  await enforce(s, ipKey('sms', ip), LIMITS.smsPerIpHour);
  const user = await findUserByPhone(s.db, phone);
  if (purpose === SMS_PURPOSE.register && user) throw new DomainError('该手机号已注册，请直接登录');

  const resend = s.env.SMS_RESEND_SECONDS;
  await enforce(s, `sms:min:${phone}`, { limit: 1, seconds: resend }, MSG.smsResend(resend));
  await enforce(s, `sms:hour:${phone}`, LIMITS.smsPerPhoneHour, MSG.smsHour);
  await enforce(s, `sms:day:${phone}`, LIMITS.smsPerPhoneDay, MSG.smsDay);

  const needsAccount = purpose === SMS_PURPOSE.reset || purpose === SMS_PURPOSE.login;
  if (needsAccount && !user) return;

  const code = newSmsCode();
  const salt = randomBytes(16).toString('base64url');
  const at = s.now();
  const [row] = await s.db.transaction(async (tx) => {
    // Only the newest code of a phone and purpose is valid.
    await tx
      .update(smsCodes)
      .set({ usedAt: new Date(at) })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)));
    return tx
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        salt,
        codeHash: hashSmsCode(salt, phone, purpose, code),
        expiresAt: new Date(at + CODE_TTL_MS),
        createdAt: new Date(at),
      })
      .returning({ id: smsCodes.id });
  });
  try {
    await s.sms.send({
      phone,
      text: `【检测服务平台】您的${PURPOSE_TEXT[purpose]}验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
      params: { code },
    });
  } catch (error) {
    await s.db.delete(smsCodes).where(eq(smsCodes.id, row.id));
    console.warn(`[sms] send to ${maskPhone(phone)} failed:`, String(error));
    throw new DomainError('短信发送失败，请稍后再试');
  }
}

/**
 * Checks a code and returns its id for useCode. Each check first spends one of the code's five
 * attempts in a single UPDATE, so parallel guesses cannot share an attempt.
 */
export async function verifyCode(
  s: Services,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<number> {
  const at = new Date(s.now());
  const [latest] = await s.db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, at),
      ),
    )
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!latest) throw new DomainError(BAD_CODE);
  const [row] = await s.db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ salt: smsCodes.salt, codeHash: smsCodes.codeHash });
  if (!row) throw new DomainError(BAD_CODE);
  const given = Buffer.from(hashSmsCode(row.salt, phone, purpose, code));
  const stored = Buffer.from(row.codeHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw new DomainError(BAD_CODE);
  return latest.id;
}

/** Marks a verified code used, inside the transaction that acts on it; a second use fails. */
export async function useCode(tx: Pick<Db, 'update'>, id: number, now: number): Promise<void> {
  const used = await tx
    .update(smsCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!used.length) throw new DomainError(BAD_CODE);
}
