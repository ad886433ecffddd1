// Throughput beside a bare node:http server answering the same bytes. The machine has two
// cores (one for the server under test, one for the load generator) and is often shared, so
// the app and the bare server take turns in short rounds: a burst of other work then costs
// both sides alike instead of whichever happened to run at that moment.
import autocannon from 'autocannon';
import { Agent, request as httpRequest } from 'node:http';

export type LoadResult = { rps: number; p99: number; errors: number; non2xx: number };

// Sent to both servers alike, as a browser would.
const headers = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * A POST with a JSON body; `rotateIp` gives every request its own X-Real-IP (many clients),
 * `tokens` makes the requests take turns with these bearer tokens (many members).
 */
export type RequestShape = {
  body?: unknown;
  headers?: Record<string, string>;
  rotateIp?: boolean;
  tokens?: string[];
};

let ipCounter = 0;
let turn = 0;
const nextIp = () => {
  ipCounter = (ipCounter + 1) % 16_000_000;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function once(url: string, seconds: number, shape?: RequestShape): Promise<LoadResult> {
  const request = shape && {
    method: 'POST',
    body: JSON.stringify(shape.body ?? {}),
    headers: { ...headers, 'content-type': 'application/json', ...shape.headers },
    ...(shape.rotateIp || shape.tokens
      ? {
          setupRequest: (req: { headers?: Record<string, string> }) => ({
            ...req,
            headers: {
              ...req.headers,
              ...(shape.rotateIp ? { 'x-real-ip': nextIp() } : {}),
              ...(shape.tokens
                ? { authorization: `Bearer ${shape.tokens[turn++ % shape.tokens.length]}` }
                : {}),
            },
          }),
        }
      : {}),
  };
  const r = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers,
    ...(request ? { requests: [request] } : {}),
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

function combine(results: LoadResult[]): LoadResult {
  return {
    rps: results.reduce((s, r) => s + r.rps, 0) / results.length,
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((s, r) => s + r.errors, 0),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
  };
}

/** `seconds` of load on each URL at 50 connections, in `rounds` alternating turns (GET, or POST per `shape`). */
export async function compare(
  appUrl: string,
  bareUrl: string,
  seconds: number,
  shape?: RequestShape,
  rounds = 4,
) {
  await once(appUrl, 1, shape); // warm-up: JIT, page cache
  await once(bareUrl, 1, shape);
  const app: LoadResult[] = [];
  const bare: LoadResult[] = [];
  for (let i = 0; i < rounds; i++) {
    app.push(await once(appUrl, seconds / rounds, shape));
    bare.push(await once(bareUrl, seconds / rounds, shape));
  }
  return { app: combine(app), bare: combine(bare) };
}

export type BurstResult = LoadResult & { max: number; total: number };

/**
 * The calls a member page makes, from `connections` clients at once for `seconds` (issue 19:
 * 200 connections for 60 s without an error). Each client is another member (one of `tokens`),
 * on its own keep-alive connection, going round `calls` one request at a time; a call without an
 * answer after 10 s is an error, as a browser's fetch would give up. Plain node:http rather
 * than autocannon: at 200 connections on a busy 2-core machine autocannon reported time-outs
 * for requests the server had answered within 100 ms (its own timers ran late).
 */
export async function burst(
  origin: string,
  calls: { path: string; body?: unknown }[],
  tokens: string[],
  connections: number,
  seconds: number,
): Promise<BurstResult> {
  const { hostname, port } = new URL(origin);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const until = performance.now() + seconds * 1000;
  const ask = (agent: Agent, token: string, call: (typeof calls)[number]) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(call.body ?? {});
      const req = httpRequest(
        {
          agent,
          hostname,
          port,
          method: 'POST',
          path: call.path,
          timeout: 10_000,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
          res.once('error', reject);
        },
      );
      req.once('timeout', () => req.destroy(new Error('no answer within 10 s')));
      req.once('error', reject);
      req.end(body);
    });
  const client = async (n: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = n; performance.now() < until; i++) {
      const started = performance.now();
      try {
        const status = await ask(agent, tokens[n % tokens.length], calls[i % calls.length]);
        if (status < 200 || status >= 300) non2xx += 1;
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, (_, n) => client(n)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    rps: latencies.length / seconds,
    p99: at(0.99),
    max: Math.round(latencies.at(-1) ?? 0),
    total: latencies.length + errors,
    errors,
    non2xx,
  };
}
