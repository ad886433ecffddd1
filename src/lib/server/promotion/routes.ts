import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import {
  inviteOrdersSchema,
  promoterApplySchema,
  rebateListSchema,
  withdrawAddSchema,
  withdrawListSchema,
  withdrawRidSchema,
  withdrawUpdateSchema,
} from '../../shared/promotion/promotion.ts';
import {
  CampaignListSchema,
  InviteePageSchema,
  InviteInitSchema,
  InviteOrdersSchema,
  MyPromotionSchema,
  PromoterApplicationSchema,
  RebatePageSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
} from '../../shared/promotion/responses.ts';
import { inviteInit, inviteList, inviteOrders } from './invite.ts';
import { applyPromoter, myPromotion } from './promoters.ts';
import { rebateHistory } from './history.ts';
import { addWithdrawal, cancelWithdrawal, myWithdrawals, updateWithdrawal } from './withdrawals.ts';
import { activeCampaigns } from './campaigns.ts';

/** Invitations, promoters, rebates, withdrawals and campaigns under /api/auth (decision 0031). */
export function promotionRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/invite/init', contract({ response: InviteInitSchema }), async (c) =>
    ok(c, await inviteInit(c.var.services, requireUser(c).id)),
  );

  r.post('/invite/list', contract({ body: PageRequestSchema, response: InviteePageSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await inviteList(c.var.services, me.id, await readBody(c, PageRequestSchema)));
  });

  r.post(
    '/invite/orderDetail',
    contract({ body: inviteOrdersSchema, response: InviteOrdersSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await inviteOrders(c.var.services, me.id, await readBody(c, inviteOrdersSchema)));
    },
  );

  r.post(
    '/promoter_apply/add',
    contract({ body: promoterApplySchema, response: PromoterApplicationSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(
        c,
        await applyPromoter(c.var.services, me.id, await readBody(c, promoterApplySchema)),
        '提交成功!',
      );
    },
  );

  r.post('/myPromotion/init', contract({ response: MyPromotionSchema }), async (c) =>
    ok(c, await myPromotion(c.var.services, requireUser(c).id)),
  );

  r.post(
    '/promoter_rebate/list',
    contract({ body: rebateListSchema, response: RebatePageSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await rebateHistory(c.var.services, me.id, await readBody(c, rebateListSchema)));
    },
  );

  r.post(
    '/promoter_rebate_withdraw/add',
    contract({ body: withdrawAddSchema, response: WithdrawalSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(
        c,
        await addWithdrawal(c.var.services, me.id, await readBody(c, withdrawAddSchema)),
        '提交成功!',
      );
    },
  );

  r.post(
    '/promoter_rebate_withdraw/list',
    contract({ body: withdrawListSchema, response: WithdrawalPageSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await myWithdrawals(c.var.services, me.id, await readBody(c, withdrawListSchema)));
    },
  );

  r.post(
    '/promoter_rebate_withdraw/cancel',
    contract({ body: withdrawRidSchema, response: WithdrawalSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, withdrawRidSchema);
      return ok(c, await cancelWithdrawal(c.var.services, me.id, rid), '已取消，金额已退回可提现余额');
    },
  );

  r.post(
    '/promoter_rebate_withdraw/update4user',
    contract({ body: withdrawUpdateSchema, response: WithdrawalSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await updateWithdrawal(c.var.services, me.id, await readBody(c, withdrawUpdateSchema)));
    },
  );

  r.post('/web/promotion/all4user', contract({ response: CampaignListSchema }), async (c) => {
    requireUser(c);
    return ok(c, await activeCampaigns(c.var.services));
  });

  return r;
}
