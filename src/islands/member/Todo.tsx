import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/client/api.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import type { HomeDataForUserSchema } from '../../lib/shared/groups/responses.ts';
import { homeApi } from '../../lib/shared/home/api.ts';

type HomeData = z.output<typeof HomeDataForUserSchema>;

/** 待办: what waits for the customer (web/home/data) as links; nothing when nothing waits. */
export default function Todo() {
  const [data, setData] = useState<HomeData | null>(null);
  useEffect(() => {
    void api.call(homeApi.data, {}, { silent: true }).then((d) => d && setData(d));
  }, []);
  if (!data) return null;
  const items = [
    data.orders.unpaid > 0 && { href: '/member/unpaid', text: `${data.orders.unpaid} 个订单待付款` },
    data.orders.unsettled > 0 && { href: '/member/unsettled', text: `${data.orders.unsettled} 个订单待结算` },
    data.orders.quoting > 0 && {
      href: '/member/order?tab=quoting',
      text: `${data.orders.quoting} 个订单待报价`,
    },
    data.coupons > 0 && { href: '/member/coupon', text: `${data.coupons} 张优惠券可用` },
    data.points > 0 && { href: '/member/integral', text: `${data.points} 积分可兑换` },
    ...data.groups.map((g) =>
      g.waiting_payments + g.waiting_applicants > 0
        ? {
            href: '/member/communityMg',
            text: `课题组「${g.name}」${g.waiting_payments ? ` ${g.waiting_payments} 笔支付待审批` : ''}${g.waiting_applicants ? ` ${g.waiting_applicants} 人申请加入` : ''}`,
          }
        : {
            href: g.role === 'member' ? '/member/communityJn' : '/member/communityMg',
            text: `课题组「${g.name}」余额 ¥${fenToYuan(g.balance_fen)}`,
          },
    ),
  ].filter((i): i is { href: string; text: string } => Boolean(i));
  if (items.length === 0) return null;
  return (
    <section className="card p-4 md:p-5" aria-labelledby="center-todo" data-todo>
      <h2 id="center-todo" className="mb-3 font-semibold text-slate-900">
        待办与提醒
      </h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((i) => (
          <li key={i.text}>
            <a
              href={i.href}
              className="inline-flex rounded-full bg-brand-50 px-3 py-1.5 text-sm text-brand-700 hover:bg-brand-100"
            >
              {i.text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
