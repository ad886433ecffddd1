import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

type Entry = {
  expires: number;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzip: Buffer;
};

/**
 * Rendering an Astro page costs ten times more than answering it, so public server-rendered
 * pages (those whose Cache-Control says "public") are kept in memory for a few seconds and
 * answered from there, already gzipped for browsers that accept it. Pages carry no user data
 * (the token lives in the browser), so one copy serves everyone.
 */
export function createPageCache(ttlSeconds: number, maxEntries = 500) {
  const entries = new Map<string, Entry>();

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry) {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gzip : entry.body;
    res.writeHead(entry.status, {
      ...entry.headers,
      'content-length': body.length,
      vary: 'Accept-Encoding',
      'x-page-cache': 'hit',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function remember(key: string, res: ServerResponse) {
    let status = 200;
    let headers: OutgoingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const { writeHead, write, end } = res;
    res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
      status = code;
      const last = rest.at(-1);
      if (last && typeof last === 'object' && !Array.isArray(last)) headers = last as OutgoingHttpHeaders;
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, code, ...rest);
    } as typeof res.writeHead;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (chunk) chunks.push(Buffer.from(chunk as string));
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      const all = { ...res.getHeaders(), ...headers };
      const cacheControl = String(all['cache-control'] ?? '');
      if (res.statusCode === 200 && status === 200 && /\bpublic\b/.test(cacheControl) && !all['set-cookie']) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        const body = Buffer.concat(chunks);
        delete all['content-length'];
        delete all['transfer-encoding'];
        entries.set(key, {
          expires: Date.now() + ttlSeconds * 1000,
          status,
          headers: all,
          body,
          gzip: gzipSync(body),
        });
      }
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
  }

  return function handle(req: IncomingMessage, res: ServerResponse, render: () => void) {
    if (ttlSeconds <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return render();
    const key = req.url ?? '/';
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return send(req, res, hit);
    if (req.method === 'GET') remember(key, res);
    render();
  };
}
