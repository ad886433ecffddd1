import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { pointsAdminApi } from '../../shared/points/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { addItem, decideExchange, editItem, listExchanges, listItems, setItemStatus } from './exchange.ts';
import {
  adjustPendingMessage,
  adjustPoints,
  approveAdjust,
  customerByRid,
  customerPoints,
  listAdjustRequests,
  rejectAdjust,
} from './staff.ts';
import { pointsHistory } from './read.ts';

/** Staff's points calls under /api/admin: the catalogue, gift-card exchanges, a customer's points. */
export function pointsAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, pointsAdminApi.itemList, async (c, input) =>
    ok(c, await listItems(c.var.services.db, await input.body())),
  );

  route(r, pointsAdminApi.itemAdd, async (c, input) =>
    ok(c, await addItem(c.var.services, await input.body()), '已上架'),
  );

  route(r, pointsAdminApi.itemEdit, async (c, input) =>
    ok(c, await editItem(c.var.services, await input.body()), '保存成功'),
  );

  route(r, pointsAdminApi.itemRetire, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await setItemStatus(c.var.services, rid, 'retired'), '已下架');
  });

  route(r, pointsAdminApi.itemRestore, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await setItemStatus(c.var.services, rid, 'active'), '已重新上架');
  });

  route(r, pointsAdminApi.exchangeList, async (c, input) =>
    ok(c, await listExchanges(c.var.services.db, await input.body())),
  );

  route(r, pointsAdminApi.exchangeFulfil, async (c, input) => {
    const me = requireUser(c);
    const { rid, note } = await input.body();
    return ok(c, await decideExchange(c.var.services, me.id, rid, { fulfil: true, note }), '已发放');
  });

  route(r, pointsAdminApi.exchangeReject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(
      c,
      await decideExchange(c.var.services, me.id, rid, { fulfil: false, reason }),
      '已驳回，积分已退回',
    );
  });

  route(r, pointsAdminApi.customer, async (c, input) => {
    const { user_rid } = await input.body();
    return ok(c, await customerPoints(c.var.services, user_rid));
  });

  route(r, pointsAdminApi.customerHistory, async (c, input) => {
    const { user_rid, ...f } = await input.body();
    const u = await customerByRid(c.var.services, user_rid);
    return ok(c, await pointsHistory(c.var.services.db, u.id, f));
  });

  route(r, pointsAdminApi.adjust, async (c, input) => {
    const me = requireUser(c);
    const s = c.var.services;
    const done = await adjustPoints(s, me.id, await input.body());
    return ok(c, done, done.pending ? adjustPendingMessage(s) : '已调整');
  });

  // Large adjustments wait for a second staff member (issue 28; decision 0048).
  route(r, pointsAdminApi.adjustList, async (c, input) =>
    ok(c, await listAdjustRequests(c.var.services, await input.body())),
  );

  route(r, pointsAdminApi.adjustApprove, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await approveAdjust(c.var.services, me.id, rid), '已批准，积分已调整');
  });

  route(r, pointsAdminApi.adjustReject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, await rejectAdjust(c.var.services, me.id, rid, reason), '已驳回');
  });

  return r;
}
