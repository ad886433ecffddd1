import { useCallback, useEffect, useState, type FormEvent } from 'react';

import { memberOnly } from '../ui/member-gate.tsx';

import Dialog from '../ui/Dialog.tsx';
import { useConfirm } from '../member/Confirm.tsx';

import { Spinner, TextField } from '../ui/kit.tsx';

import { api } from '../../lib/client/api.ts';

import { toast } from '../../lib/client/toast.ts';

import { newRequestKey } from '../../lib/client/request-key.ts';

import { shanghaiMinute } from '../../lib/shared/time.ts';
import { yuanToFen, fenToYuan, formatFen } from '../../lib/shared/money.ts';

import {
  GroupHead,
  limitText,
  PAYMENT_TONE,
  type GroupDetail,
  type GroupPayment,
  type MyGroup,
} from './common.tsx';

import { shanghaiMonth } from '../../lib/shared/time.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import type { Endpoint, InputOf } from '../../lib/shared/api/endpoint.ts';

type Form = {
  title: string;
  fields: { key: string; label: string; value: string; hint?: string }[];
  submit: (v: Record<string, string>) => Promise<boolean>;
};

/** A small form dialog: labelled fields, 确定, the refusal shown inside. */
function FormDialog({ form, onClose }: { form: Form | null; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (form) setValues(Object.fromEntries(form.fields.map((f) => [f.key, f.value])));
  }, [form]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setBusy(true);
    const done = await form.submit(values);
    setBusy(false);
    if (done) onClose();
  }
  return (
    <Dialog
      open={form !== null}
      onClose={onClose}
      title={form?.title}
      width={480}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" form="group-form" className="btn-primary" disabled={busy}>
            {busy && <Spinner />}
            确定
          </button>
        </>
      }
    >
      <form id="group-form" onSubmit={submit} className="grid gap-3">
        {form?.fields.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            hint={f.hint}
            value={values[f.key] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        ))}
      </form>
    </Dialog>
  );
}

const post = async <E extends Endpoint>(endpoint: E, body: InputOf<E>, done: string) => {
  const res = await api.call(endpoint, body);
  if (res === undefined) return false;
  toast.success(done);
  return true;
};

