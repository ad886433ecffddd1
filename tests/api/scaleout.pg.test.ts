// The second shape of the product, end to end (issue 19): two app processes (`node src/server.ts`)
// on one PostgreSQL database with uploads in an S3-compatible store (s3rver), behind nginx from
// Debian's package, round robin without sticky sessions. A customer's whole journey runs through
// nginx while consecutive calls land on different processes; one process is stopped (SIGTERM)
// mid-journey with calls in flight, and the journey completes on the other. Then: nothing lost,
// the ledger sound, every background job run exactly once, a catalogue edit seen by every process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { ledgerProblems } from '#server/money/index.ts';
import { addDays } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';
import { AGREEMENT_VERSION } from '#shared/accounts/auth.ts';
import { createTempPgDatabase } from '../setup/pg.ts';
import { freePort, startServer, waitHealthy, type ServerProcess } from '../support/server-process.ts';
import { PNG } from '../support/orders.ts';
import { PROFILE } from '../factories/users.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const STAFF_PASSWORD = 'Scale-Out-Staff-2026';
const PASSWORD = 'Kettle-Lab-2026';
const BUCKET = 'lab-uploads';

type Envelope<T = Record<string, unknown>> = { code: number; msg: string; data: T };

const work = mkdtempSync(join(tmpdir(), 'scaleout-'));
const temp = await createTempPgDatabase(process.env.TEST_DATABASE_URL!);
const sql = new pg.Pool({ connectionString: temp.url, max: 2 });
let s3: S3rver;
let nginx: ChildProcess | undefined;
let origin = ''; // nginx
const apps: ServerProcess[] = [];
let database: Database;

/** nginx as docs/deploy.md sets it up (round robin here), in one foreground process that needs no root. */
function nginxConfig(port: number, upstreams: string[]) {
  return `
daemon off;
master_process off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  client_max_body_size 25m;
  upstream portal {
${upstreams.map((u) => `    server ${u} max_fails=2 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      # Which process answered: the test follows the round robin with it.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

beforeAll(async () => {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install nginx (the scale-out test runs it)');
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const s3Address = (await s3.run()) as AddressInfo;
  const env = {
    DATABASE_URL: temp.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'scaleout-data-')),
    STORAGE_PROVIDER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PATH_STYLE: 'true',
    STAFF_PASSWORD,
    SMS_PROVIDER: 'log',
    MAIL_PROVIDER: 'log',
    TRUST_PROXY: 'true',
  };
  // Started together on an empty database: they migrate and seed one after another.
  apps.push(...(await Promise.all([startServer(env), startServer(env)])));
  for (const app of apps) expect(await waitHealthy(app), app.output()).toBe(true);
  const port = await freePort();
  const conf = join(work, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig(
      port,
      apps.map((a) => new URL(a.url).host),
    ),
  );
  const checked = spawnSync(NGINX, ['-t', '-p', work, '-c', conf], { encoding: 'utf8' });
  expect(checked.status, checked.stderr).toBe(0);
  nginx = spawn(NGINX, ['-p', work, '-c', conf], { stdio: 'ignore' });
  origin = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 10_000; ;) {
    if ((await fetch(`${origin}/healthz`).catch(() => null))?.ok) break;
    if (Date.now() > until) throw new Error('nginx did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  database = await openDatabase({ url: temp.url });
}, 240_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await Promise.all(apps.map((a) => a.stop('SIGKILL')));
  await database?.close();
  await sql.end();
  await s3?.close();
  await temp.drop();
});

/** Which process answered each call through nginx, in order. */
const answeredBy: string[] = [];

async function send<T>(path: string, init: RequestInit, base = origin): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, init);
  const upstream = res.headers.get('x-upstream');
  // nginx lists every process it tried ("dead, live" when the first refused): the last one answered.
  if (upstream && base === origin) answeredBy.push(upstream.split(', ').at(-1)!);
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
}

const post = <T>(path: string, body: unknown, token?: string, base?: string) =>
  send<T>(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    },
    base,
  );

/** A call that must succeed; resolves its data. */
async function ok<T = Record<string, unknown>>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await post<T>(path, body, token);
  expect(res, `${path} ${JSON.stringify(res)}`).toMatchObject({ code: 1 });
  return res.data;
}

async function upload(path: string, token: string, file: Uint8Array, name: string, fields = {}) {
  const form = new FormData();
  form.set('file', new File([file as Uint8Array<ArrayBuffer>], name));
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  const res = await send<{ rid: string }>(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res, `${path} ${JSON.stringify(res)}`).toMatchObject({ code: 1 });
  return res.data;
}

async function smsCode(phone: string) {
  const { rows } = await sql.query<{ text: string }>(
    'select text from sms_outbox where phone = $1 order by id desc limit 1',
    [phone],
  );
  return /(\d{6})/.exec(rows[0]?.text ?? '')?.[1] ?? '';
}

