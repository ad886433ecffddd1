import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import type { Services } from '../platform/services.ts';
import { route } from '../platform/http/route.ts';
import { moneyAdminApi } from '../../shared/money/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { PRESTORE_STATUS_TEXT } from '../../shared/money/money.ts';
import { listPrestore, prestoreOut } from './prestore.ts';
import { approvePrestore, FIRST_APPROVAL_DONE, refundPrestore, rejectPrestore } from './prestore-review.ts';
import { saveRule } from './prestore-rules.ts';
import { decideTransfer, listTransfers } from './transfers.ts';
import { changeCreditLine, decideCredit, listCreditApplications } from './credit.ts';
import { movementsOf, walletOut, type AssetNeighbours } from './asset.ts';
import { approveCredit, creditOrRequest, listApprovals, pendingMessage, rejectCredit } from './approvals.ts';
import { creditOverview } from './credit.ts';
import { userAccount } from './ledger.ts';
import { DomainError } from '../platform/errors.ts';
import { userIdByRid } from '../accounts/index.ts';
import { bankAdminApi, BANK_FILE_MAX_BYTES } from '../../shared/money/bank.ts';
import { readUpload, uploadLimitOf } from '../platform/http/uploads.ts';
import { confirmBankRow, ignoreBankRow, importBankFile, listBankRows } from './bank-import.ts';

type PrestoreStatus = keyof typeof PRESTORE_STATUS_TEXT;

const isPrestoreStatus = (s: string): s is PrestoreStatus => s in PRESTORE_STATUS_TEXT;

/** The wallet of the customer a staff call names. */
async function customerAccount(s: Services, userRid: string) {
  const userId = await userIdByRid(s.db, userRid);
  if (userId === undefined) throw new DomainError('用户不存在', 200, 'NOT_FOUND');
  return userAccount(s.db, userId, s.now());
}

