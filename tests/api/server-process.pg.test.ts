import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTempPgDatabase } from '../setup/pg.ts';
import { burstThenSigterm, startServer, waitHealthy, type ServerProcess } from '../support/server-process.ts';

// Runs only when TEST_DATABASE_URL is set (see vitest.config.ts): the scale-out shape of the
// deployment, several stateless processes on one PostgreSQL.
const running: ServerProcess[] = [];
async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
});

const temp = await createTempPgDatabase(process.env.TEST_DATABASE_URL!);
afterAll(() => temp.drop());
const pgUrl = temp.url;

describe('PostgreSQL behind several stateless processes', () => {
  it('migrates once and serves the same data from two processes started together on an empty database', async () => {
    const [a, b] = await Promise.all([start({ DATABASE_URL: pgUrl }), start({ DATABASE_URL: pgUrl })]);
    expect(await waitHealthy(a)).toBe(true);
    expect(await waitHealthy(b)).toBe(true);
    const health = (await (await fetch(`${a.url}/healthz`)).json()) as { data: { database: string } };
    expect(health.data.database).toBe('postgres');
    const [fromA, fromB] = await Promise.all(
      [a, b].map(async (s) => (await fetch(`${s.url}/api/open/web/index`)).json()),
    );
    expect(fromA).toEqual(fromB);
  }, 180_000);

  it('answers every request on a new connection sent just before SIGTERM (none reset), then exits 0', async () => {
    const server = await start({ DATABASE_URL: pgUrl, TRUST_PROXY: 'true' });
    expect(await waitHealthy(server)).toBe(true);
    const answers = await burstThenSigterm(server);
    // Each one answered, not dropped from the listen queue when the server stopped listening.
    expect(answers.filter((a) => 'error' in a)).toEqual([]);
    for (const a of answers) expect(a).toMatchObject({ status: 200 });
    expect(answers.map((a) => ('body' in a ? JSON.parse(a.body).code : 0))).toEqual(answers.map(() => 1));
    expect(await server.exited).toBe(0);
  }, 180_000);
});
