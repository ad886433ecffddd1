// The real server process (node src/server.ts), on PGlite or, with TEST_DATABASE_URL, on a fresh
// PostgreSQL database: hostile addresses to every kind of page, oversized bodies of every
// content type, and the security headers on pages, API answers and static files.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTempPgDatabase } from '../setup/pg.ts';
import { seededDataDir, startServer, waitHealthy } from '../support/server-process.ts';

const pg = process.env.TEST_DATABASE_URL ? await createTempPgDatabase(process.env.TEST_DATABASE_URL) : null;
const server = await startServer({
  DATA_DIR: seededDataDir('portal-hostile-'),
  ...(pg ? { DATABASE_URL: pg.url } : {}),
  STAFF_PASSWORD: 'Hostile-Test-Pass-1',
});
afterAll(async () => {
  await server.stop('SIGKILL');
  await pg?.drop();
});
expect(await waitHealthy(server)).toBe(true);

const home = (await (await fetch(`${server.url}/api/open/web/index`)).json()) as {
  data: { hotItems: { rid: string }[] };
};
const itemRid = home.data.hotItems[0]?.rid ?? 'x';

/** Every kind of page, with the parts of its address a visitor controls marked `{}`. */
const PAGES = [
  '/?{}',
  '/search?kw={}',
  '/search?kw=x&page={}',
  '/detail/{}',
  `/detail/${itemRid}?{}`,
  '/device/{}',
  '/device?kw={}&page={}',
  '/project?kw={}',
  '/project/{}',
  '/project/1/{}?childId={}&page={}',
  '/list/news/{}',
  '/list/{}',
  '/list/thanks/{}',
  '/article/{}',
  '/about/{}',
  '/invited/{}',
  '/televised?page={}',
  '/require?{}',
  '/member/order?status={}',
  '/member/center?{}',
  '/experiment/plan?{}',
  '/experiment/demand?rid={}',
  '/experiment/contract?rid={}',
  '/dev/outbox?phone={}',
  '/dev/wechat?ticket={}',
  '/{}',
];

const hostilePart = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%FF%FE',
    '%',
    '%zz',
    '..%2F..%2Fetc%2Fpasswd',
    '2147483648',
    '-1',
    '99999999999999999999',
    '%3Cscript%3E',
    "'%20OR%201=1",
    '',
    '%E2%80%AE',
    'x'.repeat(3000),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
);

describe('hostile addresses to every kind of page', () => {
  it('never answer 5xx', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAGES),
        fc.array(hostilePart, { minLength: 3, maxLength: 3 }),
        async (page, parts) => {
          let i = 0;
          const path = page.replace(/\{\}/g, () => parts[i++ % parts.length]);
          const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, path).toBeLessThan(500);
        },
      ),
      { numRuns: 600 },
    );
    console.log(
      `page fuzz: ${PAGES.length} page kinds, 600 requests (${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')})`,
    );
  }, 300_000);

  it('a NUL in the address leads to the same page without it', async () => {
    const res = await fetch(`${server.url}/search?kw=%00`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/search?kw=');
    expect((await fetch(`${server.url}/detail/%00`, { redirect: 'manual' })).status).toBe(301);
  });
});

describe('security headers', () => {
  const common = {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };

  it('on pages (on-demand, prerendered, 404): hashed scripts only, no framing', async () => {
    for (const path of [
      '/',
      '/search?kw=x',
      `/detail/${itemRid}`,
      '/about/profile',
      '/member/center',
      '/nothing',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      await res.arrayBuffer();
      expect(Object.fromEntries(Object.keys(common).map((k) => [k, res.headers.get(k)])), path).toEqual(
        common,
      );
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("frame-ancestors 'none'");
      const scripts = policy.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scripts, path).toMatch(/^\s*script-src 'self'( 'sha256-[^']+')+\s*$/);
    }
  });

  it('a revalidated prerendered page (304) never replaces its policy with a hashless one', async () => {
    const first = await fetch(`${server.url}/about/profile`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/about/profile`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect([null, first.headers.get('content-security-policy')]).toContain(
      again.headers.get('content-security-policy'),
    );
  });

  it('on API answers: no-store, and nothing may run from them', async () => {
    for (const [method, path] of [
      ['GET', '/api/open/web/index'],
      ['POST', '/api/open/login'],
      ['POST', '/api/auth/user/info'],
      ['POST', '/api/admin/order/list'],
    ]) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('on static files', async () => {
    const res = await fetch(`${server.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/** Streams `total` bytes (1 MB chunks; chunked unless withLength) until the server answers. */
function streamBody(path: string, contentType: string, total: number, withLength = false) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    let answered = false;
    const req = request(`${server.url}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': contentType, ...(withLength ? { 'content-length': String(total) } : {}) },
    });
    let status = 0;
    let body = '';
    const done = () => resolve({ status, body, sent });
    req.on('response', (res) => {
      answered = true;
      status = res.statusCode ?? 0;
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        done();
        req.destroy();
      });
      res.on('error', done);
    });
    // Once the answer is out, the server reads (and drops) at most 64 MB more of a refused body
    // before closing the connection: a reset then is expected, not a failure.
    req.on('error', (e) => (answered || sent > 0 ? undefined : reject(e)));
    req.on('close', done);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const rssMb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024;

describe('bodies are bounded whatever their type', () => {
  const big = 200 * 1024 * 1024;
  let rssBefore = 0;
  beforeAll(() => {
    rssBefore = rssMb();
  });
  it.each([
    ['multipart/form-data; boundary=x', '/api/open/login'],
    ['application/json', '/api/open/login'],
    ['application/x-www-form-urlencoded', '/api/open/sign'],
    ['application/octet-stream', '/api/open/project/list'],
    ['multipart/form-data; boundary=x', '/api/auth/file/upload4file'],
  ])(
    'a 200 MB %s body to %s is refused after a few MB, chunked or not',
    async (type, path) => {
      for (const withLength of [false, true]) {
        const res = await streamBody(path, type, big, withLength);
        // Either the envelope's refusal, or (when the server closes the connection on the unread
        // rest while the client is still sending, and the client's TCP stack drops the answer with
        // the reset) no answer at all; what matters is that the body was never read in full.
        if (res.status !== 0) {
          expect([401, 413, 415], res.body).toContain(res.status);
          expect(JSON.parse(res.body)).toMatchObject({ code: 0 });
        }
        // Refused long before the end: at most the largest upload (20 MB) was read.
        expect(res.sent).toBeLessThan(64 * 1024 * 1024);
      }
    },
    60_000,
  );

  it('an oversized JSON body gets 413 in the envelope', async () => {
    const res = await fetch(`${server.url}/api/open/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 0, msg: '请求数据过大', data: { error: 'BODY_TOO_LARGE' } });
  });

  it('a multipart body to a JSON call is refused unread', async () => {
    const form = new FormData();
    form.set('account', '13800000000');
    const res = await fetch(`${server.url}/api/open/login`, { method: 'POST', body: form });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      code: 0,
      msg: '请求数据格式错误，请提交 JSON',
      data: { error: 'UNSUPPORTED_BODY' },
    });
  });

  it('the server is still well after all that, its memory grown by far less than one body', () => {
    expect(rssMb() - rssBefore).toBeLessThan(120);
    expect(server.child.exitCode).toBe(null);
  });
});
