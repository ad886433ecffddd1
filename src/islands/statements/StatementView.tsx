import { useCallback, useEffect, useState } from 'react';
import { Loading } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { saveFile } from '../../lib/client/download.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { statementsApi } from '../../lib/shared/statements/api.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { DisputedMark, PaidParts, StatusBadge, signed, type Detail, type Line, type Page } from './parts.tsx';
import { ConfirmDialog, DisputeDialog } from './StatementDialogs.tsx';
import Settlement from './Settlement.tsx';

/** One statement: its figures, notes and actions, what is still owed, its lines and versions. */
export default function StatementView({
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

      <StatementLines lines={d.lines} />

      {page.list.length > 1 && <Versions list={page.list} current={d.rid} onOpen={onOpen} />}

      <ConfirmDialog open={dialog === 'confirm'} d={d} onClose={() => setDialog(null)} onDone={changed} />
      <DisputeDialog open={dialog === 'dispute'} d={d} onClose={() => setDialog(null)} onDone={changed} />
    </article>
  );
}

/** The frozen lines: the orders the month billed or completed, then its money movements. */
function StatementLines({ lines }: { lines: Line[] }) {
  const orderLines = lines.filter((l) => l.kind !== 'movement');
  const moneyLines = lines.filter((l) => l.kind === 'movement');
  return (
    <>
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
    </>
  );
}

/** The statement's earlier and later versions (re-issued after a dispute). */
function Versions({
  list,
  current,
  onOpen,
}: {
  list: Page['list'];
  current: string;
  onOpen: (rid: string) => void;
}) {
  return (
    <section aria-labelledby="versions-title" className="card p-4 md:p-6">
      <h3 id="versions-title" className="mb-3 text-base font-semibold text-slate-900">
        历史版本
      </h3>
      <ul className="grid gap-2 text-sm">
        {list.map((v) => (
          <li key={v.rid} className="flex flex-wrap items-center gap-2">
            <span>第{v.version}版</span>
            <StatusBadge s={v} />
            <span className="text-xs text-slate-400">{shanghaiMinute(v.issued)}</span>
            {v.rid !== current && (
              <button type="button" className="text-brand-700 underline" onClick={() => onOpen(v.rid)}>
                查看
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
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
