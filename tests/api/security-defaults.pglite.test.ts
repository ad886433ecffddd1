import { Agent, request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { seededDataDir, startServer, waitHealthy, type ServerProcess } from '../support/server-process.ts';

// A default install, started the way `npm start` starts it, attacked from another host: the
// reproductions of issue 10 (account takeover through the dev outbox, the published staff
// password, the WeChat simulator), plus graceful shutdown under concurrent writers.
const running: ServerProcess[] = [];
async function start(env: Record<string, string> = {}) {
  const server = await startServer({ DATA_DIR: seededDataDir('portal-sec-'), ...env });
  running.push(server);
  expect(await waitHealthy(server)).toBe(true);
  return server;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
});

/** This machine's address on its network: requests to it arrive from a non-loopback peer. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

const post = async (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  (await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as { code: number; msg: string; data: unknown };

const outbox = async (base: string, phone: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/api/dev/outbox?phone=${phone}`, { headers });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; data: { list: { text: string }[] } },
  };
};

describe('a default install reached from another host', () => {
  it('listens on loopback only unless HOST is set', async () => {
    const server = await start({ HOST: '' });
    expect(server.output()).toContain('http://127.0.0.1:');
    const ip = externalAddress();
    if (ip) await expect(fetch(server.url.replace('127.0.0.1', ip) + '/healthz')).rejects.toThrow();
  }, 120_000);

  it('leaks no reset code, no WeChat login and no staff password; this machine keeps the local demo', async () => {
    const server = await start({ HOST: '0.0.0.0', STAFF_PASSWORD: '' });
    const local = server.url;
    const ip = externalAddress();
    // Another host: through the network interface, or (without one) through a proxy on this machine.
    const remote = ip ? local.replace('127.0.0.1', ip) : local;
    const remoteHeaders: Record<string, string> = ip ? {} : { 'x-forwarded-for': '203.0.113.66' };

    expect(server.output()).toContain('开发工具已开启，仅本机可访问');

    // The victim is the staff account, which every install has.
    const victim = '13800000000';

    // The attacker asks for a reset code and tries to read it: the outbox does not exist for them.
    expect(
      await post(remote, '/api/open/code4sms', { phone: victim, useFor: 1 }, remoteHeaders),
    ).toMatchObject({
      code: 1,
    });
    const leaked = await outbox(remote, victim, remoteHeaders);
    expect(leaked.status).toBe(404);
    expect(leaked.body).toMatchObject({ code: 0, msg: '接口不存在' });
    const page = await fetch(`${remote}/dev/outbox?phone=${victim}`, { headers: remoteHeaders });
    expect(page.status).toBe(404);
    const html = await page.text();
    const resetCode = /(\d{6})/.exec((await outbox(local, victim)).body.data.list[0].text)![1];
    expect(html).not.toContain(resetCode);
    // Nor can they guess it: the code stays unknown, and the reset fails without it.
    expect(
      await post(
        remote,
        '/api/open/reset',
        { account: victim, code: resetCode === '000000' ? '111111' : '000000', password: 'Attacker-Pw-99' },
        remoteHeaders,
      ),
    ).toMatchObject({ code: 0 });

    // The WeChat simulator does not exist for them either.
    expect((await fetch(`${remote}/dev/wechat?ticket=x`, { headers: remoteHeaders })).status).toBe(404);
    const scan = await fetch(`${remote}/api/dev/wechat/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...remoteHeaders },
      body: JSON.stringify({ ticket: 'any', openid: 'victim-openid' }),
    });
    expect(scan.status).toBe(404);
    // Nor can another host pay an order with a forged simulator notice (the secret is documented).
    expect((await fetch(`${remote}/dev/pay?trade=x`, { headers: remoteHeaders })).status).toBe(404);
    const forged = await fetch(`${remote}/api/open/pay/notify/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...remoteHeaders },
      body: JSON.stringify({ trade_no: 'P1', amount_fen: 1, status: 'succeeded', event_id: 'x' }),
    });
    expect(forged.status).toBe(404);
    const confirm = await fetch(`${remote}/api/dev/pay/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...remoteHeaders },
      body: JSON.stringify({ trade_no: 'P1' }),
    });
    expect(confirm.status).toBe(404);

    // The published staff password of earlier releases opens nothing.
    const staffLogin = (password: string, base = remote) =>
      post(base, '/api/open/login', { account: '13800000000', password }, remoteHeaders);
    expect(await staffLogin('Staff-Demo-2026')).toMatchObject({ code: 0, msg: '账号或密码错误' });
    // The operator finds the generated one in the log, once, and on the local outbox page.
    const generated = /演示员工账号 13800000000 的密码已随机生成（只显示这一次）：(\w+)/.exec(
      server.output(),
    )?.[1];
    expect(generated).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await (await fetch(`${local}/dev/outbox`)).text()).toContain(generated);
    expect(await staffLogin(generated!, local)).toMatchObject({ code: 1 });
  }, 120_000);

  it('/healthz answers with a query string too; the database and the job queue only to this machine and staff', async () => {
    const server = await start({ STAFF_PASSWORD: 'Health-Check-Pass-2026' });
    const details = {
      code: 1,
      data: {
        database: 'pglite',
        jobs: { due: expect.any(Number), failed: 0, oldest_due_seconds: expect.any(Number) },
      },
    };
    const res = await fetch(`${server.url}/healthz?probe=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(details);
    // Anyone else (here through a proxy on this machine) learns only that the process is up.
    const viaProxy = { 'x-forwarded-for': '203.0.113.66' };
    const outside = await fetch(`${server.url}/healthz`, { headers: viaProxy });
    expect(outside.status).toBe(200);
    expect(await outside.json()).toEqual({ code: 1, msg: 'ok', data: null });
    // A customer session is anyone; a staff console session sees the details.
    const login = async (path: string) =>
      (await post(server.url, path, { account: '13800000000', password: 'Health-Check-Pass-2026' })) as {
        data: { token: string };
      };
    for (const [path, seen] of [
      ['/api/open/login', { code: 1, msg: 'ok', data: null }],
      ['/api/open/staff/login', details],
    ] as const) {
      const { token } = (await login(path)).data;
      const res = await fetch(`${server.url}/healthz`, {
        headers: { ...viaProxy, authorization: `Bearer ${token}` },
      });
      expect(await res.json(), path).toMatchObject(seen);
    }
    // Every API answer carries a request id, the proxy's when it sent one.
    const api = await fetch(`${server.url}/api/open/setting`, {
      method: 'POST',
      headers: { 'x-request-id': 'nginx-abc123' },
    });
    expect(api.headers.get('x-request-id')).toBe('nginx-abc123');
    const own = await fetch(`${server.url}/api/open/setting`, { method: 'POST' });
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  }, 120_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM lets every request in flight finish, cuts no connection mid-request, then exits 0', async () => {
    const server = await start({ TRUST_PROXY: 'true' });
    const { port } = new URL(server.url);
    const WRITERS = 40;
    // Keep-alive connections, as a proxy's upstream pool holds them.
    const agent = new Agent({ keepAlive: true, maxSockets: WRITERS });
    const message = JSON.stringify({ name: '张三', phone: '13900001111', content: '关机时提交的需求' });
    const post = (ip: string) =>
      new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/open/indexMsg/add',
            agent,
            headers: { 'content-type': 'application/json', 'x-real-ip': ip },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, body: text, at: Date.now() }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(message);
      });

    let signalledAt = 0;
    let answered = 0;
    // Writers whose connection is open (their first answer came back): a connection still being
    // opened when the server stops listening is refused or reset by the kernel, never served.
    const connected = new Set<number>();
    const answers: { status: number; body: string; at: number }[] = [];
    const cut: string[] = [];
    // Each writer sends one request after another until the server stops taking connections.
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        try {
          answers.push(await post(`10.9.${w}.${(i % 250) + 1}`));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // Refused: the server is no longer accepting, which is how it should say no.
          if (code !== 'ECONNREFUSED') cut.push(`${code ?? ''} ${String(error)}`);
          return;
        }
        connected.add(w);
        if (++answered >= 200 && connected.size === WRITERS && !signalledAt) {
          signalledAt = Date.now();
          server.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    agent.destroy();

    expect(cut).toEqual([]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toMatchObject({ code: 1, msg: '提交成功!' });
    }
    // Requests were still being answered after the signal: they were drained, not lucky.
    expect(answers.filter((a) => a.at > signalledAt).length).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('已关闭数据库');
  }, 120_000);
});
