import { randomInt } from 'node:crypto';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { smsOutbox } from '../platform/db/platform-tables.ts';
import { staffMembers } from './tables.ts';
import { authenticate, hashPassword, verifyPassword } from '../accounts/index.ts';
import { findUserByPhone, insertUser, updateUser } from '../accounts/index.ts';

import { staffRole } from './roles.ts';

export { staffRole };

/** A staff member as the audit log keeps them: the account's public id, name, phone and role. */
export async function staffRecord(db: Db, phone: string) {
  const u = await findUserByPhone(db, phone);
  if (!u) return null;
  return { rid: u.rid, name: u.name, phone: u.phone ?? '', role: await staffRole(db, u.id) };
}
export { staffDirectory } from './roles.ts';
export { staffAccess, type AuditedRecords } from './access.ts';
export { auditCallsOf, staffOpenRoutes, staffAdminRoutes, type AuditCalls } from './routes.ts';

/** Whether a bearer token is a live console (staff) session of a current staff member. */
export async function isStaffToken(s: Services, token: string | undefined): Promise<boolean> {
  const user = token ? await authenticate(s, token) : null;
  return user?.kind === 'staff' && (await staffRole(s.db, user.id)) !== null;
}

/** The seeded demo staff account (README). */
export const DEMO_STAFF_PHONE = '13800000000';

/** The password every install before 23 Nov 2026 shipped with: never left in place. */
const RETIRED_DEFAULT = 'Staff-Demo-2026';

/** 16 characters from an alphabet without look-alikes (0/O, 1/l/I): about 90 bits. */
function randomPassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * Creates the demo staff account when missing. With STAFF_PASSWORD its password is set to that at
 * every start (an operator changes it by changing the variable). Without it, no install shares a
 * password: a random one is generated when the account is created (or when it still has the old
 * published default), printed once in the log and, with the log SMS adapter, kept in the local
 * outbox. Returns the generated password, if one was.
 */
export async function ensureDemoStaff(s: Services): Promise<string | null> {
  const chosen = s.env.STAFF_PASSWORD;
  const existing = await findUserByPhone(s.db, DEMO_STAFF_PHONE);
  const keep = !chosen && existing && !(await verifyPassword(existing.passwordHash, RETIRED_DEFAULT));
  const generated = chosen || keep ? null : randomPassword();
  const password = chosen ?? generated;
  const passwordHash = password ? await hashPassword(password) : null;
  const now = s.now();
  await s.db.transaction(async (tx) => {
    let user = await findUserByPhone(tx, DEMO_STAFF_PHONE);
    if (!user) {
      user = (await insertUser(tx, { phone: DEMO_STAFF_PHONE, passwordHash: passwordHash!, now }))!;
      await updateUser(tx, user.id, { name: '演示业务经理' });
    } else if (passwordHash) {
      await updateUser(tx, user.id, { passwordHash });
    }
    await tx
      .insert(staffMembers)
      .values({ userId: user.id, role: 'admin', createdAt: new Date(now) })
      .onConflictDoNothing();
  });
  if (generated) await announceStaffPassword(s, generated);
  return generated;
}

async function announceStaffPassword(s: Services, password: string) {
  const line = '='.repeat(64);
  console.log(
    `${line}\n演示员工账号 ${DEMO_STAFF_PHONE} 的密码已随机生成（只显示这一次）：${password}\n` +
      `请登录后妥善保管；如需固定密码，请设置环境变量 STAFF_PASSWORD 后重启。\n${line}`,
  );
  // The local outbox (this machine only, a week) keeps it for a developer who missed the log.
  if (s.sms.kind === 'log')
    await s.db.insert(smsOutbox).values({
      phone: DEMO_STAFF_PHONE,
      text: `【开发】演示员工账号 ${DEMO_STAFF_PHONE} 的初始密码：${password}（设置 STAFF_PASSWORD 可改为固定密码）`,
      createdAt: new Date(s.now()),
    });
}
export { /** @public */ requireFreshPassword } from './reauth.ts';
