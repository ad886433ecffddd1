import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { memberOnly } from '../ui/member-gate.tsx';
import { Choices, inputClass, Loading, Pager, Spinner, TextField, textareaClass, Row } from '../ui/kit.tsx';
import Dialog from '../ui/Dialog.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { isSiteOrHttps } from '../../lib/shared/links.ts';
import {
  PAYOUT_CHANNEL_TEXT,
  PAYOUT_CHANNELS,
  promoterApplySchema,
  withdrawAddSchema,
  withdrawUpdateSchema,
  type PayoutChannel,
} from '../../lib/shared/promotion/promotion.ts';
import type {
  CampaignSchema,
  MyPromotionSchema,
  WithdrawalSchema,
} from '../../lib/shared/promotion/responses.ts';
import { promotionApi } from '../../lib/shared/promotion/api.ts';

type Mine = z.output<typeof MyPromotionSchema>;
type Withdrawal = z.output<typeof WithdrawalSchema>;
type Campaign = z.output<typeof CampaignSchema>;

function Campaigns() {
  const [list, setList] = useState<Campaign[]>([]);
  useEffect(() => {
    void api.call(promotionApi.campaigns, {}, { silent: true }).then((res) => res && setList(res.list));
  }, []);
  if (!list.length) return null;
  return (
    <section aria-label="推广活动" className="grid gap-3 md:grid-cols-2">
      {list.map((c) => {
        const body = (
          <>
            {c.image_url && (
              <img
                src={c.image_url}
                alt=""
                className="h-28 w-full rounded-t-xl object-cover"
                loading="lazy"
              />
            )}
            <div className="p-4">
              <p className="font-semibold text-slate-900">{c.title}</p>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{c.text}</p>
              <p className="mt-2 text-xs text-slate-400">
                活动时间 {shanghaiDate(new Date(c.starts_at))} 至 {shanghaiDate(new Date(c.ends_at))}
              </p>
            </div>
          </>
        );
        // A link saved before addresses were checked may still lead off-site: only safe ones are links.
        return c.link && isSiteOrHttps(c.link) ? (
          <a
            key={c.rid}
            href={c.link}
            className="card block overflow-hidden transition-shadow hover:shadow-lg"
            {...(/^https:/.test(c.link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {body}
          </a>
        ) : (
          <div key={c.rid} className="card overflow-hidden">
            {body}
          </div>
        );
      })}
    </section>
  );
}

/** Not a promoter yet (or rejected): what it brings, and the application. */
function Apply({ mine, onDone }: { mine: Mine; onDone: () => void }) {
  const app = mine.application;
  const [form, setForm] = useState({
    real_name: app?.real_name ?? '',
    channel: app?.channel ?? '',
    note: '',
  });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = promoterApplySchema.safeParse(form);
    if (!checked.success) return toast.error(checked.error.issues[0].message);
    setBusy(true);
    const res = await api.call(promotionApi.apply, checked.data);
    setBusy(false);
    if (res) {
      toast.success('提交成功!');
      onDone();
    }
  }
  if (mine.promoter_status === 'pending')
    return (
      <section className="card p-6 text-center" aria-label="推广员申请">
        <p className="text-lg font-semibold text-slate-900">推广员申请审核中</p>
        <p className="mt-2 text-sm text-slate-500">
          已于 {app ? shanghaiMinute(app.applied_at) : ''} 提交，工作人员将在 1-2 个工作日内审核。
        </p>
        <a href="/member/invite" className="btn-primary mt-4 inline-flex">
          先去邀请好友
        </a>
      </section>
    );
  return (
    <section className="card grid gap-5 p-4 md:grid-cols-2 md:p-6" aria-labelledby="apply-title">
      <div>
        <h2 id="apply-title" className="text-lg font-semibold text-slate-900">
          成为推广员
        </h2>
        <ul className="mt-3 grid gap-2 text-sm leading-relaxed text-slate-600">
          <li>
            · 好友通过您的邀请注册后 {mine.bind_months} 个月内完成的订单，您可获得实付金额{' '}
            {mine.rate_percent_text} 的返利；
          </li>
          <li>
            · 返利在订单完成后入账，冻结 {mine.freeze_days} 天（退款期）后可提现；订单退款时相应返利将被扣回；
          </li>
          <li>
            · 提现支持银行卡、支付宝、微信，单笔不低于 {formatFen(mine.withdraw_min_fen)}，每月最多{' '}
            {formatFen(mine.monthly_cap_fen)}；
          </li>
          <li>· 赠送金和优惠券抵扣部分不计返利。</li>
        </ul>
        {mine.promoter_status === 'rejected' && app && (
          <p role="status" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            上次申请未通过：{app.reject_reason}。您可以修改后重新提交。
          </p>
        )}
      </div>
      <form onSubmit={(e) => void submit(e)} className="grid content-start gap-3" aria-label="推广员申请表">
        <TextField
          label="真实姓名"
          required
          name="real_name"
          maxLength={20}
          value={form.real_name}
          onChange={(e) => setForm({ ...form, real_name: e.target.value })}
        />
        <TextField
          label="推广渠道"
          required
          name="channel"
          maxLength={100}
          placeholder="如：课题组微信群、学院公众号"
          value={form.channel}
          onChange={(e) => setForm({ ...form, channel: e.target.value })}
        />
        <Row label="申请说明" htmlFor="apply-note">
          <textarea
            id="apply-note"
            className={textareaClass}
            maxLength={300}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
          />
        </Row>
        <div className="sm:pl-[8.25rem]">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Spinner />}提交申请
          </button>
        </div>
      </form>
    </section>
  );
}

type AccountDraft = { channel: PayoutChannel; account_name: string; account_no: string; bank_name: string };

/** The payout account fields, shared by a new withdrawal and a correction. */
function AccountFields({ draft, set }: { draft: AccountDraft; set: (d: AccountDraft) => void }) {
  return (
    <>
      <Choices
        label="收款方式"
        name="payout_channel"
        value={draft.channel}
        options={PAYOUT_CHANNELS.map((c) => ({ value: c, label: PAYOUT_CHANNEL_TEXT[c] }))}
        onChange={(channel) => set({ ...draft, channel })}
        required
      />
      <TextField
        label="收款人姓名"
        required
        name="account_name"
        maxLength={20}
        value={draft.account_name}
        onChange={(e) => set({ ...draft, account_name: e.target.value })}
      />
      <TextField
        label={draft.channel === 'bank' ? '银行卡号' : draft.channel === 'alipay' ? '支付宝账号' : '微信号'}
        required
        name="account_no"
        maxLength={40}
        inputMode={draft.channel === 'bank' ? 'numeric' : undefined}
        value={draft.account_no}
        onChange={(e) => set({ ...draft, account_no: e.target.value })}
      />
      {draft.channel === 'bank' && (
        <TextField
          label="开户银行"
          required
          name="bank_name"
          maxLength={60}
          placeholder="如：中国工商银行上海闵行支行"
          value={draft.bank_name}
          onChange={(e) => set({ ...draft, bank_name: e.target.value })}
        />
      )}
    </>
  );
}

const EMPTY_ACCOUNT: AccountDraft = { channel: 'alipay', account_name: '', account_no: '', bank_name: '' };

function WithdrawDialog({
  open,
  mine,
  onClose,
  onDone,
}: {
  open: boolean;
  mine: Mine;
  onClose: () => void;
  onDone: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [draft, setDraft] = useState<AccountDraft>(EMPTY_ACCOUNT);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newRequestKey());
  useEffect(() => {
    if (open) setError('');
  }, [open]);

  async function submit() {
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0) return setError('请输入正确的提现金额');
    if (fen < mine.withdraw_min_fen)
      return setError(`单笔提现金额不能低于${fenToYuan(mine.withdraw_min_fen)}元`);
    if (fen > mine.withdrawable_fen) return setError('可提现金额不足');
    const checked = withdrawAddSchema.safeParse({ ...draft, amount_fen: fen, idempotency_key: key.current });
    if (!checked.success) return setError(checked.error.issues[0].message);
    setBusy(true);
    setError('');
    try {
      await api.call(promotionApi.withdrawAdd, checked.data, { throws: true });
      toast.success('提现申请已提交，请等待打款');
      key.current = newRequestKey();
      setAmount('');
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="申请提现"
      width={560}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
            {busy && <Spinner />}提交申请
          </button>
        </>
      }
    >
      <div className="grid gap-3">
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          可提现 <strong className="text-slate-900 tabular-nums">{formatFen(mine.withdrawable_fen)}</strong>
          ，本月还可提现 {formatFen(mine.month_left_fen)}；单笔不低于 {formatFen(mine.withdraw_min_fen)}
          {mine.fee_percent_text !== '0%' && `，手续费 ${mine.fee_percent_text}`}。
        </p>
        <Row label="提现金额（元）" htmlFor="withdraw-amount" required>
          <div className="flex gap-2">
            <input
              id="withdraw-amount"
              name="amount"
              className={`${inputClass} min-w-0 flex-1`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <button
              type="button"
              className="btn-ghost shrink-0"
              onClick={() => setAmount(fenToYuan(Math.min(mine.withdrawable_fen, mine.month_left_fen)))}
            >
              全部
            </button>
          </div>
        </Row>
        <AccountFields draft={draft} set={setDraft} />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

function EditAccountDialog({
  w,
  onClose,
  onDone,
}: {
  w: Withdrawal | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<AccountDraft>(EMPTY_ACCOUNT);
  const [error, setError] = useState('');
  useEffect(() => {
    if (w) {
      setDraft({
        channel: w.channel,
        account_name: w.account_name,
        account_no: w.account_no,
        bank_name: w.bank_name,
      });
      setError('');
    }
  }, [w]);
  async function save() {
    if (!w) return;
    const checked = withdrawUpdateSchema.safeParse({ ...draft, rid: w.rid });
    if (!checked.success) return setError(checked.error.issues[0].message);
    try {
      await api.call(promotionApi.withdrawUpdate, checked.data, { throws: true });
      toast.success('收款账户已更新');
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '保存失败');
    }
  }
  return (
    <Dialog
      open={w !== null}
      onClose={onClose}
      title="修改收款账户"
      width={560}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" onClick={() => void save()}>
            保存
          </button>
        </>
      }
    >
      <div className="grid gap-3">
        <AccountFields draft={draft} set={setDraft} />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

function Figure({
  label,
  fen,
  strong,
  testId,
}: {
  label: string;
  fen: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`rounded-xl p-4 ${strong ? 'bg-gradient-to-br from-brand-600 to-brand-700 text-white' : 'bg-slate-50'}`}
    >
      <dt className={`text-xs ${strong ? 'text-white/80' : 'text-slate-500'}`}>{label}</dt>
      <dd
        data-testid={testId}
        className={`mt-1 font-bold tabular-nums ${strong ? 'text-2xl' : 'text-lg text-slate-900'}`}
      >
        {formatFen(fen)}
      </dd>
    </div>
  );
}

const TABS = [
  { key: 'rebates', label: '返利明细' },
  { key: 'withdrawals', label: '提现记录' },
] as const;

function RebateList({ version }: { version: number }) {
  const list = usePagedList(promotionApi.rebates, { size: 10, filter: { version } });
  if (!list.data) return <Loading />;
  if (!list.data.list.length) return <p className="py-10 text-center text-sm text-slate-400">暂无返利记录</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {list.data.list.map((e) => (
          <li key={e.rid} className="flex items-start justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-800">
                {e.kind_text}
                {e.state === 'frozen' && (
                  <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-normal text-amber-700">
                    冻结至 {shanghaiDate(new Date(e.available_at ?? 0))}
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-xs break-all text-slate-500">{e.note}</p>
              <p className="mt-0.5 text-xs text-slate-400">{shanghaiMinute(e.at)}</p>
            </div>
            <span
              className={`shrink-0 font-semibold tabular-nums ${e.amount_fen > 0 ? 'text-hot-600' : 'text-slate-700'}`}
            >
              {e.amount_fen > 0 ? '+' : '-'}
              {fenToYuan(Math.abs(e.amount_fen))}
            </span>
          </li>
        ))}
      </ul>
      <Pager page={list.page} pages={list.pages} label="返利分页" onPage={list.setPage} />
    </>
  );
}

function WithdrawalList({ version, onChanged }: { version: number; onChanged: () => void }) {
  const list = usePagedList(promotionApi.withdrawList, {
    size: 10,
    filter: { version },
  });
  const [editing, setEditing] = useState<Withdrawal | null>(null);
  const [confirmDialog, ask] = useConfirm();
  async function cancel(w: Withdrawal) {
    const sure = await ask({
      title: '取消提现申请',
      text: `确认取消这笔 ${formatFen(w.amount_fen)} 的提现申请？金额将退回可提现余额。`,
      confirm: '取消申请',
      dismiss: '再想想',
      danger: true,
    });
    if (!sure) return;
    const res = await api.call(promotionApi.withdrawCancel, { rid: w.rid });
    if (res) {
      toast.success('已取消，金额已退回');
      onChanged();
    }
  }
  if (!list.data) return <Loading />;
  if (!list.data.list.length) return <p className="py-10 text-center text-sm text-slate-400">暂无提现记录</p>;
  return (
    <>
      {confirmDialog}
      <ul className="divide-y divide-slate-100">
        {list.data.list.map((w) => (
          <li key={w.rid} className="grid gap-1 py-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="font-semibold text-slate-900 tabular-nums">{formatFen(w.amount_fen)}</span>
              <span
                className={`rounded px-2 py-0.5 text-xs ${
                  w.status === 'paid'
                    ? 'bg-emerald-50 text-emerald-700'
                    : w.status === 'pending'
                      ? 'bg-amber-50 text-amber-700'
                      : 'bg-slate-100 text-slate-500'
                }`}
              >
                {w.status_text}
              </span>
            </div>
            <p className="text-xs break-all text-slate-500">
              {w.channel_text} · {w.account_name} · {w.account_no}
              {w.bank_name && ` · ${w.bank_name}`}
              {w.fee_fen > 0 && ` · 手续费 ${formatFen(w.fee_fen)}，实际到账 ${formatFen(w.payout_fen)}`}
            </p>
            {w.reject_reason && <p className="text-xs text-red-600">驳回原因：{w.reject_reason}</p>}
            <div className="flex items-center justify-between gap-3">
              <span className="text-xs text-slate-400">{shanghaiMinute(w.created_at)} 申请</span>
              {w.status === 'pending' && (
                <span className="flex gap-3">
                  <button
                    type="button"
                    className="text-sm text-brand-700 hover:underline"
                    onClick={() => setEditing(w)}
                  >
                    修改账户
                  </button>
                  <button
                    type="button"
                    className="text-sm text-red-600 hover:underline"
                    onClick={() => void cancel(w)}
                  >
                    取消提现
                  </button>
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={list.page} pages={list.pages} label="提现分页" onPage={list.setPage} />
      <EditAccountDialog w={editing} onClose={() => setEditing(null)} onDone={onChanged} />
    </>
  );
}

/** An approved promoter: the purse in its parts, withdrawing, and the two histories. */
function Purse({ mine, reload }: { mine: Mine; reload: () => void }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('rebates');
  const [withdrawing, setWithdrawing] = useState(false);
  const [version, setVersion] = useState(0);
  const changed = () => {
    setVersion((v) => v + 1);
    reload();
  };
  return (
    <>
      <section className="card p-4 md:p-5" aria-labelledby="purse-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="purse-title" className="text-lg font-semibold text-slate-900">
              我的返利
            </h2>
            <p className="mt-0.5 text-xs text-slate-500">
              返利比例 {mine.rate_percent_text} · 冻结期 {mine.freeze_days} 天 · 已邀请 {mine.invited_count}{' '}
              人
            </p>
          </div>
          <div className="flex gap-2">
            <a href="/member/invite" className="btn-ghost">
              邀请好友
            </a>
            <button
              type="button"
              className="btn-primary"
              disabled={mine.withdrawable_fen < mine.withdraw_min_fen}
              title={
                mine.withdrawable_fen < mine.withdraw_min_fen
                  ? `满 ${formatFen(mine.withdraw_min_fen)} 可提现`
                  : undefined
              }
              onClick={() => setWithdrawing(true)}
            >
              申请提现
            </button>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <Figure label="可提现" fen={mine.withdrawable_fen} strong testId="withdrawable" />
          <Figure label="冻结中" fen={mine.frozen_fen} testId="frozen" />
          <Figure label="提现审核中" fen={mine.pending_fen} />
          <Figure label="已提现" fen={mine.withdrawn_fen} />
          <Figure label="累计返利" fen={mine.earned_fen} />
        </dl>
      </section>
      <section className="card p-3 md:p-5" aria-label="返利与提现记录">
        <div
          role="tablist"
          aria-label="记录类型"
          className="-mx-3 mb-2 flex gap-1 border-b border-slate-100 px-3 md:-mx-5 md:px-5"
        >
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={t.key === tab}
              onClick={() => setTab(t.key)}
              className={`-mb-px border-b-2 px-3 py-2.5 text-sm ${
                t.key === tab
                  ? 'border-brand-600 font-semibold text-brand-700'
                  : 'border-transparent text-slate-500 hover:text-brand-700'
              }`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel">
          {tab === 'rebates' ? (
            <RebateList version={version} />
          ) : (
            <WithdrawalList version={version} onChanged={changed} />
          )}
        </div>
      </section>
      <WithdrawDialog open={withdrawing} mine={mine} onClose={() => setWithdrawing(false)} onDone={changed} />
    </>
  );
}

/** /member/promotion: campaigns; applying to be a promoter; the rebate purse and withdrawals. */
function Promotion() {
  const [mine, setMine] = useState<Mine | null>(null);
  const load = useCallback(async () => {
    const res = await api.call(promotionApi.mine, {});
    if (res) setMine(res);
  }, []);
  useEffect(() => void load(), [load]);
  return (
    <div className="grid grid-cols-1 gap-4">
      <Campaigns />
      {!mine ? (
        <Loading />
      ) : mine.promoter_status === 'approved' ? (
        <Purse mine={mine} reload={() => void load()} />
      ) : (
        <Apply mine={mine} onDone={() => void load()} />
      )}
    </div>
  );
}

export default memberOnly(Promotion);
