// A real account for the account rows of the benchmark: registered through the API with the
// code from the dev SMS outbox (SMS_PROVIDER=log), then logged in.

const json = { 'content-type': 'application/json' };

async function post<T>(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
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

export async function createBenchAccount(origin: string): Promise<BenchAccount> {
  const phone = `139${String(Date.now()).slice(-8)}`;
  const password = 'Bench-Pass-2026';
  const ip = { 'x-real-ip': '10.200.0.1' };
  await post(origin, '/api/open/code4sms', { phone, useFor: 0 }, ip);
  const outbox = (await (await fetch(`${origin}/api/dev/outbox?phone=${phone}`)).json()) as {
    data: { list: { text: string }[] };
  };
  const code = outbox.data.list[0]?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error('no SMS code in the dev outbox');
  await post(origin, '/api/open/sign', { phone, password, code, inviterCode: '' }, ip);
  const login = await post<{ token: string }>(origin, '/api/open/login', { account: phone, password }, ip);
  return { phone, password, token: login.token };
}
