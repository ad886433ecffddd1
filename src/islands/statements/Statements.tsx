import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import Dialog from '../ui/Dialog.tsx';
import { Loading, Pager, Spinner, textareaClass } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { saveFile } from '../../lib/client/download.ts';
import { openPay, ORDER_PAID_EVENT } from '../../lib/client/pay-events.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import type { StatementSummarySchema } from '../../lib/shared/statements/responses.ts';
import { statementsApi } from '../../lib/shared/statements/api.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Summary = z.output<typeof StatementSummarySchema>;
type Page = OutputOf<typeof statementsApi.list>;
type Detail = NonNullable<Page['detail']>;
type Line = Detail['lines'][number];
type Owed = OutputOf<typeof statementsApi.settlementList>;

const signed = (fen: number) => (fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen));

const TONE: Record<Summary['status'], string> = {
  pending: 'bg-amber-50 text-amber-700 ring-amber-200',
  disputed: 'bg-hot-50 text-hot-600 ring-hot-100',
  confirmed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  superseded: 'bg-slate-100 text-slate-500 ring-slate-200',
};

function StatusBadge({ s }: { s: Pick<Summary, 'status' | 'status_text'> }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${TONE[s.status]}`}
    >
      {s.status_text}
    </span>
  );
}

/**
 * /member/statement: the monthly statements (对账单). The list of months, the chosen one with its
 * figures and frozen lines, 确认无误 / 提出异议, the PDF, and settling what it says is still owed.
 */
function Statements() {
  // ?group=…: a research group's statements, for its leader or an assistant (decision 0046).
  const [group] = useState(() =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('group'),
  );
  const list = usePagedList(statementsApi.list, {
    size: 12,
    filter: group ? { group_rid: group } : {},
  });
  const [rid, setRid] = useState<string | null>(() =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('rid'),
  );
  const first = list.data?.list[0]?.rid ?? null;
  const current = rid ?? first;

  const choose = (next: string) => {
    setRid(next);
    const url = new URL(location.href);
    url.searchParams.set('rid', next);
    history.replaceState(null, '', url);
  };

  if (!list.data) return <Loading />;
  if (list.data.total === 0)
    return group ? (
      <div className="card px-6 py-14 text-center">
        <p className="text-slate-600">该课题组暂无对账单</p>
        <p className="mt-1 text-sm text-slate-400">
          每月1日出具课题组账户上月的对账单：转入的款项、为成员支付的订单和余额
        </p>
        <a href="/member/statement" className="btn-ghost mt-4">
          我的对账单
        </a>
      </div>
    ) : (
      <div className="card px-6 py-14 text-center">
        <p className="text-slate-600">暂无对账单</p>
        <p className="mt-1 text-sm text-slate-400">
          每月1日出具上月对账单，列出当月结算或完成的订单、资金往来和尚未结算的款项
        </p>
        <a href="/member/unsettled" className="btn-ghost mt-4">
          查看待结算订单
        </a>
      </div>
    );
  const groupName = group ? list.data.list[0]?.group?.name : null;

  return (
    <div className="grid gap-4">
      <section aria-labelledby="months-title" className="card p-4 md:p-5">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="months-title" className="text-base font-semibold text-slate-900">
            {groupName ? `课题组「${groupName}」的对账单` : '对账单列表'}
          </h2>
          {group && (
            <a href="/member/statement" className="text-sm text-brand-700 hover:underline">
              我的对账单
            </a>
          )}
        </div>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-label="对账单">
          {list.data.list.map((s) => (
            <li key={s.rid}>
              <button
                type="button"
                onClick={() => choose(s.rid)}
                aria-current={s.rid === current ? 'true' : undefined}
                className={`w-full rounded-xl border px-3 py-2.5 text-left transition-colors ${
                  s.rid === current
                    ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-100'
                    : 'border-slate-200 hover:border-brand-300'
                }`}
              >
                <span className="flex flex-wrap items-center justify-between gap-1">
                  <span className="font-semibold text-slate-900">{s.month_text}</span>
                  <StatusBadge s={s} />
                </span>
                <span className="mt-1 block text-xs text-slate-500">
                  期末应付{' '}
                  <strong className="text-slate-800 tabular-nums">{formatFen(s.figures.due_fen)}</strong>
                  {s.version > 1 && <span className="ml-1">· 第{s.version}版</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <Pager page={list.page} pages={list.pages} label="对账单分页" onPage={list.setPage} />
      </section>
      {current && <StatementView key={current} rid={current} onChanged={list.reload} onOpen={choose} />}
    </div>
  );
}

function StatementView({
  rid,
  onChanged,
  onOpen,
}: {
  rid: string;
  onChanged: () => void;
  onOpen: (rid: string) => void;
}) {
  const [page, setPage] = useState<Page | null>(null);
  const [dialog, setDialog] = useState<'confirm' | 'dispute' | null>(null);
  const load = useCallback(async () => {
    const res = await api.call(statementsApi.list, { rid });
    if (res) setPage(res);
  }, [rid]);
  useEffect(() => void load(), [load]);

  if (!page?.detail) return <Loading />;
  const d = page.detail;
  const f = d.figures;
  const orderLines = d.lines.filter((l) => l.kind !== 'movement');
  const moneyLines = d.lines.filter((l) => l.kind === 'movement');
  const changed = () => {
    setDialog(null);
    void load();
    onChanged();
  };

  return (
    <article aria-labelledby="statement-title" className="grid gap-4" data-statement={d.rid}>
      <section className="card p-4 md:p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2 id="statement-title" className="text-lg font-semibold text-slate-900">
            {d.group && <span className="mr-1 text-slate-500">{d.group.name}</span>}
            {d.month_text}对账单
          </h2>
          <StatusBadge s={d} />
          {d.version > 1 && <span className="text-xs text-slate-500">第{d.version}版</span>}
          <span className="w-full text-xs text-slate-400 sm:ml-auto sm:w-auto">
            出具于 {shanghaiMinute(d.issued)}
          </span>
        </div>
        {d.status === 'pending' && d.confirm_due && (
          <p className="mt-2 text-sm text-slate-500">
            请核对后确认或提出异议；{shanghaiDate(new Date(d.confirm_due))} 前未回复的，视为确认无误。
          </p>
        )}
        {d.status === 'confirmed' && d.confirmed && (
          <p className="mt-2 text-sm text-emerald-700">
            {d.confirmed_by === 'auto' ? '逾期未回复，已视为确认' : '您已确认'}（{shanghaiMinute(d.confirmed)}
            ）
          </p>
        )}
        {d.status === 'superseded' && (
          <p className="mt-2 text-sm text-slate-500">
            该版本已重新出具，
            <button
              type="button"
              className="text-brand-700 underline"
              onClick={() => onOpen(page.list[0].rid)}
            >
              查看最新版本
            </button>
          </p>
        )}

        <dl className="mt-4 grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-100 sm:grid-cols-4">
          <Figure label="期初余额" value={formatFen(f.opening_balance_fen)} />
          <Figure label="本期收入" value={formatFen(f.in_fen)} />
          <Figure label="本期支出" value={formatFen(f.out_fen)} />
          <Figure label="期末余额" value={formatFen(f.closing_balance_fen)} />
          <Figure label="本期结算订单" value={formatFen(f.billed_fen)} />
          <Figure label="本期支付订单" value={formatFen(f.paid_fen + f.coupon_fen)} testId="statement-paid" />
          <Figure label="期末待结算" value={formatFen(f.closing_unsettled_fen)} />
          <Figure
            label="期末应付合计"
            value={formatFen(f.due_fen)}
            hot={f.due_fen > 0}
            testId="statement-due"
          />
        </dl>
        {f.paid_fen + f.coupon_fen > 0 && (
          <PaidParts
            className="mt-2"
            lead="本期支付订单："
            parts={[
              ['优惠券', f.coupon_fen],
              ['赠送金', f.bonus_fen],
              ['现金及信用', f.paid_fen - f.bonus_fen],
            ]}
          />
        )}
        {f.closing_credit_fen > 0 && (
          <p className="mt-2 text-xs text-slate-500">
            期末应付含信用额度欠款 {formatFen(f.closing_credit_fen)}。
          </p>
        )}

        <Notes d={d} />

        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          {d.can_confirm && (
            <button type="button" className="btn-primary" onClick={() => setDialog('confirm')}>
              确认无误
            </button>
          )}
          {d.status === 'pending' && (
            <button type="button" className="btn-ghost" onClick={() => setDialog('dispute')}>
              提出异议
            </button>
          )}
          <button
            type="button"
            className="btn-ghost"
            onClick={() => void saveFile(pathOf(statementsApi.pdf, { rid: d.rid }), `对账单-${d.month}.pdf`)}
          >
            下载PDF
          </button>
          {d.status === 'confirmed' && !d.group && (
            <a href={`/member/invoiceLs?statement=${encodeURIComponent(d.rid)}`} className="btn-ghost">
              按对账单开票
            </a>
          )}
        </div>
      </section>

      {/* A group's wallet owes nothing: its members settle their own orders. */}
      {!d.group && <Settlement statementRid={d.status === 'superseded' ? null : d.rid} onPaid={changed} />}

      <section aria-labelledby="orders-title" className="card p-4 md:p-6">
        <h3 id="orders-title" className="mb-3 text-base font-semibold text-slate-900">
          订单明细
        </h3>
        {orderLines.length === 0 ? (
          <p className="text-sm text-slate-400">本期没有结算或完成的订单</p>
        ) : (
          <ul className="grid gap-2" aria-label="订单明细">
            {orderLines.map((l) => (
              <OrderLine key={l.no} l={l} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="money-title" className="card p-4 md:p-6">
        <h3 id="money-title" className="mb-3 text-base font-semibold text-slate-900">
          资金往来
        </h3>
        {moneyLines.length === 0 ? (
          <p className="text-sm text-slate-400">本期没有资金往来</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="资金往来">
            {moneyLines.map((l) => (
              <li key={l.no} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2.5 text-sm">
                <span className="w-6 shrink-0 text-xs text-slate-400 tabular-nums">{l.no}</span>
                <span className="font-medium text-slate-800">{l.title}</span>
                <span className="text-xs text-slate-400">{shanghaiMinute(l.at)}</span>
                {l.disputed && <DisputedMark />}
                <span className="ml-auto font-semibold tabular-nums">
                  {l.amount_fen !== 0 && (
                    <span className={l.amount_fen > 0 ? 'text-emerald-700' : 'text-slate-900'}>
                      {signed(l.amount_fen)}
                    </span>
                  )}
                  {l.credit_fen !== 0 && (
                    <span className="ml-2 text-xs font-normal text-slate-500">
                      信用 {signed(l.credit_fen)}
                    </span>
                  )}
                </span>
                {(l.note || l.order_no) && (
                  <span className="w-full pl-9 text-xs break-all text-slate-500">
                    {[l.order_no && `订单 ${l.order_no}`, l.note].filter(Boolean).join(' · ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {page.list.length > 1 && (
        <section aria-labelledby="versions-title" className="card p-4 md:p-6">
          <h3 id="versions-title" className="mb-3 text-base font-semibold text-slate-900">
            历史版本
          </h3>
          <ul className="grid gap-2 text-sm">
            {page.list.map((v) => (
              <li key={v.rid} className="flex flex-wrap items-center gap-2">
                <span>第{v.version}版</span>
                <StatusBadge s={v} />
                <span className="text-xs text-slate-400">{shanghaiMinute(v.issued)}</span>
                {v.rid !== d.rid && (
                  <button type="button" className="text-brand-700 underline" onClick={() => onOpen(v.rid)}>
                    查看
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog open={dialog === 'confirm'} d={d} onClose={() => setDialog(null)} onDone={changed} />
      <DisputeDialog open={dialog === 'dispute'} d={d} onClose={() => setDialog(null)} onDone={changed} />
    </article>
  );
}

function Figure({
  label,
  value,
  hot,
  testId,
}: {
  label: string;
  value: string;
  hot?: boolean;
  testId?: string;
}) {
  return (
    <div className="bg-white px-3 py-2.5 sm:px-4">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd
        data-testid={testId}
        className={`mt-0.5 text-base font-bold tabular-nums md:text-lg ${hot ? 'text-hot-600' : 'text-slate-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}

function Notes({ d }: { d: Detail }) {
  // Once confirmed the statement is agreed: a dispute withdrawn or answered before is not shown.
  const dispute = d.status === 'confirmed' ? '' : d.dispute_reason;
  if (!dispute && !d.reply && !d.issue_note) return null;
  return (
    <div className="mt-4 grid gap-2 text-sm">
      {dispute && (
        <p className="rounded-lg bg-hot-50 px-3 py-2 text-hot-600">
          您的异议{d.dispute_lines.length > 0 && `（第${d.dispute_lines.join('、')}行）`}：{dispute}
        </p>
      )}
      {d.reply && <p className="rounded-lg bg-brand-50 px-3 py-2 text-brand-700">工作人员答复：{d.reply}</p>}
      {d.issue_note && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-slate-600">说明：{d.issue_note}</p>
      )}
    </div>
  );
}

function DisputedMark() {
  return (
    <span className="rounded bg-hot-50 px-1.5 py-0.5 text-xs text-hot-600 ring-1 ring-hot-100">有异议</span>
  );
}

function OrderLine({ l }: { l: Line }) {
  return (
    <li className="rounded-xl border border-slate-200 px-3 py-2.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="w-6 shrink-0 text-xs text-slate-400 tabular-nums">{l.no}</span>
        {l.order_rid ? (
          <a
            href={`/member/order?rid=${encodeURIComponent(l.order_rid)}`}
            className="font-semibold text-slate-900 tabular-nums hover:text-brand-700"
          >
            {l.order_no}
          </a>
        ) : (
          <span className="font-semibold">{l.order_no}</span>
        )}
        <span className="text-xs text-slate-500">
          {l.kind === 'owed' ? '往期待结算' : l.status_text}
          {l.kind === 'owed' && ` · ${l.status_text}`}
        </span>
        {l.disputed && <DisputedMark />}
        <span className="ml-auto font-semibold tabular-nums">{formatFen(l.amount_fen)}</span>
      </div>
      <p className="mt-1 line-clamp-2 pl-8 text-slate-600">{l.title}</p>
      <PaidParts
        className="mt-1 pl-8"
        parts={[
          ['优惠券', l.coupon_fen],
          ['赠送金', l.bonus_fen],
          ['实付', l.paid_fen],
        ]}
        owed={l.owed_fen}
      />
    </li>
  );
}

/** What paid an amount: the discounts and the cash part that are not zero, and what is still owed. */
function PaidParts({
  lead,
  parts,
  owed = 0,
  className = '',
}: {
  lead?: string;
  /** The last (the cash part) is always shown. */
  parts: [string, number][];
  owed?: number;
  className?: string;
}) {
  const shown = parts.filter(([, fen], i) => fen !== 0 || i === parts.length - 1);
  return (
    <p className={`flex flex-wrap gap-x-3 text-xs text-slate-500 tabular-nums ${className}`} data-paid-parts>
      {lead && <span>{lead}</span>}
      {shown.map(([label, fen]) => (
        <span key={label}>
          {label} {formatFen(fen)}
        </span>
      ))}
      {owed > 0 && <span className="text-hot-600">月末未付 {formatFen(owed)}</span>}
    </p>
  );
}

function ConfirmDialog({
  open,
  d,
  onClose,
  onDone,
}: {
  open: boolean;
  d: Detail;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const res = await api.call(statementsApi.confirm, { rid: d.rid });
    setBusy(false);
    if (res) {
      toast.success('已确认对账单');
      onDone();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="确认对账单"
      width={460}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
            {busy && <Spinner />} 确认无误
          </button>
        </>
      }
    >
      <p className="text-sm leading-relaxed text-slate-600">
        确认{d.month_text}对账单所列订单与资金往来无误？期末应付合计{' '}
        <strong className="text-hot-600">{formatFen(d.figures.due_fen)}</strong>。确认后不能再提出异议。
      </p>
    </Dialog>
  );
}

function DisputeDialog({
  open,
  d,
  onClose,
  onDone,
}: {
  open: boolean;
  d: Detail;
  onClose: () => void;
  onDone: () => void;
}) {
  const [lines, setLines] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const toggle = (no: number) => setLines((l) => (l.includes(no) ? l.filter((n) => n !== no) : [...l, no]));
  const submit = async () => {
    if (!reason.trim()) return toast.error('请填写异议原因');
    setBusy(true);
    const res = await api.call(statementsApi.dispute, { rid: d.rid, lines, reason });
    setBusy(false);
    if (res) {
      toast.success('异议已提交');
      onDone();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="提出异议"
      width={620}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
            {busy && <Spinner />} 提交异议
          </button>
        </>
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          有疑问的明细（可不选，表示对整张对账单有异议）
        </legend>
        <ul className="mt-2 grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {d.lines.map((l) => (
            <li key={l.no}>
              <label className="flex cursor-pointer items-start gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={lines.includes(l.no)}
                  onChange={() => toggle(l.no)}
                />
                <span className="min-w-0">
                  <span className="text-slate-400 tabular-nums">{l.no}.</span>{' '}
                  {l.kind === 'movement' ? l.title : l.order_no}
                  <span className="ml-2 text-slate-500 tabular-nums">
                    {l.kind === 'movement' ? signed(l.amount_fen || l.credit_fen) : formatFen(l.amount_fen)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="dispute-reason">
        异议原因 <span className="text-red-500">*</span>
      </label>
      <textarea
        id="dispute-reason"
        className={`${textareaClass} mt-1.5`}
        maxLength={500}
        rows={4}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="请说明哪里与您的记录不符，例如金额、订单或付款日期"
      />
    </Dialog>
  );
}

/** 待结算 orders this statement lists that are still unpaid now: choose some and pay them at once. */
function Settlement({ statementRid, onPaid }: { statementRid: string | null; onPaid: () => void }) {
  const [owed, setOwed] = useState<Owed | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [method, setMethod] = useState<'balance' | 'credit'>('balance');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per confirmation: a retried or double-clicked submit is the same settlement.
  const [key, setKey] = useState('');
  const load = useCallback(async () => {
    if (!statementRid) return;
    const res = await api.call(statementsApi.settlementList, { statement_rid: statementRid });
    if (res) {
      setOwed(res);
      setChosen(res.list.map((o) => o.rid));
    }
  }, [statementRid]);
  useEffect(() => void load(), [load]);
  // One order paid on its own in the pay dialog (WeChat Pay or Alipay too): the list follows.
  useEffect(() => {
    const paid = () => {
      void load();
      onPaid();
    };
    window.addEventListener(ORDER_PAID_EVENT, paid);
    return () => window.removeEventListener(ORDER_PAID_EVENT, paid);
  }, [load, onPaid]);
  if (!statementRid || !owed || owed.list.length === 0) return null;

  const total = owed.list.filter((o) => chosen.includes(o.rid)).reduce((n, o) => n + o.owed_fen, 0);
  const toggle = (rid: string) =>
    setChosen((c) => (c.includes(rid) ? c.filter((r) => r !== rid) : [...c, rid]));
  const submit = async () => {
    setBusy(true);
    const res = await api.call(statementsApi.settle, {
      rids: chosen,
      method,
      idempotency_key: key,
      statement_rid: statementRid,
    });
    setBusy(false);
    if (!res) return;
    setOpen(false);
    if (res.failed.length) toast.error(`${res.failed.length}笔未结算：${res.failed[0].message}`);
    else toast.success(`结算成功，共支付 ${formatFen(res.paid_fen)}`);
    void load();
    onPaid();
  };

  return (
    <section aria-labelledby="settle-title" className="card border-hot-100 p-4 md:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="settle-title" className="text-base font-semibold text-slate-900">
          待结算订单
        </h3>
        <span className="text-sm text-slate-500">本对账单所列、目前仍未支付的订单</span>
      </div>
      <ul className="mt-3 grid gap-2" aria-label="可结算订单">
        {owed.list.map((o) => (
          <li key={o.rid} className="flex items-stretch gap-2">
            <label className="flex min-w-0 flex-1 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 px-3 py-2.5 text-sm hover:border-brand-300">
              <input type="checkbox" checked={chosen.includes(o.rid)} onChange={() => toggle(o.rid)} />
              <span className="font-semibold tabular-nums">{o.order_no}</span>
              <span className="order-last w-full pl-6 text-xs text-slate-500 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1 sm:truncate sm:pl-0 sm:text-sm">
                {o.item_names.join('、')}
              </span>
              <strong className="ml-auto text-hot-600 tabular-nums sm:ml-0">{formatFen(o.owed_fen)}</strong>
            </label>
            <button
              type="button"
              className="btn-ghost h-auto shrink-0 px-3 text-sm"
              aria-label={`单独支付 ${o.order_no}`}
              onClick={() => openPay(o.rid)}
            >
              单独支付
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600">
          已选 {chosen.length} 笔，合计{' '}
          <strong className="text-lg text-hot-600 tabular-nums">{formatFen(total)}</strong>
          <span className="ml-2 text-xs text-slate-400">账户余额 {formatFen(owed.balance_fen)}</span>
          <span className="block text-xs text-slate-400">
            按余额或信用额度一次结算所选订单；用微信、支付宝在线支付请点各订单的「单独支付」
          </span>
        </p>
        <button
          type="button"
          className="btn-primary ml-auto"
          disabled={chosen.length === 0}
          onClick={() => {
            setKey(crypto.randomUUID());
            setOpen(true);
          }}
        >
          结算所选订单
        </button>
      </div>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="结算订单"
        width={480}
        footer={
          <>
            <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
              取消
            </button>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
              {busy && <Spinner />} 确认支付 {formatFen(total)}
            </button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          结算 {chosen.length} 笔订单，共 <strong className="text-hot-600">{formatFen(total)}</strong>。
        </p>
        <fieldset className="mt-4 grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">支付方式</legend>
          <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <input
              type="radio"
              name="method"
              checked={method === 'balance'}
              onChange={() => setMethod('balance')}
            />
            账户余额（先用赠送金）
            <span className="ml-auto text-slate-500">{formatFen(owed.balance_fen)}</span>
          </label>
          <label
            className={`flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm ${owed.credit_available_fen <= 0 ? 'opacity-50' : ''}`}
          >
            <input
              type="radio"
              name="method"
              disabled={owed.credit_available_fen <= 0}
              checked={method === 'credit'}
              onChange={() => setMethod('credit')}
            />
            信用额度
            <span className="ml-auto text-slate-500">可用 {formatFen(owed.credit_available_fen)}</span>
          </label>
        </fieldset>
        {method === 'balance' && owed.balance_fen < total && (
          <p className="mt-3 text-sm text-hot-600">
            余额不足以支付全部所选订单，将按下单先后支付余额足够的部分。
            <a href="/member/prestore" className="ml-1 underline">
              去预存
            </a>
          </p>
        )}
      </Dialog>
    </section>
  );
}

export default memberOnly(Statements);
