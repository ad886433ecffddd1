import { useCallback, useEffect, useState } from 'react';
import { useConfirm } from '../member/Confirm.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import { yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { shanghaiMonth } from '../../lib/shared/time.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import { GroupHead, type GroupDetail, type MyGroup } from './common.tsx';
import { post, type Form } from './FormDialog.tsx';
import { Applicants, Members } from './Members.tsx';
import GroupPayments, { type Payments } from './Payments.tsx';

/** One managed group: wallet, invitation, members with limits, applicants, payments. */
export default function GroupPanel({
  summary,
  onChanged,
  openForm,
}: {
  summary: MyGroup;
  onChanged: () => void;
  openForm: (f: Form) => void;
}) {
  const [detail, setDetail] = useState<GroupDetail | null>(null);
  const [payments, setPayments] = useState<Payments | null>(null);
  const [month, setMonth] = useState(shanghaiMonth(Date.now()));
  const [confirmDialog, ask] = useConfirm();
  const rid = summary.rid;
  const load = useCallback(async () => {
    const [d, p] = await Promise.all([
      api.call(groupsApi.detail, { rid }),
      api.call(groupsApi.payments, {
        rid,
        month,
        size: 50,
      }),
    ]);
    if (d) setDetail(d);
    if (p) setPayments(p);
  }, [rid, month]);
  useEffect(() => void load(), [load]);
  const reload = () => {
    void load();
    onChanged();
  };
  if (!detail) return <p className="card p-6 text-sm text-slate-400">加载中…</p>;
  const leader = detail.role === 'leader';
  const link = `${location.origin}/member/communityJn?code=${detail.join_code}`;
  const active = detail.members.filter((m) => m.status === 'active');
  const applicants = detail.members.filter((m) => m.status === 'pending');

  return (
    // grid-cols-1: one column no wider than the card, whatever a row inside would like.
    <section className="card grid grid-cols-1 gap-4 p-4 md:p-5" data-group={rid}>
      {confirmDialog}
      <GroupHead g={detail}>
        <span className="rounded bg-brand-50 px-2 text-xs leading-6 text-brand-700">
          {leader ? '组长' : '助理'}
        </span>
      </GroupHead>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-500 p-4 text-white">
          <p className="text-sm text-brand-100">课题组账户余额</p>
          <p className="text-2xl font-bold tabular-nums" data-group-balance>
            {formatFen(detail.balance_fen)}
          </p>
          <button
            type="button"
            className="btn mt-2 h-8 bg-white px-3 text-sm text-brand-700 hover:bg-brand-50"
            onClick={() =>
              openForm({
                title: '从我的余额转入课题组',
                fields: [{ key: 'amount', label: '转入金额（元）', value: '' }],
                submit: async (v) => {
                  const fen = yuanToFen(v.amount);
                  if (!fen || fen <= 0) return (toast.error('请输入正确的金额'), false);
                  const ok = await post(
                    groupsApi.deposit,
                    { rid, amount_fen: fen, idempotency_key: newRequestKey() },
                    '已转入课题组账户!',
                  );
                  if (ok) reload();
                  return ok;
                },
              })
            }
          >
            转入资金
          </button>
        </div>
        <div className="rounded-xl p-4 ring-1 ring-slate-200">
          <p className="text-sm text-slate-500">邀请成员</p>
          <p className="mt-1 font-mono text-lg tracking-widest text-slate-900" data-join-code>
            {detail.join_code}
          </p>
          <button
            type="button"
            className="btn-ghost mt-2 h-8 px-3 text-sm"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(() => toast.success('邀请链接已复制!'))
            }
          >
            复制邀请链接
          </button>
        </div>
      </div>

      <Applicants rid={rid} applicants={applicants} reload={reload} />

      <Members rid={rid} leader={leader} active={active} openForm={openForm} ask={ask} reload={reload} />

      <GroupPayments
        rid={rid}
        name={detail.name}
        month={month}
        setMonth={setMonth}
        payments={payments}
        openForm={openForm}
        reload={reload}
      />
      {leader && (
        <div className="flex justify-end">
          <button
            type="button"
            className="btn-ghost h-8 px-3 text-sm text-red-600"
            onClick={async () => {
              const sure = await ask({
                title: '解散课题组',
                text: `解散后「${detail.name}」不可恢复。确定解散吗？`,
                confirm: '解散',
                danger: true,
              });
              if (sure && (await post(groupsApi.dissolve, { rid }, '课题组已解散'))) onChanged();
            }}
          >
            解散课题组
          </button>
        </div>
      )}
    </section>
  );
}
