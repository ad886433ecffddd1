import { and, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { retiredRefreshTokens, sessions, users } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { batchedLookup } from '../platform/db/batch.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import type { LoginResult, RefreshResult } from '../../shared/accounts/auth.ts';
import { randomToken, sha256 } from './crypto.ts';
import { maybeSweep } from './sweep.ts';
import type { AuthUser, SessionKind } from '../platform/http/api-env.ts';
import type { SessionMeta } from '../platform/http/client-ip.ts';

export type { AuthUser, SessionKind, SessionMeta };

export const ACCESS_TTL_MS = 12 * 3600_000;
export const REFRESH_TTL_MS = 30 * 86_400_000;
/** However often it is refreshed, a session ends this long after its login. */
export const ABSOLUTE_TTL_MS = 90 * 86_400_000;
/** A console (staff) login: two hours per token, one working day in all (decision 0023). */
const STAFF_ACCESS_TTL_MS = 2 * 3600_000;
const STAFF_ABSOLUTE_TTL_MS = 12 * 3600_000;

export const SESSION_EXPIRED = '登录已过期，请重新登录';

/** Pure rule: the expiries after a login or refresh at `now`, capped by the absolute limit. */
export function sessionExpiries(now: number, absoluteExpiresAt = now + ABSOLUTE_TTL_MS) {
  return {
    accessExpiresAt: Math.min(now + ACCESS_TTL_MS, absoluteExpiresAt),
    refreshExpiresAt: Math.min(now + REFRESH_TTL_MS, absoluteExpiresAt),
    absoluteExpiresAt,
  };
}

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

export async function createSession(
  s: Services,
  userId: number,
  meta: SessionMeta,
  kind: SessionKind = 'customer',
): Promise<LoginResult> {
  await maybeSweep(s);
  const now = s.now();
  const token = randomToken();
  const refreshToken = randomToken();
  const e =
    kind === 'staff'
      ? {
          ...sessionExpiries(now, now + STAFF_ABSOLUTE_TTL_MS),
          accessExpiresAt: now + STAFF_ACCESS_TTL_MS,
        }
      : sessionExpiries(now);
  await s.db.insert(sessions).values({
    userId,
    accessHash: sha256(token),
    refreshHash: sha256(refreshToken),
    accessExpiresAt: new Date(e.accessExpiresAt),
    refreshExpiresAt: new Date(e.refreshExpiresAt),
    absoluteExpiresAt: new Date(e.absoluteExpiresAt),
    kind,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 255),
    createdAt: new Date(now),
  });
  return { token, refreshToken, expires: epochSeconds(e.accessExpiresAt) };
}

/**
 * The condition "this sessions row holds a live access token", with the placeholders that
 * accessTokenParams fills. Hot reads put it in their own prepared statement, so checking the
 * token costs no extra round trip.
 */
const liveAccessToken = and(
  eq(sessions.accessHash, sql.placeholder('token_hash')),
  isNull(sessions.revokedAt),
  gt(sessions.accessExpiresAt, sql.placeholder('now')),
);

/** The same for a batch of tokens (decision 0068): the placeholder token_hashes is an array. */
const liveAccessTokens = and(
  sql`${sessions.accessHash} = any(${sql.placeholder('token_hashes')})`,
  isNull(sessions.revokedAt),
  gt(sessions.accessExpiresAt, sql.placeholder('now')),
);

// The secrets of a user row; liveSessionUser says only whether they are set.
const { passwordHash, wxOpenid, ...accountColumns } = getTableColumns(users);

/**
 * The user behind a live access token, as a read-only subquery under the alias given, with
 * liveAccessToken's placeholders inside: a hot read selects from it and checks the token in its
 * own one prepared statement (issue 19). Every column of the account but the password hash and the
 * WeChat id, which it reports as set or not (hasPassword, wechatBound: what user/info shows), and
 * the token's expiry (until when a cached answer may stand: decision 0067). With 'batch' it checks
 * the array placeholder token_hashes instead, and each row names its token by accessHash. The alias keeps its
 * literal type: with a plain string beside another subquery, drizzle typed every field never.
 */
