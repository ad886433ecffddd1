import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { accountsApi } from '../../shared/accounts/api.ts';
import { updateInfo } from './users.ts';
import { changePassword, updateContact } from './signup.ts';
import { revokeSession } from './tokens.ts';

/** The signed-in user's own account, under /api/auth (the guard has already run). */
export function accountRoutes() {
  const r = new Hono<ApiEnv>();

  // The spec lists these under user/ (like user/info); earlier clients call them without it.
  for (const call of [accountsApi.updateInfo, accountsApi.updateInfoOld]) {
    route(r, call, async (c, { body }) => {
      const me = requireUser(c);
      await updateInfo(c.var.services, me.id, await body());
      return ok(c, null, '操作成功!');
    });
  }

  for (const call of [accountsApi.updateContact, accountsApi.updateContactOld]) {
    route(r, call, async (c, { body }) => {
      const me = requireUser(c);
      await updateContact(c.var.services, me.id, await body());
      return ok(c, null, '操作成功!');
    });
  }

  route(r, accountsApi.updatePassword, async (c, { body }) => {
    const me = requireUser(c);
    await changePassword(c.var.services, me.id, me.sessionId, await body());
    return ok(c, null, '密码修改成功!');
  });

  route(r, accountsApi.logout, async (c) => {
    await revokeSession(c.var.services, requireUser(c).sessionId);
    return ok(c, null, '已退出登录');
  });

  return r;
}
