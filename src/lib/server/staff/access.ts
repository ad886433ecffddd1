import { eq, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { MiddlewareHandler, Next } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import type { Db } from '../platform/db/client.ts';
import { auditDenials, auditLog } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { clientIp } from '../platform/http/client-ip.ts';
import { requireUser } from '../platform/http/auth.ts';
import { INPUT_TOO_DEEP, parseJsonBody } from '../platform/http/envelope.ts';
import { can, isPermission, type Permission } from '../../shared/staff/permissions.ts';
import type { CatalogueRecord } from '../../shared/api/endpoint.ts';
import { matchedContract } from '../platform/http/contract.ts';
import { currentStaffRole } from './roles.ts';

const STAFF_ONLY = '无权访问';
const STAFF_LOGIN_NEEDED = '请使用员工账号登录管理后台';
const NOT_PERMITTED = '您的角色无权执行该操作';

/**
 * The records staff calls act on, so the log keeps each before and after the call: by the first
 * letter of their public id (platform/ids.ts), and catalogue records (they carry no kind letter:
 * items keep their address slugs, types and categories numeric ids, settings a key) by the table
 * their call declares (audit.record), the body field that names the row being the table's key; an
 * add's new row is found from the answer's data (decision 0035). They are every domain's tables,
 * and staff sits below some of those domains: the app hands them in (audited-records.ts).
 */
export type AuditedRecords = {
  byPrefix: Record<string, { table: PgTable; rid: Column }>;
  byRecord: Record<CatalogueRecord, RecordKey | RecordReader>;
};
type RecordKey = { table: PgTable; key: Column; field: string; numeric?: true };
/**
 * A record no single row holds (a staff member: the account and its role), read by its owner;
 * the row's `rid` is the public id the log names it by (decision 0086).
 */
type RecordReader = {
  field: string;
  read: (
    db: Db,
    key: string,
    body: Record<string, unknown> | null,
  ) => Promise<({ rid: string } & Record<string, unknown>) | null>;
};

/** The key a catalogue call names, if well formed (anything else must not reach a query). */
const callKey = (call: RecordKey | RecordReader, value: unknown): string | null => {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const numeric = 'numeric' in call && call.numeric;
  return (numeric ? /^\d{1,9}$/ : /^[\w-]{1,64}$/).test(text.trim()) ? text.trim() : null;
};
async function snapshotBy(
  db: Db,
  call: RecordKey | RecordReader | undefined,
  key: string | null,
  body: Record<string, unknown> | null,
) {
  if (!call || key === null) return null;
  if ('read' in call) return scrub(await call.read(db, key, body));
  const [row] = await db
    .select()
    .from(call.table)
    .where(eq(call.key, call.numeric ? Number(key) : key))
    .limit(1);
  return scrub(row);
}

const SECRET = new Set(['passwordHash', 'password', 'idempotency_key', 'idempotencyKey']);

/** PostgreSQL text and jsonb hold no NUL character and no lone surrogate; hostile input may. */
const noNul = (text: string) => text.replaceAll('\u0000', '').toWellFormed();

/** A value as the log keeps it: JSON-safe (dates as ISO text), strings without NUL. */
function clean(value: unknown): unknown {
  if (typeof value === 'string') return noNul(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [noNul(k), clean(v)]));
  return typeof value === 'bigint' ? Number(value) : value;
}

/** A record or request as the log keeps it: secrets left out. */
const scrub = (row: unknown): unknown =>
  row && typeof row === 'object'
    ? clean(Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET.has(k))))
    : null;

const ridOf = (row: unknown) =>
  row && typeof row === 'object' && typeof (row as { rid?: unknown }).rid === 'string'
    ? (row as { rid: string }).rid
    : null;

/** The record a public id names, as stored (secrets left out), or null. */
async function snapshot(db: Db, byPrefix: AuditedRecords['byPrefix'], rid: string | null) {
  // Public ids are base64url; anything else names no record (and must not reach a query).
  const target = rid && /^[\w-]{1,64}$/.test(rid) ? byPrefix[rid[0]] : undefined;
  if (!rid || !target) return null;
  const [row] = await db.select().from(target.table).where(eq(target.rid, rid)).limit(1);
  return scrub(row);
}

async function requestBody(
  c: Parameters<MiddlewareHandler<ApiEnv>>[0],
): Promise<Record<string, unknown> | null> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    // An upload: its text fields and the file's name, never the bytes.
    try {
      const form = await c.req.raw.clone().formData();
      return Object.fromEntries(
        [...form.entries()].map(([k, v]) => [
          k,
          typeof v === 'string' ? v.slice(0, 200) : `(文件) ${v.name}`,
        ]),
      );
    } catch {
      return null;
    }
  }
  if (!type.includes('application/json')) return null;
  // A clone: the route reads the body itself, however it does (JSON, or a raw multipart stream).
  const text = await c.req.raw.clone().text();
  let body: unknown;
  try {
    body = parseJsonBody(text);
  } catch (error) {
    // Too deep to walk: refused here, before the record is read. Not JSON: the route says so.
    if (error instanceof DomainError && error.message === INPUT_TOO_DEEP) throw error;
    return null;
  }
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/**
 * The guard of /api/admin/* (decision 0023), after authGuard: a console (staff) session, a staff
 * role, and the permission the call's endpoint declares (decision 0064; a call that declares none
 * does not exist and is refused). Every call that is not a read is written to the audit log with
 * the record before and after it.
 */
