// A sample sheet uploaded on a placed order (issue 34, decision 0093): the same check as the
// plan's (decision 0089), then the line's samples take the rows' names, notes and parameters
// (their IDs and labels stay; each new name is a 'renamed' event), or, for a quote request not yet
// quoted, the line keeps the rows for the samples quoting will make. All rows or none.
import { and, asc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { findOwnOrder, lockOrder, orderLineDirectory, setLineSamples } from '../orders/index.ts';
import { itemsByRid } from '../catalogue/index.ts';
import { checkSamples, readSheet } from '../plan/index.ts';
import { samples } from './tables.ts';
import { recordSampleEvent } from './records.ts';
import { samplesOfOrder } from './read.ts';
import { RENAMABLE } from '../../shared/samples/samples.ts';
import { sharedParameters, type SheetProblem } from '../../shared/plan/sheet.ts';
import type { OrderStatus } from '../../shared/orders/order-status.ts';
import { SHEET_OPEN_STATUSES } from '../../shared/orders/order-view.ts';
import type { OrderSample } from '../../shared/samples/responses.ts';

const SHEET_CLOSED = '实验室已签收样品，不能再上传样品信息表';

const line = orderLineDirectory('sheet_line');

export type OrderSheetOutcome =
  | { ok: true; rows: number; samples: OrderSample[] }
  | { ok: false; problems: SheetProblem[]; rows: number; annotated: Buffer };

function checkOpen(status: OrderStatus) {
  if (status === 'cancelled') throw new DomainError('订单已取消，不能上传样品信息表');
  if (!SHEET_OPEN_STATUSES.includes(status)) throw new DomainError(SHEET_CLOSED);
}

export async function orderFromSheet(
  s: Services,
  userId: number,
  orderRid: string,
  itemRid: string,
  bytes: Uint8Array,
): Promise<OrderSheetOutcome> {
  const order = await findOwnOrder(s.db, userId, orderRid);
  if (order.typeId !== 1) throw new DomainError('该订单无需样品信息表');
  checkOpen(order.status);
  const [target] = await s.db
    .select({ id: line.id, name: line.name, count: line.sampleCount })
    .from(line)
    .where(and(eq(line.orderId, order.id), eq(line.itemRid, itemRid)))
    .orderBy(asc(line.id))
    .limit(1);
  if (!target) throw new DomainError('订单中没有该检测项目', 200, 'NOT_FOUND');
  const [it] = await itemsByRid(s.db, [itemRid]);
  if (!it) throw new DomainError('检测项目不存在', 200, 'NOT_FOUND');

  const read = await readSheet(bytes, it);
  if (!read.ok) return read;
  const rows = read.samples;
  // The count was priced when ordered: the sheet names the samples, it does not add or drop any.
  if (rows.length !== target.count)
    throw new DomainError(
      `订单中「${target.name}」为${target.count}个样品，表格有${rows.length}行，请填写${target.count}行；如需增减样品请联系业务经理`,
    );
  checkSamples(it, rows);

  await s.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    checkOpen(locked.status);
    const mine = await tx
      .select()
      .from(samples)
      .where(eq(samples.orderItemId, target.id))
      .orderBy(asc(samples.sampleNo))
      .for('update');
    if (mine.some((x) => !RENAMABLE.includes(x.status))) throw new DomainError(SHEET_CLOSED);
    for (const [i, x] of mine.entries()) {
      const row = rows[i];
      if (!row) break;
      if (row.name !== x.name)
        await recordSampleEvent(tx, x.id, {
          kind: 'renamed',
          actor: 'customer',
          actorId: userId,
          details: { old_name: x.name, new_name: row.name },
          name: row.name,
          now: s.now(),
        });
      await tx
        .update(samples)
        .set({ note: row.note, parameters: row.parameters })
        .where(eq(samples.id, x.id));
    }
    await setLineSamples(tx, target.id, rows, sharedParameters(rows));
  });
  return { ok: true, rows: rows.length, samples: await samplesOfOrder(s.db, order.id) };
}
