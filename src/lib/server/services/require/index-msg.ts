import { and, eq, gt, sql } from 'drizzle-orm';
import { INDEX_MSG_LIMIT, INDEX_MSG_TOO_FAST, type IndexMsg } from '../../../shared/require.ts';
import { indexMsg } from '../../db/schema/index.ts';
import { DomainError } from '../../errors.ts';
import type { Services } from '../../services.ts';

/**
 * Stores a requirement from /require. At most INDEX_MSG_LIMIT.count posts per IP per window,
 * counted in the database under a per-IP advisory lock so concurrent posts to different
 * processes cannot both slip under the limit.
 */
export async function addIndexMsg(s: Services, msg: IndexMsg, ip: string): Promise<{ id: number }> {
  return s.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'index_msg:' + ip}))`);
    const since = new Date(Date.now() - INDEX_MSG_LIMIT.windowMinutes * 60_000);
    const [{ n }] = await tx
      .select({ n: sql<number>`cast(count(*) as int)` })
      .from(indexMsg)
      .where(and(eq(indexMsg.ip, ip), gt(indexMsg.createdAt, since)));
    if (n >= INDEX_MSG_LIMIT.count) throw new DomainError(INDEX_MSG_TOO_FAST);
    const [row] = await tx
      .insert(indexMsg)
      .values({ ...msg, ip })
      .returning({ id: indexMsg.id });
    return row;
  });
}
