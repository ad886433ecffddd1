// Production entry: one set of services, /api/* straight to Hono, static files from the build,
// everything else to Astro's node handler (middleware mode) with the services as locals.
import { existsSync, writeSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import sirv from 'sirv';
import { readEnv } from './lib/server/platform/env.ts';
import { openMigratedDatabase } from './lib/server/boot.ts';
import { loadContentStore } from './lib/server/content/index.ts';
import { createServices } from './lib/server/platform/services.ts';
import { createApi } from './lib/server/app.ts';
import { queueHealth, startJobWorker } from './lib/server/platform/jobs.ts';
import { JOB_HANDLERS, PERIODIC_JOBS } from './lib/server/jobs.ts';
import { ensureDemoStaff, isStaffToken } from './lib/server/staff/index.ts';
import { createPageCache } from './lib/server/platform/http/page-cache.ts';
import { watchCatalogue } from './lib/server/catalogue/index.ts';
import { watchCalendar } from './lib/server/calendar/index.ts';
import { DataDirLockedError } from './lib/server/platform/db/lock.ts';
import { devToolsBanner, isLocalRequest } from './lib/server/platform/http/dev-tools.ts';
import { prerenderedPageHeaders, setSecurityHeaders } from './lib/server/platform/http/security-headers.ts';
import type { Database } from './lib/server/platform/db/client.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = `${root}dist/client`;
const serverEntry = `${root}dist/server/entry.mjs`;

if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);
const env = readEnv();

if (!existsSync(serverEntry)) {
  console.error('找不到构建产物 dist/：请先运行 npm run build（或直接 npm start）。');
  process.exit(1);
}

let database: Database;
try {
  database = await openMigratedDatabase(env);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
const services = createServices(env, database, await loadContentStore(`${clientDir}/content/manifest.json`));
// Under the start-up lock, so processes starting together create the account once.
if (env.SEED_DEMO) await database.exclusive(() => ensureDemoStaff(services));
// Background jobs: order notifications (SMS, e-mail, in-system messages), reservation reminders.
const worker = startJobWorker(services, JOB_HANDLERS, { periodic: PERIODIC_JOBS });
const api = getRequestListener(createApi(services).fetch);
const { handler: astro } = (await import(serverEntry)) as {
  handler: (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => Promise<void>;
};
const pageCache = createPageCache(env.PAGE_CACHE_SECONDS);
// Catalogue edits empty the memo, and the pages built from it with it, in every process (decision 0035).
services.memo.onClear(pageCache.clear);
const catalogueWatch = watchCatalogue(services);
// The lab's calendar rows, fresh within 30 s in every process (decision 0079).
const calendarWatch = watchCalendar(services);
const prerenderedHeaders = prerenderedPageHeaders(`${root}dist/_headers.json`);
const statics = sirv(clientDir, {
  etag: true,
  gzip: true,
  brotli: true,
  setHeaders(res, pathname) {
    prerenderedHeaders(res, pathname);
    if (pathname.startsWith('/_astro/'))
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else if (pathname.startsWith('/upload/')) res.setHeader('Cache-Control', 'public, max-age=86400');
    else res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  },
});

/** How long in-flight requests may take to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 5_000;
/**
 * After SIGTERM the server keeps listening until no new connection has come for this long (at
 * most SHUTDOWN_LISTEN_MAX_MS): closing the listener resets every connection still waiting in
 * the kernel's accept queue, which a busy event loop has not taken yet (decision 0051).
 */
const SHUTDOWN_QUIET_MS = 250;
const SHUTDOWN_LISTEN_MAX_MS = 3_000;
let closing = false;
/**
 * What the database is and how the job queue stands is for monitoring on this machine and for
 * staff (a console session's token); anyone else learns only that the process is up.
 */
async function mayReadHealth(req: IncomingMessage): Promise<boolean> {
  const origin = { remoteAddress: req.socket.remoteAddress, header: (name: string) => headerOf(req, name) };
  if (isLocalRequest(env, origin)) return true;
  return isStaffToken(services, /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]);
}
const headerOf = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

async function health(req: IncomingMessage, res: ServerResponse) {
  try {
    if (closing) throw new Error('closing');
    await database.ping();
    const data = (await mayReadHealth(req))
      ? { database: database.kind, jobs: await queueHealth(database.db, Date.now()) }
      : null;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ code: 1, msg: 'ok', data }));
  } catch {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 0, msg: '数据库不可用', data: null }));
  }
}

