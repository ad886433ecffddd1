import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { privacyApi } from '../../shared/privacy/api.ts';
import { requireUser } from '../platform/http/auth.ts';
import { contentDisposition } from '../files/index.ts';
import { enforce } from '../accounts/index.ts';
import { personalDataZip } from './export.ts';
import { closeAccount, closeBlockers } from './close.ts';
import { ok } from '../platform/http/envelope.ts';
import { ACCOUNT_CLOSED } from '../../shared/privacy/close.ts';

/** A customer's personal information (PIPL self-service): its download, and closing the account. */
export function privacyRoutes() {
  const r = new Hono<ApiEnv>();
  // GET, so the browser saves it as a file; a few a minute are plenty for a person.
  route(r, privacyApi.export, async (c) => {
    const me = requireUser(c);
    await enforce(c.var.services, `user:export:${me.id}`, { limit: 3, seconds: 60 });
    const bytes = await personalDataZip(c.var.services, me.id);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition('个人信息.zip'),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });
  route(r, privacyApi.closeCheck, async (c) =>
    ok(c, { blockers: await closeBlockers(c.var.services.db, requireUser(c).id) }),
  );
  route(r, privacyApi.close, async (c, input) => {
    const me = requireUser(c);
    const { password } = await input.body();
    await closeAccount(c.var.services, me.id, password);
    return ok(c, null, ACCOUNT_CLOSED);
  });
  return r;
}
