import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';
import { contract } from '../platform/http/contract.ts';
import { requireUser } from '../platform/http/auth.ts';
import { contentDisposition } from '../files/index.ts';
import { enforce } from '../accounts/index.ts';
import { personalDataZip } from './export.ts';

/** Downloads of a customer's personal information (PIPL self-service). */
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
  return r;
}
