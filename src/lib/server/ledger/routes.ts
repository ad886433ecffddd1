import { Hono } from 'hono';
import { LedgerPageSchema } from '../../shared/ledger/responses.ts';
import { contract } from '../platform/http/contract.ts';
import type { ApiEnv } from '../app.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import { balanceOf, listEntries } from './index.ts';

/** The customer's balance and its ledger entries. */
export function ledgerRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/balance/ledger', contract({ body: PageRequestSchema, response: LedgerPageSchema }), async (c) => {
    const me = requireUser(c);
    const { page, size } = await readBody(c, PageRequestSchema);
    const [entries, balance_fen] = await Promise.all([
      listEntries(c.var.services.db, me.id, page, size),
      balanceOf(c.var.services.db, me.id),
    ]);
    return ok(c, { ...entries, balance_fen });
  });

  return r;
}
