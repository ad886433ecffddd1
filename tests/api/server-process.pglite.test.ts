import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  burstThenSigterm,
  seededDataDir,
  startServer,
  waitHealthy,
  type ServerProcess,
} from '../support/server-process.ts';

// The production entry as a user runs it on the embedded database: a real process on a real port.
const running: ServerProcess[] = [];
async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
});

describe('embedded database (PGlite)', () => {
  it('refuses a second process on the same data directory with a clear message', async () => {
    const dataDir = seededDataDir('portal-lock-');
    const first = await start({ DATA_DIR: dataDir });
    expect(await waitHealthy(first)).toBe(true);

    const second = await start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('正被另一个进程');
    // The first one is unharmed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  }, 180_000);

  it('closes cleanly on SIGTERM and starts again on the same data, changing nothing', async () => {
    // A fresh directory: the first `npm start` of an install migrates and seeds it.
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
    const first = await start({ DATA_DIR: dataDir });
    expect(await waitHealthy(first)).toBe(true);
    const before = await (await fetch(`${first.url}/api/open/web/index`)).text();
    expect(await first.stop('SIGTERM')).toBe(0);

    const again = await start({ DATA_DIR: dataDir });
    expect(await waitHealthy(again)).toBe(true);
    const after = await (await fetch(`${again.url}/api/open/web/index`)).text();
    expect(JSON.parse(after)).toEqual(JSON.parse(before));
  }, 180_000);

  it('answers every request on a new connection sent just before SIGTERM (none reset), then exits 0', async () => {
    const server = await start({
      DATA_DIR: seededDataDir('portal-burst-'),
      TRUST_PROXY: 'true',
    });
    expect(await waitHealthy(server)).toBe(true);
    const answers = await burstThenSigterm(server);
    // Each one answered, not dropped from the listen queue when the server stopped listening.
    expect(answers.filter((a) => 'error' in a)).toEqual([]);
    for (const a of answers) expect(a).toMatchObject({ status: 200 });
    expect(answers.map((a) => ('body' in a ? JSON.parse(a.body).code : 0))).toEqual(answers.map(() => 1));
    expect(await server.exited).toBe(0);
  }, 180_000);
});
