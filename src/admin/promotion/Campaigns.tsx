import { useState } from 'react';
import type { z } from 'zod';
import { staffAction, staffStep, type Me } from '../session.ts';
import { confirmCall } from '../confirm.tsx';
import { Badge, button, Field, FormModal, input, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { campaignSaveSchema } from '../../lib/shared/promotion/promotion.ts';
import type { StaffCampaignSchema } from '../../lib/shared/promotion/responses.ts';
import { shanghaiInputMinute } from '../../lib/shared/time.ts';
import { promotionAdminApi } from '../../lib/shared/promotion/api.ts';

type Campaign = z.output<typeof StaffCampaignSchema>;

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

/** 推广活动: the campaigns shown to customers; managers create, edit and take them on or off line. */
export default function Campaigns({ me }: { me: Me }) {
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
              aria-label={`${r.status === 'active' ? '下线' : '上线'} ${r.title}`}
              onClick={() =>
                r.status === 'active'
                  ? confirmCall(
                      {
                        title: `下线活动「${r.title}」`,
                        message: (
                          <p>
                            下线后会员中心的「推广活动」不再显示「{r.title}
                            」；已产生的邀请与返利不受影响，之后可重新上线。
                          </p>
                        ),
                        confirmText: '确认下线',
                        danger: true,
                      },
                      promotionAdminApi.campaignRetire,
                      { rid: r.rid },
                      '已下线',
                      list.reload,
                    )
                  : staffStep(promotionAdminApi.campaignRestore, { rid: r.rid }, '已上线', list.reload)
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
