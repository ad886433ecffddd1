import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { users } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { SMS_PURPOSE } from '../../shared/accounts/auth.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords.ts';
import { useCode, verifyCode } from './codes.ts';
import { enforce, LIMITS } from './limits.ts';
import { revokeUserSessions } from './tokens.ts';
import { clearLoginLock } from './login.ts';
import type { Tx } from '../platform/db/client.ts';
import { enqueue } from '../platform/jobs.ts';
import { findUserById, findUserByPhone, insertUser, PHONE_TAKEN, type User } from './users.ts';

/** The job a registration through an invitation leaves for the inviter's reward. */
export const ACCOUNT_INVITED = 'accounts.invited';

/**
 * Gives an invited newcomer their welcome in the registration's transaction: coupons' own
 * `giveWelcomeCoupons`, handed in by the app (coupons reads accounts, so accounts cannot import it).
 */
export type WelcomeNewcomer = (tx: Tx, userId: number, now: number) => Promise<unknown>;

// The account changes proved by an SMS code (registering, resetting the password, a new phone),
// and the password change proved by the current one.

/**
 * Registration. The SMS code is checked before anything about the phone, so the call cannot
 * tell whether a phone is registered without a code sent to it (and the SMS limits that come
 * with sending one); code4sms with useFor 0 says so, within those limits. Returns the new user.
 */
export async function register(
  s: Services,
  input: { phone: string; code: string; password: string; inviterCode: string; agreement_version: string },
  welcome: WelcomeNewcomer,
): Promise<User> {
  let inviterId: number | null = null;
  if (input.inviterCode) {
    const [inviter] = await s.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, input.inviterCode));
    if (!inviter) throw new DomainError('邀请码不存在，请检查或留空', 200, 'NOT_FOUND');
    inviterId = inviter.id;
  }
  await assertPasswordAllowed(input.password, input.phone);
  const codeId = await verifyCode(s, input.phone, SMS_PURPOSE.register, input.code);
  if (await findUserByPhone(s.db, input.phone)) throw new DomainError(PHONE_TAKEN);
  const passwordHash = await hashPassword(input.password);
  return s.db.transaction(async (tx) => {
    await useCode(tx, codeId, s.now());
    const user = await insertUser(tx, {
      phone: input.phone,
      passwordHash,
      inviterId,
      agreementVersion: input.agreement_version,
      now: s.now(),
    });
    if (!user) throw new DomainError(PHONE_TAKEN);
    // An invited newcomer starts with the welcome coupon (decision 0026); the inviter's points
    // follow by a job (the points domain sits above accounts).
    if (inviterId !== null) {
      await welcome(tx, user.id, s.now());
      await enqueue(
        tx,
        [
          {
            kind: ACCOUNT_INVITED,
            payload: { inviterId, inviteeId: user.id },
            uniqueKey: `invited:${user.id}`,
            runAt: s.now(),
          },
        ],
        s.now(),
      );
    }
    return user;
  });
}

export async function resetPassword(
  s: Services,
  input: { account: string; code: string; password: string },
  ip: string,
) {
  await assertPasswordAllowed(input.password, input.account);
  const codeId = await verifyCode(s, input.account, SMS_PURPOSE.reset, input.code);
  const user = await findUserByPhone(s.db, input.account);
  if (!user) throw new DomainError('验证码错误或已失效');
  const passwordHash = await hashPassword(input.password);
  await s.db.transaction(async (tx) => {
    await useCode(tx, codeId, s.now());
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(s.now()) })
      .where(eq(users.id, user.id));
  });
  await revokeUserSessions(s, user.id);
  await clearLoginLock(s, user, ip);
}

/** Change of phone: the current password, then a register-purpose code sent to the new phone. */
export async function updateContact(
  s: Services,
  userId: number,
  input: { phone: string; code: string; password: string },
) {
  const user = await checkCurrentPassword(s, userId, input.password);
  if (input.phone === user.phone) throw new DomainError('新手机号与当前手机号相同');
  if (await findUserByPhone(s.db, input.phone)) throw new DomainError('该手机号已注册');
  const codeId = await verifyCode(s, input.phone, SMS_PURPOSE.register, input.code);
  await s.db.transaction(async (tx) => {
    await useCode(tx, codeId, s.now());
    const updated = await tx
      .update(users)
      .set({ phone: input.phone, updatedAt: new Date(s.now()) })
      .where(eq(users.id, user.id))
      .returning({ id: users.id })
      .catch(() => []);
    if (!updated.length) throw new DomainError('该手机号已注册');
  });
}

/**
 * The signed-in user, after their current password: a stolen session alone cannot take over
 * the account. Wrong passwords count against one budget for both changes.
 */
async function checkCurrentPassword(s: Services, userId: number, password: string): Promise<User> {
  const user = await findUserById(s.db, userId);
  if (!user) throw new DomainError('请先登录', 401);
  if (!user.passwordHash) throw new DomainError('请先通过「忘记密码」设置登录密码');
  const key = `current-password:fail:${user.id}`;
  await enforce(s, key, LIMITS.currentPasswordFailures);
  if (!(await verifyPassword(user.passwordHash, password))) throw new DomainError('[当前密码]错误');
  await s.limiter.clear(key);
  return user;
}

/** Change of password from the member centre: every other session of the user ends. */
export async function changePassword(
  s: Services,
  userId: number,
  sessionId: number,
  input: { password: string; new_password: string },
): Promise<void> {
  const user = await checkCurrentPassword(s, userId, input.password);
  if (input.new_password === input.password) throw new DomainError('新密码不能与当前密码相同');
  await assertPasswordAllowed(input.new_password, user.phone);
  const passwordHash = await hashPassword(input.new_password);
  await s.db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(s.now()) })
    .where(eq(users.id, user.id));
  await revokeUserSessions(s, user.id, sessionId);
}
