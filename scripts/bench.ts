// npm run bench: build, start the production server on a fresh database, measure, print one table.
// Flags: --skip-build (reuse dist/), --orders-only (only the order rows). Env: BENCH_PORT (first
// port to try; three consecutive ports are used), BENCH_SECONDS (load duration per target,
// default 10), BENCH_BURST_SECONDS (the 200-connection burst, default 60), BENCH_ORDERS (orders
// placed on the embedded database, default 10,000), BENCH_PG_ORDERS (on PostgreSQL, default
// 100,000), BENCH_DATABASE_URL (PostgreSQL for the order rows; default
// postgres://postgres@127.0.0.1:5432/test when it answers). --skip-pg leaves PostgreSQL out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, measurePage, type PageReport } from './bench/pages.ts';
import { burst, compare, type LoadResult, type RequestShape } from './bench/load.ts';
import { createBenchAccount } from './bench/accounts.ts';
import { lighthouseScores } from './bench/lighthouse.ts';
import { freePort, start, stop, stopAll, waitFor } from './bench/process.ts';
import { orderRows, type OrderFigures } from './bench/orders.ts';
import { labelRows } from './bench/labels.ts';
import { sheetRows } from './bench/sheet.ts';
import { reportRows } from './bench/report.ts';
import { scanRows } from './bench/scan.ts';
import { verifyRows } from './bench/verify.ts';
import { turnaroundRows } from './bench/turnaround.ts';
import { revenueRows } from './bench/revenue.ts';
import { createTempPgDatabase } from '../tests/setup/pg.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const KB = 1024;
const ordersOnly = process.argv.includes('--orders-only');
const orderCount = Number(process.env.BENCH_ORDERS ?? 10_000);
const pgOrderCount = Number(process.env.BENCH_PG_ORDERS ?? 100_000);
const STAFF_PASSWORD = 'Bench-Staff-2026';
const burstSeconds = Number(process.env.BENCH_BURST_SECONDS ?? 60);
/** What a member page asks for: the account, the to-do panel, the header's messages. */
const MEMBER_PAGE_CALLS = [
  { path: '/api/auth/user/info' },
  { path: '/api/auth/web/home/data' },
  { path: '/api/auth/message/list', body: { page: 1, size: 10 } },
];
const PG_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test';

type Row = [measure: string, result: string, target: string, status: string];
const rows: Row[] = [];
const notes: string[] = [];
const pass = (ok: boolean) => (ok ? 'pass' : 'FAIL');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const step = (text: string) => console.log(`[bench] ${text}`);

