import { useState } from 'react';
import { type Me, staffStep } from '../session.ts';
import { confirmCall } from '../confirm.tsx';
import { Badge, button, PageHeader, StatusTabs } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { priceYuan, fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { pointsAdminApi } from '../../lib/shared/points/api.ts';
import ItemForm, { blank, type Draft } from './ItemForm.tsx';

type Item = RowOf<typeof pointsAdminApi.itemList>;
const TABS = [
  { value: 'active', label: '在售' },
  { value: 'retired', label: '已下架' },
  { value: '', label: '全部' },
];

/** 兑换商品: the catalogue customers exchange points from; add, edit, retire and put back. */
export default function Items({ me }: { me: Me }) {
  const [status, setStatus] = useState('active');
  const filter = status ? { status } : {};
  const list = useList(pointsAdminApi.itemList, filter);
  const [draft, setDraft] = useState<Draft | null>(null);
  const manager = me.permissions.includes('points.manage');

  const columns: Column<Item>[] = [
    {
      id: 'name',
      header: '名称',
      className: 'min-w-40',
      cell: (r) => (
        <>
          <span className="block font-medium">{r.name}</span>
          {r.description && <span className="text-xs text-slate-500">{r.description}</span>}
        </>
      ),
      csv: (r) => r.name,
    },
    {
      id: 'kind',
      header: '类型',
      cell: (r) => <Badge tone={r.kind === 'bonus' ? 'accent' : 'hot'}>{r.kind_text}</Badge>,
      csv: (r) => r.kind_text,
    },
    {
      id: 'points',
      header: '所需积分',
      cell: (r) => <strong className="tabular-nums">{r.points.toLocaleString('zh-CN')}</strong>,
      csv: (r) => r.points,
    },
    {
      id: 'value',
      header: '面值',
      cell: (r) => formatFen(r.value_fen),
      csv: [{ header: '面值（元）', value: (r) => fenToYuan(r.value_fen) }],
    },
    csvOnly('说明', (r) => r.description),
    { id: 'sort', header: '排序', cell: (r) => r.sort, csv: (r) => r.sort },
    {
      id: 'status',
      header: '状态',
      cell: (r) => (
        <Badge tone={r.status === 'active' ? 'brand' : 'slate'}>
          {r.status === 'active' ? '在售' : '已下架'}
        </Badge>
      ),
      csv: (r) => (r.status === 'active' ? '在售' : '已下架'),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        manager ? (
          <span className="flex gap-1.5 whitespace-nowrap">
            <button
              type="button"
              className={button.link}
              onClick={() =>
                setDraft({
                  rid: r.rid,
                  name: r.name,
                  kind: r.kind,
                  points: String(r.points),
                  value: priceYuan(r.value_fen),
                  description: r.description,
                  sort: String(r.sort),
                })
              }
            >
              编辑
            </button>
            <button
              type="button"
              className={button.link}
              aria-label={`${r.status === 'active' ? '下架' : '重新上架'} ${r.name}`}
              onClick={() =>
                r.status === 'active'
                  ? confirmCall(
                      {
                        title: `下架兑换商品「${r.name}」`,
                        message: (
                          <p>
                            下架后客户不能再用积分兑换「{r.name}」（{r.points}{' '}
                            积分）；已提交的兑换照常处理，之后可重新上架。
                          </p>
                        ),
                        confirmText: '确认下架',
                        danger: true,
                      },
                      pointsAdminApi.itemRetire,
                      { rid: r.rid },
                      '已下架',
                      list.reload,
                    )
                  : staffStep(pointsAdminApi.itemRestore, { rid: r.rid }, '已重新上架', list.reload)
              }
            >
              {r.status === 'active' ? '下架' : '重新上架'}
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <div className="grid grid-cols-1">
      <PageHeader
        title="兑换商品"
        lead="客户可用积分兑换的商品：测试费以赠送金即时到账，礼品卡由工作人员发放。修改不影响已提交的兑换。"
        actions={
          <span className="flex gap-2">
            <ExportCsv<Item>
              list={pointsAdminApi.itemList}
              filter={filter}
              name="兑换商品"
              columns={columns}
            />
            {manager && (
              <button type="button" className={button.primary} onClick={() => setDraft({ ...blank })}>
                新增商品
              </button>
            )}
          </span>
        }
      />
      <StatusTabs label="商品状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<Item>
        label="兑换商品"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的商品"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <ItemForm draft={draft} setDraft={setDraft} onDone={list.reload} />
    </div>
  );
}
