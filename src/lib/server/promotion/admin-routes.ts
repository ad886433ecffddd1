import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { promotionAdminApi } from '../../shared/promotion/api.ts';
import { decidePromoter, listPromoters } from './promoters.ts';
import { decideWithdrawal, firstApproveWithdrawal, listWithdrawals } from './withdrawals.ts';
import { listCampaigns, saveCampaign, setCampaignStatus } from './campaigns.ts';

/** 推广 under /api/admin: promoter applications, withdrawals to pay, campaigns (decision 0031). */
export function promotionAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, promotionAdminApi.promoterList, async (c, input) =>
    ok(c, await listPromoters(c.var.services, await input.body())),
  );

  route(r, promotionAdminApi.promoterApprove, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await decidePromoter(c.var.services, me.id, { ...input, approve: true }), '已通过');
  });

  route(r, promotionAdminApi.promoterReject, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await decidePromoter(c.var.services, me.id, { ...input, approve: false }), '已驳回');
  });

  route(r, promotionAdminApi.withdrawList, async (c, input) =>
    ok(c, await listWithdrawals(c.var.services, await input.body())),
  );

  route(r, promotionAdminApi.withdrawApprove, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await firstApproveWithdrawal(c.var.services, me.id, input.rid), '已初审，请另一位同事打款');
  });

  route(r, promotionAdminApi.withdrawPay, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await decideWithdrawal(c.var.services, me.id, { ...input, pay: true }), '已标记打款');
  });

  route(r, promotionAdminApi.withdrawReject, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(
      c,
      await decideWithdrawal(c.var.services, me.id, { ...input, pay: false }),
      '已驳回，金额已退回',
    );
  });

  route(r, promotionAdminApi.campaignList, async (c, input) =>
    ok(c, await listCampaigns(c.var.services, await input.body())),
  );

  route(r, promotionAdminApi.campaignSave, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await saveCampaign(c.var.services, me.id, input), input.rid ? '已保存' : '已创建');
  });

  route(r, promotionAdminApi.campaignRetire, async (c, input) =>
    ok(c, await setCampaignStatus(c.var.services, (await input.body()).rid, 'retired'), '已下线'),
  );

  route(r, promotionAdminApi.campaignRestore, async (c, input) =>
    ok(c, await setCampaignStatus(c.var.services, (await input.body()).rid, 'active'), '已上线'),
  );

  return r;
}
