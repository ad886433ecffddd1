import { createServer, get as httpGet, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from '#server/platform/http/page-cache.ts';

// A real HTTP server whose "renderer" writes like Astro's node adapter (writeHead, chunks, end).
let renders = 0;
let server: Server;
let base = '';
const page = '<!doctype html><title>首页</title>' + '<p>检测服务</p>'.repeat(200);

beforeAll(async () => {
  const cache = createPageCache(60);
  server = createServer((req, res) =>
    cache(req, res, () => {
      renders++;
      const cacheControl = req.url!.startsWith('/private') ? 'no-store' : 'public, max-age=0, s-maxage=10';
      const status = req.url!.startsWith('/missing') ? 404 : 200;
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl });
      res.write(page.slice(0, 100));
      setTimeout(() => res.end(page.slice(100)), 5);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, encoding = 'gzip') =>
  fetch(base + path, { headers: { 'accept-encoding': encoding } });

describe('page cache', () => {
  it('renders a public page once and answers the same bytes from memory', async () => {
    const before = renders;
    const first = await get('/home', 'identity');
    const second = await get('/home', 'identity');
    expect(renders - before).toBe(1);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(await second.text()).toBe(page);
  });

  it('sends gzip to browsers that accept it, on a miss as on a hit', async () => {
    for (const expected of ['miss', 'hit']) {
      const res = await fetch(`${base}/zipped`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers.get('x-page-cache')).toBe(expected);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(await res.text()).toBe(page); // fetch decompresses
    }
    // The bytes on the wire, undecoded.
    const raw = await new Promise<Buffer>((resolve) =>
      httpGet(`${base}/zipped`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () => resolve(Buffer.concat(parts)));
      }),
    );
    expect(raw.length).toBeLessThan(page.length / 5);
    expect(gunzipSync(raw).toString()).toBe(page);
  });

  it('never keeps private pages or errors', async () => {
    const before = renders;
    await get('/private');
    await get('/private');
    const missing = await get('/missing');
    await get('/missing');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(page);
    expect(renders - before).toBe(4);
  });
});
