import { and, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { sessions } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { SMS_PURPOSE, type LoginResult } from '../../shared/accounts/auth.ts';
import { verifyPassword } from './passwords.ts';
import { useCode, verifyCode, BAD_CODE } from './codes.ts';
import { enforce, ipKey, LIMITS, MSG } from './limits.ts';
import { createSession, type SessionMeta } from './tokens.ts';
import { findUserByAccount, findUserByPhone, type User } from './users.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';

const BAD_LOGIN = '账号或密码错误';
const NOT_STAFF = '该账号不是员工账号，无法登录管理后台';

const name = (account: string) => account.toLowerCase();
const sourceFailKey = (account: string, ip: string) => `login:fail:${name(account)}:${ip}`;
const sourceLockKey = (account: string, ip: string) => `login:lock:${name(account)}:${ip}`;
const accountFailKey = (account: string) => `login:fail:${name(account)}`;
const guardKey = (account: string) => `login:guard:${name(account)}`;

/**
 * Password login. Unknown accounts and wrong passwords answer alike (and take as long). Failures
 * never lock the owner out everywhere, which anyone who knows a phone number could otherwise do:
 * an address that keeps guessing is locked out of that account for 15 minutes, and an account
 * guessed at from many addresses answers password logins from addresses that never signed in to
 * it with "use the SMS code" for an hour. Counters are keyed by the name typed, so unknown names
 * behave the same and reveal nothing.
 */
export async function passwordLogin(
  s: Services,
  input: { account: string; password: string },
  meta: SessionMeta,
  /** A console login: only for staff accounts, and a shorter session. */
  staffOnly?: (userId: number) => Promise<boolean>,
): Promise<LoginResult> {
  await enforce(s, ipKey('auth', meta.ip), LIMITS.authPerIp);
  if ((await s.limiter.peek(sourceLockKey(input.account, meta.ip))).count > 0)
    throw new DomainError(MSG.locked);

  const user = await findUserByAccount(s.db, input.account);
  const guarded = (await s.limiter.peek(guardKey(input.account))).count > 0;
  if (guarded && !(user && (await knownSource(s, user.id, meta.ip)))) throw new DomainError(MSG.guarded);

  if (!(await verifyPassword(user?.passwordHash, input.password))) {
    await countFailure(s, input.account, meta.ip);
    throw new DomainError(BAD_LOGIN);
  }
  await s.limiter.clear(sourceFailKey(input.account, meta.ip));
  if (staffOnly) {
    if (!(await staffOnly(user!.id))) throw new DomainError(NOT_STAFF, 403);
    return createSession(s, user!.id, meta, 'staff');
  }
  return createSession(s, user!.id, meta);
}

async function countFailure(s: Services, account: string, ip: string) {
  const bySource = await s.limiter.hit(sourceFailKey(account, ip), LIMITS.loginFailuresPerSource);
  if (bySource.count >= LIMITS.loginFailuresPerSource.limit) {
    await s.limiter.set(sourceLockKey(account, ip), 1, LIMITS.loginLockSeconds);
    await s.limiter.clear(sourceFailKey(account, ip));
    console.warn(`[accounts] password login to ${maskAccount(account)} locked for 15 min from ${ip}`);
  }
  const byAccount = await s.limiter.hit(accountFailKey(account), LIMITS.loginFailuresPerAccount);
  if (byAccount.count >= LIMITS.loginFailuresPerAccount.limit) {
    await s.limiter.set(guardKey(account), 1, LIMITS.loginGuardSeconds);
    await s.limiter.clear(accountFailKey(account));
    console.warn(
      `[accounts] ${maskAccount(account)}: ${byAccount.count} failed password logins in 15 min; ` +
        'new addresses need the SMS code for an hour',
    );
  }
}

/** An address this user has signed in from before (sessions are kept until a day after they end). */
async function knownSource(s: Services, userId: number, ip: string): Promise<boolean> {
  const [row] = await s.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return Boolean(row);
}

const maskAccount = (account: string) =>
  /^1\d{10}$/.test(account) ? maskPhone(account) : account.slice(0, 2) + '***';

/** SMS login: only existing accounts ever receive a login code, so a miss is just a bad code. */
export async function codeLogin(s: Services, input: { phone: string; code: string }, meta: SessionMeta) {
  await enforce(s, ipKey('auth', meta.ip), LIMITS.authPerIp);
  const codeId = await verifyCode(s, input.phone, SMS_PURPOSE.login, input.code);
  const user = await findUserByPhone(s.db, input.phone);
  if (!user) throw new DomainError(BAD_CODE);
  await s.db.transaction((tx) => useCode(tx, codeId, s.now()));
  // Proving the phone ends a password lock: the lock message points users here.
  await clearLoginLock(s, user, meta.ip);
  return createSession(s, user.id, meta);
}

/** After the owner proved the phone: lift the account's guard, and the lock on their address. */
export async function clearLoginLock(s: Services, user: User, ip: string): Promise<void> {
  for (const account of [user.phone, user.username].filter(Boolean) as string[]) {
    await s.limiter.clear(guardKey(account));
    await s.limiter.clear(accountFailKey(account));
    await s.limiter.clear(sourceLockKey(account, ip));
    await s.limiter.clear(sourceFailKey(account, ip));
  }
}
