// Storage locations changed at the same moment, on PostgreSQL (PGlite runs one query at a time):
// simultaneous adds and renames never give two siblings one name, and the one refused is told why
// in Chinese rather than by the unique index (decision 0071: one advisory lock per tree change).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { storageLocations } from '#server/samples/location-tables.ts';
import type { Location } from '#shared/samples/locations.ts';

const t = await setupApi();
const o = orderHelpers(t);

const create = async (body: Record<string, unknown>) => {
  const res = await t.post<Location>('/api/admin/sample/location/create', body, await o.staff());
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data;
};

describe('tree changes at once', () => {
  it('two siblings renamed to one name at once: one is renamed, the other told why', async () => {
    const room = await create({ kind: 'room', name: '并发实验室', note: '' });
    const h = await o.staff();
    for (let round = 0; round < 5; round++) {
      const a = await create({ parent_rid: room.rid, kind: 'shelf', name: `层 A${round}`, note: '' });
      const b = await create({ parent_rid: room.rid, kind: 'shelf', name: `层 B${round}`, note: '' });
      const name = `层 ${round}`;
      const results = await Promise.all(
        [a, b].map((l) =>
          t.post('/api/admin/sample/location/edit', { rid: l.rid, kind: 'shelf', name, note: '' }, h),
        ),
      );
      expect(results.map((r) => r.body.code).toSorted()).toEqual([0, 1]);
      expect(results.find((r) => r.body.code === 0)?.body.msg).toBe(
        `同一上级位置下已有名为「${name}」的位置，请换一个名称`,
      );
    }
  });

  it('ten adds of one name under one parent: exactly one is made', async () => {
    const room = await create({ kind: 'room', name: '并发命名', note: '' });
    const h = await o.staff();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post(
          '/api/admin/sample/location/create',
          { parent_rid: room.rid, kind: 'fridge', name: '同名冰箱', note: '' },
          h,
        ),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code === 0))
      expect(r.body.msg).toBe('同一上级位置下已有名为「同名冰箱」的位置，请换一个名称');
    const [roomRow] = await t.services.db
      .select()
      .from(storageLocations)
      .where(eq(storageLocations.rid, room.rid));
    const children = await t.services.db
      .select()
      .from(storageLocations)
      .where(eq(storageLocations.parentId, roomRow.id));
    expect(children.map((c) => c.name)).toEqual(['同名冰箱']);
  });
});
