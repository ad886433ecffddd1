import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { NoData } from '../../shared/responses.ts';
import {
  agreeSchema,
  depositSchema,
  groupAddSchema,
  groupApplySchema,
  groupOrdersSchema,
  groupPaymentRidSchema,
  groupPaySchema,
  groupRidSchema,
  groupSearchSchema,
  limitSchema,
  memberSchema,
  paymentDecisionSchema,
  roleSchema,
} from '../../shared/groups/groups.ts';
import {
  GroupAppliedSchema,
  GroupCreatedSchema,
  GroupDecidedSchema,
  GroupDetailSchema,
  GroupPaidSchema,
  GroupPaymentPageSchema,
  GroupSearchPageSchema,
  GroupWaitingSchema,
  MyGroupsSchema,
} from '../../shared/groups/responses.ts';
import {
  acceptLeadership,
  applyToGroup,
  createGroup,
  decideApplicant,
  decidePayment,
  depositToGroup,
  dissolveGroup,
  groupDetail,
  groupPaymentsList,
  myGroups,
  myWaitingRequests,
  offerLeadership,
  payFromGroup,
  removeMember,
  searchGroups,
  setLimits,
  setRole,
  withdrawPayment,
} from './groups.ts';

/** Research groups under /api/auth/cluster/* (the spec's cluster {hash} calls; decision 0033). */
export function groupRoutes() {
  const r = new Hono<ApiEnv>();
  const s = (c: { var: ApiEnv['Variables'] }) => c.var.services;

  r.post('/cluster/add', contract({ body: groupAddSchema, response: GroupCreatedSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, { rid: await createGroup(s(c), me.id, await readBody(c, groupAddSchema)) }, '课题组已创建');
  });

  r.post(
    '/cluster/search',
    contract({ body: groupSearchSchema, response: GroupSearchPageSchema }),
    async (c) => {
      requireUser(c);
      return ok(c, await searchGroups(s(c), await readBody(c, groupSearchSchema)));
    },
  );

  r.post('/cluster/apply', contract({ body: groupApplySchema, response: GroupAppliedSchema }), async (c) => {
    const me = requireUser(c);
    const joined = await applyToGroup(s(c), me.id, await readBody(c, groupApplySchema));
    return ok(c, joined, joined.status === 'active' ? '已加入课题组' : '申请已提交，请等待组长审核');
  });

  r.post('/cluster/agree', contract({ body: agreeSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, agreeSchema);
    await decideApplicant(s(c), me.id, input);
    return ok(c, null, input.agree ? '已同意加入' : '已拒绝申请');
  });

  r.post('/cluster/delete', contract({ body: memberSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await removeMember(s(c), me.id, await readBody(c, memberSchema));
    return ok(c, null, '操作成功');
  });

  r.post('/cluster/transfer', contract({ body: memberSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await offerLeadership(s(c), me.id, await readBody(c, memberSchema));
    return ok(c, null, '已发出转让，等待对方接受');
  });

  r.post('/cluster/acceptLeader', contract({ body: groupRidSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await acceptLeadership(s(c), me.id, (await readBody(c, groupRidSchema)).rid);
    return ok(c, null, '您已成为组长');
  });

  r.post('/cluster/mine', contract({ response: MyGroupsSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await myGroups(s(c), me.id));
  });

  r.post('/cluster/detail', contract({ body: groupRidSchema, response: GroupDetailSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await groupDetail(s(c), me.id, (await readBody(c, groupRidSchema)).rid));
  });

  r.post('/cluster/role', contract({ body: roleSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await setRole(s(c), me.id, await readBody(c, roleSchema));
    return ok(c, null, '已设置');
  });

  r.post('/cluster/limit', contract({ body: limitSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await setLimits(s(c), me.id, await readBody(c, limitSchema));
    return ok(c, null, '限额已保存');
  });

  r.post('/cluster/dissolve', contract({ body: groupRidSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await dissolveGroup(s(c), me.id, (await readBody(c, groupRidSchema)).rid);
    return ok(c, null, '课题组已解散');
  });

  r.post('/cluster/deposit', contract({ body: depositSchema, response: GroupDetailSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await depositToGroup(s(c), me.id, await readBody(c, depositSchema)), '已转入课题组账户');
  });

  r.post('/cluster/pay', contract({ body: groupPaySchema, response: GroupPaidSchema }), async (c) => {
    const me = requireUser(c);
    const paid = await payFromGroup(s(c), me.id, await readBody(c, groupPaySchema));
    return ok(c, paid, paid.message);
  });

  r.post(
    '/cluster/decide',
    contract({ body: paymentDecisionSchema, response: GroupDecidedSchema }),
    async (c) => {
      const me = requireUser(c);
      const decided = await decidePayment(s(c), me.id, await readBody(c, paymentDecisionSchema));
      return ok(c, decided, decided.message);
    },
  );

  r.post('/cluster/withdraw', contract({ body: groupPaymentRidSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    await withdrawPayment(s(c), me.id, (await readBody(c, groupPaymentRidSchema)).rid);
    return ok(c, null, '已撤回支付申请');
  });

  r.post('/cluster/waiting', contract({ response: GroupWaitingSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await myWaitingRequests(s(c), me.id));
  });

  r.post(
    '/cluster/payments',
    contract({ body: groupOrdersSchema, response: GroupPaymentPageSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await groupPaymentsList(s(c), me.id, await readBody(c, groupOrdersSchema)));
    },
  );

  return r;
}
