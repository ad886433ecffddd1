// An item's promised turnaround (decision 0079): staff set the working days and 加急 on the item;
// the item page, the plan and quotes show them with the date if the samples arrived tomorrow.
// Orders copy the days into their lines when placed, so an edit here never moves an order.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ApiEnv } from '../platform/http/api-env.ts';
import type { Services } from '../platform/services.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { notFound } from '../platform/errors.ts';
import { item } from './tables.ts';
import { catalogueChanged } from './freshness.ts';
import { labCalendar } from '../calendar/index.ts';
import { estimateIfArrivingTomorrow } from '../../shared/calendar/due.ts';
import {
  turnaroundOf,
  type ItemTurnaround,
  type ItemTurnaroundSave,
  type Turnaround,
} from '../../shared/catalogue/turnaround.ts';
import { itemTurnaroundApi as api } from '../../shared/catalogue/turnaround-api.ts';

type PromiseColumns = {
  turnaroundDays: number | null;
  expediteDays: number | null;
  expediteFeeFen: number | null;
};

/**
 * The promise as customers see it for each item, with the dates if the samples arrived tomorrow
 * (on the lab's calendar, on the services clock). One calendar read for a whole list.
 */
export async function turnaroundsOf<T extends PromiseColumns>(
  s: Services,
  items: readonly T[],
): Promise<(Turnaround | null)[]> {
  if (!items.some((i) => i.turnaroundDays)) return items.map(() => null);
  const { calendar } = await labCalendar(s);
  const now = s.now();
  return items.map((i) => turnaroundOf(i, (days) => estimateIfArrivingTomorrow(now, days, calendar)));
}

const columns = {
  rid: item.rid,
  turnaroundDays: item.turnaroundDays,
  expediteDays: item.expediteDays,
  expediteFeeFen: item.expediteFeeFen,
};
const answer = (r: { rid: string } & PromiseColumns): ItemTurnaround => ({
  rid: r.rid,
  turnaround_days: r.turnaroundDays,
  expedite_days: r.expediteDays,
  expedite_fee_fen: r.expediteFeeFen,
});

async function itemTurnaround(s: Services, rid: string): Promise<ItemTurnaround> {
  const [row] = await s.db.select(columns).from(item).where(eq(item.rid, rid));
  if (!row) throw notFound('检测项目');
  return answer(row);
}

async function saveItemTurnaround(s: Services, input: ItemTurnaroundSave): Promise<ItemTurnaround> {
  const [row] = await s.db
    .update(item)
    .set({
      turnaroundDays: input.turnaround_days,
      expediteDays: input.expedite_days,
      expediteFeeFen: input.expedite_fee_fen,
    })
    .where(eq(item.rid, input.rid))
    .returning(columns);
  if (!row) throw notFound('检测项目');
  await catalogueChanged(s);
  return answer(row);
}

/** Staff: an item's promise under /api/admin/catalogue/item/turnaround. */
export function itemTurnaroundRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, api.get, async (c, input) => ok(c, await itemTurnaround(c.var.services, input.query().rid)));
  route(r, api.save, async (c, input) =>
    ok(c, await saveItemTurnaround(c.var.services, await input.body()), '已保存承诺周期'),
  );
  return r;
}
