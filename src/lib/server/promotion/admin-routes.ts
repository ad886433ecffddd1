import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  campaignListSchema,
  campaignRidSchema,
  campaignSaveSchema,
  promoterApproveSchema,
  promoterListSchema,
  promoterRejectSchema,
  staffWithdrawListSchema,
  withdrawPaySchema,
  withdrawRidSchema,
  withdrawRejectSchema,
} from '../../shared/promotion/promotion.ts';
import {
  PromoterApplicationSchema,
  StaffCampaignPageSchema,
  StaffCampaignSchema,
  StaffPromoterPageSchema,
  StaffWithdrawalPageSchema,
  WithdrawalSchema,
} from '../../shared/promotion/responses.ts';
import { decidePromoter, listPromoters } from './promoters.ts';
import { decideWithdrawal, firstApproveWithdrawal, listWithdrawals } from './withdrawals.ts';
import { listCampaigns, saveCampaign, setCampaignStatus } from './campaigns.ts';

/** 推广 under /api/admin: promoter applications, withdrawals to pay, campaigns (decision 0031). */
export function promotionAdminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/promoter/list',
    contract({ body: promoterListSchema, response: StaffPromoterPageSchema }),
    async (c) => ok(c, await listPromoters(c.var.services, await readBody(c, promoterListSchema))),
  );

  r.post(
    '/promoter/approve',
    contract({ body: promoterApproveSchema, response: PromoterApplicationSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, promoterApproveSchema);
      return ok(c, await decidePromoter(c.var.services, me.id, { ...input, approve: true }), '已通过');
    },
  );

  r.post(
    '/promoter/reject',
    contract({ body: promoterRejectSchema, response: PromoterApplicationSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, promoterRejectSchema);
      return ok(c, await decidePromoter(c.var.services, me.id, { ...input, approve: false }), '已驳回');
    },
  );

  r.post(
    '/promoter/withdraw/list',
    contract({ body: staffWithdrawListSchema, response: StaffWithdrawalPageSchema }),
    async (c) => ok(c, await listWithdrawals(c.var.services, await readBody(c, staffWithdrawListSchema))),
  );

  r.post(
    '/promoter/withdraw/approve',
    contract({ body: withdrawRidSchema, response: WithdrawalSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, withdrawRidSchema);
      return ok(
        c,
        await firstApproveWithdrawal(c.var.services, me.id, input.rid),
        '已初审，请另一位同事打款',
      );
    },
  );

  r.post(
    '/promoter/withdraw/pay',
    contract({ body: withdrawPaySchema, response: WithdrawalSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, withdrawPaySchema);
      return ok(c, await decideWithdrawal(c.var.services, me.id, { ...input, pay: true }), '已标记打款');
    },
  );

  r.post(
    '/promoter/withdraw/reject',
    contract({ body: withdrawRejectSchema, response: WithdrawalSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, withdrawRejectSchema);
      return ok(
        c,
        await decideWithdrawal(c.var.services, me.id, { ...input, pay: false }),
        '已驳回，金额已退回',
      );
    },
  );

  r.post(
    '/campaign/list',
    contract({ body: campaignListSchema, response: StaffCampaignPageSchema }),
    async (c) => ok(c, await listCampaigns(c.var.services, await readBody(c, campaignListSchema))),
  );

  r.post(
    '/campaign/save',
    contract({ body: campaignSaveSchema, response: StaffCampaignSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, campaignSaveSchema);
      return ok(c, await saveCampaign(c.var.services, me.id, input), input.rid ? '已保存' : '已创建');
    },
  );

  r.post(
    '/campaign/retire',
    contract({ body: campaignRidSchema, response: StaffCampaignSchema }),
    async (c) =>
      ok(
        c,
        await setCampaignStatus(c.var.services, (await readBody(c, campaignRidSchema)).rid, 'retired'),
        '已下线',
      ),
  );

  r.post(
    '/campaign/restore',
    contract({ body: campaignRidSchema, response: StaffCampaignSchema }),
    async (c) =>
      ok(
        c,
        await setCampaignStatus(c.var.services, (await readBody(c, campaignRidSchema)).rid, 'active'),
        '已上线',
      ),
  );

  return r;
}
