import { useEffect, useState } from 'react';
import Todo from './Todo.tsx';
import AdvisorCard from './AdvisorCard.tsx';
import ProfileDialog from './ProfileDialog.tsx';
import { IncompleteNotice, basicInfoOf } from './ProfileSummary.tsx';

import { memberOnly } from '../ui/member-gate.tsx';
import AssetCard from '../money/AssetCard.tsx';
import { useAsset } from '../money/use-asset.ts';
import { reloadUser, sortAddresses, useSessionUser } from '../ui/session-user.ts';
import { missingBasicFields } from '../../lib/shared/member/completeness.ts';
import { organizationLabel } from '../../lib/shared/member/profile.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';

const BASIC_FIELDS = 5;

const shortcuts = [
  {
    href: '/member/order',
    label: '我的订单',
    text: '订单与检测进度',
    icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  },
  {
    href: '/experiment/plan',
    label: '实验计划',
    text: '已选的检测项目',
    icon: 'M9 3h6M10 3v6.5L4.6 18.3A1.8 1.8 0 0 0 6.2 21h11.6a1.8 1.8 0 0 0 1.6-2.7L14 9.5V3M7.5 15h9',
  },
  {
    href: '/member/sample',
    label: '取样记录',
    text: '上门取样预约',
    icon: 'M2 6h11v10H2zM13 10h4.5l3.5 3.5V16h-8M6 18h.01M17 18h.01',
  },
  {
    href: '/member/prestore',
    label: '预存充值',
    text: '余额与充值记录',
    icon: 'M3 7h18v12H3zM3 11h18M7 15h3',
  },
  {
    href: '/member/address',
    label: '地址管理',
    text: '寄样与取样地址',
    icon: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21ZM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
  },
  {
    href: '/member/invoiceMg',
    label: '发票信息',
    text: '抬头与开票资料',
    icon: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  },
  {
    href: '/member/coupon',
    label: '优惠券',
    text: '可用的优惠',
    icon: 'M3 8a2 2 0 0 0 0 4v4h18v-4a2 2 0 0 1 0-4V4H3zM14 4v16',
  },
  {
    href: '/member/invite',
    label: '邀请有礼',
    text: '分享邀请码',
    icon: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7C10 3 6 3 6 5.5S9 7 12 7c3 0 6 0 6-1.5S14 3 12 7',
  },
];

async function logout(button: HTMLButtonElement) {
  button.disabled = true;
  const { auth } = await import('../../lib/client/auth.ts');
  await auth.logout();
}

