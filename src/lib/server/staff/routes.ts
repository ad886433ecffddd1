import { Hono } from 'hono';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { sessionMeta } from '../platform/http/client-ip.ts';
import { DomainError } from '../platform/errors.ts';
import { auditDenials, auditLog, staffMembers } from './tables.ts';
import {
  findUserByPhone,
  passwordLogin,
  referencedUser,
  revokeConsoleSessions,
  userDirectory,
  displayNameOf,
  userIdByRid,
} from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { ROLE_PERMISSIONS, ROLE_TEXT } from '../../shared/staff/permissions.ts';
import { staffAdminApi, staffApi } from '../../shared/staff/api.ts';
import { staffRole } from './roles.ts';
import { confirmPassword } from './reauth.ts';
import type { ApiRoute } from '../platform/http/openapi.ts';
import {
  auditChanges,
  callText,
  entityText,
  historyChanges,
  recordKind,
} from '../../shared/staff/audit-text.ts';

/** Each staff call by its action (path under /api/admin): its name for people, the table it declares. */
export type AuditCalls = Map<string, { text: string; record?: string }>;

/** The staff calls of the app's routes, named by their declared summaries (decision 0086). */
export function auditCallsOf(routes: ApiRoute[]): AuditCalls {
  const calls: AuditCalls = new Map();
  for (const r of routes) {
    if (!r.path.startsWith('/api/admin/')) continue;
    const audit = r.contract?.audit;
    calls.set(r.path.slice('/api/admin/'.length), {
      text: callText(r.contract?.summary, r.path),
      record: typeof audit === 'object' ? audit.record : undefined,
    });
  }
  return calls;
}

type AuditRow = typeof auditLog.$inferSelect;

/** A row's call, record and changes in words. */
function described(calls: AuditCalls, a: AuditRow) {
  const call = calls.get(a.action);
  const kind = recordKind(call?.record, a.entityRid);
  return {
    action_text: call?.text ?? callText(undefined, a.action),
    entity_text: entityText(kind, a.entityRid, a.after ?? a.before),
    changes: a.outcome === 'ok' ? auditChanges(a.before, a.after, kind) : [],
  };
}

/** The reason or note a call carried, for a record's history. */
const noteOf = (request: unknown) => {
  const r = request && typeof request === 'object' ? (request as Record<string, unknown>) : {};
  const note = [r.reason, r.note, r.remark].find((v) => typeof v === 'string' && v.trim());
  return typeof note === 'string' ? note.slice(0, 200) : '';
};

/** POST /api/open/staff/login: the console's own login (a staff session, decision 0023). */
export function staffOpenRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, staffApi.login, async (c, { body }) => {
    const input = await body();
    const s = c.var.services;
    const session = await passwordLogin(
      s,
      input,
      sessionMeta(c),
      async (id) => (await staffRole(s.db, id)) !== null,
    );
    return ok(c, session, '登录成功!');
  });
  return r;
}

const person = userDirectory('person');
/** The newest changes a record's page shows. */
const HISTORY_LIMIT = 100;

/** The public ids of a customer's own requests elsewhere (money), whose rows are their history too. */
export type CustomerRecords = (db: Db, userId: number) => Promise<string[]>;

/** An instrument's own calls: its edits, blocks and authorisations (decision 0095). */
const DEVICE_RECORDS = new Set(['device', 'block', 'authorization']);

