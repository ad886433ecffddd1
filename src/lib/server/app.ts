import { Hono } from 'hono';
import { randomBytes } from 'node:crypto';
import { log } from './platform/log.ts';
import type { Services } from './platform/services.ts';
import { DomainError } from './platform/errors.ts';
import { StorageUnavailableError } from './platform/adapters/storage/types.ts';
import { apiDocsPage, apiRoutes, openApiDocument } from './platform/http/openapi.ts';
import { route } from './platform/http/route.ts';
import { platformApi } from '../shared/platform-api.ts';
import { failure } from './platform/http/envelope.ts';
import { isDataException, isUniqueViolation } from './platform/db/errors.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { deviceRoutes } from './catalogue/device-routes.ts';
import { siteRoutes } from './catalogue/site-routes.ts';
import { accountOpenRoutes } from './accounts/open-routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { memberHotReadRoutes, memberRoutes } from './member/routes.ts';
import { wechatRoutes } from './accounts/wechat-routes.ts';
import { devRoutes } from './dev-routes.ts';
import { planRoutes } from './plan/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { fileRoutes, fileAdminRoutes, mediaOpenRoutes } from './files/routes.ts';
import { adminRoutes } from './orders/admin-routes.ts';
import { operationsAdminRoutes } from './orders/operations-routes.ts';
import { orderDirectory, orderFiles } from './orders/index.ts';
import { reservationAdminRoutes, reservationRoutes } from './reservations/routes.ts';
import { reservationOpenRoutes } from './reservations/open-routes.ts';
import { reservedDeviceOf, sceneDateOf } from './reservations/index.ts';
import { agreementRoutes } from './agreement/routes.ts';
import { messageHotReadRoutes, messageRoutes, notifyAdminRoutes } from './notify/routes.ts';
import { recordWechatResults } from './notify/index.ts';
import { customerMoneyRids, moneyAdminRoutes, moneyRoutes, type AssetNeighbours } from './money/index.ts';
import { couponAdminRoutes, couponRoutes, giveWelcomeCoupons } from './coupons/index.ts';
import { invoiceAdminRoutes, invoiceRoutes } from './invoices/index.ts';
import { groupAdminRoutes, groupRoutes } from './groups/index.ts';
import { homeRoutes } from './home/index.ts';
import { privacyRoutes } from './privacy/index.ts';
import { balanceOf, pointsAdminRoutes, pointsRoutes } from './points/index.ts';
import { statementAdminRoutes, statementRoutes } from './statements/index.ts';
import { requireAdminRoutes } from './require/index.ts';
import { catalogueAdminRoutes } from './catalogue/admin-routes.ts';
import { locationAdminRoutes } from './samples/locations-routes.ts';
import { reportTemplateAdminRoutes } from './reports/template-routes.ts';
import { promotionAdminRoutes, promotionRoutes } from './promotion/index.ts';
import { devPayRoutes, paymentNotifyRoutes, paymentRoutes, reconcileAdminRoutes } from './payments/index.ts';
import {
  auditCallsOf,
  staffAccess,
  staffAdminRoutes,
  staffOpenRoutes,
  staffRole,
  type AuditCalls,
} from './staff/index.ts';
import { customerAdminRoutes, customerRoutes } from './customers/index.ts';
import { devLoginRoutes } from './accounts/dev-login.ts';
import { bodyLimits } from './platform/http/body-limit.ts';
import { admission, type AdmissionOptions } from './platform/http/admission.ts';
import type { ApiEnv } from './platform/http/api-env.ts';
import { authGuard } from './accounts/index.ts';
import { auditedRecords } from './audited-records.ts';
import { calendarAdminRoutes } from './calendar/index.ts';
import { itemTurnaroundRoutes } from './catalogue/index.ts';
import { orderDueRoutes } from './orders/index.ts';
import { analyticsAdminRoutes } from './analytics/index.ts';
import {
  disposalAdminRoutes,
  disposalRoutes,
  sampleAdminRoutes,
  sampleLabelAdminRoutes,
  sampleLabelRoutes,
  sampleRoutes,
  sampleScanRoutes,
} from './samples/index.ts';
import { resultAdminRoutes } from './results/index.ts';
import { worklistAdminRoutes } from './worklist/index.ts';
import { reportAdminRoutes, reportRoutes } from './reports/index.ts';