/** Polls fn until it returns true (a background job, another process's cache), or fails. */
async function eventually(what: string, fn: () => Promise<boolean>, ms = 20_000) {
  for (const until = Date.now() + ms; !(await fn());) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('several processes behind nginx on PostgreSQL, uploads in S3', () => {
  it('carries a customer journey across processes, through the loss of one, losing nothing', async () => {
    const [a, b] = apps;
    // Registration and login: the code is sent by one process and checked by another.
    const phone = `136${String(Date.now()).slice(-8)}`;
    await ok('/api/open/code4sms', { phone, useFor: 0 });
    await ok('/api/open/sign', {
      phone,
      password: PASSWORD,
      code: await smsCode(phone),
      agreement_version: AGREEMENT_VERSION,
    });
    const { token } = await ok<{ token: string }>('/api/open/login', { account: phone, password: PASSWORD });
    await ok(
      '/api/auth/update4profile',
      {
        ...PROFILE,
        organization: 2,
        company: '某材料科技有限公司',
        company_leader: '王总',
        company_leader_phone: '13800002222',
        email: `u${phone}@example.com`,
      },
      token,
    );
    await ok(
      '/api/auth/address/add',
      {
        name: '王五',
        phone: '13912345678',
        province: '上海市',
        city: '上海市',
        area: '闵行区',
        address: '东川路800号',
        address_code: '310112',
      },
      token,
    );
    const info = await ok<{ address: { name: string }[] }>('/api/auth/user/info', {}, token);
    expect(info.address.map((x) => x.name)).toContain('王五');

    // The plan and an order from it.
    const items = await ok<{ list: { rid: string; quote_only: boolean }[] }>('/api/open/project/list', {
      typeId: 1,
      size: 20,
    });
    const itemRid = items.list.find((i) => !i.quote_only)!.rid;
    const detail = await ok<{
      options: { parameters: { name: string; required: boolean; choices: string[] }[] };
    }>('/api/open/project/detail', { rid: itemRid });
    const parameters = Object.fromEntries(
      detail.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
    );
    await ok('/api/auth/plan/add', { item_rid: itemRid, parameters }, token);
    expect((await ok<{ list: unknown[] }>('/api/auth/plan/list', {}, token)).list).toHaveLength(1);
    const placed = await ok<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: itemRid, parameters }], delivery: { type: 0 } },
      token,
    );
    const orderRid = placed.list[0].rid;

    // Staff quote it; the same staff edit an item's price, which every process shows at once.
    const staff = (
      await ok<{ token: string }>('/api/open/staff/login', {
        account: '13800000000',
        password: STAFF_PASSWORD,
      })
    ).token;
    expect(await ok('/api/admin/order/quote', { rid: orderRid, quoted_fen: 50_000 }, staff)).toMatchObject({
      status: 'unpaid',
    });
    const editedRid = items.list.find((i) => i.rid !== itemRid && !i.quote_only)!.rid;
    await ok('/api/admin/catalogue/item/edit', { rid: editedRid, price_fen: 123_400 }, staff);
    for (const app of [a, b])
      await eventually(`the new price on ${app.url}`, async () => {
        const seen = await post<{ price_fen: number }>(
          '/api/open/project/detail',
          { rid: editedRid },
          undefined,
          app.url,
        );
        return seen.data.price_fen === 123_400;
      });

    // A top-up by bank transfer: the voucher uploaded through one process, kept in S3, readable
    // from every process; finance approves it.
    const voucher = await upload('/api/auth/file/upload4pic', token, PNG, 'voucher.png');
    for (const app of [a, b]) {
      const res = await fetch(`${app.url}/api/auth/file/download/${voucher.rid}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, app.url).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    }
    const application = { amount_fen: 100_000, bonus_kind: 1, invoice_type: 0, payer: '某材料科技有限公司' };
    const prestore = await ok<{ rid: string }>('/api/auth/prestoreApply/add', application, token);
    await ok(
      '/api/auth/prestoreApply/edit',
      {
        rid: prestore.rid,
        ...application,
        voucher: {
          payer_name: '某材料科技有限公司',
          bank: '工商银行',
          serial: `SN${Date.now()}`,
          amount_fen: 100_000,
          paid_on: shanghaiDate(new Date()),
          file_rid: voucher.rid,
        },
      },
      token,
    );
    expect(await ok('/api/admin/prestore/approve', { rid: prestore.rid }, staff)).toMatchObject({
      status: 'credited',
    });

    // Consecutive calls so far went round the processes.
    const ports = apps.map((app) => new URL(app.url).host);
    expect(new Set(answeredBy)).toEqual(new Set(ports));
    expect(answeredBy.some((by, i) => i > 0 && by !== answeredBy[i - 1])).toBe(true);

    // One process is stopped while calls are in flight: every call is still answered.
    const inFlight = Array.from({ length: 20 }, () => post('/api/auth/user/info', {}, token));
    const stopped = b.stop('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.every((r) => r.code === 1)).toBe(true);
    expect(await stopped).toBe(0);
    answeredBy.length = 0;

    // The rest of the journey, on the process that is left.
    const paid = await ok<{ paid_fen: number }>(
      '/api/auth/web/order/pay',
      { rid: orderRid, idempotency_key: `pay-${orderRid}` },
      token,
    );
    expect(paid.paid_fen).toBe(50_000);
    // The same payment again (a retry through another route) charges nothing more.
    expect(
      (await post('/api/auth/web/order/pay', { rid: orderRid, idempotency_key: `pay-${orderRid}` }, token))
        .code,
    ).toBe(1);
    for (const step of ['receive', 'start']) await ok(`/api/admin/order/${step}`, { rid: orderRid }, staff);
    // The data goes out as a signed report (decision 0081): a technician's result, reviewed by the
    // administrator, who is the template's signatory and confirms the password before releasing.
    const techPhone = `137${String(Date.now()).slice(-8)}`;
    await ok('/api/open/code4sms', { phone: techPhone, useFor: 0 });
    await ok('/api/open/sign', {
      phone: techPhone,
      password: PASSWORD,
      code: await smsCode(techPhone),
      agreement_version: AGREEMENT_VERSION,
    });
    await ok('/api/admin/staff/save', { phone: techPhone, role: 'technician' }, staff);
    const tech = (
      await ok<{ token: string }>('/api/open/staff/login', { account: techPhone, password: PASSWORD })
    ).token;
    const admin = await ok<{ rid: string }>('/api/admin/me', {}, staff);
    await ok(
      '/api/admin/report/template/save',
      {
        lab_name: '科研检测服务平台实验室',
        address: '上海市闵行区东川路800号',
        phone: '021-00000000',
        accreditation: 'CNAS L0000',
        statements: [],
        signatories: [{ staff_rid: admin.rid, name: '赵签字', title: '授权签字人' }],
      },
      staff,
    );
    const { results } = await ok<{ results: { rid: string }[] }>(
      '/api/admin/result/list',
      { rid: orderRid },
      tech,
    );
    for (const r of results) {
      await ok(
        '/api/admin/result/save',
        { rid: r.rid, method: 'SOP-01', instrument: '分析仪', entries: [{ key: '_text', value: '合格' }] },
        tech,
      );
      await ok('/api/admin/result/submit', { rid: r.rid }, tech);
      await ok('/api/admin/result/review', { rid: r.rid, verdict: 'approve' }, staff);
    }
    await ok('/api/admin/staff/reauth', { password: STAFF_PASSWORD, purpose: 'sign' }, staff);
    await ok('/api/admin/report/release', { rid: orderRid }, staff);
    await ok('/api/admin/order/complete', { rid: orderRid }, staff);

    // An instrument booking.
    const device = await ok<{ rid: string }>(
      '/api/admin/device/add',
      {
        name: '扫描电镜（扩容测试）',
        model: 'SEM-1',
        category: '电子显微镜',
        location: '测试楼 101',
        price_fen: 30_000,
        price_unit: 'hour',
        min_minutes: 60,
        lead_hours: 24,
      },
      staff,
    );
    let day = addDays(shanghaiDate(new Date()), 3);
    while ([0, 6].includes(new Date(`${day}T12:00:00+08:00`).getUTCDay())) day = addDays(day, 1);
    const booked = await post(
      '/api/auth/reservation/add',
      { device_rid: device.rid, start: `${day}T09:30:00+08:00`, end: `${day}T10:30:00+08:00` },
      token,
    );
    expect(booked, JSON.stringify(booked)).toMatchObject({ code: 1 });
    expect(new Set(answeredBy)).toEqual(new Set([new URL(a.url).host]));

    // Nothing lost: the order completed and paid once, the top-up credited, the ledger sound.
    const order = await ok<{ status: string }>('/api/auth/order/detail', { rid: orderRid }, token);
    expect(order.status).toBe('completed');
    const { rows: pays } = await sql.query(
      `select count(*)::int as n from money_transfers where kind = 'payment'`,
    );
    expect(pays[0].n).toBe(1);
    expect(await ledgerProblems(database.db)).toEqual([]);

    // Every background job due by now (notifications of each step, the top-up's message; not the
    // periodic ones, nor the booking's reminder for the day before) ran exactly once, whichever
    // process's worker took it.
    const due = `unique_key is distinct from 'periodic:' || kind and run_at <= now() + interval '1 minute'`;
    await eventually('background jobs done', async () => {
      const { rows } = await sql.query(
        `select count(*)::int as n from jobs where ${due} and status in ('pending', 'running')`,
      );
      return rows[0].n === 0;
    });
    const { rows: jobs } = await sql.query<{ kind: string; status: string; attempts: number }>(
      `select kind, status, attempts from jobs where ${due}`,
    );
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.filter((j) => j.status !== 'done' || j.attempts !== 1)).toEqual([]);
    const { rows: mails } = await sql.query(
      `select "to", subject, count(*)::int as n from mail_outbox group by 1, 2 having count(*) > 1`,
    );
    expect(mails).toEqual([]);
  }, 240_000);
});
