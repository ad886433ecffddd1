import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { userMessages } from './tables.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { DomainError } from '../platform/errors.ts';
import { LOGIN_REQUIRED } from '../platform/http/auth.ts';
import { accessTokenParams, liveSessionUser } from '../accounts/index.ts';
import { keepTableNames, type ColumnOf, type HandedDirectory } from '../platform/db/subquery.ts';
import { pageWindow } from '../../shared/pagination.ts';
import type { z } from '../../shared/zod.ts';
import type { MessagePageSchema } from '../../shared/notify/responses.ts';

type MessageOut = z.output<typeof MessagePageSchema>['list'][number];

/** The orders messages name, by id with their public id: orders' directory, handed in by the app. */
export type MessageOrders = HandedDirectory<{ id: ColumnOf<number>; rid: ColumnOf<string> }>;

const me = liveSessionUser('me');

/**
 * message/list for the session's customer: one page of their messages with the total and the
 * unread count, the session check inside. The header asks on every member page, so it is one
 * prepared statement (issue 19); no valid token → 401.
 */
export function messagePages(orderDirectory: MessageOrders) {
  const orders = orderDirectory('o');
  const statement = preparedOnce((db) =>
    db
      .select({
        total: keepTableNames(
          sql<number>`(select count(*) from ${userMessages} where ${userMessages.userId} = ${me.id})`.mapWith(
            Number,
          ),
        ),
        unread: keepTableNames(
          sql<number>`(select count(*) from ${userMessages}
            where ${userMessages.userId} = ${me.id} and ${userMessages.readAt} is null)`.mapWith(Number),
        ),
        list: keepTableNames(sql<MessageOut[]>`coalesce((select json_agg(json_build_object(
            'rid', page.rid, 'title', page.title, 'body', page.body, 'order_rid', page.order_rid,
            'read', page.read_at is not null, 'created', page.created_at
          ) order by page.id desc) from (
            select ${userMessages.id} as id, ${userMessages.rid} as rid, ${userMessages.title} as title,
              ${userMessages.body} as body, ${orders.rid} as order_rid, ${userMessages.readAt} as read_at,
              ${userMessages.createdAt} as created_at
            from ${userMessages} left join ${orders} on ${orders.id} = ${userMessages.orderId}
            where ${userMessages.userId} = ${me.id}
            order by ${userMessages.id} desc
            limit ${sql.placeholder('size')} offset ${sql.placeholder('offset')}
          ) page), '[]'::json)`),
      })
      .from(me)
      .prepare('message_page'),
  );
  return async (s: Services, token: string | null, page?: number, size?: number) => {
    const params = accessTokenParams(s, token);
    const w = pageWindow(page, size);
    const [row] = params ? await statement(s.db).execute({ ...params, size: w.size, offset: w.offset }) : [];
    if (!row) throw new DomainError(LOGIN_REQUIRED, 401);
    // json_build_object writes a timestamptz in PostgreSQL's text form; the API speaks ISO 8601.
    return { ...row, list: row.list.map((m) => ({ ...m, created: new Date(m.created).toISOString() })) };
  };
}

async function unreadCount(s: Services, userId: number): Promise<number> {
  const [row] = await s.db
    .select({ n: count() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
  return row.n;
}

/** Marks the named messages (all when none are named) as read; returns the unread count. */
export async function markRead(s: Services, userId: number, rids?: string[]): Promise<number> {
  await s.db
    .update(userMessages)
    .set({ readAt: new Date(s.now()) })
    .where(
      and(
        eq(userMessages.userId, userId),
        isNull(userMessages.readAt),
        rids && rids.length > 0 ? inArray(userMessages.rid, rids) : undefined,
      ),
    );
  return unreadCount(s, userId);
}