/** Finance's side of the money calls under /api/admin: approvals, rules, manual credits. */
export function moneyAdminRoutes(neighbours: AssetNeighbours) {
  const r = new Hono<ApiEnv>();

  route(r, moneyAdminApi.prestoreList, async (c, input) => {
    const f = await input.body();
    const { rows, total } = await listPrestore(c.var.services.db, {
      ...f,
      status: f.status && isPrestoreStatus(f.status) ? f.status : undefined,
      refundRequested: f.status === 'refund_requested',
    });
    return ok(c, {
      list: rows.map((r) => ({
        ...prestoreOut(r.a),
        customer: { rid: r.userRid, phone: r.phone, name: r.name, company: r.company },
      })),
      total,
    });
  });

  route(r, moneyAdminApi.prestoreApprove, async (c, input) => {
    const me = requireUser(c);
    const { rid, note } = await input.body();
    const done = await approvePrestore(c.var.services, me.id, rid, note);
    return ok(c, done, done.awaiting_second ? FIRST_APPROVAL_DONE : '已入账');
  });

  route(r, moneyAdminApi.prestoreReject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, await rejectPrestore(c.var.services, me.id, rid, reason), '已驳回');
  });

  route(r, moneyAdminApi.prestoreRefund, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, await refundPrestore(c.var.services, me.id, rid, reason), '已退款');
  });

  route(r, moneyAdminApi.ruleSave, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await saveRule(c.var.services, me.id, await input.body()), '保存成功');
  });

  route(r, moneyAdminApi.transferList, async (c, input) => {
    const f = await input.body();
    return ok(c, await listTransfers(c.var.services.db, null, f));
  });

  route(r, moneyAdminApi.transferApprove, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await decideTransfer(c.var.services, me.id, rid, { approve: true }), '已转账');
  });

  route(r, moneyAdminApi.transferReject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, await decideTransfer(c.var.services, me.id, rid, { approve: false, reason }), '已驳回');
  });

  route(r, moneyAdminApi.creditList, async (c, input) => {
    return ok(c, await listCreditApplications(c.var.services.db, await input.body()));
  });

  route(r, moneyAdminApi.creditApprove, async (c, input) => {
    const me = requireUser(c);
    const { rid, limit_fen, due_days } = await input.body();
    return ok(
      c,
      await decideCredit(c.var.services, me.id, rid, { approve: true, limit_fen, due_days }),
      '已开通',
    );
  });

  route(r, moneyAdminApi.creditReject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, await decideCredit(c.var.services, me.id, rid, { approve: false, reason }), '已驳回');
  });

  route(r, moneyAdminApi.creditTerms, async (c, input) => {
    const { rid, limit_fen, due_days } = await input.body();
    return ok(
      c,
      await changeCreditLine(c.var.services, rid, { kind: 'terms', limit_fen, due_days }),
      '已调整授信',
    );
  });
  route(r, moneyAdminApi.creditSuspend, async (c, input) => {
    const { rid, reason } = await input.body();
    return ok(c, await changeCreditLine(c.var.services, rid, { kind: 'suspend', reason }), '已暂停授信');
  });
  route(r, moneyAdminApi.creditResume, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await changeCreditLine(c.var.services, rid, { kind: 'resume' }), '已恢复授信');
  });

  route(r, moneyAdminApi.customerWallet, async (c, input) => {
    const { user_rid } = await input.body();
    const s = c.var.services;
    const account = await customerAccount(s, user_rid);
    const credit = await creditOverview(s.db, account, s.now());
    return ok(c, { ...walletOut(account, credit), credit });
  });

  route(r, moneyAdminApi.customerMovements, async (c, input) => {
    const { user_rid, ...filter } = await input.body();
    const s = c.var.services;
    const account = await customerAccount(s, user_rid);
    return ok(c, await movementsOf(s.db, neighbours.orders, account.id, filter));
  });

  route(r, moneyAdminApi.balanceCredit, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    const s = c.var.services;
    const result = await creditOrRequest(s, {
      userRid: input.user_rid,
      amountFen: input.amount_fen,
      idempotencyKey: input.idempotency_key,
      note: input.note,
      staffId: me.id,
    });
    return ok(c, result, result.pending ? pendingMessage(s) : '充值成功');
  });

  route(r, moneyAdminApi.approvalList, async (c, input) =>
    ok(c, await listApprovals(c.var.services, await input.body())),
  );
  route(r, moneyAdminApi.approvalApprove, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await approveCredit(c.var.services, me.id, rid), '已批准入账');
  });
  route(r, moneyAdminApi.approvalReject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, await rejectCredit(c.var.services, me.id, rid, reason), '已驳回');
  });

  bankRoutes(r);
  return r;
}

/** Bank statement import and its matches (decision 0088). */
function bankRoutes(r: Hono<ApiEnv>) {
  r.use(
    bankAdminApi.import.path,
    uploadLimitOf(() => BANK_FILE_MAX_BYTES),
  );
  route(r, bankAdminApi.import, async (c) => {
    const me = requireUser(c);
    const { file, name } = await readUpload(c);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const done = await importBankFile(c.var.services, me.id, { name, bytes });
    return ok(
      c,
      done,
      done.repeated
        ? '该文件已导入过，没有新的流水'
        : `已导入${done.new_rows}条新流水，${done.proposed}条有匹配建议`,
    );
  });
  route(r, bankAdminApi.rows, async (c, input) =>
    ok(c, await listBankRows(c.var.services, await input.body())),
  );
  route(r, bankAdminApi.confirm, async (c, input) => {
    const me = requireUser(c);
    const done = await confirmBankRow(c.var.services, me.id, await input.body());
    return ok(c, done, done.awaiting_second ? FIRST_APPROVAL_DONE : '已入账');
  });
  route(r, bankAdminApi.ignore, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await ignoreBankRow(c.var.services, me.id, await input.body()), '已忽略');
  });
}
