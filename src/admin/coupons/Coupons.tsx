import { useEffect, useState } from 'react';
import { consoleApi, notice, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { yuanToFen, fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { couponTemplateSchema } from '../../lib/shared/coupons/coupons.ts';
import { couponsAdminApi } from '../../lib/shared/coupons/api.ts';
import { catalogueApi } from '../../lib/shared/catalogue/api.ts';

type Row = RowOf<typeof couponsAdminApi.templateList>;
type Holder = RowOf<typeof couponsAdminApi.usage>;
type Category = { id: number; name: string; children: { id: number; name: string }[] };

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

const EMPTY = {
  name: '',
  kind: 'amount' as 'amount' | 'percent',
  value: '',
  percent: '10',
  threshold: '',
  scope: 'all' as 'all' | 'category' | 'item',
  scopeRef: '',
  validity: 'days' as 'days' | 'fixed',
  days: '30',
  from: '',
  to: '',
  limit: '1',
  budgetCount: '',
  budgetYuan: '',
  claimable: true,
  code: '',
  welcome: false,
  firstOrder: false,
};
type Draft = typeof EMPTY;

/** The form as the template call takes it (amounts in fen; blanks left out). */
function bodyOf(d: Draft) {
  const fen = (v: string) => (v.trim() ? (yuanToFen(v) ?? -1) : undefined);
  const whole = (v: string) => (v.trim() ? Number(v) : undefined);
  return {
    name: d.name,
    kind: d.kind,
    value_fen: fen(d.value) ?? (d.kind === 'percent' ? 0 : undefined),
    percent_off: d.kind === 'percent' ? whole(d.percent) : undefined,
    threshold_fen: fen(d.threshold) ?? 0,
    scope: d.scope,
    scope_ref: d.scope === 'all' ? '' : d.scopeRef,
    validity: d.validity,
    valid_days: d.validity === 'days' ? whole(d.days) : undefined,
    valid_from: d.validity === 'fixed' ? d.from : '',
    valid_to: d.validity === 'fixed' ? d.to : '',
    per_user_limit: whole(d.limit),
    budget_count: whole(d.budgetCount),
    budget_fen: fen(d.budgetYuan),
    claimable: d.claimable,
    code: d.code,
    welcome: d.welcome,
    first_order_only: d.firstOrder,
  };
}

/** 优惠券: templates with what they gave and what was used; create, issue to customers, retire. */
export default function Coupons({ me }: { me: Me }) {
  const [status, setStatus] = useState('active');
  const filter = status ? { status } : {};
  const list = useList(couponsAdminApi.templateList, filter);
  const manager = me.permissions.includes('coupons.manage');
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [categories, setCategories] = useState<Category[]>([]);
  const [issuing, setIssuing] = useState<Row | null>(null);
  const [phones, setPhones] = useState('');
  const [usage, setUsage] = useState<Row | null>(null);
  const [retiring, setRetiring] = useState<Row | null>(null);

  useEffect(() => {
    if (!creating || categories.length) return;
    void fetch(catalogueApi.typeGroups.path)
      .then((r) => r.json())
      .then((body: { data?: Category[] }) => setCategories(body.data ?? []));
  }, [creating, categories.length]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft) => ({
    value: String(draft[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  const columns: Column<Row>[] = [
    {
      id: 'name',
      header: '优惠券',
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
              <button type="button" className={button.primary} onClick={() => (setPhones(''), setIssuing(r))}>
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
              <button
                type="button"
                className={button.primary}
                onClick={() => (setDraft(EMPTY), setCreating(true))}
              >
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

      <FormModal
        open={creating}
        title="新建优惠券"
        submitText="创建"
        onClose={() => setCreating(false)}
        onSubmit={async () => {
          const body = bodyOf(draft);
          // The same rules as the server, so a mistake is shown before anything is sent.
          const checked = couponTemplateSchema.safeParse(body);
          if (!checked.success) return checked.error.issues[0].message;
          return staffAction(couponsAdminApi.templateAdd, body, '已创建', list.reload);
        }}
      >
        <Field label="名称">
          <input
            className={input}
            name="name"
            maxLength={40}
            placeholder="如：满2000减200"
            {...text('name')}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="类型">
            <select className={input} name="kind" {...text('kind')}>
              <option value="amount">满减券</option>
              <option value="percent">折扣券</option>
            </select>
          </Field>
          <Field label="使用门槛（元）" hint="0 或留空为无门槛">
            <input className={input} name="threshold" inputMode="decimal" {...text('threshold')} />
          </Field>
          {draft.kind === 'percent' ? (
            <>
              <Field label="优惠比例（%）" hint="10 即打九折">
                <input className={input} name="percent_off" inputMode="numeric" {...text('percent')} />
              </Field>
              <Field label="最高减免（元）" hint="留空不封顶">
                <input className={input} name="value" inputMode="decimal" {...text('value')} />
              </Field>
            </>
          ) : (
            <Field label="面额（元）">
              <input className={input} name="value" inputMode="decimal" {...text('value')} />
            </Field>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field label="适用范围">
            <select className={input} name="scope" {...text('scope')}>
              <option value="all">全场通用</option>
              <option value="category">指定类别</option>
              <option value="item">指定项目</option>
            </select>
          </Field>
          {draft.scope === 'category' && (
            <Field label="类别">
              <select className={input} name="scope_ref" {...text('scopeRef')}>
                <option value="">请选择</option>
                {categories.map((g) => (
                  <optgroup key={g.id} label={g.name}>
                    {g.children.map((c) => (
                      <option key={c.id} value={String(c.id)}>
                        {c.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </Field>
          )}
          {draft.scope === 'item' && (
            <Field label="项目编号" hint="项目详情页地址中的编号">
              <input className={input} name="scope_ref" {...text('scopeRef')} />
            </Field>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field label="有效期">
            <select className={input} name="validity" {...text('validity')}>
              <option value="days">领取后 N 天</option>
              <option value="fixed">固定日期</option>
            </select>
          </Field>
          {draft.validity === 'days' ? (
            <Field label="有效天数">
              <input className={input} name="valid_days" inputMode="numeric" {...text('days')} />
            </Field>
          ) : (
            <>
              <Field label="开始日期">
                <input className={input} type="date" name="valid_from" {...text('from')} />
              </Field>
              <Field label="结束日期">
                <input className={input} type="date" name="valid_to" {...text('to')} />
              </Field>
            </>
          )}
        </div>
        <div className="grid grid-cols-3 gap-3">
          <Field label="每人限领">
            <input className={input} name="per_user_limit" inputMode="numeric" {...text('limit')} />
          </Field>
          <Field label="发放总量（张）" hint="留空不限">
            <input className={input} name="budget_count" inputMode="numeric" {...text('budgetCount')} />
          </Field>
          <Field label="预算金额（元）" hint="留空不限">
            <input className={input} name="budget_fen" inputMode="decimal" {...text('budgetYuan')} />
          </Field>
        </div>
        <Field label="兑换码" hint="可选，4-32 位字母或数字，客户在优惠券页输入兑换">
          <input className={input} name="code" maxLength={32} {...text('code')} />
        </Field>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {(
            [
              ['claimable', '在领券中心展示'],
              ['welcome', '作为新人券（受邀注册自动发放）'],
              ['firstOrder', '仅限首单使用'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                name={key}
                checked={draft[key]}
                onChange={(e) => set(key, e.target.checked)}
                className="accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
      </FormModal>

      <FormModal
        open={issuing !== null}
        title={`发放「${issuing?.name ?? ''}」`}
        submitText="发放"
        onClose={() => setIssuing(null)}
        onSubmit={async () => {
          const list4 = phones
            .split(/[\s,，;；]+/)
            .map((p) => p.trim())
            .filter(Boolean);
          if (list4.length === 0) return '请填写客户手机号';
          try {
            const res = await consoleApi.call(
              couponsAdminApi.issue,
              { rid: issuing!.rid, phones: list4 },
              { throws: true },
            );
            list.reload();
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

/** Who holds coupons of a template and what became of them. */
function Usage({ row, onClose }: { row: Row; onClose: () => void }) {
  const holders = useList(couponsAdminApi.usage, { rid: row.rid }, 10);
  return (
    <FormModal
      open
      title={`「${row.name}」领取明细`}
      submitText="关闭"
      onClose={onClose}
      onSubmit={async () => null}
    >
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
    </FormModal>
  );
}
