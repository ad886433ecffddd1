import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import type { Services } from '../platform/services.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { creditSchema } from '../../shared/orders/order.ts';
import {
  adminListSchema,
  approvalListSchema,
  approvalRidSchema,
  creditApproveSchema,
  PRESTORE_STATUS_TEXT,
  rejectSchema,
  reviewSchema,
  ruleSaveSchema,
} from '../../shared/money/money.ts';
import {
  ApprovalDecidedSchema,
  AssetSchema,
  CreditApplicationSchema,
  MoneyApprovalPageSchema,
  MovementPageSchema,
  CreditedSchema,
  PrestoreRefundedSchema,
  PrestoreRuleSchema,
  PrestoreSchema,
  StaffCreditPageSchema,
  StaffPrestorePageSchema,
  TransferMovedSchema,
  TransferPageSchema,
  PrestoreApprovedSchema,
} from '../../shared/money/responses.ts';
import {
  approvePrestore,
  FIRST_APPROVAL_DONE,
  listPrestore,
  prestoreOut,
  refundPrestore,
  rejectPrestore,
  saveRule,
} from './prestore.ts';
import { decideTransfer, listTransfers } from './transfers.ts';
import { decideCredit, listCreditApplications } from './credit.ts';
import { movementsOf, walletOut } from './asset.ts';
import { approveCredit, creditOrRequest, listApprovals, pendingMessage, rejectCredit } from './approvals.ts';
import { creditOverview } from './credit.ts';
import { userAccount } from './ledger.ts';
import { DomainError } from '../platform/errors.ts';
import { z } from '../../shared/zod.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import { ridField } from '../../shared/orders/order.ts';
import { userIdByRid } from '../accounts/index.ts';

type PrestoreStatus = keyof typeof PRESTORE_STATUS_TEXT;

const customerSchema = z.object({ user_rid: ridField('客户') }, { error: '请求参数格式不正确' });
const customerMovementsSchema = PageRequestSchema.extend({ user_rid: ridField('客户') });
const isPrestoreStatus = (s: string): s is PrestoreStatus => s in PRESTORE_STATUS_TEXT;

/** The wallet of the customer a staff call names. */
async function customerAccount(s: Services, userRid: string) {
  const userId = await userIdByRid(s.db, userRid);
  if (userId === undefined) throw new DomainError('用户不存在', 200, 'NOT_FOUND');
  return userAccount(s.db, userId, s.now());
}

/** Finance's side of the money calls under /api/admin: approvals, rules, manual credits. */
export function moneyAdminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/prestore/list',
    contract({ body: adminListSchema, response: StaffPrestorePageSchema }),
    async (c) => {
      const f = await readBody(c, adminListSchema);
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
    },
  );

  r.post(
    '/prestore/approve',
    contract({ body: reviewSchema, response: PrestoreApprovedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, note } = await readBody(c, reviewSchema);
      const done = await approvePrestore(c.var.services, me.id, rid, note);
      return ok(c, done, done.awaiting_second ? FIRST_APPROVAL_DONE : '已入账');
    },
  );

  r.post('/prestore/reject', contract({ body: rejectSchema, response: PrestoreSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, reason } = await readBody(c, rejectSchema);
    return ok(c, await rejectPrestore(c.var.services, me.id, rid, reason), '已驳回');
  });

  r.post(
    '/prestore/refund',
    contract({ body: rejectSchema, response: PrestoreRefundedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reason } = await readBody(c, rejectSchema);
      return ok(c, await refundPrestore(c.var.services, me.id, rid, reason), '已退款');
    },
  );

  r.post(
    '/prestore_rule/save',
    contract({ body: ruleSaveSchema, response: PrestoreRuleSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await saveRule(c.var.services, me.id, await readBody(c, ruleSaveSchema)), '保存成功');
    },
  );

  r.post('/transfer/list', contract({ body: adminListSchema, response: TransferPageSchema }), async (c) => {
    const f = await readBody(c, adminListSchema);
    return ok(c, await listTransfers(c.var.services.db, null, f));
  });

  r.post('/transfer/approve', contract({ body: reviewSchema, response: TransferMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, reviewSchema);
    return ok(c, await decideTransfer(c.var.services, me.id, rid, { approve: true }), '已转账');
  });

  r.post('/transfer/reject', contract({ body: rejectSchema, response: TransferMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, reason } = await readBody(c, rejectSchema);
    return ok(c, await decideTransfer(c.var.services, me.id, rid, { approve: false, reason }), '已驳回');
  });

  r.post('/credit/list', contract({ body: adminListSchema, response: StaffCreditPageSchema }), async (c) => {
    return ok(c, await listCreditApplications(c.var.services.db, await readBody(c, adminListSchema)));
  });

  r.post(
    '/credit/approve',
    contract({ body: creditApproveSchema, response: CreditApplicationSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, limit_fen, due_days } = await readBody(c, creditApproveSchema);
      return ok(
        c,
        await decideCredit(c.var.services, me.id, rid, { approve: true, limit_fen, due_days }),
        '已开通',
      );
    },
  );

  r.post('/credit/reject', contract({ body: rejectSchema, response: CreditApplicationSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, reason } = await readBody(c, rejectSchema);
    return ok(c, await decideCredit(c.var.services, me.id, rid, { approve: false, reason }), '已驳回');
  });

  r.post(
    '/customer/wallet',
    contract({ body: customerSchema, response: AssetSchema.omit({ online_channels: true }) }),
    async (c) => {
      const { user_rid } = await readBody(c, customerSchema);
      const s = c.var.services;
      const account = await customerAccount(s, user_rid);
      const credit = await creditOverview(s.db, account, s.now());
      return ok(c, { ...walletOut(account, credit), credit });
    },
  );

  r.post(
    '/customer/movements',
    contract({ body: customerMovementsSchema, response: MovementPageSchema }),
    async (c) => {
      const { user_rid, ...filter } = await readBody(c, customerMovementsSchema);
      const s = c.var.services;
      const account = await customerAccount(s, user_rid);
      return ok(c, await movementsOf(s.db, account.id, filter));
    },
  );

  r.post('/balance/credit', contract({ body: creditSchema, response: CreditedSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, creditSchema);
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

  r.post(
    '/money/approval/list',
    contract({ body: approvalListSchema, response: MoneyApprovalPageSchema }),
    async (c) => ok(c, await listApprovals(c.var.services, await readBody(c, approvalListSchema))),
  );
  r.post(
    '/money/approval/approve',
    contract({ body: approvalRidSchema, response: ApprovalDecidedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, approvalRidSchema);
      return ok(c, await approveCredit(c.var.services, me.id, rid), '已批准入账');
    },
  );
  r.post(
    '/money/approval/reject',
    contract({ body: rejectSchema, response: ApprovalDecidedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reason } = await readBody(c, rejectSchema);
      return ok(c, await rejectCredit(c.var.services, me.id, rid, reason), '已驳回');
    },
  );

  return r;
}
