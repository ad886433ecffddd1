// 报告真伪查询 under load (issue 31, decision 0077), against a running server: one order's report
// released through the staff call, then POST /api/open/report/verify at 50 connections, each
// request from its own address (X-Real-IP, as behind nginx) so the per-address limit does not
// apply. Every lookup is written to report_lookups, so this measures the write too. Target: p99 <=
// 100 ms. Without a report builder registered (release answers NO_BUILDER) it looks up a number
// that does not exist: the same statements but the summary, and it says so.
import autocannon from 'autocannon';
import { createBenchAccount, post, staffLogin } from './accounts.ts';
import { PROFILE } from './orders.ts';

export type VerifyFigures = {
  rps: number;
  p99: number;
  failed: number;
  /** The state every answer had (valid when a report was released). */
  state: string;
  notes: string[];
};

let ip = 0;
const nextIp = () => {
  ip = (ip + 1) % 16_000_000;
  return `10.${100 + ((ip >> 16) & 127)}.${(ip >> 8) & 255}.${ip & 255}`;
};

export async function verifyRows(
  origin: string,
  staffPassword: string,
  seconds: number,
): Promise<VerifyFigures> {
  const notes: string[] = [];
  const me = await createBenchAccount(origin);
  const auth = { authorization: `Bearer ${me.token}` };
  await post(
    origin,
    '/api/auth/update4profile',
    { ...PROFILE, organization: 3, email: `v${me.phone}@example.com` },
    auth,
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
  const detail = await post<{ options: { parameters: { name: string; choices: string[] }[] } }>(
    origin,
    '/api/open/project/detail',
    { rid: it.rid },
  );
  const parameters = Object.fromEntries(
    detail.options.parameters.map((p) => [p.name, p.choices[0] ?? '常规']),
  );
  const placed = await post<{ list: { rid: string }[] }>(
    origin,
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters }], delivery: { type: 0 } },
    auth,
  );
  const staff = await staffLogin(origin, '13800000000', staffPassword);
  const res = await fetch(`${origin}/api/admin/report/release`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
    body: JSON.stringify({ rid: placed.list[0].rid, replaces: null }),
  });
  const released = (await res.json()) as {
    code: number;
    msg: string;
    data: { report_no: string; code: string };
  };
  const lookup =
    released.code === 1
      ? { report_no: released.data.report_no, code: released.data.code }
      : { report_no: 'BG00000000000000', code: 'ZZZZZZZZ' };
  if (released.code !== 1)
    notes.push(`report/verify: no report released (${released.msg}); measured not_found lookups`);

  let failed = 0;
  const states = new Set<string>();
  const started = Date.now();
  let ok = 0;
  const r = await autocannon({
    url: origin,
    connections: 50,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: 'POST',
          path: '/api/open/report/verify',
          headers: { 'content-type': 'application/json', 'x-real-ip': nextIp() },
          body: JSON.stringify(lookup),
        }),
        onResponse: (status: number, body: string) => {
          const m = /"state":"(\w+)"/.exec(body);
          if (status === 200 && body.startsWith('{"code":1') && m) {
            ok += 1;
            states.add(m[1]);
          } else {
            failed += 1;
            if (notes.length < 4) notes.push(`report/verify failed: ${status} ${body.slice(0, 160)}`);
          }
        },
      },
    ],
  });
  return {
    rps: ok / ((Date.now() - started) / 1000),
    p99: r.latency.p99,
    failed: failed + r.errors + r.timeouts,
    state: [...states].join(','),
    notes,
  };
}
