// A managed group's people: who asks to join, and the members with their limits and roles.
import type { useConfirm } from '../member/Confirm.tsx';
import { yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import { limitText, type GroupDetail } from './common.tsx';
import { post, type Form } from './FormDialog.tsx';

type Member = GroupDetail['members'][number];

/** 加入申请: 同意 or 拒绝 each. */
export function Applicants({
  rid,
  applicants,
  reload,
}: {
  rid: string;
  applicants: Member[];
  reload: () => void;
}) {
  if (applicants.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">加入申请</h3>
      <ul className="grid gap-2">
        {applicants.map((m) => (
          <li
            key={m.user_rid}
            className="flex flex-wrap items-center gap-2 rounded-lg bg-hot-50/60 px-3 py-2 text-sm"
          >
            <span className="min-w-0 flex-1">
              {m.name || m.phone} {m.message && <span className="text-slate-500">：{m.message}</span>}
            </span>
            <button
              type="button"
              className="btn-primary h-8 px-3"
              onClick={() =>
                void post(groupsApi.agree, { rid, user_rid: m.user_rid, agree: true }, '已同意!').then(reload)
              }
            >
              同意
            </button>
            <button
              type="button"
              className="btn-ghost h-8 px-3"
              onClick={() =>
                void post(groupsApi.agree, { rid, user_rid: m.user_rid, agree: false }, '已拒绝').then(reload)
              }
            >
              拒绝
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 成员: limits (组长 and 助理), the assistant role and handing over (组长 only), removing. */
export function Members({
  rid,
  leader,
  active,
  openForm,
  ask,
  reload,
}: {
  rid: string;
  leader: boolean;
  active: Member[];
  openForm: (f: Form) => void;
  ask: ReturnType<typeof useConfirm>[1];
  reload: () => void;
}) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">成员（{active.length}）</h3>
      <ul className="grid gap-2">
        {active.map((m) => (
          <li
            key={m.user_rid}
            data-member
            className="grid gap-1 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 sm:flex sm:items-center sm:gap-3"
          >
            <span className="min-w-0 flex-1">
              <span className="font-medium text-slate-900">{m.name || m.phone}</span>
              <span className="ml-2 text-xs text-slate-500">{m.role_text}</span>
              {m.role !== 'leader' && (
                <span className="block text-xs text-slate-500">
                  单笔 {limitText(m.per_order_limit_fen)} · 每月 {limitText(m.monthly_limit_fen)} · 本月已用{' '}
                  {formatFen(m.spent_this_month_fen)}
                </span>
              )}
            </span>
            {m.role !== 'leader' && (
              <span className="flex flex-wrap gap-1.5">
                <button
                  type="button"
                  className="btn-ghost h-8 px-3"
                  onClick={() =>
                    openForm({
                      title: `设置「${m.name || m.phone}」的支付限额`,
                      fields: [
                        {
                          key: 'per',
                          label: '单笔限额（元）',
                          value: m.per_order_limit_fen === null ? '' : String(m.per_order_limit_fen / 100),
                          hint: '留空不限；0 表示每笔都需审批',
                        },
                        {
                          key: 'month',
                          label: '每月限额（元）',
                          value: m.monthly_limit_fen === null ? '' : String(m.monthly_limit_fen / 100),
                          hint: '留空不限',
                        },
                      ],
                      submit: async (v) => {
                        const fen = (x: string) => (x.trim() === '' ? null : yuanToFen(x));
                        const ok = await post(
                          groupsApi.limit,
                          {
                            rid,
                            user_rid: m.user_rid,
                            per_order_limit_fen: fen(v.per),
                            monthly_limit_fen: fen(v.month),
                          },
                          '限额已保存!',
                        );
                        if (ok) reload();
                        return ok;
                      },
                    })
                  }
                >
                  设置限额
                </button>
                {leader && (
                  <button
                    type="button"
                    className="btn-ghost h-8 px-3"
                    onClick={() =>
                      void post(
                        groupsApi.role,
                        {
                          rid,
                          user_rid: m.user_rid,
                          role: m.role === 'assistant' ? 'member' : 'assistant',
                        },
                        '已设置!',
                      ).then(reload)
                    }
                  >
                    {m.role === 'assistant' ? '取消助理' : '设为助理'}
                  </button>
                )}
                <button
                  type="button"
                  className="btn-ghost h-8 px-3 text-red-600"
                  onClick={async () => {
                    const sure = await ask({
                      title: '移出成员',
                      text: `确定将「${m.name || m.phone}」移出课题组吗？`,
                      confirm: '移出',
                      danger: true,
                    });
                    if (sure && (await post(groupsApi.remove, { rid, user_rid: m.user_rid }, '已移出')))
                      reload();
                  }}
                >
                  移出
                </button>
                {leader && (
                  <button
                    type="button"
                    className="btn-ghost h-8 px-3"
                    onClick={async () => {
                      const sure = await ask({
                        title: '转让组长',
                        text: `将组长转让给「${m.name || m.phone}」？对方接受后生效。`,
                        confirm: '转让',
                      });
                      if (
                        sure &&
                        (await post(groupsApi.transfer, { rid, user_rid: m.user_rid }, '已发出转让'))
                      )
                        reload();
                    }}
                  >
                    转让组长
                  </button>
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
