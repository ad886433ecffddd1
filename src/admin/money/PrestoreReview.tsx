import { useState } from 'react';
import { useSearch } from 'wouter';
import type { z } from 'zod';
import { type Me, staffAction } from '../session.ts';
import {
  Badge,
  button,
  DataTable,
  ExportCsv,
  Field,
  FormModal,
  input,
  PageHeader,
  Pager,
  StatusTabs,
  useList,
  useStaffFile,
  when,
  yuan,
} from '../ui.tsx';
import type { StaffPrestorePageSchema } from '../../lib/shared/money/responses.ts';

type Row = z.output<typeof StaffPrestorePageSchema>['list'][number];

const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'refund_requested', label: '退款申请' },
  { value: 'credited', label: '已入账' },
  { value: 'rejected', label: '已驳回' },
  { value: 'unpaid', label: '待付款' },
  { value: 'refunded', label: '已退款' },
  { value: '', label: '全部' },
];

type Action = { kind: 'approve' | 'reject' | 'refund' | 'voucher'; row: Row } | null;

/** 预存审核: top-ups with their vouchers; finance credits, rejects (with a reason) or refunds. */
export default function PrestoreReview({ me }: { me: Me }) {
  const initial = new URLSearchParams(useSearch()).get('status') ?? 'reviewing';
  const [status, setStatus] = useState(initial);
  const filter = status ? { status } : {};
  const list = useList<Row>('/api/admin/prestore/list', filter);
  const [action, setAction] = useState<Action>(null);
  const [reason, setReason] = useState('');
  const approver = me.permissions.includes('money.approve');

  const act = (path: string, body: Record<string, unknown>, done: string) =>
    staffAction(path, body, done, list.reload);

  return (
    <div>
      <PageHeader
        title="预存审核"
        lead="核对银行到账后入账：现金与赠送金一次入账；驳回需写明原因；退款仅退未使用的现金。"
        actions={
          <ExportCsv<Row>
            path="/api/admin/prestore/list"
            filter={filter}
            name="预存申请"
            columns={[
              { header: '申请时间', value: (r) => when(r.created) },
              { header: '客户', value: (r) => r.customer.name },
              { header: '手机号', value: (r) => r.customer.phone },
              { header: '单位', value: (r) => r.customer.company },
              { header: '预存金额（元）', value: (r) => (r.amount_fen / 100).toFixed(2) },
              { header: '赠送（元）', value: (r) => (r.bonus_fen / 100).toFixed(2) },
              { header: '付款单位', value: (r) => r.payer },
              { header: '流水号', value: (r) => r.voucher?.serial ?? '' },
              { header: '状态', value: (r) => r.status_text },
            ]}
          />
        }
      />
      <StatusTabs label="预存状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<Row>
        label="预存申请"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的预存申请"
        columns={[
          {
            id: 'created',
            header: '申请时间',
            cell: (r) => when(r.created),
            className: 'whitespace-nowrap text-slate-500',
          },
          {
            id: 'customer',
            header: '客户',
            cell: (r) => (
              <>
                <span className="block font-medium">{r.customer.name || '—'}</span>
                <span className="text-xs text-slate-500">
                  {r.customer.phone} {r.customer.company}
                </span>
              </>
            ),
          },
          {
            id: 'amount',
            header: '金额',
            cell: (r) => (
              <>
                <span className="block font-semibold tabular-nums">{yuan(r.amount_fen)}</span>
                {r.bonus_fen > 0 && (
                  <span className="text-xs text-accent-700">
                    赠 {yuan(r.bonus_fen)}（{r.bonus_percent}%）
                  </span>
                )}
                {r.bonus_kind === 2 && (
                  <span className="text-xs text-slate-500">礼品卡 {r.bonus_percent}%</span>
                )}
              </>
            ),
          },
          {
            id: 'voucher',
            header: '转账凭证',
            cell: (r) =>
              r.voucher ? (
                <>
                  <span className="block">
                    {r.voucher.payer_name} · {r.voucher.bank}
                  </span>
                  <span className="text-xs text-slate-500">
                    流水号 {r.voucher.serial} · {r.voucher.paid_on} · {yuan(r.voucher.amount_fen)}
                  </span>
                  <button
                    type="button"
                    className={`${button.link} ml-1`}
                    onClick={() => setAction({ kind: 'voucher', row: r })}
                  >
                    查看凭证
                  </button>
                </>
              ) : (
                <span className="text-slate-400">未上传</span>
              ),
          },
          {
            id: 'status',
            header: '状态',
            cell: (r) => (
              <>
                <Badge
                  tone={
                    r.status === 'reviewing'
                      ? 'brand'
                      : r.status === 'credited'
                        ? 'accent'
                        : r.status === 'rejected'
                          ? 'red'
                          : 'slate'
                  }
                >
                  {r.status_text}
                </Badge>
                {r.first_approved && (
                  <span className="ml-1">
                    <Badge tone="hot">已初审·待复核</Badge>
                  </span>
                )}
                {r.refund_requested && r.status === 'credited' && (
                  <span className="ml-1">
                    <Badge tone="hot">申请退款</Badge>
                  </span>
                )}
                {r.reject_reason && <span className="block text-xs text-red-600">{r.reject_reason}</span>}
              </>
            ),
          },
          {
            id: 'actions',
            header: '操作',
            cell: (r) =>
              !approver ? null : r.status === 'reviewing' ? (
                <span className="flex gap-1.5 whitespace-nowrap">
                  <button
                    type="button"
                    className={button.primary}
                    onClick={() => setAction({ kind: 'approve', row: r })}
                  >
                    {r.first_approved ? '复核入账' : '入账'}
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    onClick={() => (setReason(''), setAction({ kind: 'reject', row: r }))}
                  >
                    驳回
                  </button>
                </span>
              ) : r.status === 'credited' ? (
                <button
                  type="button"
                  className={button.ghost}
                  onClick={() => (setReason(''), setAction({ kind: 'refund', row: r }))}
                >
                  退款
                </button>
              ) : null,
          },
        ]}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />

      <FormModal
        open={action?.kind === 'approve'}
        title={action?.row.first_approved ? '复核入账' : '确认入账'}
        submitText={action?.row.first_approved ? '复核并入账' : '确认入账'}
        onClose={() => setAction(null)}
        onSubmit={() =>
          // A large top-up's first approval credits nothing: the answer says which it was.
          staffAction<{ awaiting_second: boolean }>(
            '/api/admin/prestore/approve',
            { rid: action!.row.rid },
            (res) => (res.awaiting_second ? '已初审，需另一位同事复核后入账' : '已入账'),
            list.reload,
          )
        }
      >
        {action && (
          <p className="text-sm leading-relaxed">
            已核对 <strong>{action.row.voucher?.payer_name}</strong> 的转账（流水号{' '}
            {action.row.voucher?.serial}）到账 <strong>{yuan(action.row.amount_fen)}</strong>
            。入账后客户现金余额增加 {yuan(action.row.amount_fen)}
            {action.row.bonus_fen > 0 && `，赠送金增加 ${yuan(action.row.bonus_fen)}`}。
          </p>
        )}
      </FormModal>
      <FormModal
        open={action?.kind === 'reject'}
        title="驳回预存申请"
        submitText="驳回"
        danger
        onClose={() => setAction(null)}
        onSubmit={() => act('/api/admin/prestore/reject', { rid: action!.row.rid, reason }, '已驳回')}
      >
        <Field label="驳回原因（客户可见）">
          <input
            className={input}
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
          />
        </Field>
      </FormModal>
      <FormModal
        open={action?.kind === 'refund'}
        title="预存退款"
        submitText="确认退款"
        danger
        onClose={() => setAction(null)}
        onSubmit={() => act('/api/admin/prestore/refund', { rid: action!.row.rid, reason }, '已退款')}
      >
        <p className="text-sm text-slate-600">
          仅退还该客户尚未使用的现金（最多 {action ? yuan(action.row.amount_fen) : ''}
          ），赠送金按比例扣回。请在线下完成银行转账后再确认。
        </p>
        <Field label="退款原因">
          <input
            className={input}
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
          />
        </Field>
      </FormModal>
      <VoucherModal row={action?.kind === 'voucher' ? action.row : null} onClose={() => setAction(null)} />
    </div>
  );
}

function VoucherModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const url = useStaffFile(row?.voucher?.file_rid ?? null);
  return (
    <FormModal
      open={row !== null}
      title="转账凭证"
      submitText="关闭"
      onClose={onClose}
      onSubmit={async () => null}
    >
      {row && (
        <>
          <p className="text-sm text-slate-600">
            {row.voucher?.payer_name} · {row.voucher?.bank} · 流水号 {row.voucher?.serial} ·{' '}
            {row.voucher?.paid_on}
          </p>
          {url ? (
            <img src={url} alt="转账凭证" className="max-h-[50vh] w-full rounded border object-contain" />
          ) : (
            <p className="text-sm text-slate-400">加载中…</p>
          )}
        </>
      )}
    </FormModal>
  );
}
