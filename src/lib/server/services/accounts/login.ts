import type { Services } from '../../services.ts';
import { DomainError } from '../../errors.ts';
import { SMS_PURPOSE, type LoginResult } from '../../../shared/auth.ts';
import { verifyPassword } from './passwords.ts';
import { useCode, verifyCode, BAD_CODE } from './codes.ts';
import { enforce, ipKey, LIMITS, MSG } from './limits.ts';
import { createSession, type SessionMeta } from './tokens.ts';
import { findUserByAccount, findUserByPhone, type User } from './users.ts';

export const BAD_LOGIN = '账号或密码错误';

const failKey = (account: string) => `login:fail:${account.toLowerCase()}`;
const lockKey = (account: string) => `login:lock:${account.toLowerCase()}`;

/**
 * Password login. Unknown accounts and wrong passwords answer alike (and take as long); the
 * failure counter and lock are keyed by the name typed, so they work for unknown names too.
 */
export async function passwordLogin(
  s: Services,
  input: { account: string; password: string },
  meta: SessionMeta,
): Promise<LoginResult> {
  await enforce(s, ipKey('auth', meta.ip), LIMITS.authPerIp);
  if ((await s.limiter.peek(lockKey(input.account))).count > 0) throw new DomainError(MSG.locked);

  const user = await findUserByAccount(s.db, input.account);
  if (!(await verifyPassword(user?.passwordHash, input.password))) {
    const failures = await s.limiter.hit(failKey(input.account), LIMITS.loginFailures);
    if (failures.count >= LIMITS.loginFailures.limit) {
      await s.limiter.set(lockKey(input.account), 1, LIMITS.loginLockSeconds);
      await s.limiter.clear(failKey(input.account));
    }
    throw new DomainError(BAD_LOGIN);
  }
  await s.limiter.clear(failKey(input.account));
  return createSession(s, user!.id, meta);
}

/** SMS login: only existing accounts ever receive a login code, so a miss is just a bad code. */
export async function codeLogin(s: Services, input: { phone: string; code: string }, meta: SessionMeta) {
  await enforce(s, ipKey('auth', meta.ip), LIMITS.authPerIp);
  const codeId = await verifyCode(s, input.phone, SMS_PURPOSE.login, input.code);
  const user = await findUserByPhone(s.db, input.phone);
  if (!user) throw new DomainError(BAD_CODE);
  await s.db.transaction((tx) => useCode(tx, codeId, s.now()));
  // Proving the phone ends a password lock: the lock message points users here.
  await clearLoginLock(s, user);
  return createSession(s, user.id, meta);
}

export async function clearLoginLock(s: Services, user: User): Promise<void> {
  for (const name of [user.phone, user.username].filter(Boolean) as string[]) {
    await s.limiter.clear(lockKey(name));
    await s.limiter.clear(failKey(name));
  }
}
