import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { clientIp, sessionMeta } from '../platform/http/client-ip.ts';
import { accountsApi } from '../../shared/accounts/api.ts';
import { sendCode } from './codes.ts';
import { register, resetPassword, type WelcomeNewcomer } from './signup.ts';
import { codeLogin, passwordLogin } from './login.ts';
import { createSession, refreshSession, SESSION_EXPIRED } from './tokens.ts';
import { DomainError } from '../platform/errors.ts';
import { enforce, ipKey, LIMITS } from './limits.ts';

const REFRESH_IN_BODY = '请在请求体中提交刷新令牌';

/**
 * Public account calls under /api/open: codes, register, reset, log in, refresh. `welcome` gives
 * an invited newcomer their welcome coupons (coupons', handed in by app.ts).
 */
export function accountOpenRoutes(welcome: WelcomeNewcomer) {
  const r = new Hono<ApiEnv>();

  route(r, accountsApi.sendCode, async (c, { body }) => {
    const { phone, useFor } = await body();
    await sendCode(c.var.services, phone, useFor, clientIp(c));
    return ok(c, { resend_after: c.var.services.env.SMS_RESEND_SECONDS }, '验证码已发送!');
  });

  // Registered means logged in: the answer carries the session, as a login's does.
  route(r, accountsApi.register, async (c, { body }) => {
    const input = await body();
    await enforce(c.var.services, ipKey('auth', clientIp(c)), LIMITS.authPerIp);
    const user = await register(c.var.services, input, welcome);
    return ok(c, await createSession(c.var.services, user.id, sessionMeta(c)), '注册成功!');
  });

  route(r, accountsApi.reset, async (c, { body }) => {
    const input = await body();
    await enforce(c.var.services, ipKey('auth', clientIp(c)), LIMITS.authPerIp);
    await resetPassword(c.var.services, input, clientIp(c));
    return ok(c, null, '密码重置成功!');
  });

  route(r, accountsApi.login, async (c, { body }) => {
    const input = await body();
    return ok(c, await passwordLogin(c.var.services, input, sessionMeta(c)), '登录成功!');
  });

  route(r, accountsApi.codeLogin, async (c, { body }) => {
    const input = await body();
    return ok(c, await codeLogin(c.var.services, input, sessionMeta(c)), '登录成功!');
  });

  route(r, accountsApi.refresh, async (c, { body }) => {
    // Only in the body: a token in the query string ends up in proxy and access logs (decision 0050).
    if (c.req.query('token') !== undefined) throw new DomainError(REFRESH_IN_BODY);
    const { token } = await body().catch((error: unknown) => {
      // No token at all (an empty body, a blank or mistyped one) is answered like a bad token.
      if (error instanceof DomainError && error.message === SESSION_EXPIRED)
        throw new DomainError(SESSION_EXPIRED, 401);
      throw error;
    });
    return ok(c, await refreshSession(c.var.services, token));
  });

  return r;
}
