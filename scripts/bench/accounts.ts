// Real accounts for the benchmark: registered through the API with the code from the dev SMS
// outbox (SMS_PROVIDER=log), then logged in.
import { AGREEMENT_VERSION } from '../../src/lib/shared/accounts/auth.ts';

const json = { 'content-type': 'application/json' };

export async function post<T>(
  origin: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (!envelope.code) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

export type BenchAccount = { phone: string; password: string; token: string };

let serial = 0;

export async function createBenchAccount(origin: string): Promise<BenchAccount> {
  serial += 1;
  // Unique per run and per account; the per-address limits see one client per account.
  const phone = `139${String(Date.now() + serial).slice(-8)}`;
  const password = 'Bench-Pass-2026';
  const ip = { 'x-real-ip': `10.200.0.${serial % 250}` };
  await post(origin, '/api/open/code4sms', { phone, useFor: 0 }, ip);
  const outbox = (await (await fetch(`${origin}/api/dev/outbox?phone=${phone}`)).json()) as {
    data: { list: { text: string }[] };
  };
  const code = outbox.data.list[0]?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error('no SMS code in the dev outbox');
  await post(
    origin,
    '/api/open/sign',
    { phone, password, code, inviterCode: '', agreement_version: AGREEMENT_VERSION },
    ip,
  );
  return { phone, password, token: await login(origin, phone, password) };
}

async function login(origin: string, account: string, password: string): Promise<string> {
  const ip = { 'x-real-ip': '10.200.1.1' };
  return (await post<{ token: string }>(origin, '/api/open/login', { account, password }, ip)).token;
}

/** A console (staff) session: what /api/admin accepts. */
export async function staffLogin(origin: string, account: string, password: string): Promise<string> {
  const ip = { 'x-real-ip': '10.200.1.2' };
  return (await post<{ token: string }>(origin, '/api/open/staff/login', { account, password }, ip)).token;
}
