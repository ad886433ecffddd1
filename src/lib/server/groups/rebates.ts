// Whether an order belongs to a group a user is in: promotion pays no rebate on those (issue 17).
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { groupMembers, groupPayments } from './tables.ts';
import { orderDirectory } from '../orders/index.ts';

const o = orderDirectory('o');

/**
 * Whether an order is "of a group" a user belongs to (no promotion rebate on those, issue 17):
 * paid from the wallet of a group the user is in, or placed by someone who shares an active
 * group with the user.
 */
export async function orderInUsersGroup(tx: Db | Tx, userId: number, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ hit: sql<number>`1` })
    .from(o)
    .where(
      and(
        eq(o.id, orderId),
        sql`(
      exists (
        select 1 from ${groupPayments} p join ${groupMembers} m on m.group_id = p.group_id
        where p.order_id = ${o.id} and p.status = 'paid' and m.user_id = ${userId} and m.status = 'active')
      or exists (
        select 1 from ${groupMembers} a join ${groupMembers} b on a.group_id = b.group_id
        where a.user_id = ${o.userId} and b.user_id = ${userId} and a.status = 'active' and b.status = 'active'))`,
      ),
    );
  return Boolean(row);
}
