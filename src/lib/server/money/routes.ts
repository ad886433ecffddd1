import { Hono } from 'hono';
import { onlineChannels } from '../platform/services.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import { MAX_AMOUNT_FEN } from '../../shared/money.ts';
import {
  assetDetailSchema,
  creditOperateSchema,
  prestoreAddSchema,
  prestoreEditSchema,
  prestoreListSchema,
  prestoreRidSchema,
  transferAddSchema,
  transferPayeeSchema,
  transferRidSchema,
} from '../../shared/money/money.ts';
import {
  AssetCountsSchema,
  AssetSchema,
  CountSchema,
  CreditOverviewSchema,
  MovementPageSchema,
  PayeeSchema,
  PrestoreContextSchema,
  PrestorePageSchema,
  PrestoreQuoteSchema,
  PrestoreRulesSchema,
  PrestoreSchema,
  TransferMovedSchema,
  TransferPageSchema,
  TransferSchema,
} from '../../shared/money/responses.ts';
import {
  addPrestore,
  cancelPrestore,
  currentRule,
  editPrestore,
  listPrestore,
  listRules,
  prestoreOut,
  ruleOut,
  quote,
  readyPayCount,
  requestPrestoreRefund,
} from './prestore.ts';
import {
  addTransfer,
  cancelTransfer,
  listTransfers,
  findPayee,
  transferDetail,
  transferReviewFen,
} from './transfers.ts';
import { assetCounts, assetDetail, assetInit } from './asset.ts';
import { operateCredit } from './credit.ts';
import { userAccount } from './ledger.ts';

/** The customer's money calls under /api/auth (decision 0022). */
export function moneyRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/prestoreApply/add', contract({ body: prestoreAddSchema, response: PrestoreSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await addPrestore(c.var.services, me.id, await readBody(c, prestoreAddSchema)), '提交成功');
  });

  r.post(
    '/prestoreApply/edit',
    contract({ body: prestoreEditSchema, response: PrestoreSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, prestoreEditSchema);
      return ok(
        c,
        await editPrestore(c.var.services, me.id, input),
        input.voucher ? '凭证已提交，请等待审核' : '保存成功',
      );
    },
  );

  r.post(
    '/prestoreApply/cancel',
    contract({ body: prestoreRidSchema, response: PrestoreSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, prestoreRidSchema);
      return ok(c, await cancelPrestore(c.var.services, me.id, rid), '已取消');
    },
  );

  r.post(
    '/prestoreApply/refund',
    contract({ body: prestoreRidSchema, response: PrestoreSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, prestoreRidSchema);
      return ok(c, await requestPrestoreRefund(c.var.services, me.id, rid), '退款申请已提交，财务将尽快处理');
    },
  );

  r.post('/prestoreApply/readyPayNum', contract({ response: CountSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await readyPayCount(c.var.services.db, me.id));
  });

  r.post(
    '/prestoreApply/listPrestoreDetail',
    contract({ body: prestoreListSchema, response: PrestorePageSchema }),
    async (c) => {
      const me = requireUser(c);
      const f = await readBody(c, prestoreListSchema);
      const { rows, total } = await listPrestore(c.var.services.db, { ...f, userId: me.id });
      return ok(c, { list: rows.map((r) => prestoreOut(r.a)), total });
    },
  );

  r.post('/web/prestore/list', contract({ response: PrestoreContextSchema }), async (c) => {
    requireUser(c);
    const s = c.var.services;
    const rule = await currentRule(s.db, s.now());
    return ok(c, {
      bank: s.content.site.bank,
      rule: ruleOut(rule),
      transfer_review_fen: transferReviewFen(s),
      online_channels: onlineChannels(s),
    });
  });

  r.post('/prestore_rule/list4num', contract({ response: PrestoreRulesSchema }), async (c) => {
    requireUser(c);
    return ok(c, await listRules(c.var.services.db, c.var.services.now()));
  });

  r.post('/prestore_rule_balance/:token', contract({ response: PrestoreQuoteSchema }), async (c) => {
    requireUser(c);
    const token = c.req.param('token');
    const amount = /^\d{1,10}$/.test(token) ? Number(token) : NaN;
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('[预存金额]格式不正确', 400);
    if (amount > MAX_AMOUNT_FEN) throw new DomainError('[预存金额]过大', 400);
    const s = c.var.services;
    const rule = await currentRule(s.db, s.now());
    if (amount < rule.minFen) {
      // Below the minimum the page still shows what the minimum is, with no bonus.
      return ok(c, {
        amount_fen: amount,
        bonus_fen: 0,
        bonus_percent: 0,
        min_fen: rule.minFen,
        rule_rid: rule.rid,
      });
    }
    const q = await quote(s.db, amount, s.now());
    return ok(c, {
      amount_fen: amount,
      bonus_fen: q.bonus_fen,
      bonus_percent: q.bonus_percent,
      min_fen: q.rule.minFen,
      rule_rid: q.rule.rid,
    });
  });

  r.post('/transferApply/add', contract({ body: transferAddSchema, response: TransferSchema }), async (c) => {
    const me = requireUser(c);
    const t = await addTransfer(c.var.services, me.id, await readBody(c, transferAddSchema));
    return ok(c, t, t.status === 'done' ? '转账成功' : '转账申请已提交，等待审核');
  });

  r.post(
    '/transferApply/payee',
    contract({ body: transferPayeeSchema, response: PayeeSchema }),
    async (c) => {
      const me = requireUser(c);
      const { to_account } = await readBody(c, transferPayeeSchema);
      return ok(c, await findPayee(c.var.services, me.id, to_account));
    },
  );

  r.post(
    '/transferApply/list',
    contract({ body: PageRequestSchema, response: TransferPageSchema }),
    async (c) => {
      const me = requireUser(c);
      const f = await readBody(c, PageRequestSchema);
      const account = await userAccount(c.var.services.db, me.id, c.var.services.now());
      return ok(c, await listTransfers(c.var.services.db, account.id, f));
    },
  );

  r.post(
    '/transferApply/detail',
    contract({ body: transferRidSchema, response: TransferSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, transferRidSchema);
      return ok(c, await transferDetail(c.var.services, me.id, rid));
    },
  );

  r.post(
    '/transferApply/cancel',
    contract({ body: transferRidSchema, response: TransferMovedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, transferRidSchema);
      return ok(c, await cancelTransfer(c.var.services, me.id, rid), '已取消');
    },
  );

  r.post('/asset/init', contract({ response: AssetSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await assetInit(c.var.services, me.id));
  });

  r.post('/asset/all4num', contract({ response: AssetCountsSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await assetCounts(c.var.services, me.id));
  });

  r.post('/asset/detail', contract({ body: assetDetailSchema, response: MovementPageSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await assetDetail(c.var.services, me.id, await readBody(c, assetDetailSchema)));
  });

  r.post(
    '/creditApply/operate',
    contract({ body: creditOperateSchema, response: CreditOverviewSchema }),
    async (c) => {
      const me = requireUser(c);
      const op = await readBody(c, creditOperateSchema);
      const message = { apply: '信用申请已提交，请等待审核', cancel: '已撤回信用申请', repay: '还款成功' }[
        op.action
      ];
      return ok(c, await operateCredit(c.var.services, me.id, op), message);
    },
  );

  return r;
}
