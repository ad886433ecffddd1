// Taking work under concurrency, on PostgreSQL (PGlite runs one query at a time and would prove
// nothing): technicians taking the same work at once make one holder (the hold's primary key);
// the others are told who has it, and one 领取 event is written.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { workEvents, workHolds } from '#server/worklist/tables.ts';
import type { Worklist } from '#shared/worklist/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe('technicians taking the same work at once', () => {
  it('leaves one holder and tells the others who has it', async () => {
    const it = await o.demoItem(1);
    const me = await o.customer();
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      me.h,
    );
    const orderRid = placed.body.data.list[0].rid;
    await o.move('order/receive', { rid: orderRid });
    const techs = await Promise.all(Array.from({ length: 6 }, () => o.anotherStaff('technician')));
    const list = await t.post<Worklist>('/api/admin/worklist/list', { view: 'all' }, techs[0]);
    const rid = list.body.data.groups
      .flatMap((g) => g.items.flatMap((i) => i.rows))
      .find((r) => r.order_rid === orderRid)!.rid;

    const answers = await Promise.all(techs.map((h) => t.post('/api/admin/worklist/take', { rid }, h)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    const refused = answers.filter((a) => a.body.code === 0).map((a) => a.body.msg);
    expect(refused).toHaveLength(5);
    for (const msg of refused) expect(msg).toMatch(/^该检测已由.+领取，如需接手请转交并填写原因$/);
    const holds = await t.services.db.select().from(workHolds);
    expect(holds).toHaveLength(1);
    const events = await t.services.db
      .select()
      .from(workEvents)
      .where(eq(workEvents.resultId, holds[0].resultId));
    expect(events.map((e) => [e.action, e.staffId])).toEqual([['take', holds[0].holderId]]);
  });
});
