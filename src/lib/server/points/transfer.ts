// integration/transfer: points to another customer, found by mobile number or account number
// (like money transfers), within a daily limit; both sides get an entry, and the received points
// keep the expiry dates they had, so passing points back and forth never makes them last longer.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { pointsEntries } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { moneyTransaction, userOfAccountRid } from '../money/index.ts';
import { maskedPerson, maskPhone } from '../../shared/accounts/mask.ts';
import { queueNotices } from '../notify/index.ts';
import { shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { NO_SELF_TRANSFER, RECEIVER_NOT_FOUND } from '../../shared/points/points.ts';
import { addPoints, lockPoints, spendPoints } from './book.ts';
import { userDirectory } from '../accounts/index.ts';

const person = userDirectory('person');

const PHONE = /^1[3-9]\d{9}$/;

/** The receiving customer: a registered mobile number or a (user's) money account number. */
async function findReceiver(db: Db, to: string): Promise<{ id: number; phone: string; name: string }> {
  const who = { id: person.id, phone: person.phone, name: person.name };
  const owner = PHONE.test(to) ? undefined : await userOfAccountRid(db, to);
  const [u] = PHONE.test(to)
    ? await db.select(who).from(person).where(eq(person.phone, to))
    : owner === undefined
      ? []
      : await db.select(who).from(person).where(eq(person.id, owner));
  if (!u) throw new DomainError(RECEIVER_NOT_FOUND);
  return u;
}

/** integration/payee: the receiving customer, masked, shown before the gift; unknown: refused. */
export async function findPayee(s: Services, userId: number, to: string) {
  const payee = await findReceiver(s.db, to);
  if (payee.id === userId) throw new DomainError(NO_SELF_TRANSFER);
  return { payee: maskedPerson(payee) };
}

/** What a customer has sent today (Asia/Shanghai), counted under their lock. */
export async function sentToday(db: Db | Tx, userId: number, now: number): Promise<number> {
  const midnight = shanghaiMidnight(shanghaiDate(now))!;
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(-${pointsEntries.points}), 0)` })
    .from(pointsEntries)
    .where(
      and(
        eq(pointsEntries.userId, userId),
        eq(pointsEntries.kind, 'transfer_out'),
        gte(pointsEntries.at, new Date(midnight)),
      ),
    );
  return Number(row.sum);
}

export const transferLeft = (s: Services, sent: number) =>
  Math.max(0, s.env.POINTS_TRANSFER_DAILY_LIMIT - sent);

export async function transferPoints(
  s: Services,
  userId: number,
  input: { to_account: string; points: number; note: string; idempotency_key: string },
) {
  const now = s.now();
  const to = await findReceiver(s.db, input.to_account);
  if (to.id === userId) throw new DomainError(NO_SELF_TRANSFER);
  const key = `${userId}:transfer:${input.idempotency_key}`;
  const limit = s.env.POINTS_TRANSFER_DAILY_LIMIT;
  return moneyTransaction(s.db, async (tx) => {
    // Both accounts, in ascending user id: two customers sending to each other queue here.
    const locked = await lockPoints(tx, [userId, to.id], now);
    const from = locked.get(userId)!;
    const [earlier] = await tx.select().from(pointsEntries).where(eq(pointsEntries.idempotencyKey, key));
    const out = {
      to: maskPhone(to.phone),
      transfer_left_today: 0,
    };
    if (earlier) {
      return {
        ...out,
        rid: earlier.rid,
        points: -earlier.points,
        balance: from.balance,
        transfer_left_today: transferLeft(s, await sentToday(tx, userId, now)),
      };
    }
    const sent = await sentToday(tx, userId, now);
    if (sent + input.points > limit)
      throw new DomainError(
        limit - sent > 0
          ? `超过每日转赠上限（每日 ${limit} 积分，今日还可转赠 ${limit - sent} 积分）`
          : `今日转赠已达上限（每日 ${limit} 积分），请明天再试`,
      );
    const [sender] = await tx
      .select({ phone: person.phone, name: person.name })
      .from(person)
      .where(eq(person.id, userId));
    const note = input.note ? `：${input.note}` : '';
    const spent = await spendPoints(tx, from, {
      kind: 'transfer_out',
      points: input.points,
      key,
      counterpartId: to.id,
      actorId: userId,
      note: `转赠给 ${maskPhone(to.phone)}${note}`,
      now,
    });
    if (!spent) throw new Error('a fresh transfer key was taken');
    // The received points keep their dates: one lot per date they had.
    const byDate = new Map<number, number>();
    for (const t of spent.taken) byDate.set(t.expiresAt, (byDate.get(t.expiresAt) ?? 0) + t.points);
    await addPoints(
      tx,
      locked.get(to.id)!,
      {
        kind: 'transfer_in',
        points: input.points,
        key: `${key}:in`,
        refRid: spent.entry.rid,
        counterpartId: userId,
        actorId: userId,
        note: `来自 ${maskPhone(sender.phone)} 的转赠${note}`,
        now,
      },
      [...byDate].map(([expiresAt, points]) => ({ expiresAt, points })),
    );
    await queueNotices(
      tx,
      [
        {
          userId: to.id,
          key: `points:${spent.entry.rid}:in`,
          title: '收到积分转赠',
          text: `${maskedPerson(sender)}向您转赠了${input.points}积分${note}，积分保留原有效期。`,
        },
      ],
      now,
    );
    return {
      ...out,
      rid: spent.entry.rid,
      points: input.points,
      balance: from.balance,
      transfer_left_today: transferLeft(s, sent + input.points),
    };
  });
}
