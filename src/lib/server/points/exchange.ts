// The exchange catalogue and exchanges: a test-fee item is credited as 赠送金 through the money
// ledger in the same transaction; a gift card waits for staff, who send it or reject it (the
// points go back to the lots they came from).
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { pointsEntries, pointsExchanges, pointsItems } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { creditExchangedBonus, lockAccount, moneyTransaction, userAccount } from '../money/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import {
  EXCHANGE_NOT_FOUND,
  EXCHANGE_STATUS_TEXT,
  ITEM_KIND_TEXT,
  POINTS_ITEM_NOT_FOUND,
  type ExchangeStatus,
  type ItemKind,
} from '../../shared/points/points.ts';
import { balanceOf, lockOne, returnSpend, spendPoints } from './book.ts';
import { userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

type Item = typeof pointsItems.$inferSelect;
type Exchange = typeof pointsExchanges.$inferSelect;

const itemOut = (i: Item) => ({
  rid: i.rid,
  name: i.name,
  kind: i.kind,
  kind_text: ITEM_KIND_TEXT[i.kind],
  points: i.points,
  value_fen: i.valueFen,
  description: i.description,
  sort: i.sort,
  status: i.status,
});

const exchangeOut = (x: Exchange, itemRid: string) => ({
  rid: x.rid,
  item_rid: itemRid,
  name: x.name,
  kind: x.kind,
  kind_text: ITEM_KIND_TEXT[x.kind],
  count: x.count,
  points: x.points,
  value_fen: x.valueFen,
  status: x.status,
  status_text: EXCHANGE_STATUS_TEXT[x.status],
  note: x.note,
  staff_note: x.staffNote,
  reason: x.reason,
  created: x.createdAt.toISOString(),
  decided: x.decidedAt?.toISOString() ?? null,
});

/** The catalogue: active items for customers (cheapest first), every item for staff. */
export async function listItems(db: Db, f: { page?: number; size?: number; status?: 'active' | 'retired' }) {
  const w = pageWindow(f.page, f.size);
  const where = f.status ? eq(pointsItems.status, f.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(pointsItems)
      .where(where)
      .orderBy(asc(pointsItems.status), asc(pointsItems.sort), asc(pointsItems.points), asc(pointsItems.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ total: count() }).from(pointsItems).where(where),
  ]);
  return { list: rows.map(itemOut), total };
}

async function activeItem(db: Db, rid: string): Promise<Item> {
  const [item] = await db.select().from(pointsItems).where(eq(pointsItems.rid, rid));
  if (!item || item.status !== 'active') throw new DomainError(POINTS_ITEM_NOT_FOUND, 200, 'NOT_FOUND');
  return item;
}

/** integration/apply: what exchanging would take and leave; nothing is written. */
export async function quoteExchange(s: Services, userId: number, input: { item_rid: string; count: number }) {
  const item = await activeItem(s.db, input.item_rid);
  const balance = await balanceOf(s.db, userId);
  const points = item.points * input.count;
  return {
    item: itemOut(item),
    count: input.count,
    points,
    value_fen: item.valueFen * input.count,
    balance,
    balance_after: Math.max(0, balance - points),
    enough: balance >= points,
  };
}

/**
 * integration/applyExchange: spends the points (oldest lots first) and, for a test-fee item,
 * credits the bonus in the same transaction (bonus expense → the customer's 赠送金); a gift card
 * waits for staff. The customer's key makes a repeated submission the same exchange.
 */
export async function applyExchange(
  s: Services,
  userId: number,
  input: { item_rid: string; count: number; note: string; idempotency_key: string },
) {
  const now = s.now();
  const item = await activeItem(s.db, input.item_rid);
  const key = `${userId}:${input.idempotency_key}`;
  const points = item.points * input.count;
  const valueFen = item.valueFen * input.count;
  const wallet = item.kind === 'bonus' ? await userAccount(s.db, userId, now) : null;
  return moneyTransaction(s.db, async (tx) => {
    // The money account before the points account: the one lock order (refunds take them so).
    if (wallet) await lockAccount(tx, wallet.id);
    const account = await lockOne(tx, userId, now);
    const [earlier] = await tx.select().from(pointsExchanges).where(eq(pointsExchanges.idempotencyKey, key));
    if (earlier) return { ...exchangeOut(earlier, item.rid), balance: account.balance };
    const rid = newRid('pointsExchange');
    const spent = await spendPoints(tx, account, {
      kind: 'exchange',
      points,
      key: `exchange:${rid}`,
      refRid: rid,
      actorId: userId,
      note: input.count > 1 ? `兑换 ${item.name} ×${input.count}` : `兑换 ${item.name}`,
      now,
    });
    if (!spent) throw new Error('a fresh exchange key was taken');
    const [row] = await tx
      .insert(pointsExchanges)
      .values({
        rid,
        userId,
        itemId: item.id,
        name: item.name,
        kind: item.kind,
        count: input.count,
        points,
        valueFen,
        status: item.kind === 'bonus' ? 'done' : 'pending',
        note: input.note,
        idempotencyKey: key,
        decidedAt: item.kind === 'bonus' ? new Date(now) : null,
        createdAt: new Date(now),
      })
      .returning();
    if (wallet)
      await creditExchangedBonus(tx, {
        accountId: wallet.id,
        amountFen: valueFen,
        exchangeRid: rid,
        actorId: userId,
        note: `积分兑换：${row.name}${input.count > 1 ? ` ×${input.count}` : ''}`,
        now,
      });
    return { ...exchangeOut(row, item.rid), balance: account.balance };
  });
}