export function staffAccess(records: AuditedRecords): MiddlewareHandler<ApiEnv> {
  return (c, next) => guard(records, c, next);
}

async function guard(records: AuditedRecords, c: Parameters<MiddlewareHandler<ApiEnv>>[0], next: Next) {
  const me = requireUser(c);
  const db = c.var.services.db;
  const role = await currentStaffRole(db, me.id);
  const action = c.req.path.replace(/^\/api\/admin\//, '');
  const declared = matchedContract(c);
  const permission = declared?.access && isPermission(declared.access) ? declared.access : undefined;
  if (!role || me.kind !== 'staff' || !permission || !can(role, permission)) {
    const message = !role ? STAFF_ONLY : me.kind !== 'staff' ? STAFF_LOGIN_NEEDED : NOT_PERMITTED;
    await recordDenial(c, { actorId: me.id, role: role ?? '', action, permission, message });
    throw new DomainError(message, 403);
  }
  c.set('staffRole', role);
  const audit = declared?.audit ?? (permission.endsWith('.read') ? 'read' : 'write');
  if (audit === 'read') return next();

  const body = await requestBody(c);
  const call = typeof audit === 'object' ? records.byRecord[audit.record] : undefined;
  let rid = call
    ? callKey(call, body?.[call.field])
    : typeof body?.rid === 'string'
      ? body.rid
      : typeof body?.user_rid === 'string'
        ? body.user_rid
        : null;
  const before = call ? await snapshotBy(db, call, rid, body) : await snapshot(db, records.byPrefix, rid);
  let failure: unknown;
  try {
    await next();
  } catch (error) {
    failure = error;
  }
  // A thrown refusal, or one Hono already turned into a response (onError ran inside next()).
  const refused = failure !== undefined || c.res.status >= 400 || (await answerCode(c.res)) === 0;
  if (call && rid === null && !refused) rid = callKey(call, (await answer(c.res))?.data?.[call.field]);
  const after = refused
    ? before
    : call
      ? await snapshotBy(db, call, rid, body)
      : await snapshot(db, records.byPrefix, rid);
  // A record read by its owner is named by its own public id (a staff member's account).
  if (call && 'read' in call) rid = ridOf(after) ?? ridOf(before) ?? rid;
  await db.insert(auditLog).values({
    at: new Date(c.var.services.now()),
    actorId: me.id,
    role,
    permission,
    action,
    entityRid: rid && noNul(rid),
    before,
    after,
    request: scrub(body),
    outcome: refused ? 'refused' : 'ok',
    message: noNul(failure instanceof Error ? failure.message.slice(0, 200) : await answerMessage(c.res)),
    ip: noNul(clientIp(c)),
  });
  if (failure !== undefined) throw failure;
}

async function answer(
  res: Response,
): Promise<{ code?: number; msg?: string; data?: Record<string, unknown> } | null> {
  if (!res.headers.get('content-type')?.includes('application/json')) return null;
  try {
    return (await res.clone().json()) as { code?: number; msg?: string; data?: Record<string, unknown> };
  } catch {
    return null;
  }
}
const answerCode = async (res: Response) => (await answer(res))?.code;
const answerMessage = async (res: Response) => String((await answer(res))?.msg ?? '').slice(0, 200);

/** Calls that do not exist share one throttle key, so made-up paths cannot flood the log. */
const UNKNOWN_CALL = '(unknown)';

/**
 * A call the guard refused (issue 28): the first per actor, call and minute goes to the audit log
 * as `denied` with what was asked; the rest of that minute only count (audit_denials).
 */
async function recordDenial(
  c: Parameters<MiddlewareHandler<ApiEnv>>[0],
  d: { actorId: number; role: string; action: string; permission: Permission | undefined; message: string },
) {
  const { db, now } = c.var.services;
  const at = now();
  const action = d.permission ? d.action : UNKNOWN_CALL;
  const [w] = await db
    .insert(auditDenials)
    .values({ actorId: d.actorId, action, minute: new Date(at - (at % 60_000)), count: 1 })
    .onConflictDoUpdate({
      target: [auditDenials.actorId, auditDenials.action, auditDenials.minute],
      set: { count: sql`${auditDenials.count} + 1` },
    })
    .returning({ count: auditDenials.count });
  if (w.count > 1) return;
  const body = d.permission ? await requestBody(c) : { path: d.action.slice(0, 100) };
  await db.insert(auditLog).values({
    at: new Date(at),
    actorId: d.actorId,
    role: d.role,
    permission: d.permission ?? ('' as Permission),
    action,
    entityRid: null,
    before: null,
    after: null,
    request: shallow(body),
    outcome: 'denied',
    message: d.message,
    ip: noNul(clientIp(c)),
  });
}

/** What a refused caller asked, one level deep and cut short: enough to see the attempt. */
function shallow(body: Record<string, unknown> | null) {
  if (!body) return null;
  const entries = Object.entries(body)
    .filter(([k]) => !SECRET.has(k))
    .slice(0, 20)
    .map(([k, v]) => [
      noNul(k.slice(0, 40)),
      typeof v === 'string'
        ? noNul(v.slice(0, 200))
        : v === null || typeof v === 'number' || typeof v === 'boolean'
          ? v
          : Array.isArray(v)
            ? '[…]'
            : '{…}',
    ]);
  return Object.fromEntries(entries);
}
