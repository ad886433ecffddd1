import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { groupsApi } from '../../shared/groups/api.ts';
import {
  applyToGroup,
  createGroup,
  decideApplicant,
  removeMember,
  setLimits,
  setRole,
} from './membership.ts';
import { acceptLeadership, dissolveGroup, offerLeadership } from './leadership.ts';
import { groupDetail, myGroups, searchGroups } from './views.ts';
import { decidePayment, depositToGroup, payFromGroup, withdrawPayment } from './payments.ts';
import { groupPaymentsList, myWaitingRequests } from './payment-lists.ts';

/** Research groups under /api/auth/cluster/* (the spec's cluster {hash} calls; decision 0033). */
export function groupRoutes() {
  const r = new Hono<ApiEnv>();
  const s = (c: { var: ApiEnv['Variables'] }) => c.var.services;

  route(r, groupsApi.add, async (c, { body }) => {
    const me = requireUser(c);
    return ok(c, { rid: await createGroup(s(c), me.id, await body()) }, '课题组已创建');
  });

  route(r, groupsApi.search, async (c, { body }) => {
    requireUser(c);
    return ok(c, await searchGroups(s(c), await body()));
  });

  route(r, groupsApi.apply, async (c, { body }) => {
    const me = requireUser(c);
    const joined = await applyToGroup(s(c), me.id, await body());
    return ok(c, joined, joined.status === 'active' ? '已加入课题组' : '申请已提交，请等待组长审核');
  });

  route(r, groupsApi.agree, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    await decideApplicant(s(c), me.id, input);
    return ok(c, null, input.agree ? '已同意加入' : '已拒绝申请');
  });

  route(r, groupsApi.remove, async (c, { body }) => {
    const me = requireUser(c);
    await removeMember(s(c), me.id, await body());
    return ok(c, null, '操作成功');
  });

  route(r, groupsApi.transfer, async (c, { body }) => {
    const me = requireUser(c);
    await offerLeadership(s(c), me.id, await body());
    return ok(c, null, '已发出转让，等待对方接受');
  });

  route(r, groupsApi.acceptLeader, async (c, { body }) => {
    const me = requireUser(c);
    await acceptLeadership(s(c), me.id, (await body()).rid);
    return ok(c, null, '您已成为组长');
  });

  route(r, groupsApi.mine, async (c) => {
    const me = requireUser(c);
    return ok(c, await myGroups(s(c), me.id));
  });

  route(r, groupsApi.detail, async (c, { body }) => {
    const me = requireUser(c);
    return ok(c, await groupDetail(s(c), me.id, (await body()).rid));
  });

  route(r, groupsApi.role, async (c, { body }) => {
    const me = requireUser(c);
    await setRole(s(c), me.id, await body());
    return ok(c, null, '已设置');
  });

  route(r, groupsApi.limit, async (c, { body }) => {
    const me = requireUser(c);
    await setLimits(s(c), me.id, await body());
    return ok(c, null, '限额已保存');
  });

  route(r, groupsApi.dissolve, async (c, { body }) => {
    const me = requireUser(c);
    await dissolveGroup(s(c), me.id, (await body()).rid);
    return ok(c, null, '课题组已解散');
  });

  route(r, groupsApi.deposit, async (c, { body }) => {
    const me = requireUser(c);
    return ok(c, await depositToGroup(s(c), me.id, await body()), '已转入课题组账户');
  });

  route(r, groupsApi.pay, async (c, { body }) => {
    const me = requireUser(c);
    const paid = await payFromGroup(s(c), me.id, await body());
    return ok(c, paid, paid.message);
  });

  route(r, groupsApi.decide, async (c, { body }) => {
    const me = requireUser(c);
    const decided = await decidePayment(s(c), me.id, await body());
    return ok(c, decided, decided.message);
  });

  route(r, groupsApi.withdraw, async (c, { body }) => {
    const me = requireUser(c);
    await withdrawPayment(s(c), me.id, (await body()).rid);
    return ok(c, null, '已撤回支付申请');
  });

  route(r, groupsApi.waiting, async (c) => {
    const me = requireUser(c);
    return ok(c, await myWaitingRequests(s(c), me.id));
  });

  route(r, groupsApi.payments, async (c, { body }) => {
    const me = requireUser(c);
    return ok(c, await groupPaymentsList(s(c), me.id, await body()));
  });

  return r;
}
