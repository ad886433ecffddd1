import { INDEX_MSG_LIMIT, INDEX_MSG_TOO_FAST, type IndexMsg } from '../../shared/require/require.ts';
import { indexMsg } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import type { Services } from '../platform/services.ts';

/**
 * Stores a requirement from /require. At most INDEX_MSG_LIMIT.count posts per IP per window,
 * counted by the shared database rate limiter (one atomic upsert, so concurrent posts to
 * different processes cannot both slip under the limit).
 */
export async function addIndexMsg(s: Services, msg: IndexMsg, ip: string): Promise<{ id: number }> {
  const hit = await s.limiter.hit(`ip:indexMsg:${ip}`, {
    limit: INDEX_MSG_LIMIT.count,
    seconds: INDEX_MSG_LIMIT.windowMinutes * 60,
  });
  if (!hit.allowed) throw new DomainError(INDEX_MSG_TOO_FAST);
  const [row] = await s.db
    .insert(indexMsg)
    .values({ ...msg, ip })
    .returning({ id: indexMsg.id });
  return row;
}
