import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

type Rendered = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** Present when the body is worth compressing (text, over 1 KB). */
  gzip?: Buffer;
};
type Entry = Rendered & { expires: number };

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
const compressible = (headers: OutgoingHttpHeaders) =>
  /^(text\/|application\/(json|xml|javascript))/.test(String(headers['content-type'] ?? ''));

function deliver(req: IncomingMessage, res: ServerResponse, page: Rendered, cache: 'hit' | 'miss') {
  const gzip = page.gzip && acceptsGzip(req);
  const body = gzip ? page.gzip! : page.body;
  // A page's own Vary (the plan page's User-Agent, decision 0096) is kept beside Accept-Encoding.
  const { vary: own, Vary: ownCapital, ...headers } = page.headers;
  const vary = [own ?? ownCapital, page.gzip ? 'Accept-Encoding' : ''].filter(Boolean).join(', ');
  res.writeHead(page.status, {
    ...headers,
    'content-length': body.length,
    'x-page-cache': cache,
    ...(vary ? { vary } : {}),
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Rendering an Astro page costs ten times more than answering it, so public server-rendered
 * pages (those whose Cache-Control says "public") are kept in memory for a few seconds and
 * answered from there. Pages carry no user data (the token lives in the browser), so one copy
 * serves everyone. Rendered pages are small, so a GET is buffered whole and sent gzipped to
 * browsers that accept it, on a miss as on a hit.
 */
export function createPageCache(ttlSeconds: number, maxEntries = 500) {
  const entries = new Map<string, Entry>();

  /** Collects what Astro writes, then answers (and maybe remembers) it in one piece. */
  function capture(req: IncomingMessage, res: ServerResponse, key: string) {
    let status = 200;
    let written: OutgoingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const { writeHead, write, end } = res;
    const restore = () => Object.assign(res, { writeHead, write, end });

    res.writeHead = function (code: number, ...rest: unknown[]) {
      status = code;
      const last = rest.at(-1);
      if (last && typeof last === 'object' && !Array.isArray(last)) written = last as OutgoingHttpHeaders;
      return res;
    } as typeof res.writeHead;
    res.write = function (chunk: unknown) {
      if (chunk) chunks.push(Buffer.from(chunk as string));
      return true;
    } as typeof res.write;
    res.end = function (chunk?: unknown) {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      restore();
      const headers: OutgoingHttpHeaders = { ...res.getHeaders(), ...written };
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      const body = Buffer.concat(chunks);
      const page: Rendered = {
        status,
        headers,
        body,
        gzip: compressible(headers) && body.length > 1024 ? gzipSync(body) : undefined,
      };
      const cacheable =
        ttlSeconds > 0 && status === 200 && /\bpublic\b/.test(String(headers['cache-control'] ?? ''));
      if (cacheable && !headers['set-cookie']) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { ...page, expires: Date.now() + ttlSeconds * 1000 });
      }
      deliver(req, res, page, 'miss');
      return res;
    } as typeof res.end;
  }

  function handle(req: IncomingMessage, res: ServerResponse, render: () => void) {
    if (req.method !== 'GET') return render();
    const key = req.url ?? '/';
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return deliver(req, res, hit, 'hit');
    capture(req, res, key);
    render();
  }
  /** Forgets every page: the catalogue changed (decision 0035). */
  handle.clear = () => entries.clear();
  return handle;
}
