// The customer's channels per kind of order news and their one-time WeChat subscriptions
// (decision 0091).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { notifyPreferences, wechatSubscriptions } from './tables.ts';
import {
  DEFAULT_CHOICE,
  NOTIFY_KINDS,
  type ChannelChoice,
  type NotifyKind,
} from '../../shared/notify/channels.ts';

export async function choicesOf(db: Db | Tx, userId: number): Promise<Record<NotifyKind, ChannelChoice>> {
  const rows = await db.select().from(notifyPreferences).where(eq(notifyPreferences.userId, userId));
  return Object.fromEntries(
    NOTIFY_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return [kind, row ? { wechat: row.wechat, sms: row.sms, email: row.email } : DEFAULT_CHOICE];
    }),
  ) as Record<NotifyKind, ChannelChoice>;
}

export async function saveChoices(
  db: Db,
  userId: number,
  list: readonly ({ kind: NotifyKind } & ChannelChoice)[],
  now: number,
): Promise<void> {
  for (const c of list) {
    const set = { wechat: c.wechat, sms: c.sms, email: c.email, updatedAt: new Date(now) };
    await db
      .insert(notifyPreferences)
      .values({ userId, kind: c.kind, ...set })
      .onConflictDoUpdate({ target: [notifyPreferences.userId, notifyPreferences.kind], set });
  }
}

/** Records the subscriptions accepted for orders (already checked to be the customer's). */
export async function grantSubscriptions(
  db: Db,
  userId: number,
  orderIds: readonly number[],
  kinds: readonly NotifyKind[],
  now: number,
): Promise<void> {
  const rows = orderIds.flatMap((orderId) =>
    kinds.map((kind) => ({ userId, orderId, kind, grantedAt: new Date(now) })),
  );
  if (rows.length === 0) return;
  // Accepting again renews an unused one; a used one stays used (WeChat counts each acceptance once).
  await db.insert(wechatSubscriptions).values(rows).onConflictDoNothing();
}

/** Uses up the order's subscription of a kind: false when there is none left. */
export async function useSubscription(
  db: Db,
  orderId: number,
  kind: NotifyKind,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(wechatSubscriptions)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(wechatSubscriptions.orderId, orderId),
        eq(wechatSubscriptions.kind, kind),
        isNull(wechatSubscriptions.usedAt),
      ),
    )
    .returning({ id: wechatSubscriptions.id });
  return rows.length > 0;
}

/** A send that did not go through gives the subscription back (WeChat counts only what it sent). */
export async function returnSubscription(db: Db, orderId: number, kind: NotifyKind): Promise<void> {
  await db
    .update(wechatSubscriptions)
    .set({ usedAt: null })
    .where(and(eq(wechatSubscriptions.orderId, orderId), eq(wechatSubscriptions.kind, kind)));
}

/** The kinds still subscribed (unused) for an order. */
export async function subscribedKinds(db: Db, orderIds: readonly number[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ kind: wechatSubscriptions.kind })
    .from(wechatSubscriptions)
    .where(and(inArray(wechatSubscriptions.orderId, orderIds), isNull(wechatSubscriptions.usedAt)));
  return rows.map((r) => r.kind);
}
