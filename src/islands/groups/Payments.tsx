// A managed group's payments in a month: approving or refusing requests, and the CSV.
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { PAYMENT_TONE } from './common.tsx';
import { post, type Form } from './FormDialog.tsx';

export type Payments = OutputOf<typeof groupsApi.payments>;

export default function GroupPayments({
  rid,
  name,
  month,
  setMonth,
  payments,
  openForm,
  reload,
}: {
  rid: string;
  /** The group's name, for the CSV file's name. */
  name: string;
  month: string;
  setMonth: (month: string) => void;
  payments: Payments | null;
  openForm: (f: Form) => void;
  reload: () => void;
}) {
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
    a.download = `${name}-${month}-支付明细.csv`;
    a.click();
  }

  return (
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
  );
}
