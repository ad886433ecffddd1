import { useState } from 'react';
import type { z } from 'zod';
import { staffAction, type Me } from '../session.ts';
import { Badge, button, Field, filterInput, FormModal, input, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { promoterApproveSchema } from '../../lib/shared/promotion/promotion.ts';
import type { StaffPromoterSchema } from '../../lib/shared/promotion/responses.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { promotionAdminApi } from '../../lib/shared/promotion/api.ts';

type Promoter = z.output<typeof StaffPromoterSchema>;

const PROMOTER_TABS = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已通过' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];

/** 推广员申请: applications by status; managers approve (with a rate) or reject. */
export default function Applications({ me }: { me: Me }) {
  const [status, setStatus] = useState('pending');
  const [keyword, setKeyword] = useState('');
  const filter = { ...(status ? { status } : {}), keyword };
  const list = useList(promotionAdminApi.promoterList, filter);
  const manage = me.permissions.includes('promotion.manage');
  const [approving, setApproving] = useState<Promoter | null>(null);
  const [rate, setRate] = useState('');
  const [rejecting, setRejecting] = useState<Promoter | null>(null);
  const [reason, setReason] = useState('');
  const columns: Column<Promoter>[] = [
    {
      id: 'who',
      header: '申请人',
      sort: (r) => r.real_name,
      cell: (r) => (
        <>
          <span className="block font-medium">{r.real_name}</span>
          <span className="text-xs text-slate-500">{r.phone}</span>
        </>
      ),
      csv: [
        { header: '姓名', value: (r) => r.real_name },
        { header: '手机', value: (r) => r.phone },
      ],
    },
    {
      id: 'channel',
      header: '推广渠道 / 说明',
      cell: (r) => (
        <>
          <span className="block">{r.channel}</span>
          {r.note && <span className="text-xs text-slate-500">{r.note}</span>}
          {r.reject_reason && <span className="block text-xs text-red-600">驳回：{r.reject_reason}</span>}
        </>
      ),
      csv: [
        { header: '推广渠道', value: (r) => r.channel },
        { header: '说明', value: (r) => r.note },
      ],
    },
    {
      id: 'applied',
      header: '申请时间',
      sort: (r) => r.applied_at,
      cell: (r) => when(r.applied_at),
      className: 'whitespace-nowrap',
      csv: (r) => when(r.applied_at),
    },
    csvOnly('状态', (r) => r.status_text),
    csvOnly('返利比例', (r) => r.rate_percent_text),
    {
      id: 'figures',
      header: '邀请 / 返利余额 / 已提现',
      sort: (r) => r.invited_count,
      cell: (r) => (
        <span className="tabular-nums">
          {r.invited_count} 人 · {formatFen(r.balance_fen)} · {formatFen(r.withdrawn_fen)}
        </span>
      ),
      csv: [
        { header: '邀请人数', value: (r) => r.invited_count },
        { header: '返利余额（元）', value: (r) => fenToYuan(r.balance_fen) },
        { header: '已提现（元）', value: (r) => fenToYuan(r.withdrawn_fen) },
      ],
    },
    { id: 'rate', header: '返利比例', cell: (r) => r.rate_percent_text },
    {
      id: 'status',
      header: '状态',
      cell: (r) => (
        <Badge tone={r.status === 'approved' ? 'accent' : r.status === 'pending' ? 'hot' : 'slate'}>
          {r.status_text}
        </Badge>
      ),
    },
    csvOnly('审核时间', (r) => when(r.reviewed_at)),
    csvOnly('驳回原因', (r) => r.reject_reason),
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        manage && r.status === 'pending' ? (
          <span className="flex gap-1.5 whitespace-nowrap">
            <button type="button" className={button.primary} onClick={() => (setRate(''), setApproving(r))}>
              通过
            </button>
            <button type="button" className={button.danger} onClick={() => (setReason(''), setRejecting(r))}>
              驳回
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <StatusTabs label="申请状态" tabs={PROMOTER_TABS} value={status} onChange={setStatus} />
        <input
          className={`${filterInput} ml-auto`}
          placeholder="手机号或姓名"
          aria-label="搜索推广员"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <ExportCsv<Promoter>
          list={promotionAdminApi.promoterList}
          filter={filter}
          name="推广员申请"
          columns={columns}
        />
      </div>
      <DataTable<Promoter>
        label="推广员申请"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的申请"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <FormModal
        open={approving !== null}
        title={`通过 ${approving?.real_name ?? ''} 的推广员申请`}
        submitText="通过"
        onClose={() => setApproving(null)}
        onSubmit={async () => {
          const body = { rid: approving?.rid, rate_percent: rate.trim() === '' ? undefined : Number(rate) };
          const checked = promoterApproveSchema.safeParse(body);
          if (!checked.success) return checked.error.issues[0].message;
          return staffAction(promotionAdminApi.promoterApprove, body, '已通过', list.reload);
        }}
      >
        <Field label="返利比例（%）" hint="留空使用默认比例">
          <input
            className={input}
            name="rate_percent"
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
        </Field>
      </FormModal>
      <FormModal
        open={rejecting !== null}
        title={`驳回 ${rejecting?.real_name ?? ''} 的申请`}
        submitText="驳回"
        danger
        onClose={() => setRejecting(null)}
        onSubmit={() =>
          staffAction(
            promotionAdminApi.promoterReject,
            { rid: rejecting?.rid, reason },
            '已驳回',
            list.reload,
          )
        }
      >
        <Field label="驳回原因" hint="客户可在推广中心看到">
          <input
            className={input}
            name="reason"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </FormModal>
    </>
  );
}