/** /member/center: account, user type, profile completeness, the asset card, default address, shortcuts. */
function Center() {
  const { user } = useSessionUser();
  const { asset } = useAsset();
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    void reloadUser();
  }, []);

  const missing = missingBasicFields(basicInfoOf(user));
  const done = BASIC_FIELDS - missing.length;
  const org = typeof user?.organization === 'number' ? user.organization : null;
  const name = typeof user?.name === 'string' && user.name ? user.name : '';
  const defaultAddress = sortAddresses(user?.addresses ?? [])[0];

  return (
    <div className="grid gap-4">
      <section className="card overflow-hidden" aria-label="账户">
        <div className="flex flex-wrap items-center gap-4 bg-gradient-to-r from-brand-800 to-brand-600 px-5 py-6 text-white md:px-7">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white/15"
          >
            <svg
              width="28"
              height="28"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
            </svg>
          </span>
          <div className="min-w-48 flex-1">
            <p className="text-lg font-bold">{name ? `${name}，您好` : '您好'}</p>
            <p className="mt-0.5 text-sm text-brand-100">
              当前账号：<strong className="font-semibold text-white">{user?.account ?? '…'}</strong>
            </p>
            <p className="mt-2 flex flex-wrap gap-2 text-xs">
              <span className="rounded-full bg-white/15 px-2.5 py-0.5">
                用户类型：{org === null ? '未设置' : organizationLabel(org)}
              </span>
              {user?.staff_role ? (
                <span className="rounded-full bg-white/15 px-2.5 py-0.5">工作人员账号</span>
              ) : (
                <span className="rounded-full bg-white/15 px-2.5 py-0.5">
                  资料完善度 {done}/{BASIC_FIELDS}
                </span>
              )}
            </p>
          </div>
          <div className="flex gap-2 max-sm:w-full">
            {user?.staff_role ? (
              <a href="/admin" className="btn bg-white text-brand-800 hover:bg-brand-50 max-sm:flex-1">
                进入管理后台
              </a>
            ) : null}
            <button
              type="button"
              className="btn border border-white/40 text-white hover:bg-white/10 max-sm:flex-1"
              onClick={(e) => void logout(e.currentTarget)}
            >
              退出登录
            </button>
          </div>
        </div>
        <div className="h-1.5 bg-brand-100" aria-hidden="true">
          <div
            className="h-full bg-accent-500 transition-[width]"
            style={{ width: `${(done / BASIC_FIELDS) * 100}%` }}
          />
        </div>
      </section>

      <IncompleteNotice user={user} onComplete={() => setEditing(true)} />

      <Todo />

      <AdvisorCard />

      <AssetCard
        asset={asset}
        actions={
          <>
            <a href="/member/prestore" className="btn bg-white text-brand-700 hover:bg-brand-50">
              预存充值
            </a>
            <a
              href="/member/prestore#detail"
              className="btn border border-white/40 text-white hover:bg-white/10"
            >
              资金明细
            </a>
          </>
        }
      />

      <div className="grid gap-4 md:grid-cols-2">
        <section className="card p-5" aria-labelledby="center-profile">
          <div className="flex items-center justify-between">
            <h2 id="center-profile" className="font-semibold text-slate-900">
              基本信息
            </h2>
            <a href="/member/information" className="more-link">
              查看全部
            </a>
          </div>
          {missing.length ? (
            <p className="mt-3 text-sm text-slate-600">
              还差 <strong className="text-hot-600">{missing.join('、')}</strong>，完善后即可正常下单。
            </p>
          ) : (
            <p className="mt-3 flex items-center gap-2 text-sm text-accent-700">
              <span
                aria-hidden="true"
                className="flex size-5 items-center justify-center rounded-full bg-accent-500 text-xs text-white"
              >
                ✓
              </span>
              基本信息已完善
            </p>
          )}
          <button type="button" className="btn-ghost mt-4" onClick={() => setEditing(true)}>
            {missing.length ? '完善基本信息' : '修改基本信息'}
          </button>
        </section>

        <section className="card p-5" aria-labelledby="center-address">
          <div className="flex items-center justify-between">
            <h2 id="center-address" className="font-semibold text-slate-900">
              默认地址
            </h2>
            <a href="/member/address" className="more-link">
              管理地址
            </a>
          </div>
          {defaultAddress ? (
            <div className="mt-3 text-sm">
              <p>
                <span className="font-medium text-slate-900">{defaultAddress.name}</span>
                <span className="ml-2 text-slate-500">{defaultAddress.phone}</span>
              </p>
              <p className="mt-1 text-slate-600">
                {regionLabel(defaultAddress)} {defaultAddress.address}
              </p>
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-500">还没有保存的地址，添加后下单与预约取样更方便。</p>
          )}
        </section>
      </div>

      <nav
        aria-label="常用功能"
        className="card grid grid-cols-2 gap-px overflow-hidden bg-slate-100 sm:grid-cols-4"
      >
        {shortcuts.map((s) => (
          <a
            key={s.href}
            href={s.href}
            className="group flex items-center gap-3 bg-white px-4 py-4 hover:bg-brand-50"
          >
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-white"
            >
              <svg
                width="20"
                height="20"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={s.icon} />
              </svg>
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-800 group-hover:text-brand-700">
                {s.label}
              </span>
              <span className="block truncate text-xs text-slate-500">{s.text}</span>
            </span>
          </a>
        ))}
      </nav>

      <ProfileDialog open={editing} onClose={() => setEditing(false)} />
    </div>
  );
}

export default memberOnly(Center);
