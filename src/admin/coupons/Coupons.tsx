import { useState } from 'react';
import { consoleApi, notice, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, StatusTabs, ViewModal, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { couponsAdminApi } from '../../lib/shared/coupons/api.ts';
import { NewCouponModal } from './NewCoupon.tsx';

type Row = RowOf<typeof couponsAdminApi.templateList>;
type Holder = RowOf<typeof couponsAdminApi.usage>;

const TABS = [
  { value: 'active', label: '发放中' },
  { value: 'retired', label: '已停用' },
  { value: '', label: '全部' },
];

const validityText = (r: Row) =>
  r.validity === 'days'
    ? `领取后 ${r.valid_days} 天`
    : `${shanghaiDate(new Date(r.valid_from ?? 0))} 至 ${shanghaiDate(new Date(r.valid_to ?? 0).getTime() - 1)}`;

const channelText = (r: Row) =>
  [r.claimable && '领券中心', r.code && `兑换码 ${r.code}`, r.welcome && '新人券']
    .filter(Boolean)
    .join(' · ') || '定向发放';

/** 优惠券: templates with what they gave and what was used; create, issue to customers, retire. */
export default function Coupons({ me }: { me: Me }) {
  const [status, setStatus] = useState('active');
  const filter = status ? { status } : {};
  const list = useList(couponsAdminApi.templateList, filter);
  const manager = me.permissions.includes('coupons.manage');
  const [creating, setCreating] = useState(false);

  const [issuing, setIssuing] = useState<Row | null>(null);

  const [usage, setUsage] = useState<Row | null>(null);
  const [retiring, setRetiring] = useState<Row | null>(null);

  const columns: Column<Row>[] = [
    {
      id: 'name',
      header: '优惠券',
      sort: (r) => r.name,
      cell: (r) => (
        <>
          <span className="block font-medium">{r.name}</span>
          <span className="text-xs text-slate-500">
            {r.rule_text} · {r.scope_text}
            {r.first_order_only && ' · 仅限首单'}
          </span>
        </>
      ),
      csv: [
        { header: '优惠券', value: (r) => r.name },
        { header: '规则', value: (r) => r.rule_text },
        { header: '适用范围', value: (r) => r.scope_text },
        { header: '仅限首单', value: (r) => (r.first_order_only ? '是' : '否') },
      ],
    },
    {
      id: 'validity',
      header: '有效期',
      cell: validityText,
      className: 'whitespace-nowrap',
      csv: validityText,
    },
    csvOnly('每人限领', (r) => r.per_user_limit),
    { id: 'channel', header: '发放方式', cell: channelText, csv: channelText },
    {
      id: 'issued',
      header: '已发放 / 预算',
      cell: (r) => (
        <span className="tabular-nums">
          {r.issued_count} 张{r.budget_count !== null && ` / ${r.budget_count} 张`}
          {r.budget_fen !== null && (
            <span className="block text-xs text-slate-500">
              {formatFen(r.issued_fen)} / {formatFen(r.budget_fen)}
            </span>
          )}
        </span>
      ),
      csv: [
        { header: '已发放（张）', value: (r) => r.issued_count },
        { header: '发放总量（张）', value: (r) => r.budget_count ?? '不限' },
        { header: '已发放金额（元）', value: (r) => fenToYuan(r.issued_fen) },
        {
          header: '预算金额（元）',
          value: (r) => (r.budget_fen === null ? '不限' : fenToYuan(r.budget_fen)),
        },
      ],
    },
    {
      id: 'used',
      header: '已使用',
      sort: (r) => r.used_count,
      cell: (r) => (
        <span className="tabular-nums">
          {r.used_count} 张
          <span className="block text-xs text-slate-500">抵扣 {formatFen(r.discount_fen)}</span>
        </span>
      ),
      csv: [
        { header: '已使用（张）', value: (r) => r.used_count },
        { header: '抵扣金额（元）', value: (r) => fenToYuan(r.discount_fen) },
      ],
    },
    {
      id: 'status',
      header: '状态',
      cell: (r) => (
        <Badge tone={r.status === 'active' ? 'accent' : 'slate'}>
          {r.status === 'active' ? '发放中' : '已停用'}
        </Badge>
      ),
      csv: (r) => (r.status === 'active' ? '发放中' : '已停用'),
    },
    csvOnly('创建时间', (r) => when(r.created)),
    {
      id: 'actions',
      header: '操作',
      cell: (r) => (
        <span className="flex gap-1.5 whitespace-nowrap">
          <button type="button" className={button.ghost} onClick={() => setUsage(r)}>
            明细
          </button>
          {manager && r.status === 'active' && (
            <>
              <button type="button" className={button.primary} onClick={() => setIssuing(r)}>
                发放
              </button>
              <button type="button" className={button.danger} onClick={() => setRetiring(r)}>
                停用
              </button>
            </>
          )}
        </span>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="优惠券"
        lead="满减券与折扣券：领券中心、兑换码、新人券或定向发放；预算用尽即停止发放，客户支付时自动推荐最优券。"
        actions={
          <span className="flex gap-2">
            <ExportCsv<Row>
              list={couponsAdminApi.templateList}
              filter={filter}
              name="优惠券"
              columns={columns}
            />
            {manager && (
              <button type="button" className={button.primary} onClick={() => setCreating(true)}>
                新建优惠券
              </button>
            )}
          </span>
        }
      />
      <StatusTabs label="优惠券状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<Row>
        label="优惠券"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的优惠券"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />

      <NewCouponModal open={creating} onClose={() => setCreating(false)} onDone={list.reload} />
      {issuing && <IssueModal row={issuing} onClose={() => setIssuing(null)} onDone={list.reload} />}

      <FormModal
        open={retiring !== null}
        title="停用优惠券"
        submitText="停用"
        danger
        onClose={() => setRetiring(null)}
        onSubmit={() =>
          staffAction(couponsAdminApi.templateRetire, { rid: retiring!.rid }, '已停用', list.reload)
        }
      >
        <p className="text-sm text-slate-600">
          停用后「{retiring?.name}」不再领取、兑换或发放；客户已领取的券在有效期内仍可使用。
        </p>
      </FormModal>

      {usage && <Usage row={usage} onClose={() => setUsage(null)} />}
    </div>
  );
}

/** 发放: coupons of a template to customers by phone; a large face value waits for a second approval. */
function IssueModal({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => unknown }) {
  const [phones, setPhones] = useState('');
  return (
    <FormModal
      open
      title={`发放「${row.name}」`}
      submitText="发放"
      onClose={onClose}
      onSubmit={async () => {
        const list4 = phones
          .split(/[\s,，;；]+/)
          .map((p) => p.trim())
          .filter(Boolean);
        if (list4.length === 0) return '请填写客户手机号';
        try {
          const res = await consoleApi.call(
            couponsAdminApi.issue,
            { rid: row.rid, phones: list4 },
            { throws: true },
          );
          onDone();
          if (res?.pending) {
            notice('ok', '面额较大，已提交复核：另一位同事在「发券复核」中批准后发放');
            return null;
          }
          if (res && res.refused.length)
            return `已发放 ${res.given} 张；未发放：${res.refused.map((r) => `${r.phone}（${r.reason}）`).join('、')}`;
          notice('ok', `已发放 ${res?.given ?? 0} 张`);
          return null;
        } catch (e) {
          return e instanceof Error ? e.message : '操作失败';
        }
      }}
    >
      <Field label="客户手机号" hint="每行一个，或用逗号分隔；一次最多 200 人，每人受限领数量约束">
        <textarea
          className={`${input} min-h-28 py-2`}
          name="phones"
          value={phones}
          onChange={(e) => setPhones(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}

/** Who holds coupons of a template and what became of them. */
function Usage({ row, onClose }: { row: Row; onClose: () => void }) {
  const holders = useList(couponsAdminApi.usage, { rid: row.rid }, 10);
  return (
    <ViewModal open title={`「${row.name}」领取明细`} onClose={onClose}>
      <DataTable<Holder>
        label="领取明细"
        rows={holders.data?.list ?? null}
        rowKey={(h) => h.rid}
        empty="还没有客户领取"
        columns={[
          {
            id: 'customer',
            header: '客户',
            cell: (h) => (
              <>
                <span className="block">{h.customer.name || '—'}</span>
                <span className="text-xs text-slate-500">{h.customer.phone}</span>
              </>
            ),
          },
          { id: 'created', header: '领取时间', cell: (h) => when(h.created), className: 'whitespace-nowrap' },
          {
            id: 'state',
            header: '状态',
            cell: (h) => (
              <>
                {h.state_text}
                {h.order_no && (
                  <span className="block text-xs text-slate-500">
                    {h.order_no} · 抵扣 {formatFen(h.discount_fen ?? 0)}
                  </span>
                )}
              </>
            ),
          },
        ]}
      />
      <Pager page={holders.page} pages={holders.pages} onPage={holders.setPage} />
    </ViewModal>
  );
}
