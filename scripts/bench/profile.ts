// Where a request's time goes (issue 36, decision 0068): starts the built server with V8's CPU
// profiler on a fresh database (embedded PGlite, or PostgreSQL with --pg), loads one call at 50
// connections, then prints the CPU time by owner (PGlite's WASM, PGlite's JS, pg, drizzle, hono,
// our code, node internals, GC, idle), the event loop's use, and on PostgreSQL the statements
// per request. PROFILE_ORDERS (default 0; the lists want 10000) orders are placed first, as the
// bench places them. Usage: npx node scripts/bench/profile.ts [--pg] [--functions]
//   [user-info|home-data|messages|staff-list|order-list]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchAccount, post, staffLogin } from './accounts.ts';
import { freePort, start, stop, waitFor } from './process.ts';
import { orderRows } from './orders.ts';
import { createTempPgDatabase } from '../../tests/setup/pg.ts';

const STAFF_PASSWORD = 'Bench-Staff-2026';
const usePg = process.argv.includes('--pg');
const target = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'user-info';
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

type Node = { id: number; callFrame: { url: string; functionName: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Who owns a sampled frame: a package, our source, node itself, or V8's pseudo-frames. */
function ownerOf(frame: Node['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (garbage collector), (idle), (program)
    if (/^\$?[\w.]*wasm/i.test(functionName) || /^\$/.test(functionName)) return 'pglite (wasm)';
    return 'native/builtin';
  }
  if (url.startsWith('wasm://')) return 'pglite (wasm)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg === '@electric-sql/pglite' ? 'pglite (js)' : pkg;
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/dist/server/')) return 'astro bundle';
  if (url.includes('/src/')) return 'our code (src)';
  return 'other';
}

/** Self time per key of a sampled frame (its owner, or with --functions the function too). */
function summarise(profile: Profile, key: (frame: Node['callFrame']) => string): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const k = key(byId.get(id)!.callFrame);
    totals.set(k, (totals.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const functionKey = (frame: Node['callFrame']) =>
  `${ownerOf(frame)}: ${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-1)[0] ?? ''}`;

async function requestShape(origin: string): Promise<{ path: string; body: string; token: string }> {
  const staffTargets = new Set(['staff-list']);
  const token = staffTargets.has(target)
    ? await staffLogin(origin, '13800000000', STAFF_PASSWORD)
    : (await createBenchAccount(origin)).token;
  const shapes: Record<string, { path: string; body: unknown }> = {
    'user-info': { path: '/api/auth/user/info', body: {} },
    'home-data': { path: '/api/auth/web/home/data', body: {} },
    messages: { path: '/api/auth/message/list', body: { page: 1, size: 10 } },
    'order-list': { path: '/api/auth/order/list4person', body: { page: 1, size: 10 } },
    'staff-list': { path: '/api/admin/order/list', body: { page: 1, size: 20, status: 'awaiting_sample' } },
  };
  const shape = shapes[target];
  if (!shape) throw new Error(`unknown target ${target}: ${Object.keys(shapes).join(', ')}`);
  await post(origin, shape.path, shape.body, { authorization: `Bearer ${token}` });
  return { path: shape.path, body: JSON.stringify(shape.body), token };
}

async function statementsSoFar(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  await client.end();
  return Number(rows[0].n);
}

async function main() {
  const profDir = mkdtempSync(join(tmpdir(), 'profile-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'profile-data-'));
  const temp = usePg ? await createTempPgDatabase('postgres://postgres@127.0.0.1:5432/test') : undefined;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const server = (profiled: boolean) =>
    start(
      process.execPath,
      [...(profiled ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'src/server.ts'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        TRUST_PROXY: 'true',
        SMS_PROVIDER: 'log',
        STAFF_PASSWORD,
        DATA_DIR: dataDir,
        DATABASE_URL: temp?.url ?? '',
      },
      log,
    );
  let child = server(false);
  try {
    await waitFor(`${origin}/healthz`, 120_000);
    // The orders are placed by an unprofiled server; the profiled one then reads the same data.
    const orders = Number(process.env.PROFILE_ORDERS ?? 0);
    if (orders) await orderRows(origin, { orders, seconds: 1, staffPassword: STAFF_PASSWORD });
    await stop(child);
    child = server(true);
    await waitFor(`${origin}/healthz`, 120_000);
    const shape = await requestShape(origin);
    const before = temp ? await statementsSoFar(temp.url) : 0;
    const result = await autocannon({
      url: `${origin}${shape.path}`,
      method: 'POST',
      connections: 50,
      duration: SECONDS,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shape.token}` },
      body: shape.body,
    });
    const after = temp ? await statementsSoFar(temp.url) : 0;
    await stop(child);
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written; server log:\n${log.join('')}`);
    const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as Profile;
    const totals = summarise(profile, ownerOf);
    const all = totals.reduce((sum, [, us]) => sum + us, 0);
    const idle = totals.find(([owner]) => owner === '(idle)')?.[1] ?? 0;
    console.log(
      `${usePg ? 'PostgreSQL' : 'PGlite'} ${shape.path}: ${Math.round(result.requests.average).toLocaleString('en')} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx; event loop busy ${(100 * (1 - idle / all)).toFixed(0)}%`,
    );
    if (temp)
      console.log(
        `statements (transactions) per request: ${((after - before) / result.requests.total).toFixed(2)}`,
      );
    for (const [owner, us] of totals.filter(([, us]) => us / all >= 0.005))
      console.log(`  ${owner.padEnd(28)} ${((100 * us) / all).toFixed(1).padStart(5)}%`);
    if (process.argv.includes('--functions'))
      for (const [name, us] of summarise(profile, functionKey).slice(0, 40))
        console.log(`  ${((100 * us) / all).toFixed(1).padStart(5)}%  ${name}`);
  } finally {
    await stop(child);
    await temp?.drop();
    rmSync(profDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