/** See admission(): the pool of 10 connections, or the embedded database's single one. */
const POSTGRES_ADMISSION: AdmissionOptions = { slots: 64, maxWaitMs: 5000 };
const PGLITE_ADMISSION: AdmissionOptions = { slots: 16, maxWaitMs: 5000 };

/** The answer while the file store is down (HTTP 503 with Retry-After). */
const STORAGE_UNAVAILABLE = '文件服务暂时不可用，请稍后重试';

/** Requests slower than this are logged (with their id). */
const SLOW_MS = 2000;

/** What the asset centre shows of the orders and points, which pay through money (decision 0061). */
const assetNeighbours: AssetNeighbours = { orders: orderDirectory, pointsBalance: balanceOf };

// Request ids need to be unique, not secret: a random prefix per process and a counter, instead
// of reading the system's random source on every request (12% of user/info's CPU; decision 0068).
const requestIdPrefix = randomBytes(4).toString('hex');
let requestCount = 0;
const nextRequestId = () => `${requestIdPrefix}${(requestCount++).toString(16).padStart(8, '0')}`;

/** The whole HTTP API; tests call it in-process with app.request(). */
export function createApi(services: Services) {
  const app = new Hono<ApiEnv>();

  app.use(async (c, next) => {
    c.set('services', services);
    // A request id (the proxy's X-Request-Id when it sends a sane one) in the answer and in every
    // log line about the request, so one complaint can be followed through nginx and the app.
    const given = c.req.header('x-request-id');
    const id = given && /^[\w.-]{1,64}$/.test(given) ? given : nextRequestId();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    if (ms >= SLOW_MS)
      log('warn', 'slow request', {
        request_id: id,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms,
      });
  });

  // One query at a time on the embedded database: few calls at once, in arrival order.
  app.use('/api/*', admission(services.database.kind === 'pglite' ? PGLITE_ADMISSION : POSTGRES_ADMISSION));
  app.use('/api/*', bodyLimits);
  // Hot reads check the token in their own one statement, so they come before the guard.
  app.route('/', memberHotReadRoutes());
  app.route('/', homeRoutes());
  app.route('/', messageHotReadRoutes(orderDirectory));
  app.use('/api/auth/*', authGuard);
  app.use('/api/admin/*', authGuard, staffAccess(auditedRecords));

  app.route('/', siteRoutes());
  app.route('/', catalogueRoutes());
  app.route('/', contentRoutes());
  app.route('/', deviceRoutes());
  app.route('/', reservationOpenRoutes());
  app.route('/', accountOpenRoutes(giveWelcomeCoupons));
  app.route('/', wechatRoutes(recordWechatResults));
  app.route('/', staffOpenRoutes());
  app.route('/', paymentNotifyRoutes());
  app.route('/', mediaOpenRoutes());
  app.route('/', accountRoutes());
  app.route('/', memberRoutes(sceneDateOf));
  app.route('/', planRoutes());
  app.route('/', orderRoutes({ reservedDevice: reservedDeviceOf, sceneDateOf }));
  app.route('/', sampleRoutes());
  app.route('/', disposalRoutes());
  app.route('/', sampleLabelRoutes());
  app.route('/', reportRoutes());
  app.route('/', agreementRoutes());
  app.route('/', messageRoutes(orderDirectory));
  app.route('/', moneyRoutes(assetNeighbours));
  app.route('/', couponRoutes());
  app.route('/', invoiceRoutes());
  app.route('/', groupRoutes());
  app.route('/', privacyRoutes());
  app.route('/', customerRoutes());
  app.route('/', pointsRoutes());
  app.route('/', statementRoutes());
  app.route('/', promotionRoutes());
  app.route('/', paymentRoutes());
  app.route('/', fileRoutes(orderFiles));
  app.route('/', reservationRoutes());
  app.route('/', adminRoutes());
  app.route('/', operationsAdminRoutes());
  app.route('/', sampleAdminRoutes());
  app.route('/', sampleScanRoutes());
  app.route('/', disposalAdminRoutes());
  app.route('/', sampleLabelAdminRoutes());
  app.route('/', reportTemplateAdminRoutes());
  app.route('/', reportAdminRoutes());
  app.route('/', reservationAdminRoutes());
  app.route('/', moneyAdminRoutes(assetNeighbours));
  app.route('/', couponAdminRoutes());
  app.route('/', invoiceAdminRoutes());
  app.route('/', pointsAdminRoutes());
  app.route('/', statementAdminRoutes());
  app.route('/', groupAdminRoutes());
  app.route('/', fileAdminRoutes());
  app.route('/', promotionAdminRoutes());
  // The audit log names each call by its declaration: read from the routes once they are all in.
  let auditCalls: AuditCalls | undefined;
  app.route(
    '/',
    staffAdminRoutes(() => (auditCalls ??= auditCallsOf(apiRoutes(app))), customerMoneyRids),
  );
  app.route('/', customerAdminRoutes());
  app.route('/', notifyAdminRoutes(orderDirectory));
  app.route('/', requireAdminRoutes());
  app.route('/', catalogueAdminRoutes());
  app.route('/', locationAdminRoutes());
  app.route('/', reconcileAdminRoutes());
  app.route('/', resultAdminRoutes());
  app.route('/', worklistAdminRoutes());
  app.route('/', calendarAdminRoutes());
  app.route('/', itemTurnaroundRoutes());
  app.route('/', orderDueRoutes());
  app.route('/', analyticsAdminRoutes());
  app.route('/', devRoutes());
  app.route('/', devPayRoutes());
  app.route(
    '/',
    devLoginRoutes(async (s, userId) => (await staffRole(s.db, userId)) !== null),
  );

  // The contract of all the above, built once on first request (routes are fixed by then).
  let document: ReturnType<typeof openApiDocument> | undefined;
  let docsPage: ReturnType<typeof apiDocsPage> | undefined;
  const contractDocument = () => (document ??= openApiDocument(apiRoutes(app)));
  route(app, platformApi.openapi, (c) => c.json(contractDocument()));
  route(app, platformApi.docs, (c) => {
    const page = (docsPage ??= apiDocsPage(contractDocument()));
    return c.html(page.html, 200, { 'content-security-policy': page.policy, 'cache-control': 'no-cache' });
  });

  app.notFound((c) => c.json(failure('接口不存在', 'NO_SUCH_CALL'), 404));

  app.onError((error, c) => {
    if (error instanceof DomainError) {
      return c.json(failure(error.message, error.code), error.status);
    }
    if (error instanceof StorageUnavailableError) {
      log('warn', 'file storage unavailable', {
        request_id: c.get('requestId'),
        path: c.req.path,
        error: error.message,
      });
      return c.json(failure(STORAGE_UNAVAILABLE, 'UNAVAILABLE'), 503, { 'retry-after': '10' });
    }
    // The input layer keeps such values out; should one slip through, the client still gets an
    // answer about its request rather than a 500, and the log says where to close the gap.
    const where = { request_id: c.get('requestId'), method: c.req.method, path: c.req.path };
    if (isDataException(error) || isUniqueViolation(error)) {
      log('warn', 'refused by the database', { ...where, error: String(error) });
      return isUniqueViolation(error)
        ? c.json(failure('请勿重复提交', 'CONFLICT'), 409)
        : c.json(failure('请求参数超出允许范围', 'INVALID_INPUT'), 400);
    }
    log('error', 'unexpected error', {
      ...where,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return c.json(failure('服务器繁忙，请稍后再试', 'SERVER_ERROR'), 500);
  });

  return app;
}
