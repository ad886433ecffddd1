import { Hono } from 'hono';
import { onlineChannels } from '../platform/services.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { moneyApi } from '../../shared/money/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { MAX_AMOUNT_FEN } from '../../shared/money.ts';
import {
  addPrestore,
  cancelPrestore,
  editPrestore,
  listPrestore,
  prestoreOut,
  readyPayCount,
  requestPrestoreRefund,
} from './prestore.ts';
import { currentRule, listRules, ruleOut, quote } from './prestore-rules.ts';
import {
  addTransfer,
  cancelTransfer,
  listTransfers,
  findPayee,
  transferDetail,
  transferReviewFen,
} from './transfers.ts';
import { assetCounts, assetDetail, assetInit, type AssetNeighbours } from './asset.ts';
import { operateCredit } from './credit.ts';
import { userAccount } from './ledger.ts';

/** The customer's money calls under /api/auth (decision 0022); the app hands in orders and points. */
export function moneyRoutes(neighbours: AssetNeighbours) {
  const r = new Hono<ApiEnv>();

  route(r, moneyApi.prestoreAdd, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await addPrestore(c.var.services, me.id, await input.body()), '提交成功');
  });

  route(r, moneyApi.prestoreEdit, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(
      c,
      await editPrestore(c.var.services, me.id, input),
      input.voucher ? '凭证已提交，请等待审核' : '保存成功',
    );
  });

  route(r, moneyApi.prestoreCancel, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await cancelPrestore(c.var.services, me.id, rid), '已取消');
  });

  route(r, moneyApi.prestoreRefund, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await requestPrestoreRefund(c.var.services, me.id, rid), '退款申请已提交，财务将尽快处理');
  });

  route(r, moneyApi.prestoreUnpaidCount, async (c) => {
    const me = requireUser(c);
    return ok(c, await readyPayCount(c.var.services.db, me.id));
  });

  route(r, moneyApi.prestoreList, async (c, input) => {
    const me = requireUser(c);
    const f = await input.body();
    const { rows, total } = await listPrestore(c.var.services.db, { ...f, userId: me.id });
    return ok(c, { list: rows.map((r) => prestoreOut(r.a)), total });
  });

  route(r, moneyApi.prestoreContext, async (c) => {
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

  route(r, moneyApi.prestoreRules, async (c) => {
    requireUser(c);
    return ok(c, await listRules(c.var.services.db, c.var.services.now()));
  });

  route(r, moneyApi.prestoreQuote, async (c) => {
    requireUser(c);
    const token = c.req.param('token') ?? '';
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

  route(r, moneyApi.transferAdd, async (c, input) => {
    const me = requireUser(c);
    const t = await addTransfer(c.var.services, me.id, await input.body());
    return ok(c, t, t.status === 'done' ? '转账成功' : '转账申请已提交，等待审核');
  });

  route(r, moneyApi.transferPayee, async (c, input) => {
    const me = requireUser(c);
    const { to_account } = await input.body();
    return ok(c, await findPayee(c.var.services, me.id, to_account));
  });

  route(r, moneyApi.transferList, async (c, input) => {
    const me = requireUser(c);
    const f = await input.body();
    const account = await userAccount(c.var.services.db, me.id, c.var.services.now());
    return ok(c, await listTransfers(c.var.services.db, account.id, f));
  });

  route(r, moneyApi.transferDetail, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await transferDetail(c.var.services, me.id, rid));
  });

  route(r, moneyApi.transferCancel, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await cancelTransfer(c.var.services, me.id, rid), '已取消');
  });

  route(r, moneyApi.asset, async (c) => {
    const me = requireUser(c);
    return ok(c, await assetInit(c.var.services, me.id, neighbours.pointsBalance));
  });

  route(r, moneyApi.assetCounts, async (c) => {
    const me = requireUser(c);
    return ok(c, await assetCounts(c.var.services, me.id));
  });

  route(r, moneyApi.movements, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await assetDetail(c.var.services, neighbours.orders, me.id, await input.body()));
  });

  route(r, moneyApi.creditOperate, async (c, input) => {
    const me = requireUser(c);
    const op = await input.body();
    const message = { apply: '信用申请已提交，请等待审核', cancel: '已撤回信用申请', repay: '还款成功' }[
      op.action
    ];
    return ok(c, await operateCredit(c.var.services, me.id, op), message);
  });

  return r;
}
