import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { promotionApi } from '../../shared/promotion/api.ts';
import { inviteInit, inviteList, inviteOrders } from './invite.ts';
import { applyPromoter, myPromotion } from './promoters.ts';
import { rebateHistory } from './history.ts';
import { addWithdrawal, cancelWithdrawal, myWithdrawals, updateWithdrawal } from './withdrawals.ts';
import { activeCampaigns } from './campaigns.ts';

/** Invitations, promoters, rebates, withdrawals and campaigns under /api/auth (decision 0031). */
export function promotionRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, promotionApi.inviteInit, async (c) => ok(c, await inviteInit(c.var.services, requireUser(c).id)));

  route(r, promotionApi.inviteList, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await inviteList(c.var.services, me.id, await input.body()));
  });

  route(r, promotionApi.inviteOrders, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await inviteOrders(c.var.services, me.id, await input.body()));
  });

  route(r, promotionApi.apply, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await applyPromoter(c.var.services, me.id, await input.body()), '提交成功!');
  });

  route(r, promotionApi.mine, async (c) => ok(c, await myPromotion(c.var.services, requireUser(c).id)));

  route(r, promotionApi.rebates, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await rebateHistory(c.var.services, me.id, await input.body()));
  });

  route(r, promotionApi.withdrawAdd, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await addWithdrawal(c.var.services, me.id, await input.body()), '提交成功!');
  });

  route(r, promotionApi.withdrawList, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await myWithdrawals(c.var.services, me.id, await input.body()));
  });

  route(r, promotionApi.withdrawCancel, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await cancelWithdrawal(c.var.services, me.id, rid), '已取消，金额已退回可提现余额');
  });

  route(r, promotionApi.withdrawUpdate, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await updateWithdrawal(c.var.services, me.id, await input.body()));
  });

  route(r, promotionApi.campaigns, async (c) => {
    requireUser(c);
    return ok(c, await activeCampaigns(c.var.services));
  });

  return r;
}
