import { eq, or } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { users } from './tables.ts';
import type { UserInfo } from '../../shared/accounts/auth.ts';
import { newInviteCode } from './crypto.ts';

export type User = typeof users.$inferSelect;

export const PHONE_TAKEN = '该手机号已注册，请直接登录';

export async function findUserByPhone(db: Db | Tx, phone: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user;
}

/** The OpenID bound at WeChat login (under the Official Account's app id), if any. */
export async function wechatOpenid(db: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await db.select({ openid: users.wxOpenid }).from(users).where(eq(users.id, userId));
  return row?.openid ?? null;
}

/** The login name is the phone; a username (none are issued yet) is accepted too. */
export async function findUserByAccount(db: Db, account: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.phone, account), eq(users.username, account)));
  return user;
}

export async function findUserById(db: Db | Tx, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A staff member's name as lab records keep it (results, worklists): the name, else the phone. */
export async function recordedName(db: Db | Tx, userId: number): Promise<string> {
  const u = await findUserById(db, userId);
  return u?.name || u?.phone || '';
}

/** The user a row of another domain points at: its foreign key guarantees the user exists. */
export async function referencedUser(db: Db | Tx, id: number): Promise<User> {
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
    /** The agreement version the person agreed to (registration); agreed at `now`. */
    agreementVersion?: string;
    now: number;
  },
): Promise<User | undefined> {
  for (let i = 0; i < 5; i++) {
    const [user] = await tx
      .insert(users)
      .values({
        rid: newRid('user'),
        phone: values.phone,
        passwordHash: values.passwordHash,
        inviteCode: newInviteCode(),
        inviterId: values.inviterId ?? null,
        wxOpenid: values.wxOpenid ?? null,
        agreementVersion: values.agreementVersion ?? null,
        agreedAt: values.agreementVersion ? new Date(values.now) : null,
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

/** A user as liveSessionUser gives it: the secrets only as set or not. */
export type SessionUser = Omit<User, 'passwordHash' | 'wxOpenid'> & {
  hasPassword: boolean;
  wechatBound: boolean;
};

export function toUserInfo(user: User | SessionUser): UserInfo {
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
    has_password: 'hasPassword' in user ? user.hasPassword : Boolean(user.passwordHash),
    wechat_bound: 'wechatBound' in user ? user.wechatBound : Boolean(user.wxOpenid),
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

/** A user's own fields another domain may change (a profile, the demo staff account's password). */
type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'rid' | 'phone' | 'createdAt'>>;

/** Changes one user: accounts owns every write of users (decision 0060). The changed row, if any. */
export async function updateUser(
  db: Db | Tx,
  userId: number,
  changes: UserChanges,
): Promise<User | undefined> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return user;
}

/** Those columns as the answer shows them: empty text for what the customer has not filled in. */
export const customerRef = (u: {
  rid: string;
  phone: string | null;
  name: string | null;
  company: string | null;
}) => ({
  rid: u.rid,
  phone: u.phone ?? '',
  name: u.name ?? '',
  company: u.company ?? '',
});