/** Browsers always offer compression; the load test asks the way they do. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** The exact bytes and headers the server sends to such a client (still compressed). */
function rawGet(
  url: string,
  shape?: RequestShape,
): Promise<{ status: number; type: string; encoding: string; body: Buffer }> {
  const headers = {
    ...BROWSER_HEADERS,
    ...(shape ? { 'content-type': 'application/json', 'x-real-ip': '10.201.0.1', ...shape.headers } : {}),
    ...(shape?.tokens ? { authorization: `Bearer ${shape.tokens[0]}` } : {}),
  };
  return new Promise((resolve, reject) => {
    request(url, { method: shape ? 'POST' : 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          encoding: String(res.headers['content-encoding'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end(shape ? JSON.stringify(shape.body ?? {}) : undefined);
  });
}

/** An article id: a prerendered page in the build, else the first news item from the API. */
async function findArticle(origin: string): Promise<string | undefined> {
  const dir = 'dist/client/article';
  if (existsSync(dir)) {
    const entry = readdirSync(dir, { withFileTypes: true }).find(
      (e) => e.isDirectory() || e.name.endsWith('.html'),
    );
    if (entry) return `/article/${entry.name.replace(/\.html$/, '')}`;
  }
  try {
    const res = await fetch(`${origin}/api/open/web/news/list4index`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, size: 1 }),
    });
    const json = (await res.json()) as { data?: { list?: { rid?: string }[] } };
    const rid = json.data?.list?.[0]?.rid;
    if (rid) return `/article/${rid}`;
  } catch {
    // no news API yet
  }
  return undefined;
}

function pageRows(name: string, report: PageReport, jsBudget: number) {
  if (report.status !== 200) {
    rows.push([`${name}: page`, `HTTP ${report.status}`, '200', 'FAIL']);
    return;
  }
  rows.push([
    `${name}: JS shipped (gzip, ${report.scripts.length} files)`,
    kb(report.jsGzip),
    `<= ${jsBudget} KB`,
    pass(report.jsGzip <= jsBudget * KB),
  ]);
  rows.push([
    `${name}: web fonts fetched`,
    String(report.fonts.length),
    '0',
    pass(report.fonts.length === 0),
  ]);
  rows.push([
    `${name}: <img> without width/height`,
    `${report.imagesWithoutSize.length} of ${report.images}`,
    '0',
    pass(report.imagesWithoutSize.length === 0),
  ]);
  for (const src of report.imagesWithoutSize.slice(0, 5)) notes.push(`${name}: unsized image ${src}`);
  for (const f of report.fonts.slice(0, 5)) notes.push(`${name}: font fetched ${f}`);
}

async function main() {
  const started = Date.now();
  if (!process.argv.includes('--skip-build') || !existsSync('dist/server/entry.mjs')) {
    step('building (npm run build)…');
    const build = spawnSync('npm', ['run', 'build'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (build.status !== 0) {
      console.error(build.stdout.slice(-4000), build.stderr.slice(-4000));
      throw new Error('npm run build failed');
    }
  }

  step(`rendering the labels PDF of 96 samples in both formats…`);
  const labels = await labelRows();
  rows.push(...labels.rows);
  notes.push(...labels.notes);
  step(`checking a 500-row sample sheet…`);
  const sheet = await sheetRows();
  rows.push(...sheet.rows);
  notes.push(...sheet.notes);
  step(`rendering and signing the 30-row test report 20 times…`);
  const report = await reportRows();
  rows.push(...report.rows);
  notes.push(...report.notes);

  const appPort = await freePort(basePort);
  const barePort = await freePort(basePort ? basePort + 1 : undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const work = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const origin = `http://127.0.0.1:${appPort}`;
  const serverLog: string[] = [];
  try {
    step(`starting node src/server.ts on ${origin} with DATA_DIR=${dataDir}…`);
    await startApp(appPort, { DATA_DIR: dataDir, DATABASE_URL: '' }, serverLog);
    if (!ordersOnly) await siteRows(origin, work, barePort, basePort);
    await orderSection('embedded PGlite', origin, orderCount, { list: 200, staffList: 300 });
    await burstRows('embedded PGlite', origin, 1000);
    if (!process.argv.includes('--skip-pg'))
      await postgresSection(ordersOnly ? undefined : barePort, basePort);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  printTable(started);
}

/** The production server on `port` with the bench settings; resolves when /healthz answers. */
async function startApp(port: number, env: Record<string, string>, log: string[]) {
  const child = start(
    process.execPath,
    ['src/server.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // The account rows simulate many clients through X-Real-IP, as behind nginx.
      TRUST_PROXY: 'true',
      SMS_PROVIDER: 'log',
      STAFF_PASSWORD,
      ...env,
    },
    log,
  );
  await waitFor(`http://127.0.0.1:${port}/healthz`, 120_000).catch((error) => {
    console.error(log.join(''));
    throw error;
  });
  return child;
}

async function siteRows(origin: string, work: string, barePort: number, basePort?: number) {
  const article = await findArticle(origin);
  if (!article)
    notes.push('no article found (no dist/client/article/* and no news from the API): article rows skipped');

  // (a) what the browser fetches
  step('loading pages in Chromium…');
  const browser = await launchBrowser();
  try {
    const home = await measurePage(browser, `${origin}/`);
    pageRows('home', home, 90);
    if (home.status === 200) {
      rows.push([
        'home: total transfer, first load',
        kb(home.transfer),
        '<= 350 KB',
        pass(home.transfer <= 350 * KB),
      ]);
      notes.push(
        `home first load at 1280x800: ${home.requests} requests; ${home.imagesLoaded} of ${home.images} images loaded (lazy images below the fold wait for scrolling)`,
      );
    }
    if (article) pageRows('article', await measurePage(browser, `${origin}${article}`), 20);
  } finally {
    await browser.close();
  }

  // (c) Lighthouse, before the load test heats anything
  step('Lighthouse (mobile)…');
  const targets: Record<string, string> = { home: `${origin}/` };
  if (article) targets.article = `${origin}${article}`;
  const { scores, metrics } = await lighthouseScores(targets, basePort ? basePort + 2 : undefined);
  for (const [name, score] of Object.entries(scores)) {
    if (typeof score === 'number')
      rows.push([`${name}: Lighthouse mobile performance`, String(score), '100', pass(score >= 100)]);
    else {
      rows.push([`${name}: Lighthouse mobile performance`, 'not run', '100', 'n/a']);
      notes.push(`Lighthouse ${name}: ${score}`);
    }
  }
  for (const [name, line] of Object.entries(metrics)) notes.push(`Lighthouse ${name}: ${line}`);

  // (b) throughput beside the bare server
  const account = await createBenchAccount(origin);
  const paths: { name: string; path: string; target?: number; p99?: number; shape?: RequestShape }[] = [
    { name: 'GET /', path: '/', target: 0.25 },
    ...(article ? [{ name: `GET ${article}`, path: article }] : []),
    { name: 'GET /api/open/web/index', path: '/api/open/web/index', target: 0.3 },
    // argon2id (19 MiB, t=2) per login is the point of this row: it is CPU-bound by design.
    {
      name: 'POST /api/open/login (password)',
      path: '/api/open/login',
      shape: { body: { account: account.phone, password: account.password }, rotateIp: true },
    },
    {
      name: 'POST /api/auth/user/info',
      path: '/api/auth/user/info',
      target: 0.1,
      p99: 100,
      shape: { body: {}, tokens: await memberTokens(origin, account.token) },
    },
  ];
  const manifest: Record<string, { type: string; encoding: string; file: string }> = {};
  const live: typeof paths = [];
  for (const [i, p] of paths.entries()) {
    await rawGet(`${origin}${p.path}`, p.shape); // the first answer fills the page cache
    const res = await rawGet(`${origin}${p.path}`, p.shape);
    if (res.status !== 200) {
      rows.push([`${p.name}: status`, `HTTP ${res.status}`, '200', 'FAIL']);
      continue;
    }
    const file = join(work, `body-${i}`);
    writeFileSync(file, res.body);
    manifest[p.path] = { type: res.type, encoding: res.encoding, file };
    notes.push(
      `${p.name}: ${kb(res.body.length)} per response${res.encoding ? ` (${res.encoding})` : ' (uncompressed)'}`,
    );
    live.push(p);
  }
  writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest));
  start(process.execPath, ['scripts/bench/bare.ts', String(barePort), join(work, 'manifest.json')], {}, []);
  await waitFor(`http://127.0.0.1:${barePort}/`, 10_000).catch(() => undefined);
  for (const p of live) {
    step(`load ${p.name}: app and bare server, ${seconds} s each at 50 connections…`);
    const { app, bare } = await compare(
      `${origin}${p.path}`,
      `http://127.0.0.1:${barePort}${p.path}`,
      seconds,
      p.shape,
    );
    const ratio = bare.rps ? app.rps / bare.rps : 0;
    rows.push([
      `${p.name}: app`,
      loadText(app),
      p.p99 ? `p99 <= ${p.p99} ms` : '',
      p.p99 ? pass(app.p99 <= p.p99) : '',
    ]);
    rows.push([`${p.name}: bare node:http, same bytes`, loadText(bare), '', '']);
    rows.push([
      `${p.name}: ratio app/bare`,
      ratio.toFixed(2),
      p.target ? `>= ${p.target}` : '(reported)',
      p.target ? pass(ratio >= p.target && app.non2xx === 0) : '',
    ]);
  }
}

const loadText = (r: LoadResult) =>
  `${Math.round(r.rps).toLocaleString('en')} req/s, p99 ${r.p99} ms${r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`;

/** The order rows; `p99` are the list targets (ms) of issue 36. */
async function orderSection(
  label: string,
  origin: string,
  count: number,
  p99: { list: number; staffList: number },
) {
  step(`sample/scan on ${label}: placing sample orders, scanning every sample once…`);
  const scan = await scanRows(origin, STAFF_PASSWORD);
  rows.push([
    `${label}: sample/scan p99 (${scan.scanned} samples received, 10 connections)`,
    `${Math.round(scan.p99)} ms (${Math.round(scan.rps)}/s)`,
    'p99 <= 300 ms',
    pass(scan.p99 <= 300 && scan.failed === 0),
  ]);
  for (const s of scan.samples) notes.push(`sample/scan failed: ${s}`);
  step(`report/verify on ${label}: one report released, looked up at 50 connections for ${seconds} s…`);
  const verify = await verifyRows(origin, STAFF_PASSWORD, seconds);
  rows.push([
    `${label}: report/verify p99 (50 connections, answers ${verify.state || 'none'})`,
    `${Math.round(verify.p99)} ms (${Math.round(verify.rps)}/s)`,
    'p99 <= 100 ms',
    pass(verify.p99 <= 100 && verify.failed === 0),
  ]);
  notes.push(...verify.notes);
  step(`orders on ${label}: placing ${count.toLocaleString('en')} orders, quoting, paying, listing…`);
  const f: OrderFigures = await orderRows(origin, {
    orders: count,
    seconds,
    staffPassword: STAFF_PASSWORD,
  });
  const ms = (v: number) => `${Math.round(v)} ms`;
  const per = (v: number) => `${Math.round(v).toLocaleString('en')}/s`;
  rows.push([
    `${label}: order/add (placement)`,
    `${per(f.placeRps)}, p99 ${ms(f.placeP99)}`,
    '(reported)',
    '',
  ]);
  rows.push([`${label}: staff quote`, per(f.quoteRps), '(reported)', '']);
  rows.push([
    `${label}: web/order/pay from balance`,
    `${per(f.payRps)}, p99 ${ms(f.payP99)}`,
    '(reported)',
    '',
  ]);
  rows.push([
    `${label}: transferApply/add (cash, two accounts locked)`,
    `${per(f.transferRps)}, p99 ${ms(f.transferP99)}`,
    '(reported)',
    '',
  ]);
  rows.push([
    `${label}: order/list4person p99, ${f.totalOrders.toLocaleString('en')} orders in DB`,
    `${ms(f.listP99)} (${per(f.listRps)})`,
    `p99 <= ${p99.list} ms`,
    pass(f.listP99 <= p99.list),
  ]);
  rows.push([
    `${label}: staff order/list by status p99`,
    `${ms(f.staffListP99)} (${per(f.staffListRps)})`,
    `p99 <= ${p99.staffList} ms`,
    pass(f.staffListP99 <= p99.staffList),
  ]);
  rows.push([
    `${label}: staff order/list search by customer name/phone/organisation p99 (10 connections)`,
    `${ms(f.searchP99)} (${per(f.searchRps)})`,
    'p99 <= 100 ms',
    pass(f.searchP99 <= 100),
  ]);
  notes.push(
    `${label}: ${f.placed.toLocaleString('en')} orders placed at 50 connections by 4 customers (1 in 5 enterprise); ${f.paid.toLocaleString('en')} enterprise orders quoted, then each paid once (bonus first, then cash, one balanced movement each); ${f.transfers.toLocaleString('en')} transfers around a ring of the 4 customers`,
  );
  for (const p of f.problems) notes.push(`${label}: ${p}`);
}

/**
 * The same order rows on PostgreSQL, in a temporary database dropped afterwards; then its
 * authenticated read beside the bare server (when one runs) and the burst.
 */
async function postgresSection(barePort: number | undefined, basePort?: number) {
  const url = process.env.BENCH_DATABASE_URL ?? PG_DEFAULT;
  let temp: Awaited<ReturnType<typeof createTempPgDatabase>>;
  try {
    temp = await createTempPgDatabase(url);
  } catch (error) {
    notes.push(`PostgreSQL rows skipped: ${url} not usable (${(error as Error).message})`);
    return;
  }
  const port = await freePort(basePort ? basePort + 3 : undefined);
  const log: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pg-files-')); // uploads only
  const origin = `http://127.0.0.1:${port}`;
  try {
    step(`starting a second server on PostgreSQL (${temp.url})…`);
    const child = await startApp(port, { DATABASE_URL: temp.url, DATA_DIR: dataDir }, log);
    // The read on a settled database, as the embedded one's row is measured: right after the
    // order rows PostgreSQL is still vacuuming and checkpointing 10,000 orders.
    if (barePort) await authenticatedReadRows('PostgreSQL', origin, barePort);
    await orderSection('PostgreSQL', origin, pgOrderCount, { list: 100, staffList: 100 });
    await burstRows('PostgreSQL', origin);
    await stop(child);
  } finally {
    await temp.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  step(`the turnaround report over ${pgOrderCount.toLocaleString('en')} received orders…`);
  const turnaround = await turnaroundRows(url, pgOrderCount);
  rows.push(...turnaround.rows);
  notes.push(...turnaround.notes);
  step(`the revenue and utilisation reports over ${pgOrderCount.toLocaleString('en')} paid orders…`);
  const revenue = await revenueRows(url, pgOrderCount);
  rows.push(...revenue.rows);
  notes.push(...revenue.notes);
}

/** user/info at 50 connections beside the bare server answering the same bytes (issue 19). */
async function authenticatedReadRows(label: string, origin: string, barePort: number) {
  step(
    `load POST /api/auth/user/info on ${label}: app and bare server, ${seconds} s each at 50 connections…`,
  );
  const account = await createBenchAccount(origin);
  const shape = { body: {}, tokens: await memberTokens(origin, account.token) };
  const path = '/api/auth/user/info';
  const { app, bare } = await compare(
    `${origin}${path}`,
    `http://127.0.0.1:${barePort}${path}`,
    seconds,
    shape,
  );
  const ratio = bare.rps ? app.rps / bare.rps : 0;
  rows.push([
    `${label}: user/info app`,
    loadText(app),
    'p99 <= 20 ms',
    pass(app.p99 <= 20 && app.non2xx === 0),
  ]);
  rows.push([`${label}: user/info bare node:http, same bytes`, loadText(bare), '', '']);
  rows.push([`${label}: user/info ratio app/bare`, ratio.toFixed(2), '>= 0.2', pass(ratio >= 0.2)]);
}

/** 16 members' tokens (the first given): user/info is read for many, not one member over and over. */
async function memberTokens(origin: string, first: string): Promise<string[]> {
  const tokens = [first];
  while (tokens.length < 16) tokens.push((await createBenchAccount(origin)).token);
  return tokens;
}

/** Member pages' calls from 200 clients at once for a minute: every one must be answered. */
async function burstRows(label: string, origin: string, p99Target?: number) {
  step(`${label}: member-page calls from 200 connections for ${burstSeconds} s…`);
  const tokens = [];
  for (let i = 0; i < 8; i++) tokens.push((await createBenchAccount(origin)).token);
  const r = await burst(origin, MEMBER_PAGE_CALLS, tokens, 200, burstSeconds);
  rows.push([
    `${label}: user/info, web/home/data, message/list at 200 connections, ${burstSeconds} s`,
    `${Math.round(r.rps).toLocaleString('en')} req/s, p99 ${r.p99} ms, max ${r.max} ms; ${r.errors} errors, ${r.non2xx} non-2xx of ${r.total.toLocaleString('en')}`,
    `0 errors, 0 non-2xx${p99Target ? `, p99 <= ${p99Target} ms` : ''}`,
    pass(r.errors === 0 && r.non2xx === 0 && (!p99Target || r.p99 <= p99Target)),
  ]);
}

function printTable(started: number) {
  const header: Row = ['Measure', 'Result', 'Target', 'Status'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const line = (r: Row) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  const [load1] = loadavg();
  if (load1 > availableParallelism())
    notes.push(
      `machine busy: load average ${load1.toFixed(1)} on ${availableParallelism()} cores; absolute numbers (and Lighthouse TBT) suffer, ratios less`,
    );
  notes.push(
    'load: app and bare server alternate in four rounds of a quarter of the time each; p99 is the worse round',
  );
  for (const n of notes) console.log(`note: ${n}`);
  console.log(
    `\n${rows.filter((r) => r[3] === 'FAIL').length} of ${rows.filter((r) => r[3] === 'pass' || r[3] === 'FAIL').length} targets missed; took ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
try {
  await main();
} catch (error) {
  console.error(`[bench] ${(error as Error).message}`);
  await stopAll();
  process.exitCode = 1;
}
