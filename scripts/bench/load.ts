// Throughput beside a bare node:http server answering the same bytes. The machine has two
// cores (one for the server under test, one for the load generator) and is often shared, so
// the app and the bare server take turns in short rounds: a burst of other work then costs
// both sides alike instead of whichever happened to run at that moment.
import autocannon from 'autocannon';

export type LoadResult = { rps: number; p99: number; errors: number; non2xx: number };

// Sent to both servers alike, as a browser would.
const headers = { 'accept-encoding': 'gzip, deflate, br' };

/** A POST with a JSON body; `rotateIp` gives every request its own X-Real-IP (many clients). */
export type RequestShape = { body?: unknown; headers?: Record<string, string>; rotateIp?: boolean };

let ipCounter = 0;
const nextIp = () => {
  ipCounter = (ipCounter + 1) % 16_000_000;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function once(url: string, seconds: number, shape?: RequestShape): Promise<LoadResult> {
  const request = shape && {
    method: 'POST',
    body: JSON.stringify(shape.body ?? {}),
    headers: { ...headers, 'content-type': 'application/json', ...shape.headers },
    ...(shape.rotateIp
      ? {
          setupRequest: (req: { headers?: Record<string, string> }) => ({
            ...req,
            headers: { ...req.headers, 'x-real-ip': nextIp() },
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
