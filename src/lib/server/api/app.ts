import { Hono } from 'hono';
import type { Services } from '../services.ts';
import { DomainError } from '../errors.ts';
import { failure } from './envelope.ts';
import { isDataException, isUniqueViolation } from '../db/errors.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { contentRoutes } from './routes/content.ts';
import { deviceRoutes } from './routes/devices.ts';
import { siteRoutes } from './routes/site.ts';
import { accountOpenRoutes } from './routes/auth.ts';
import { accountRoutes } from './routes/account.ts';
import { memberRoutes } from './routes/member.ts';
import { wechatRoutes } from './routes/wechat.ts';
import { devRoutes } from './routes/dev.ts';
import { planRoutes } from './routes/plan.ts';
import { orderRoutes } from './routes/orders.ts';
import { fileRoutes } from './routes/files.ts';
import { adminRoutes } from './routes/admin.ts';
import { reservationAdminRoutes, reservationRoutes } from './routes/reservations.ts';
import { authGuard, staffGuard } from './middleware/auth.ts';
import { bodyLimits } from './middleware/body-limit.ts';
import type { AuthUser } from '../services/accounts/tokens.ts';

/** `user` is set by the guard on /api/auth/*; read it with requireUser(c). */
export type ApiEnv = { Variables: { services: Services; user?: AuthUser } };

/** The whole HTTP API; tests call it in-process with app.request(). */
export function createApi(services: Services) {
  const app = new Hono<ApiEnv>();

  app.use(async (c, next) => {
    c.set('services', services);
    await next();
  });

  app.use('/api/*', bodyLimits);
  app.use('/api/auth/*', authGuard);
  app.use('/api/admin/*', authGuard, staffGuard);

  app.route('/api/open', siteRoutes());
  app.route('/api/open', catalogueRoutes());
  app.route('/api/open', contentRoutes());
  app.route('/api/open', deviceRoutes());
  app.route('/api/open', accountOpenRoutes());
  app.route('/api/open/wx', wechatRoutes());
  app.route('/api/auth', accountRoutes());
  app.route('/api/auth', memberRoutes());
  app.route('/api/auth', planRoutes());
  app.route('/api/auth', orderRoutes());
  app.route('/api/auth', fileRoutes());
  app.route('/api/auth', reservationRoutes());
  app.route('/api/admin', adminRoutes());
  app.route('/api/admin', reservationAdminRoutes());
  app.route('/api/dev', devRoutes());

  app.notFound((c) => c.json(failure('接口不存在', 'NO_SUCH_CALL'), 404));

  app.onError((error, c) => {
    if (error instanceof DomainError) {
      return c.json(failure(error.message, error.code), error.status);
    }
    // The input layer keeps such values out; should one slip through, the client still gets an
    // answer about its request rather than a 500, and the log says where to close the gap.
    if (isDataException(error) || isUniqueViolation(error)) {
      console.warn(`[api] ${c.req.method} ${c.req.path} refused by the database:`, String(error));
      return isUniqueViolation(error)
        ? c.json(failure('请勿重复提交', 'CONFLICT'), 409)
        : c.json(failure('请求参数超出允许范围', 'INVALID_INPUT'), 400);
    }
    console.error(`[api] ${c.req.method} ${c.req.path}`, error);
    return c.json(failure('服务器繁忙，请稍后再试', 'SERVER_ERROR'), 500);
  });

  return app;
}
export type Api = ReturnType<typeof createApi>;
