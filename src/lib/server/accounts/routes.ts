import { contract } from '../platform/http/contract.ts';
import { NoData } from '../../shared/responses.ts';
import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { updateContactSchema, updateInfoSchema, updatePasswordSchema } from '../../shared/accounts/auth.ts';
import { updateInfo } from './users.ts';
import { changePassword, updateContact } from './signup.ts';
import { revokeSession } from './tokens.ts';

/** The signed-in user's own account, under /api/auth (the guard has already run). */
export function accountRoutes() {
  const r = new Hono<ApiEnv>();

  // The spec lists these under user/ (like user/info); earlier clients call them without it.
  r.on(
    'POST',
    ['/user/updateInfo', '/updateInfo'],
    contract({ body: updateInfoSchema, response: NoData }),
    async (c) => {
      const me = requireUser(c);
      await updateInfo(c.var.services, me.id, await readBody(c, updateInfoSchema));
      return ok(c, null, '操作成功!');
    },
  );

  r.on(
    'POST',
    ['/user/update4contact', '/update4contact'],
    contract({ body: updateContactSchema, response: NoData }),
    async (c) => {
      const me = requireUser(c);
      await updateContact(c.var.services, me.id, await readBody(c, updateContactSchema));
      return ok(c, null, '操作成功!');
    },
  );

  r.post('/user/update4password', contract({ body: updatePasswordSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await changePassword(c.var.services, me.id, me.sessionId, await readBody(c, updatePasswordSchema));
    return ok(c, null, '密码修改成功!');
  });

  r.post('/logout', contract({ response: NoData }), async (c) => {
    await revokeSession(c.var.services, requireUser(c).sessionId);
    return ok(c, null, '已退出登录');
  });

  return r;
}
