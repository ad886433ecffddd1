import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * A data directory holding the run's migrated, seeded database (tests/setup/templates.ts), so a
 * server process starts in seconds instead of migrating a fresh one; empty when the run has no
 * such template (on PostgreSQL), and the server then installs from scratch.
 */
export function seededDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const templates = inject('dbTemplates');
  if (templates?.kind === 'pglite') cpSync(templates.seededDataDir, dir, { recursive: true });
  return dir;
}

/** Starts the production entry (`node src/server.ts`) with the given environment. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['src/server.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until /healthz answers 200, or the process exits. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) return false;
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

export type BurstAnswer = { status: number; body: string } | { error: string };

const FORM = JSON.stringify({ name: '李四', phone: '13900002222', content: '关机前一刻提交的需求' });

/** One POST of the requirement form (a database write); resolves with the answer or the socket error. */
function postForm(port: string, ip: string, agent: Agent | false, sent?: () => void): Promise<BurstAnswer> {
  return new Promise((resolve) => {
    const req = httpRequest(
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
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? String(e) }));
      },
    );
    // 'finish': connected, and the request handed to the kernel.
    if (sent) req.once('finish', sent);
    req.on('error', (e: NodeJS.ErrnoException) => {
      sent?.();
      resolve({ error: e.code ?? String(e) });
    });
    req.end(FORM);
  });
}

/**
 * While `busy` keep-alive clients keep the server working, opens `count` new connections that
 * each send one request, sends SIGTERM as soon as all of those requests have left, and returns
 * what each new connection got: an answer, or the socket error (ECONNRESET: dropped from the
 * listen queue). Peers are told apart by X-Real-IP, so the server must run with
 * TRUST_PROXY=true to keep the form's rate limit out of the way.
 */
export async function burstThenSigterm(
  server: ServerProcess,
  { count = 40, busy = 40 } = {},
): Promise<BurstAnswer[]> {
  const { port } = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: busy });
  let signalled = false;
  let answered = 0;
  let warm!: () => void;
  const warmed = new Promise<void>((r) => (warm = r));
  const load = Array.from({ length: busy }, async (_, w) => {
    for (let i = 0; !signalled; i++) {
      const a = await postForm(port, `10.7.${w}.${(i % 250) + 1}`, agent);
      if ('error' in a) return;
      if (++answered >= busy * 3) warm();
    }
  });
  await warmed;
  const sent: Promise<void>[] = [];
  const answers = Array.from({ length: count }, (_, i) => {
    let done!: () => void;
    sent.push(new Promise((r) => (done = r)));
    // agent: false: a connection of its own, opened now, as a new visitor's would be.
    return postForm(port, `10.8.${i}.1`, false, done);
  });
  await Promise.all(sent);
  signalled = true;
  server.child.kill('SIGTERM');
  const result = await Promise.all(answers);
  await Promise.all(load);
  agent.destroy();
  return result;
}