/** One managed group: wallet, invitation, members with limits, applicants, payments. */
function GroupPanel({
  summary,
  onChanged,
  openForm,
}: {
  summary: MyGroup;
  onChanged: () => void;
  openForm: (f: Form) => void;
}) {
  const [detail, setDetail] = useState<GroupDetail | null>(null);
  const [payments, setPayments] = useState<{ list: GroupPayment[]; paid_fen: number } | null>(null);
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

  function exportCsv() {
    const rows = [
      ['订单号', '成员', '项目/经费', '金额（元）', '状态', '时间'],
      ...(payments?.list ?? []).map((p) => [
        p.order_no,
        p.member,
        p.label,
        fenToYuan(p.amount_fen),
        p.status_text,
        shanghaiMinute(p.created),
      ]),
    ];
    const csv =
      '\ufeff' + rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')).join('\n');
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    a.download = `${detail!.name}-${month}-支付明细.csv`;
    a.click();
  }

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

      {applicants.length > 0 && (
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
                    void post(groupsApi.agree, { rid, user_rid: m.user_rid, agree: true }, '已同意!').then(
                      reload,
                    )
                  }
                >
                  同意
                </button>
                <button
                  type="button"
                  className="btn-ghost h-8 px-3"
                  onClick={() =>
                    void post(groupsApi.agree, { rid, user_rid: m.user_rid, agree: false }, '已拒绝').then(
                      reload,
                    )
                  }
                >
                  拒绝
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

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

      <div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-700">成员支付</h3>
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor={`month-${rid}`} className="sr-only">
              月份
            </label>
            <input
              id={`month-${rid}`}
              type="month"
              className="h-8 rounded-md border border-slate-300 px-2"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
            />
            <button type="button" className="btn-ghost h-8 px-3" onClick={exportCsv}>
              导出 CSV
            </button>
            <a href={`/member/statement?group=${encodeURIComponent(rid)}`} className="btn-ghost h-8 px-3">
              月度对账单
            </a>
          </span>
        </div>
        <p className="mb-2 text-sm text-slate-500">
          本月已支付{' '}
          <strong className="text-slate-900 tabular-nums">{formatFen(payments?.paid_fen ?? 0)}</strong>
        </p>
        {payments && payments.list.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-400">本月暂无支付</p>
        ) : (
          <ul className="grid gap-2">
            {(payments?.list ?? []).map((p) => (
              <li
                key={p.rid}
                data-group-payment
                className="flex flex-wrap items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200"
              >
                <span className="min-w-0 flex-1">
                  <span className="tabular-nums">{p.order_no}</span> · {p.member}
                  {p.label && <span className="text-slate-500"> · {p.label}</span>}
                </span>
                <span className="font-medium tabular-nums">{formatFen(p.amount_fen)}</span>
                <span className={`rounded px-2 text-xs leading-6 ${PAYMENT_TONE[p.status]}`}>
                  {p.status_text}
                </span>
                {p.status === 'pending' && (
                  <>
                    <button
                      type="button"
                      className="btn-primary h-8 px-3"
                      onClick={async () => {
                        // Paid another way meanwhile: the request closes instead, and says so.
                        const res = await api.call(groupsApi.decide, {
                          rid: p.rid,
                          approve: true,
                        });
                        if (!res) return;
                        if (res.status === 'closed') toast.info(res.message);
                        else toast.success('已批准并支付!');
                        reload();
                      }}
                    >
                      批准
                    </button>
                    <button
                      type="button"
                      className="btn-ghost h-8 px-3"
                      onClick={() =>
                        openForm({
                          title: '拒绝支付申请',
                          fields: [{ key: 'reason', label: '原因', value: '' }],
                          submit: async (v) => {
                            const ok = await post(
                              groupsApi.decide,
                              { rid: p.rid, approve: false, reason: v.reason },
                              '已拒绝',
                            );
                            if (ok) reload();
                            return ok;
                          },
                        })
                      }
                    >
                      拒绝
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
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

/** /member/communityMg: the research groups I lead or assist, and creating one. */
function Manage() {
  const [groups, setGroups] = useState<MyGroup[] | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const load = useCallback(async () => {
    const res = await api.call(groupsApi.mine, {});
    if (res) setGroups(res.list.filter((g) => g.my_status === 'active' && g.role !== 'member'));
  }, []);
  useEffect(() => void load(), [load]);

  const create = () =>
    setForm({
      title: '创建课题组',
      fields: [
        { key: 'name', label: '课题组名称', value: '' },
        { key: 'institution', label: '所属单位', value: '' },
        { key: 'pi', label: '负责人（PI）', value: '' },
      ],
      submit: async (v) => {
        const ok = await post(
          groupsApi.add,
          { name: v.name, institution: v.institution, pi_name: v.pi },
          '课题组已创建!',
        );
        if (ok) void load();
        return ok;
      },
    });

  return (
    <div className="grid grid-cols-1 gap-4">
      <section className="card flex flex-wrap items-center justify-between gap-3 p-4 md:p-5">
        <p className="text-sm text-slate-600">
          课题组共用一个账户：组长转入资金，成员在限额内用它支付自己的订单，超出限额由组长或助理审批。
        </p>
        <button type="button" className="btn-primary" onClick={create}>
          创建课题组
        </button>
      </section>
      {groups === null ? (
        <p className="card flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : groups.length === 0 ? (
        <p className="card py-10 text-center text-sm text-slate-400">您还没有管理的课题组</p>
      ) : (
        groups.map((g) => (
          <GroupPanel key={g.rid} summary={g} onChanged={() => void load()} openForm={setForm} />
        ))
      )}
      <FormDialog form={form} onClose={() => setForm(null)} />
    </div>
  );
}

export default memberOnly(Manage);