/** Staff's list of exchanges, newest first, with the customer. */
export async function listExchanges(
  db: Db,
  f: { page?: number; size?: number; status?: ExchangeStatus; kind?: ItemKind },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(
    f.status ? eq(pointsExchanges.status, f.status) : undefined,
    f.kind ? eq(pointsExchanges.kind, f.kind) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        x: pointsExchanges,
        itemRid: pointsItems.rid,
        userRid: customer.rid,
        phone: customer.phone,
        name: customer.name,
        company: customer.company,
      })
      .from(pointsExchanges)
      .innerJoin(pointsItems, eq(pointsItems.id, pointsExchanges.itemId))
      .innerJoin(customer, eq(customer.id, pointsExchanges.userId))
      .where(where)
      .orderBy(desc(pointsExchanges.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ total: count() }).from(pointsExchanges).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...exchangeOut(r.x, r.itemRid),
      customer: { rid: r.userRid, phone: r.phone, name: r.name, company: r.company },
    })),
    total,
  };
}

/**
 * Staff decide a gift-card exchange: fulfilled (sent, with a note the customer sees), or rejected
 * with a reason and the points given back to the lots they came from. Only a pending one.
 */
export async function decideExchange(
  s: Services,
  staffId: number,
  rid: string,
  decision: { fulfil: true; note: string } | { fulfil: false; reason: string },
) {
  const now = s.now();
  const [found] = await s.db.select().from(pointsExchanges).where(eq(pointsExchanges.rid, rid));
  if (!found) throw new DomainError(EXCHANGE_NOT_FOUND, 200, 'NOT_FOUND');
  return moneyTransaction(s.db, async (tx) => {
    const account = await lockOne(tx, found.userId, now);
    const [x] = await tx.select().from(pointsExchanges).where(eq(pointsExchanges.id, found.id)).for('update');
    if (x.status !== 'pending')
      throw new DomainError(`该兑换${EXCHANGE_STATUS_TEXT[x.status]}，不能再处理`, 200, 'CONFLICT');
    if (!decision.fulfil) {
      const [spent] = await tx
        .select({ id: pointsEntries.id })
        .from(pointsEntries)
        .where(eq(pointsEntries.idempotencyKey, `exchange:${x.rid}`));
      await returnSpend(tx, account, spent.id, {
        kind: 'exchange_return',
        points: 0,
        key: `exchange_return:${x.rid}`,
        refRid: x.rid,
        actorId: staffId,
        note: `兑换 ${x.name} 未通过：${decision.reason}`,
        now,
      });
    }
    const [row] = await tx
      .update(pointsExchanges)
      .set(
        decision.fulfil
          ? { status: 'fulfilled', staffNote: decision.note, deciderId: staffId, decidedAt: new Date(now) }
          : { status: 'rejected', reason: decision.reason, deciderId: staffId, decidedAt: new Date(now) },
      )
      .where(eq(pointsExchanges.id, x.id))
      .returning();
    const [item] = await tx
      .select({ rid: pointsItems.rid })
      .from(pointsItems)
      .where(eq(pointsItems.id, row.itemId));
    return { ...exchangeOut(row, item.rid), balance: account.balance };
  });
}

/** Staff add an item to the catalogue. */
export async function addItem(
  s: Services,
  input: {
    name: string;
    kind: ItemKind;
    points: number;
    value_fen: number;
    description: string;
    sort: number;
  },
) {
  const now = new Date(s.now());
  const [row] = await s.db
    .insert(pointsItems)
    .values({
      rid: newRid('pointsItem'),
      name: input.name,
      kind: input.kind,
      points: input.points,
      valueFen: input.value_fen,
      description: input.description,
      sort: input.sort,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return itemOut(row);
}

/** Staff change an item; exchanges already made keep what they were made with. */
export async function editItem(
  s: Services,
  input: {
    rid: string;
    name: string;
    kind: ItemKind;
    points: number;
    value_fen: number;
    description: string;
    sort: number;
  },
) {
  const [row] = await s.db
    .update(pointsItems)
    .set({
      name: input.name,
      kind: input.kind,
      points: input.points,
      valueFen: input.value_fen,
      description: input.description,
      sort: input.sort,
      updatedAt: new Date(s.now()),
    })
    .where(eq(pointsItems.rid, input.rid))
    .returning();
  if (!row) throw new DomainError(POINTS_ITEM_NOT_FOUND, 200, 'NOT_FOUND');
  return itemOut(row);
}

/** Retired items leave the customers' catalogue (pending exchanges of them are still decided). */
export async function setItemStatus(s: Services, rid: string, status: 'active' | 'retired') {
  const [row] = await s.db
    .update(pointsItems)
    .set({ status, updatedAt: new Date(s.now()) })
    .where(eq(pointsItems.rid, rid))
    .returning();
  if (!row) throw new DomainError(POINTS_ITEM_NOT_FOUND, 200, 'NOT_FOUND');
  return itemOut(row);
}
