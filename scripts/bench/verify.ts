// 报告真伪查询 under load (issue 31, decision 0077), against a running server: one order's report
// released through the staff call, then POST /api/open/report/verify at 50 connections, each
// request from its own address (X-Real-IP, as behind nginx) so the per-address limit does not
// apply. Every lookup is written to report_lookups, so this measures the write too. Target: p99 <=
// 100 ms. The report is released as a lab would (decision 0080): the item gets a result field, a
// technician enters the result, the administrator approves it, is named signatory on the template,
// confirms the password and releases. If that fails, it looks up a number that does not exist (the
// same statements but the summary) and says why.
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
  const admin = await staffLogin(origin, '13800000000', staffPassword);
  const released = await releaseOne(origin, admin, staffPassword, it.rid, placed.list[0].rid).catch(
    (e: unknown) => {
      notes.push(`report/verify: no report released (${(e as Error).message}); measured not_found lookups`);
      return { report_no: 'BG00000000000000', code: 'ZZZZZZZZ' };
    },
  );
  const lookup = { report_no: released.report_no, code: released.code };

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

/**
 * Releases the order's report the way the lab does: a result entered by a technician (a bench staff
 * account), approved by the administrator, who is the template's signatory and confirms the password.
 */
async function releaseOne(
  origin: string,
  admin: string,
  adminPassword: string,
  itemRid: string,
  orderRid: string,
): Promise<{ report_no: string; code: string }> {
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = await post<{ rid: string }>(origin, '/api/admin/me', {}, as(admin));
  await post(
    origin,
    '/api/admin/report/template/save',
    {
      lab_name: '科研检测服务平台实验室',
      address: '上海市闵行区东川路800号',
      statements: [],
      signatories: [{ staff_rid: me.rid, name: '赵明', title: '技术负责人' }],
    },
    as(admin),
  );
  await post(
    origin,
    '/api/admin/catalogue/item/edit',
    {
      rid: itemRid,
      result_fields: [
        { key: 'bet', name: '比表面积', unit: 'm²/g', type: 'number', min: null, max: null, required: true },
      ],
      method: 'GB/T 19587-2017',
    },
    as(admin),
  );
  await post(origin, '/api/admin/order/receive', { rid: orderRid }, as(admin));
  await post(origin, '/api/admin/order/start', { rid: orderRid }, as(admin));
  const tech = await createBenchAccount(origin);
  await post(origin, '/api/admin/staff/save', { phone: tech.phone, role: 'technician' }, as(admin));
  const techToken = await staffLogin(origin, tech.phone, tech.password);
  const { results } = await post<{ results: { rid: string }[] }>(
    origin,
    '/api/admin/result/list',
    { rid: orderRid },
    as(techToken),
  );
  for (const r of results) {
    await post(
      origin,
      '/api/admin/result/save',
      { rid: r.rid, entries: [{ key: 'bet', value: '12.35' }] },
      as(techToken),
    );
    await post(origin, '/api/admin/result/submit', { rid: r.rid }, as(techToken));
    await post(origin, '/api/admin/result/review', { rid: r.rid, verdict: 'approve' }, as(admin));
  }
  await post(origin, '/api/admin/staff/reauth', { password: adminPassword, purpose: 'sign' }, as(admin));
  return post<{ report_no: string; code: string }>(
    origin,
    '/api/admin/report/release',
    { rid: orderRid, replaces: null },
    as(admin),
  );
}