export const liveSessionUser = <Alias extends string>(alias: Alias, batch?: 'batch') =>
  new QueryBuilder()
    .select({
      ...accountColumns,
      hasPassword: sql<boolean>`coalesce(${passwordHash}, '') <> ''`.as('has_password'),
      wechatBound: sql<boolean>`coalesce(${wxOpenid}, '') <> ''`.as('wechat_bound'),
      accessExpiresAt: sessions.accessExpiresAt,
      accessHash: sessions.accessHash,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(batch ? liveAccessTokens : liveAccessToken)
    .as(alias);

/** The values of liveAccessToken's placeholders, or null for a string that cannot be a token. */
export function accessTokenParams(s: Services, token: string | null) {
  if (!token || token.length > 256) return null;
  return { token_hash: sha256(token), now: new Date(s.now()).toISOString() };
}

const authenticateStatement = preparedOnce((db) =>
  db
    .select({
      id: users.id,
      rid: users.rid,
      phone: users.phone,
      sessionId: sessions.id,
      kind: sessions.kind,
      accessHash: sessions.accessHash,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveAccessTokens)
    .prepare('authenticate'),
);

/** Per database: the tokens of the calls that arrived together, checked in one statement. */
const authenticators = new WeakMap<Services, (hash: string) => Promise<AuthUser | undefined>>();
function authenticator(s: Services) {
  let lookup = authenticators.get(s);
  if (!lookup) {
    lookup = batchedLookup(async (hashes: string[]) => {
      const rows = await authenticateStatement(s.db).execute({
        token_hashes: hashes,
        now: new Date(s.now()).toISOString(),
      });
      return new Map(rows.map(({ accessHash, ...user }) => [accessHash, user]));
    });
    authenticators.set(s, lookup);
  }
  return lookup;
}

/**
 * The user behind a live access token, or null. One indexed lookup per authenticated call, shared
 * by the calls that arrived together (decision 0068): each is still checked after it arrived.
 */
export async function authenticate(s: Services, token: string): Promise<AuthUser | null> {
  const params = accessTokenParams(s, token);
  if (!params) return null;
  return (await authenticator(s)(params.token_hash)) ?? null;
}

/**
 * Rotation: the refresh token buys a new pair exactly once (one conditional UPDATE, so two
 * racing refreshes cannot both win). A token already rotated away is a sign that it was
 * copied: the whole session is revoked.
 */
export async function refreshSession(s: Services, refreshToken: string): Promise<RefreshResult> {
  const now = s.now();
  const oldHash = sha256(refreshToken);
  const token = randomToken();
  const nextRefresh = randomToken();
  const nowSql = sql`${new Date(now).toISOString()}::timestamptz`;
  const capped = (ms: number) =>
    sql`least(${new Date(now + ms).toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})`;

  const rotated = await s.db.transaction(async (tx) => {
    const [row] = await tx
      .update(sessions)
      .set({
        accessHash: sha256(token),
        refreshHash: sha256(nextRefresh),
        accessExpiresAt: sql`case when ${sessions.kind} = 'staff' then ${capped(STAFF_ACCESS_TTL_MS)} else ${capped(ACCESS_TTL_MS)} end`,
        refreshExpiresAt: capped(REFRESH_TTL_MS),
      })
      .where(
        and(
          eq(sessions.refreshHash, oldHash),
          isNull(sessions.revokedAt),
          sql`${sessions.refreshExpiresAt} > ${nowSql}`,
        ),
      )
      .returning({ id: sessions.id, accessExpiresAt: sessions.accessExpiresAt });
    if (row)
      await tx
        .insert(retiredRefreshTokens)
        .values({ hash: oldHash, sessionId: row.id, retiredAt: new Date(now) });
    return row;
  });
  if (rotated) {
    return { token, refresh_token: nextRefresh, expires_at: epochSeconds(rotated.accessExpiresAt.getTime()) };
  }

  const [reused] = await s.db
    .select({ sessionId: retiredRefreshTokens.sessionId })
    .from(retiredRefreshTokens)
    .where(eq(retiredRefreshTokens.hash, oldHash));
  if (reused) await revokeSession(s, reused.sessionId);
  throw new DomainError(SESSION_EXPIRED, 401);
}

export async function revokeSession(s: Services, sessionId: number): Promise<void> {
  await s.db
    .update(sessions)
    .set({ revokedAt: new Date(s.now()) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** After a password reset or change every device has to log in again (but the one that changed it). */
export async function revokeUserSessions(s: Services, userId: number, keepSessionId?: number): Promise<void> {
  await s.db
    .update(sessions)
    .set({ revokedAt: new Date(s.now()) })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/**
 * A staff role taken away or changed: every console login of that person ends, so the same token
 * does not work again when a role is given back (issue 28). Their customer logins stay.
 */
export async function revokeConsoleSessions(db: Db | Tx, userId: number, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'staff'), isNull(sessions.revokedAt)));
}
