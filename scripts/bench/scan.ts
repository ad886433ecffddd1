// Scan to receive (issue 30, decision 0072) under load, against a running server: orders of
// 送样检测 items placed through the API so they have samples, then every sample scanned once
// (POST /api/admin/sample/scan) at 10 connections, as a few lab benches would. Target p99 <= 300 ms.
import autocannon from 'autocannon';
import { createBenchAccount, post, staffLogin } from './accounts.ts';
import { PROFILE } from './orders.ts';

const ORDERS = 60;
const PER_ORDER = 10;
const CONNECTIONS = 10;

export type ScanFigures = { scanned: number; rps: number; p99: number; failed: number; samples: string[] };

export async function scanRows(origin: string, staffPassword: string): Promise<ScanFigures> {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = await createBenchAccount(origin);
  await post(
    origin,
    '/api/auth/update4profile',
    { ...PROFILE, organization: 3, email: `s${me.phone}@example.com` },
    auth(me.token),
  );
  const list = await post<{ list: { rid: string; quote_only?: boolean }[] }>(
    origin,
    '/api/open/project/list',
    {
      typeId: 1,
      page: 1,
      size: 50,
    },
  );
  const it = list.list.find((i) => !i.quote_only)!;
  const detail = await post<{
    options: { parameters: { name: string; choices: string[] }[]; sampleCount: { max: number } };
  }>(origin, '/api/open/project/detail', { rid: it.rid });
  const parameters = Object.fromEntries(
    detail.options.parameters.map((p) => [p.name, p.choices[0] ?? '常规']),
  );
  const count = Math.min(PER_ORDER, detail.options.sampleCount.max);
  const codes: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const placed = await post<{ list: { order_no: string }[] }>(
      origin,
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters, count }], delivery: { type: 0 } },
      auth(me.token),
    );
    for (let k = 1; k <= count; k++) codes.push(`${placed.list[0].order_no}-${String(k).padStart(2, '0')}`);
  }
  const staff = await staffLogin(origin, '13800000000', staffPassword);
  let next = 0;
  let ok = 0;
  let failed = 0;
  const samples: string[] = [];
  const started = Date.now();
  const r = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    amount: codes.length,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: 'POST',
          path: '/api/admin/sample/scan',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
          body: JSON.stringify({ code: codes[next++ % codes.length] }),
        }),
        onResponse: (status: number, body: string) => {
          if (status === 200 && body.startsWith('{"code":1')) ok += 1;
          else {
            failed += 1;
            if (samples.length < 3) samples.push(`${status} ${body.slice(0, 160)}`);
          }
        },
      },
    ],
  });
  return { scanned: ok, rps: ok / ((Date.now() - started) / 1000), p99: r.latency.p99, failed, samples };
}
