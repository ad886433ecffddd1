import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { requireUser } from '../platform/http/auth.ts';
import { contentDisposition } from '../files/index.ts';
import { enforce } from '../accounts/index.ts';
import { personalDataZip } from './export.ts';
import { closeAccount, closeBlockers } from './close.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { NoData } from '../../shared/responses.ts';
import { ACCOUNT_CLOSED, CloseCheckSchema, closeAccountSchema } from '../../shared/privacy/close.ts';

/** A customer's personal information (PIPL self-service): its download, and closing the account. */
export function privacyRoutes() {
  const r = new Hono<ApiEnv>();
  // GET, so the browser saves it as a file; a few a minute are plenty for a person.
  r.get(
    '/user/export',
    contract({ produces: 'application/zip: everything held about the caller' }),
    async (c) => {
      const me = requireUser(c);
      await enforce(c.var.services, `user:export:${me.id}`, { limit: 3, seconds: 60 });
      const bytes = await personalDataZip(c.var.services, me.id);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/zip',
        'content-disposition': contentDisposition('个人信息.zip'),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  );
  r.post('/user/closeCheck', contract({ response: CloseCheckSchema }), async (c) =>
    ok(c, { blockers: await closeBlockers(c.var.services.db, requireUser(c).id) }),
  );
  r.post('/user/close', contract({ body: closeAccountSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    const { password } = await readBody(c, closeAccountSchema);
    await closeAccount(c.var.services, me.id, password);
    return ok(c, null, ACCOUNT_CLOSED);
  });
  return r;
}
