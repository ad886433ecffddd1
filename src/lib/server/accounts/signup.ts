import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { users } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import { SMS_PURPOSE } from '../../shared/accounts/auth.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords.ts';
import { useCode, verifyCode } from './codes.ts';
import { enforce, LIMITS } from './limits.ts';
import { revokeUserSessions } from './tokens.ts';
import { clearLoginLock } from './login.ts';
import { giveWelcomeCoupons } from '../coupons/index.ts';
import { enqueue } from '../platform/jobs.ts';
import { findUserById, findUserByPhone, insertUser, PHONE_TAKEN } from './users.ts';

/** The job a registration through an invitation leaves for the inviter's reward. */
export const ACCOUNT_INVITED = 'accounts.invited';

// The account changes proved by an SMS code: registering, resetting the password, a new phone.

export async function register(
  s: Services,
  input: { phone: string; code: string; password: string; inviterCode: string },
): Promise<void> {
  let inviterId: number | null = null;
  if (input.inviterCode) {
    const [inviter] = await s.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, input.inviterCode));
    if (!inviter) throw new DomainError('邀请码不存在，请检查或留空', 200, 'NOT_FOUND');
    inviterId = inviter.id;
  }
  if (await findUserByPhone(s.db, input.phone)) throw new DomainError(PHONE_TAKEN);
  await assertPasswordAllowed(input.password, input.phone);
  const codeId = await verifyCode(s, input.phone, SMS_PURPOSE.register, input.code);
  const passwordHash = await hashPassword(input.password);
  await s.db.transaction(async (tx) => {
    await useCode(tx, codeId, s.now());
    const user = await insertUser(tx, { phone: input.phone, passwordHash, inviterId, now: s.now() });
    if (!user) throw new DomainError(PHONE_TAKEN);
    // An invited newcomer starts with the welcome coupon (decision 0026); the inviter's points
    // follow by a job (the points domain sits above accounts).
    if (inviterId !== null) {
      await giveWelcomeCoupons(tx, user.id, s.now());
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
  const user = await findUserById(s.db, userId);
  if (!user) throw new DomainError('请先登录', 401);
  if (!user.passwordHash) throw new DomainError('请先通过「忘记密码」设置登录密码');
  await enforce(s, `contact:fail:${user.id}`, LIMITS.contactFailures);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new DomainError('[当前密码]错误');
  await s.limiter.clear(`contact:fail:${user.id}`);
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
