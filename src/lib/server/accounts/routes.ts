import { contract } from '../platform/http/contract.ts';
import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { updateContactSchema, updateInfoSchema } from '../../shared/accounts/auth.ts';
import { findUserById, toUserInfo, updateInfo } from './users.ts';
import { updateContact } from './signup.ts';
import { userExtras } from './extras.ts';
import { revokeSession } from './tokens.ts';
import { DomainError } from '../platform/errors.ts';

/** The signed-in user's own account, under /api/auth (the guard has already run). */
export function accountRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/user/info', contract({}), async (c) => {
    const me = requireUser(c);
    const user = await findUserById(c.var.services.db, me.id);
    if (!user) throw new DomainError('请先登录', 401);
    return ok(c, { userInfo: toUserInfo(user), ...(await userExtras(c.var.services, me.id)) });
  });

  r.post('/updateInfo', contract({ body: updateInfoSchema }), async (c) => {
    const me = requireUser(c);
    await updateInfo(c.var.services, me.id, await readBody(c, updateInfoSchema));
    return ok(c, null, '操作成功');
  });

  r.post('/update4contact', contract({ body: updateContactSchema }), async (c) => {
    const me = requireUser(c);
    await updateContact(c.var.services, me.id, await readBody(c, updateContactSchema));
    return ok(c, null, '操作成功');
  });

  r.post('/logout', contract({}), async (c) => {
    await revokeSession(c.var.services, requireUser(c).sessionId);
    return ok(c, null, '已退出登录');
  });

  return r;
}
