import { useState } from 'react';
import type { z } from 'zod';
import { staffAction, staffStep, type Me } from '../session.ts';
import { Badge, button, Field, filterInput, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { campaignSaveSchema, promoterApproveSchema } from '../../lib/shared/promotion/promotion.ts';
import type {
  StaffCampaignSchema,
  StaffPromoterSchema,
  StaffWithdrawalSchema,
} from '../../lib/shared/promotion/responses.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { shanghaiInputMinute } from '../../lib/shared/time.ts';
import { promotionAdminApi } from '../../lib/shared/promotion/api.ts';

type Promoter = z.output<typeof StaffPromoterSchema>;
type Withdrawal = z.output<typeof StaffWithdrawalSchema>;
type Campaign = z.output<typeof StaffCampaignSchema>;

const SECTIONS = [
  { value: 'promoters', label: '推广员申请' },
  { value: 'withdrawals', label: '提现打款' },
  { value: 'campaigns', label: '推广活动' },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

/** 推广: promoter applications (managers), withdrawals to pay (finance), campaigns shown to customers. */
export default function Promoters({ me }: { me: Me }) {
  const [section, setSection] = useState<Section>('promoters');
  return (
    <div>
      <PageHeader
        title="推广"
        lead="推广员审核、返利提现打款与推广活动。返利按被邀请客户订单完成时的实付现金计算，冻结期满后方可提现。"
      />
      <StatusTabs label="推广管理" tabs={[...SECTIONS]} value={section} onChange={setSection} />
      {section === 'promoters' && <Applications me={me} />}
      {section === 'withdrawals' && <Withdrawals me={me} />}
      {section === 'campaigns' && <Campaigns me={me} />}
    </div>
  );
}

const PROMOTER_TABS = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已通过' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];

function Applications({ me }: { me: Me }) {
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
      cell: (r) => when(r.applied_at),
      className: 'whitespace-nowrap',
      csv: (r) => when(r.applied_at),
    },
    csvOnly('状态', (r) => r.status_text),
    csvOnly('返利比例', (r) => r.rate_percent_text),
    {
      id: 'figures',
      header: '邀请 / 返利余额 / 已提现',
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

const WITHDRAW_TABS = [
  { value: 'pending', label: '待打款' },
  { value: 'paid', label: '已打款' },
  { value: 'rejected', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
  { value: '', label: '全部' },
];

function Withdrawals({ me }: { me: Me }) {
  const [status, setStatus] = useState('pending');
  const [keyword, setKeyword] = useState('');
  const filter = { ...(status ? { status } : {}), keyword };
  const list = useList(promotionAdminApi.withdrawList, filter);
  const payout = me.permissions.includes('promotion.payout');
  const [paying, setPaying] = useState<Withdrawal | null>(null);
  const [ref, setRef] = useState('');
  const [note, setNote] = useState('');
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null);
  const [reason, setReason] = useState('');
  const pendingCount = (list.data as { pending_count?: number } | null)?.pending_count;
  const columns: Column<Withdrawal>[] = [
    csvOnly('申请时间', (r) => when(r.created_at)),
    {
      id: 'who',
      header: '推广员',
      cell: (r) => (
        <>
          <span className="block font-medium">{r.promoter.real_name}</span>
          <span className="text-xs text-slate-500">{r.promoter.phone}</span>
        </>
      ),
      csv: [
        { header: '推广员', value: (r) => r.promoter.real_name },
        { header: '手机', value: (r) => r.promoter.phone },
      ],
    },
    {
      id: 'amount',
      header: '金额 / 手续费 / 应打款',
      cell: (r) => (
        <span className="tabular-nums">
          {formatFen(r.amount_fen)}
          <span className="block text-xs text-slate-500">
            {formatFen(r.fee_fen)} · <strong className="text-slate-800">{formatFen(r.payout_fen)}</strong>
          </span>
        </span>
      ),
      csv: [
        { header: '提现金额（元）', value: (r) => fenToYuan(r.amount_fen) },
        { header: '手续费（元）', value: (r) => fenToYuan(r.fee_fen) },
        { header: '应打款（元）', value: (r) => fenToYuan(r.payout_fen) },
      ],
    },
    {
      id: 'account',
      header: '收款账户',
      cell: (r) => (
        <>
          <span className="block">
            {r.channel_text} · {r.account_name}
          </span>
          <span className="text-xs break-all text-slate-500">
            {r.account_no}
            {r.bank_name && ` · ${r.bank_name}`}
          </span>
        </>
      ),
      csv: [
        { header: '收款方式', value: (r) => r.channel_text },
        { header: '户名', value: (r) => r.account_name },
        { header: '收款账号', value: (r) => r.account_no },
        { header: '开户行', value: (r) => r.bank_name },
      ],
    },
    {
      id: 'created',
      header: '申请时间',
      cell: (r) => when(r.created_at),
      className: 'whitespace-nowrap',
    },
    {
      id: 'status',
      header: '状态',
      cell: (r) => (
        <>
          <Badge tone={r.status === 'paid' ? 'accent' : r.status === 'pending' ? 'hot' : 'slate'}>
            {r.status_text}
          </Badge>
          {r.status === 'pending' && r.needs_two && (
            <span className="block text-xs text-slate-500">
              {r.first_approved_at ? '已初审·待另一位同事打款' : '金额较大，需两人审批'}
            </span>
          )}
          {r.payout_ref && <span className="block text-xs text-slate-500">流水 {r.payout_ref}</span>}
          {r.reject_reason && <span className="block text-xs text-red-600">{r.reject_reason}</span>}
        </>
      ),
      csv: [
        { header: '状态', value: (r) => r.status_text },
        { header: '打款流水号', value: (r) => r.payout_ref },
      ],
    },
    csvOnly('处理时间', (r) => when(r.decided_at)),
    csvOnly('驳回原因', (r) => r.reject_reason),
    csvOnly('备注', (r) => r.note),
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        payout && r.status === 'pending' ? (
          <span className="flex gap-1.5 whitespace-nowrap">
            {r.needs_two && !r.first_approved_at ? (
              <button
                type="button"
                className={button.primary}
                onClick={() =>
                  staffStep(
                    promotionAdminApi.withdrawApprove,
                    { rid: r.rid },
                    '已初审，请另一位同事打款',
                    list.reload,
                  )
                }
              >
                初审同意
              </button>
            ) : (
              <button
                type="button"
                className={button.primary}
                onClick={() => (setRef(''), setNote(''), setPaying(r))}
              >
                标记已打款
              </button>
            )}
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
        <StatusTabs
          label="提现状态"
          tabs={WITHDRAW_TABS.map((t) => (t.value === 'pending' ? { ...t, count: pendingCount } : t))}
          value={status}
          onChange={setStatus}
        />
        <input
          className={`${filterInput} ml-auto`}
          placeholder="手机号、姓名或编号"
          aria-label="搜索提现"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <ExportCsv<Withdrawal>
          list={promotionAdminApi.withdrawList}
          filter={filter}
          name="推广提现"
          columns={columns}
        />
      </div>
      <DataTable<Withdrawal>
        label="提现申请"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的提现申请"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <FormModal
        open={paying !== null}
        title="标记已打款"
        submitText="确认已打款"
        onClose={() => setPaying(null)}
        onSubmit={() =>
          staffAction(
            promotionAdminApi.withdrawPay,
            { rid: paying?.rid, payout_ref: ref, note },
            '已标记打款',
            list.reload,
          )
        }
      >
        {paying && (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm">
            请先向 {paying.channel_text} {paying.account_name}（{paying.account_no}
            {paying.bank_name && `，${paying.bank_name}`}）转账{' '}
            <strong>{formatFen(paying.payout_fen)}</strong>
            ，再填写转账流水号。
          </p>
        )}
        <Field label="打款流水号">
          <input
            className={input}
            name="payout_ref"
            maxLength={64}
            value={ref}
            onChange={(e) => setRef(e.target.value)}
          />
        </Field>
        <Field label="备注">
          <input
            className={input}
            name="note"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
      </FormModal>
      <FormModal
        open={rejecting !== null}
        title="驳回提现"
        submitText="驳回并退回金额"
        danger
        onClose={() => setRejecting(null)}
        onSubmit={() =>
          staffAction(
            promotionAdminApi.withdrawReject,
            { rid: rejecting?.rid, reason },
            '已驳回，金额已退回',
            list.reload,
          )
        }
      >
        <Field label="驳回原因" hint="金额退回推广员的可提现余额，原因对客户可见">
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

const CAMPAIGN_TABS = [
  { value: 'active', label: '上线中' },
  { value: 'retired', label: '已下线' },
  { value: '', label: '全部' },
];

/** datetime-local text (Shanghai) ↔ ISO instant. */
const toLocal = shanghaiInputMinute;
const fromLocal = (local: string) => (local ? `${local}:00+08:00` : '');

const EMPTY_CAMPAIGN = {
  rid: '',
  title: '',
  text: '',
  image_url: '',
  link: '',
  starts_at: '',
  ends_at: '',
  sort: '0',
};

function Campaigns({ me }: { me: Me }) {
  const [status, setStatus] = useState('active');
  const filter = status ? { status } : {};
  const list = useList(promotionAdminApi.campaignList, filter);
  const manage = me.permissions.includes('promotion.manage');
  const [draft, setDraft] = useState<typeof EMPTY_CAMPAIGN | null>(null);
  const text = (key: keyof typeof EMPTY_CAMPAIGN) => ({
    value: draft?.[key] ?? '',
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) => (d ? { ...d, [key]: e.target.value } : d)),
  });
  const columns: Column<Campaign>[] = [
    {
      id: 'title',
      header: '活动',
      cell: (r) => (
        <>
          <span className="block font-medium">{r.title}</span>
          <span className="line-clamp-2 text-xs text-slate-500">{r.text}</span>
        </>
      ),
      csv: [
        { header: '标题', value: (r) => r.title },
        { header: '活动说明', value: (r) => r.text },
      ],
    },
    csvOnly('链接', (r) => r.link),
    {
      id: 'window',
      header: '时间',
      cell: (r) => (
        <span className="text-xs whitespace-nowrap">
          {when(r.starts_at)}
          <br />至 {when(r.ends_at)}
        </span>
      ),
      csv: [
        { header: '开始时间', value: (r) => when(r.starts_at) },
        { header: '结束时间', value: (r) => when(r.ends_at) },
      ],
    },
    {
      id: 'link',
      header: '链接',
      cell: (r) => <span className="text-xs break-all">{r.link || '—'}</span>,
    },
    { id: 'sort', header: '排序', cell: (r) => r.sort, csv: (r) => r.sort },
    {
      id: 'showing',
      header: '状态',
      cell: (r) => (
        <Badge tone={r.showing ? 'accent' : 'slate'}>
          {r.status === 'retired' ? '已下线' : r.showing ? '展示中' : '不在活动时间'}
        </Badge>
      ),
      csv: (r) => (r.status === 'retired' ? '已下线' : r.showing ? '展示中' : '不在活动时间'),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        manage ? (
          <span className="flex gap-1.5 whitespace-nowrap">
            <button
              type="button"
              className={button.ghost}
              onClick={() =>
                setDraft({
                  rid: r.rid,
                  title: r.title,
                  text: r.text,
                  image_url: r.image_url,
                  link: r.link,
                  starts_at: toLocal(r.starts_at),
                  ends_at: toLocal(r.ends_at),
                  sort: String(r.sort),
                })
              }
            >
              编辑
            </button>
            <button
              type="button"
              className={r.status === 'active' ? button.danger : button.primary}
              onClick={() =>
                staffStep(
                  r.status === 'active'
                    ? promotionAdminApi.campaignRetire
                    : promotionAdminApi.campaignRestore,
                  { rid: r.rid },
                  r.status === 'active' ? '已下线' : '已上线',
                  list.reload,
                )
              }
            >
              {r.status === 'active' ? '下线' : '上线'}
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <StatusTabs label="活动状态" tabs={CAMPAIGN_TABS} value={status} onChange={setStatus} />
        <span className="ml-auto flex gap-2">
          <ExportCsv<Campaign>
            list={promotionAdminApi.campaignList}
            filter={filter}
            name="推广活动"
            columns={columns}
          />
          {manage && (
            <button type="button" className={button.primary} onClick={() => setDraft(EMPTY_CAMPAIGN)}>
              新建活动
            </button>
          )}
        </span>
      </div>
      <DataTable<Campaign>
        label="推广活动"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的活动"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <FormModal
        open={draft !== null}
        title={draft?.rid ? '编辑推广活动' : '新建推广活动'}
        submitText="保存"
        onClose={() => setDraft(null)}
        onSubmit={async () => {
          if (!draft) return null;
          const body = {
            ...draft,
            starts_at: fromLocal(draft.starts_at),
            ends_at: fromLocal(draft.ends_at),
            sort: draft.sort.trim() === '' ? undefined : Number(draft.sort),
          };
          const checked = campaignSaveSchema.safeParse(body);
          if (!checked.success) return checked.error.issues[0].message;
          return staffAction(promotionAdminApi.campaignSave, body, '已保存', list.reload);
        }}
      >
        <Field label="标题">
          <input className={input} name="title" maxLength={40} {...text('title')} />
        </Field>
        <Field label="活动说明">
          <textarea className={`${input} min-h-20 py-2`} name="text" maxLength={500} {...text('text')} />
        </Field>
        <Field label="图片地址" hint="可留空；以 http(s):// 或 / 开头">
          <input className={input} name="image_url" {...text('image_url')} />
        </Field>
        <Field label="链接" hint="可留空；站内地址如 /member/invite">
          <input className={input} name="link" {...text('link')} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="开始时间">
            <input className={input} type="datetime-local" name="starts_at" {...text('starts_at')} />
          </Field>
          <Field label="结束时间">
            <input className={input} type="datetime-local" name="ends_at" {...text('ends_at')} />
          </Field>
        </div>
        <Field label="排序" hint="数字小的在前">
          <input className={input} name="sort" inputMode="numeric" {...text('sort')} />
        </Field>
      </FormModal>
    </>
  );
}
