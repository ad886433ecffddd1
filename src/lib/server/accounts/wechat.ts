import { and, eq, gt } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { users, wxLoginTickets } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { SMS_PURPOSE, type WxPollResult, type WxTicket } from '../../shared/accounts/auth.ts';
import { randomToken, sha256 } from './crypto.ts';
import { useCode, verifyCode } from './codes.ts';
import { enforce, ipKey, LIMITS } from './limits.ts';
import { createSession, type SessionMeta } from './tokens.ts';
import { findUserByPhone, insertUser } from './users.ts';

const QR_EXPIRE_SECONDS = 120;
/** After an unknown WeChat user scans, the browser has this long to bind a phone. */
const BIND_WINDOW_MS = 10 * 60_000;
const QR_EXPIRED = '二维码已过期';

/**
 * GET /api/open/wx/ticket: our random ticket is also the QR's scene string. With `bindUserId`
 * (wx/bindTicket, a signed-in customer in 个人中心) the scan binds that WeChat to the account.
 */
export async function createTicket(s: Services, ip: string, bindUserId?: number): Promise<WxTicket> {
  await enforce(s, ipKey('wx', ip), LIMITS.wxTicketsPerIp);
  const ticket = randomToken(24);
  const qr = await s.wechat.createQr(ticket, QR_EXPIRE_SECONDS).catch((error: unknown) => {
    console.warn('[wechat] createQr failed:', String(error));
    throw new DomainError('微信二维码获取失败，请稍后再试或使用其他方式登录');
  });
  const now = s.now();
  await s.db.insert(wxLoginTickets).values({
    ticket,
    bindUserId: bindUserId ?? null,
    expiresAt: new Date(now + qr.expireSeconds * 1000),
    createdAt: new Date(now),
  });
  return { expire_seconds: qr.expireSeconds, qr_code_url: qr.qrCodeUrl, qr_image_url: qr.qrImageUrl, ticket };
}

/**
 * A scan reported by WeChat (callback) or the dev page. A bound WeChat user confirms the
 * login at once; an unknown one moves the ticket to need_bind. Returns the new status, or
 * null when the ticket is unknown, expired or already scanned.
 */
export async function recordScan(s: Services, scene: string, openid: string) {
  const now = s.now();
  const [bind] = await s.db
    .select({ userId: wxLoginTickets.bindUserId })
    .from(wxLoginTickets)
    .where(eq(wxLoginTickets.ticket, scene));
  if (bind?.userId) return bindScan(s, scene, bind.userId, openid);
  const [bound] = await s.db.select({ id: users.id }).from(users).where(eq(users.wxOpenid, openid));
  const [row] = await s.db
    .update(wxLoginTickets)
    .set(
      bound
        ? { status: 'confirmed', openid, userId: bound.id }
        : { status: 'need_bind', openid, expiresAt: new Date(now + BIND_WINDOW_MS) },
    )
    .where(
      and(
        eq(wxLoginTickets.ticket, scene),
        eq(wxLoginTickets.status, 'pending'),
        gt(wxLoginTickets.expiresAt, new Date(now)),
      ),
    )
    .returning({ status: wxLoginTickets.status });
  return row?.status ?? null;
}

/** POST /api/open/wx/qrCodeLogin: polled every second by the login popup. */
export async function pollTicket(s: Services, ticket: string, meta: SessionMeta): Promise<WxPollResult> {
  const now = s.now();
  const [row] = await s.db.select().from(wxLoginTickets).where(eq(wxLoginTickets.ticket, ticket));
  if (!row || row.status === 'consumed') throw new DomainError(QR_EXPIRED);
  if (row.status === 'confirmed') {
    // Tokens are handed out once, to whichever poll flips the row first.
    const [taken] = await s.db
      .update(wxLoginTickets)
      .set({ status: 'consumed' })
      .where(and(eq(wxLoginTickets.ticket, ticket), eq(wxLoginTickets.status, 'confirmed')))
      .returning({ userId: wxLoginTickets.userId });
    if (!taken?.userId) throw new DomainError(QR_EXPIRED);
    return { status: 'confirmed', ...(await createSession(s, taken.userId, meta)) };
  }
  if (row.expiresAt.getTime() <= now) throw new DomainError(QR_EXPIRED);
  if (row.status === 'need_bind') {
    // Only the hash is kept; each poll issues a fresh key and the latest one counts.
    const bindKey = randomToken(24);
    await s.db
      .update(wxLoginTickets)
      .set({ bindKeyHash: sha256(bindKey) })
      .where(eq(wxLoginTickets.ticket, ticket));
    return { status: 'need_bind', bindKey };
  }
  return { status: 'pending' };
}

