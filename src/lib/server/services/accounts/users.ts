import { eq, or } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { DomainError } from '../../errors.ts';
import { SMS_PURPOSE, type UserInfo } from '../../../shared/auth.ts';
import { newInviteCode, newRid } from './crypto.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { useCode, verifyCode } from './codes.ts';
import { enforce, LIMITS } from './limits.ts';
import { revokeUserSessions } from './tokens.ts';
import { clearLoginLock } from './login.ts';

export type User = typeof users.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const PHONE_TAKEN = '该手机号已注册，请直接登录';

export async function findUserByPhone(db: Db, phone: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user;
}

/** The login name is the phone; a username (none are issued yet) is accepted too. */
export async function findUserByAccount(db: Db, account: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.phone, account), eq(users.username, account)));
  return user;
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/**
 * Inserts a user with a fresh rid and invite code; a clash of either (1 in ~10^9 for codes)
 * is retried. Returns undefined when the phone is already taken.
 */
export async function insertUser(
  tx: Tx,
  values: {
    phone: string;
    passwordHash: string | null;
    inviterId?: number | null;
    wxOpenid?: string | null;
    now: number;
  },
): Promise<User | undefined> {
  for (let i = 0; i < 5; i++) {
    const [user] = await tx
      .insert(users)
      .values({
        rid: newRid(),
        phone: values.phone,
        passwordHash: values.passwordHash,
        inviteCode: newInviteCode(),
        inviterId: values.inviterId ?? null,
        wxOpenid: values.wxOpenid ?? null,
        createdAt: new Date(values.now),
        updatedAt: new Date(values.now),
      })
      .onConflictDoNothing()
      .returning();
    if (user) return user;
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, values.phone));
    if (taken) return undefined;
  }
  throw new Error('could not allocate a unique rid/invite code');
}

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
    if (!inviter) throw new DomainError('邀请码不存在，请检查或留空');
    inviterId = inviter.id;
  }
  if (await findUserByPhone(s.db, input.phone)) throw new DomainError(PHONE_TAKEN);
  const codeId = await verifyCode(s, input.phone, SMS_PURPOSE.register, input.code);
  const passwordHash = await hashPassword(input.password);
  await s.db.transaction(async (tx) => {
    await useCode(tx, codeId, s.now());
    const user = await insertUser(tx, { phone: input.phone, passwordHash, inviterId, now: s.now() });
    if (!user) throw new DomainError(PHONE_TAKEN);
  });
}

export async function resetPassword(s: Services, input: { account: string; code: string; password: string }) {
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
  await clearLoginLock(s, user);
}

export function toUserInfo(user: User): UserInfo {
  return {
    account: user.username ?? user.phone,
    rid: user.rid,
    phone: user.phone,
    username: user.username,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    organization: user.organization,
    company: user.company,
    teacher: user.teacher,
    teacher_phone: user.teacherPhone,
    teacher_mail: user.teacherMail,
    company_leader: user.companyLeader,
    company_leader_phone: user.companyLeaderPhone,
    province: user.province,
    city: user.city,
    area: user.area,
    address_code: user.addressCode,
    address: user.address,
    invite_code: user.inviteCode,
    has_password: Boolean(user.passwordHash),
    wechat_bound: Boolean(user.wxOpenid),
    created: user.createdAt.toISOString(),
  };
}

export async function updateInfo(
  s: Services,
  userId: number,
  input: { name?: string; email?: string; avatar?: string },
): Promise<void> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (!Object.keys(changes).length) return;
  await s.db
    .update(users)
    .set({ ...changes, updatedAt: new Date(s.now()) })
    .where(eq(users.id, userId));
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