// Answers not yet sent: once the listener is closed each becomes the last on its connection
// (Connection: close), so no client sends another request on a socket that is about to close.
const unsent = new Set<ServerResponse>();
let listening = true;
const server = createServer((req, res) => {
  if (!listening) res.setHeader('Connection', 'close');
  else {
    unsent.add(res);
    res.once('close', () => unsent.delete(res));
  }
  const url = req.url ?? '/';
  setSecurityHeaders(res, url);
  if (url.startsWith('/api/')) return void api(req, res);
  if (url === '/healthz' || url.startsWith('/healthz?')) return void health(req, res);
  // Every /admin address is the console's one prerendered shell; it routes on the client.
  if (/^\/admin(\/(?![^?]*\.[a-z0-9]+(\?|$))[^?]*)?(\?.*)?$/i.test(url)) req.url = '/admin/';
  const locals = { services, peer: req.socket.remoteAddress };
  statics(req, res, () => pageCache(req, res, () => void astro(req, res, undefined, locals)));
});
server.keepAliveTimeout = 65_000;
let lastConnectionAt = 0;
server.on('connection', () => {
  if (closing) lastConnectionAt = Date.now();
});

/**
 * Resolves once the accept queue looks empty: no new connection for SHUTDOWN_QUIET_MS (at most
 * SHUTDOWN_LISTEN_MAX_MS after the signal), checked from setImmediate, which runs right after a
 * poll phase has accepted whatever the kernel held (a timer fires before it, so a loop that was
 * busy has not yet looked).
 */
function acceptQueueDrained(): Promise<void> {
  const since = Date.now();
  lastConnectionAt = since;
  return new Promise((resolve) => {
    const check = () =>
      setImmediate(() => {
        const now = Date.now();
        if (now - lastConnectionAt >= SHUTDOWN_QUIET_MS || now - since >= SHUTDOWN_LISTEN_MAX_MS) resolve();
        else setTimeout(check, SHUTDOWN_QUIET_MS - (now - lastConnectionAt));
      });
    setTimeout(check, SHUTDOWN_QUIET_MS);
  });
}

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(`门户已启动: http://${env.HOST}:${port} (数据库: ${database.kind}，数据目录: ${env.DATA_DIR})`);
  const banner = devToolsBanner(env);
  if (banner) console.warn(banner);
});

/**
 * Answer what is queued, stop accepting, let in-flight requests finish (up to SHUTDOWN_GRACE_MS
 * after the listener closed), and only then stop the worker and close the database: closing it
 * earlier would fail the very requests being drained.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`收到 ${signal}，停止接收新请求，等待进行中的请求完成…`);
  // Answered as usual meanwhile, keep-alive included: a client told Connection: close now would
  // reconnect into the queue about to be closed.
  await acceptQueueDrained();
  // net.Server's close stops accepting without http.Server's immediate closeIdleConnections(),
  // which would reset keep-alive connections whose next request is already on its way. Those
  // requests are answered, each the last on its connection; connections still idle a second
  // later are closed, and whatever remains after the grace period is cut.
  const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  listening = false;
  for (const res of unsent) if (!res.headersSent) res.setHeader('Connection', 'close');
  const sweep = setInterval(() => server.closeIdleConnections(), 1_000);
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await drained;
  clearInterval(sweep);
  clearTimeout(force);
  catalogueWatch.stop();
  calendarWatch.stop();
  await worker.stop();
  await database.close();
  // Written synchronously: process.exit would drop a console.log still queued on a pipe.
  writeSync(1, '已关闭数据库，进程退出。\n');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
