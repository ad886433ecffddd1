import { Hono } from 'hono';
import { count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { indexMsg } from './tables.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { requireAdminApi } from '../../shared/require/api.ts';

const itemOut = (m: typeof indexMsg.$inferSelect) => ({
  id: m.id,
  name: m.name,
  phone: m.phone,
  email: m.email,
  company: m.company,
  content: m.content,
  created: m.createdAt.toISOString(),
  handled: m.handledAt !== null,
  handled_at: m.handledAt?.toISOString() ?? null,
  handled_note: m.handledNote,
});

/** The requirements inbox under /api/admin: the /require posts, newest first; mark one handled. */
export function requireAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, requireAdminApi.list, async (c, input) => {
    const f = await input.body();
    const w = pageWindow(f.page, f.size);
    const where =
      f.handled === undefined
        ? undefined
        : f.handled
          ? isNotNull(indexMsg.handledAt)
          : isNull(indexMsg.handledAt);
    const db = c.var.services.db;
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(indexMsg).where(where).orderBy(desc(indexMsg.id)).limit(w.size).offset(w.offset),
      db.select({ total: count() }).from(indexMsg).where(where),
    ]);
    return ok(c, { list: rows.map(itemOut), total });
  });
  route(r, requireAdminApi.handle, async (c, input) => {
    const me = requireUser(c);
    const { id, note } = await input.body();
    const [row] = await c.var.services.db
      .update(indexMsg)
      .set({ handledAt: new Date(c.var.services.now()), handledBy: me.id, handledNote: note })
      .where(eq(indexMsg.id, id))
      .returning();
    if (!row) throw new DomainError('留言不存在', 200, 'NOT_FOUND');
    return ok(c, itemOut(row), '已标记为已处理');
  });
  return r;
}