/**
 * POST /api/open/wx/bind: the WeChat user proves a phone with a bind code (useFor 4) and is
 * logged in. An existing account gets the openid; a new phone gets a new password-less account
 * (the user can set a password with 忘记密码).
 */
export async function bindWechat(
  s: Services,
  input: { bindKey: string; phone: string; code: string },
  meta: SessionMeta,
) {
  await enforce(s, ipKey('auth', meta.ip), LIMITS.authPerIp);
  const [row] = await s.db
    .select()
    .from(wxLoginTickets)
    .where(
      and(eq(wxLoginTickets.bindKeyHash, sha256(input.bindKey)), eq(wxLoginTickets.status, 'need_bind')),
    );
  if (!row?.openid || row.expiresAt.getTime() <= s.now()) throw new DomainError(QR_EXPIRED);
  const openid = row.openid;
  const existing = await findUserByPhone(s.db, input.phone);
  if (existing?.wxOpenid && existing.wxOpenid !== openid) throw new DomainError('该手机号已绑定其他微信');
  const codeId = await verifyCode(s, input.phone, SMS_PURPOSE.bindWechat, input.code);

  const userId = await s.db.transaction(async (tx) => {
    await useCode(tx, codeId, s.now());
    const [ticket] = await tx
      .update(wxLoginTickets)
      .set({ status: 'consumed' })
      .where(and(eq(wxLoginTickets.ticket, row.ticket), eq(wxLoginTickets.status, 'need_bind')))
      .returning({ ticket: wxLoginTickets.ticket });
    if (!ticket) throw new DomainError(QR_EXPIRED);
    const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.wxOpenid, openid));
    if (other && other.id !== existing?.id) throw new DomainError('该微信已绑定其他账号');
    if (existing) {
      await tx
        .update(users)
        .set({ wxOpenid: openid, updatedAt: new Date(s.now()) })
        .where(eq(users.id, existing.id));
      return existing.id;
    }
    const created = await insertUser(tx, {
      phone: input.phone,
      passwordHash: null,
      wxOpenid: openid,
      now: s.now(),
    });
    if (!created) throw new DomainError('该手机号已注册，请重新扫码');
    return created.id;
  });
  return createSession(s, userId, meta);
}

/**
 * A bind ticket scanned: the WeChat user becomes the account's, unless it is another account's
 * (then the ticket stays pending and the scan is refused).
 */
async function bindScan(s: Services, scene: string, userId: number, openid: string) {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.wxOpenid, openid));
    if (other && other.id !== userId) throw new DomainError('该微信已绑定其他账号');
    const [row] = await tx
      .update(wxLoginTickets)
      .set({ status: 'bound', openid })
      .where(
        and(
          eq(wxLoginTickets.ticket, scene),
          eq(wxLoginTickets.status, 'pending'),
          gt(wxLoginTickets.expiresAt, new Date(now)),
        ),
      )
      .returning({ status: wxLoginTickets.status });
    if (!row) return null;
    await tx
      .update(users)
      .set({ wxOpenid: openid, updatedAt: new Date(now) })
      .where(eq(users.id, userId));
    return row.status;
  });
}

/** wx/bindStatus: polled by 个人中心 while its bind QR code is shown. */
export async function bindStatus(s: Services, userId: number, ticket: string) {
  const [row] = await s.db
    .select()
    .from(wxLoginTickets)
    .where(and(eq(wxLoginTickets.ticket, ticket), eq(wxLoginTickets.bindUserId, userId)));
  if (!row) throw new DomainError(QR_EXPIRED);
  if (row.status === 'bound') return { status: 'bound' as const };
  if (row.expiresAt.getTime() <= s.now()) throw new DomainError(QR_EXPIRED);
  return { status: 'pending' as const };
}

/** wx/unbind: the account keeps its phone; WeChat login and WeChat messages stop. */
export async function unbindWechat(s: Services, userId: number): Promise<void> {
  await s.db
    .update(users)
    .set({ wxOpenid: null, updatedAt: new Date(s.now()) })
    .where(eq(users.id, userId));
}
