// A process killed (-9) while finance approves top-ups on PostgreSQL: every approval it
// acknowledged survives, none is half-written (cash without its bonus, a credited application
// without its movement), and the approvals it never answered can simply be clicked again.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTempPgDatabase } from '../setup/pg.ts';
import { startServer, waitHealthy, type ServerProcess } from '../support/server-process.ts';
import { openDatabase } from '#server/platform/db/client.ts';
import { prestoreApplications, prestoreRules } from '#server/money/tables.ts';
import { insertUser } from '#server/accounts/users.ts';
import { DEMO_STAFF_PHONE } from '#server/staff/index.ts';
import { ledgerProblems, userAccount } from '#server/money/index.ts';

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
});
const temp = await createTempPgDatabase(process.env.TEST_DATABASE_URL!);
afterAll(() => temp.drop());

const PASSWORD = 'Crash-Test-Pass-2026';
const env = { DATABASE_URL: temp.url, STAFF_PASSWORD: PASSWORD };

async function started() {
  const server = await startServer(env);
  running.push(server);
  expect(await waitHealthy(server), server.output()).toBe(true);
  return server;
}

async function staffToken(url: string) {
  const res = await fetch(`${url}/api/open/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO_STAFF_PHONE, password: PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

describe('kill -9 during top-up approvals', () => {
  it('loses no acknowledged approval and leaves nothing half-written', async () => {
    const first = await started();
    const database = await openDatabase({ url: temp.url });
    const db = database.db;
    const now = Date.now();
    const [rule] = await db.select().from(prestoreRules).limit(1);
    const user = await db.transaction((tx) =>
      insertUser(tx, { phone: '13700001111', passwordHash: null, now }),
    );
    const account = await userAccount(db, user!.id, now);
    const rids = Array.from({ length: 60 }, (_, i) => `ycrash${i}`);
    await db.insert(prestoreApplications).values(
      rids.map((rid) => ({
        rid,
        userId: user!.id,
        accountId: account.id,
        amountFen: 100_000,
        bonusFen: 3_000,
        bonusPercent: 3,
        bonusKind: 1,
        ruleId: rule.id,
        payer: '某公司',
        status: 'reviewing' as const,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })),
    );

    const token = await staffToken(first.url);
    const approve = (url: string, rid: string, bearer: string) =>
      fetch(`${url}/api/admin/prestore/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ rid }),
      })
        .then(async (r) => ((await r.json()) as { code: number }).code === 1)
        .catch(() => false);
    const acknowledged: string[] = [];
    const inFlight = rids.map((rid) =>
      approve(first.url, rid, token).then((ok) => {
        if (ok) acknowledged.push(rid);
        // Killed once a handful are through, while the rest are being written.
        if (acknowledged.length === 8) first.child.kill('SIGKILL');
      }),
    );
    await Promise.all(inFlight);
    await first.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);

    const credited = async () =>
      (await db.select().from(prestoreApplications).where(eq(prestoreApplications.userId, user!.id)))
        .filter((a) => a.status === 'credited')
        .map((a) => a.rid);
    const survived = await credited();
    for (const rid of acknowledged) expect(survived).toContain(rid);
    expect(survived.length).toBeLessThan(60);
    expect(await ledgerProblems(db)).toEqual([]);
    let wallet = await userAccount(db, user!.id, now);
    expect([wallet.cashFen, wallet.bonusFen]).toEqual([survived.length * 100_000, survived.length * 3_000]);

    // The rest, clicked again on a fresh process, land exactly once each.
    const second = await started();
    const again = await staffToken(second.url);
    await Promise.all(
      rids.filter((r) => !survived.includes(r)).map((rid) => approve(second.url, rid, again)),
    );
    expect((await credited()).length).toBe(60);
    wallet = await userAccount(db, user!.id, now);
    expect([wallet.cashFen, wallet.bonusFen]).toEqual([60 * 100_000, 60 * 3_000]);
    expect(await ledgerProblems(db)).toEqual([]);
    await database.close();
  }, 180_000);
});
