import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';
import { ok, readBody } from '../envelope.ts';
import { clientIp, sessionMeta } from '../middleware/client-ip.ts';
import {
  passwordLoginSchema,
  refreshSchema,
  registerRequestSchema,
  resetRequestSchema,
  sendCodeSchema,
  smsLoginSchema,
} from '../../../shared/auth.ts';
import { sendCode } from '../../services/accounts/codes.ts';
import { register, resetPassword } from '../../services/accounts/users.ts';
import { codeLogin, passwordLogin } from '../../services/accounts/login.ts';
import { refreshSession, SESSION_EXPIRED } from '../../services/accounts/tokens.ts';
import { DomainError } from '../../errors.ts';
import { enforce, ipKey, LIMITS } from '../../services/accounts/limits.ts';

/** Public account calls under /api/open: codes, register, reset, log in, refresh. */
export function accountOpenRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/code4sms', async (c) => {
    const { phone, useFor } = await readBody(c, sendCodeSchema);
    await sendCode(c.var.services, phone, useFor, clientIp(c));
    return ok(c, { resend_after: 60 }, '验证码已发送');
  });

  r.post('/sign', async (c) => {
    const input = await readBody(c, registerRequestSchema);
    await enforce(c.var.services, ipKey('auth', clientIp(c)), LIMITS.authPerIp);
    await register(c.var.services, input);
    return ok(c, null, '注册成功');
  });

  r.post('/reset', async (c) => {
    const input = await readBody(c, resetRequestSchema);
    await enforce(c.var.services, ipKey('auth', clientIp(c)), LIMITS.authPerIp);
    await resetPassword(c.var.services, input);
    return ok(c, null, '密码重置成功');
  });

  r.post('/login', async (c) => {
    const input = await readBody(c, passwordLoginSchema);
    return ok(c, await passwordLogin(c.var.services, input, sessionMeta(c)), '登录成功');
  });

  r.post('/loginForCode', async (c) => {
    const input = await readBody(c, smsLoginSchema);
    return ok(c, await codeLogin(c.var.services, input, sessionMeta(c)), '登录成功');
  });

  r.post('/refresh4token', async (c) => {
    // The spec calls it a "param": accept ?token= as well as a JSON body.
    const query = c.req.query('token');
    const parsed = query ? refreshSchema.safeParse({ token: query }) : null;
    if (parsed && !parsed.success) throw new DomainError(SESSION_EXPIRED, 401);
    const { token } = parsed?.data ?? (await readBody(c, refreshSchema));
    return ok(c, await refreshSession(c.var.services, token));
  });

  return r;
}
