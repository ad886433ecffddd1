import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '#server/catalogue/seed/index.ts';
import { setupApi } from '../setup/api.ts';

const t = await setupApi();
const tables = ['project_type', 'project_child', 'prefecture', 'item', 'device', 'ability', 'setting'];

type Rows<T> = { rows: T[] };
const query = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.services.db.execute(q)) as unknown as Rows<T>).rows;

async function counts() {
  const out: Record<string, number> = {};
  for (const table of tables) {
    out[table] = (await query<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0].n;
  }
  return out;
}

/** Every row of every seeded table, to prove a second run touches nothing. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await query(sql.raw(`select * from ${table} order by 1`));
  return out;
}

describe('demo seed', () => {
  it('fills the catalogue a lab customer browses', async () => {
    const c = await counts();
    expect(c.project_type).toBe(3);
    expect(c.item).toBeGreaterThanOrEqual(40);
    expect(c.device).toBeGreaterThanOrEqual(12);
    expect(c.ability).toBeGreaterThanOrEqual(8);
    expect(c.prefecture).toBeGreaterThanOrEqual(4);
    expect(c.setting).toBe(3);
  });

  it('changes nothing when run again (a second start)', async () => {
    const before = await snapshot();
    await seedDemo(t.services.db);
    await seedDemo(t.services.db);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a value staff edited instead of restoring the demo one', async () => {
    await t.services.db.execute(sql`update item set price_fen = 12345 where rid = 'xrd-powder'`);
    await seedDemo(t.services.db);
    const res = (await t.services.db.execute(
      sql`select price_fen from item where rid = 'xrd-powder'`,
    )) as unknown as {
      rows: { price_fen: number }[];
    };
    expect(res.rows[0].price_fen).toBe(12345);
  });

  it('lets staff add a special area after the seeded ones (sequence moved past explicit ids)', async () => {
    const [row] = await query<{ id: number }>(
      sql`insert into prefecture (type_id, name, img) values (1, '新专区', '/x.svg') returning id`,
    );
    expect(row.id).toBeGreaterThan(5);
  });
});
