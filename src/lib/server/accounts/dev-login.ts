import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { devApi } from '../../shared/platform-api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import type { Services } from '../platform/services.ts';
import { ok } from '../platform/http/envelope.ts';
import { requestOrigin, sessionMeta } from '../platform/http/client-ip.ts';
import { devToolAllowed } from '../platform/http/dev-tools.ts';
import { DomainError } from '../platform/errors.ts';
import { hashPassword } from './passwords.ts';
import { createSession } from './tokens.ts';
import { findUserByPhone, insertUser } from './users.ts';

// One argon2 hash per password for the life of the process: hashing is what made each browser
// test's account cost a second of CPU, and a shared salt does not matter to made-up test users.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/**
 * POST /api/dev/login: logs a phone in, creating the account first when it does not exist (as a
 * registration would, without the SMS code), with no password check. For browser tests, which
 * otherwise spend most of their set-up on SMS codes and argon2. It gives no more than the outbox
 * does (whoever reads the codes can register or log in any phone), so it exists exactly when the
 * outbox does and answers whom the outbox answers (http/dev-tools.ts): never with a real SMS
 * provider, and only this machine unless DEV_TOOLS=on. Otherwise 404, as if it did not exist.
 */
export function devLoginRoutes(isStaff: (s: Services, userId: number) => Promise<boolean>) {
  const r = new Hono<ApiEnv>();
  route(r, devApi.login, async (c, { body }) => {
    const s = c.var.services;
    if (!devToolAllowed(s.env, 'outbox', requestOrigin(c))) return c.notFound();
    const input = await body();
    let user = await findUserByPhone(s.db, input.phone);
    if (!user) {
      const passwordHash = input.password ? await hashOnce(input.password) : null;
      user = await s.db.transaction((tx) =>
        insertUser(tx, {
          phone: input.phone,
          passwordHash,
          agreementVersion: input.agreement_version,
          now: s.now(),
        }),
      );
      // Another request created it meanwhile.
      user ??= await findUserByPhone(s.db, input.phone);
    }
    if (!user) throw new DomainError('账号创建失败');
    if (input.staff && !(await isStaff(s, user.id)))
      throw new DomainError('该账号不是员工账号，无法登录管理后台', 403);
    return ok(
      c,
      await createSession(s, user.id, sessionMeta(c), input.staff ? 'staff' : 'customer'),
      '登录成功!',
    );
  });
  return r;
}
