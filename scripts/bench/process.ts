// Child processes and ports for the benchmark: the app server, the bare reference server and
// Chromium for Lighthouse. Everything started here is stopped by stopAll().
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const children = new Set<ChildProcess>();

export function freePort(preferred?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => (preferred ? resolve(freePort()) : reject(error)));
    probe.listen(preferred ?? 0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  log: string[],
): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.stdout?.on('data', (chunk) => log.push(String(chunk)));
  child.stderr?.on('data', (chunk) => log.push(String(chunk)));
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stop));
}

/** Polls url until it answers 200 or the time runs out. */
export async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}