/** The console's account, the staff list with roles, and the audit log (under /api/admin). */
export function staffAdminRoutes(auditCalls: () => AuditCalls, customerRecords: CustomerRecords) {
  const r = new Hono<ApiEnv>();

  route(r, staffAdminApi.me, async (c) => {
    const me = requireUser(c);
    const u = await referencedUser(c.var.services.db, me.id);
    const role = c.get('staffRole')!;
    return ok(c, {
      rid: u.rid,
      phone: u.phone ?? '',
      name: u.name,
      role,
      role_text: ROLE_TEXT[role],
      permissions: [...ROLE_PERMISSIONS[role]],
    });
  });

  route(r, staffAdminApi.list, async (c) => {
    const rows = await c.var.services.db
      .select({ m: staffMembers, u: { rid: person.rid, phone: person.phone, name: person.name } })
      .from(staffMembers)
      .innerJoin(person, eq(person.id, staffMembers.userId))
      .orderBy(staffMembers.createdAt);
    return ok(c, { list: rows.map(({ m, u }) => memberOut(m, u)), total: rows.length });
  });

  route(r, staffAdminApi.save, async (c, { body }) => {
    const me = requireUser(c);
    const { phone, role } = await body();
    const db = c.var.services.db;
    const u = await findUserByPhone(db, phone);
    if (!u) throw new DomainError('该手机号尚未注册，请先注册账号');
    if (u.id === me.id) throw new DomainError('不能修改自己的角色');
    const now = c.var.services.now();
    // The change and the end of the person's console sessions commit together.
    const m = await db.transaction(async (tx) => {
      const [was] = await tx.select().from(staffMembers).where(eq(staffMembers.userId, u.id)).for('update');
      // Also on a re-added role: a token from before a removal must not come back to life.
      if (was?.role !== role) await revokeConsoleSessions(tx, u.id, now);
      if (role === null) {
        await tx.delete(staffMembers).where(eq(staffMembers.userId, u.id));
        return null;
      }
      const [saved] = await tx
        .insert(staffMembers)
        .values({ userId: u.id, role, createdAt: new Date(now) })
        .onConflictDoUpdate({ target: staffMembers.userId, set: { role } })
        .returning();
      return saved;
    });
    if (!m) return ok(c, null, '已取消员工身份');
    return ok(c, memberOut(m, u), '保存成功');
  });

  route(r, staffAdminApi.audit, async (c, { body }) => {
    const f = await body();
    const w = pageWindow(f.page, f.size);
    const db = c.var.services.db;
    // A call by its path (order/quote) or by a part of its Chinese name (报价).
    const named = f.action
      ? [...auditCalls()].filter(([action, c]) => action === f.action || c.text.includes(f.action!))
      : [];
    const filters: (SQL | undefined)[] = [
      f.action
        ? named.length
          ? inArray(
              auditLog.action,
              named.map(([action]) => action),
            )
          : eq(auditLog.action, f.action)
        : undefined,
      f.entity_rid ? eq(auditLog.entityRid, f.entity_rid) : undefined,
      f.actor_phone ? eq(person.phone, f.actor_phone) : undefined,
    ];
    const where = and(...filters);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          a: auditLog,
          u: { rid: person.rid, phone: person.phone, name: person.name },
          denied: auditDenials.count,
        })
        .from(auditLog)
        .innerJoin(person, eq(person.id, auditLog.actorId))
        // A denied row stands for every denial of its actor and call in that minute.
        .leftJoin(
          auditDenials,
          and(
            eq(auditLog.outcome, 'denied'),
            eq(auditDenials.actorId, auditLog.actorId),
            eq(auditDenials.action, auditLog.action),
            eq(auditDenials.minute, sql`date_trunc('minute', ${auditLog.at})`),
          ),
        )
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(w.size)
        .offset(w.offset),
      db
        .select({ total: count() })
        .from(auditLog)
        .innerJoin(person, eq(person.id, auditLog.actorId))
        .where(where),
    ]);
    return ok(c, {
      list: rows.map(({ a, u, denied }) => ({
        id: a.id,
        at: a.at.toISOString(),
        actor: { rid: u.rid, phone: u.phone ?? '', name: u.name },
        role: a.role,
        permission: a.permission,
        action: a.action,
        entity_rid: a.entityRid,
        ...described(auditCalls(), a),
        before: a.before ?? null,
        after: a.after ?? null,
        request: a.request ?? null,
        outcome: a.outcome,
        denied_count: denied,
        message: a.message,
        ip: a.ip,
      })),
      total,
    });
  });

  // A record's own history: the audit rows that changed it, newest first.
  const history = async (db: Db, of: SQL | undefined, actions?: string[]) => {
    const rows = await db
      .select({ a: auditLog, by: sql<string>`${displayNameOf(person)}` })
      .from(auditLog)
      .innerJoin(person, eq(person.id, auditLog.actorId))
      .where(and(of, eq(auditLog.outcome, 'ok'), actions ? inArray(auditLog.action, actions) : undefined))
      .orderBy(desc(auditLog.id))
      .limit(HISTORY_LIMIT);
    const calls = auditCalls();
    return {
      list: rows.map(({ a, by }) => {
        const d = described(calls, a);
        return {
          id: a.id,
          at: a.at.toISOString(),
          by,
          action_text: d.action_text,
          changes: historyChanges(d.changes, a.request),
          note: noteOf(a.request),
        };
      }),
    };
  };

  route(r, staffAdminApi.orderHistory, async (c, { body }) => {
    const { rid } = await body();
    // Only an order's rows: the order screen's readers see nothing else of the log.
    return ok(
      c,
      rid.startsWith('o') ? await history(c.var.services.db, eq(auditLog.entityRid, rid)) : { list: [] },
    );
  });

  route(r, staffAdminApi.itemHistory, async (c, { body }) => {
    const { rid } = await body();
    // The calls that declare an item as their record: no other table's row of the same key.
    const actions = [...auditCalls()].filter(([, call]) => call.record === 'item').map(([a]) => a);
    return ok(c, await history(c.var.services.db, eq(auditLog.entityRid, rid), actions));
  });

  route(r, staffAdminApi.customerHistory, async (c, { body }) => {
    const { rid } = await body();
    const db = c.var.services.db;
    // Only a customer's rows: the account itself (advisor, manual credits, points, bookings for
    // them), the customer a call names beside its record (an instrument authorisation), and the
    // customer's own money requests (credit lines, top-ups, credits waiting for approval).
    const userId = rid.startsWith('u') ? await userIdByRid(db, rid) : undefined;
    if (userId === undefined) return ok(c, { list: [] });
    const own = await customerRecords(db, userId);
    const of = or(
      eq(auditLog.entityRid, rid),
      sql`${auditLog.request} ->> 'user_rid' = ${rid}`,
      own.length ? inArray(auditLog.entityRid, own) : undefined,
    );
    // Not a staff member's own role changes (staff/save names the account too).
    const actions = [...auditCalls()].filter(([, call]) => call.record !== 'staff').map(([a]) => a);
    return ok(c, await history(db, of, actions));
  });

  route(r, staffAdminApi.deviceHistory, async (c, { body }) => {
    const { rid } = await body();
    // The calls that declare an instrument, a block or an authorisation: each names the instrument.
    const actions = [...auditCalls()]
      .filter(([, call]) => call.record && DEVICE_RECORDS.has(call.record))
      .map(([a]) => a);
    return ok(
      c,
      rid.startsWith('d')
        ? await history(c.var.services.db, eq(auditLog.entityRid, rid), actions)
        : { list: [] },
    );
  });

  route(r, staffAdminApi.reauth, async (c, { body }) => {
    const { password, purpose } = await body();
    return ok(c, await confirmPassword(c.var.services, requireUser(c).id, password, purpose), '已确认');
  });

  return r;
}

const memberOut = (m: typeof staffMembers.$inferSelect, u: { rid: string; phone: string; name: string }) => ({
  rid: u.rid,
  phone: u.phone ?? '',
  name: u.name,
  role: m.role,
  role_text: ROLE_TEXT[m.role],
  created: m.createdAt.toISOString(),
});
