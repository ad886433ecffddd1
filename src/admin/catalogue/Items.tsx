import { useEffect, useState } from 'react';
import { consoleApi, type Me } from '../session.ts';
import { Badge, button, filterInput, PageHeader, StatusTabs } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import type { StaffItem, StaffType } from '../../lib/shared/catalogue/admin.ts';
import { ItemModal } from './ItemForm.tsx';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';

const TABS = [
  { value: 'on_sale', label: '已上架' },
  { value: 'off_sale', label: '已下架' },
  { value: '', label: '全部' },
];

/** 项目: every item with its price, options and sale state; add, edit, take off sale. */
export default function Items({ me }: { me: Me }) {
  const [status, setStatus] = useState('on_sale');
  const [kw, setKw] = useState('');
  const [typeId, setTypeId] = useState('');
  const filter = { status, kw: kw.trim(), type_id: typeId };
  const list = useList(catalogueAdminApi.itemList, filter);
  const editor = me.permissions.includes('catalogue.edit');
  const [types, setTypes] = useState<StaffType[]>([]);
  const [editing, setEditing] = useState<'new' | StaffItem | null>(null);

  useEffect(() => {
    void consoleApi.call(catalogueAdminApi.typeList, {}).then((t) => t && setTypes(t));
  }, []);

  const columns: Column<StaffItem>[] = [
    {
      id: 'name',
      header: '项目',
      sort: (r) => r.name,
      cell: (r) => (
        <>
          <a
            className="block font-medium text-brand-700 hover:underline"
            href={`/detail/${r.rid}`}
            target="_blank"
            rel="noreferrer"
          >
            {r.name}
          </a>
          <span className="text-xs text-slate-500">
            {r.rid} · {r.type_name} / {r.child_name}
          </span>
        </>
      ),
      csv: [
        { header: '编号', value: (r) => r.rid },
        { header: '名称', value: (r) => r.name },
        { header: '服务类型', value: (r) => r.type_name },
        { header: '分类', value: (r) => r.child_name },
      ],
    },
    {
      id: 'price',
      header: '价格',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (
        <>
          {formatFen(r.price_fen)}
          <span className="text-xs text-slate-500"> {r.unit}</span>
        </>
      ),
      csv: [
        { header: '价格（元）', value: (r) => fenToYuan(r.price_fen) },
        { header: '单位', value: (r) => r.unit },
      ],
    },
    {
      id: 'options',
      header: '参数',
      cell: (r) => (
        <span className="text-xs text-slate-600">
          {r.options.parameters.map((p) => p.name).join('、') || '—'}
        </span>
      ),
    },
    {
      id: 'order',
      header: '已下单',
      sort: (r) => r.order,
      className: 'tabular-nums',
      cell: (r) => r.order,
      csv: (r) => r.order,
    },
    {
      id: 'state',
      header: '状态',
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={r.on_sale ? 'accent' : 'slate'}>{r.on_sale ? '上架' : '下架'}</Badge>
          {r.hot && <Badge tone="hot">热门</Badge>}
          {r.quote_only && <Badge tone="brand">询价</Badge>}
        </span>
      ),
      csv: (r) => (r.on_sale ? '上架' : '下架'),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        editor && (
          <button
            type="button"
            className={button.ghost}
            aria-label={`编辑 ${r.name}`}
            onClick={() => setEditing(r)}
          >
            编辑
          </button>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="检测项目"
        lead="项目的价格、单位、下单参数与上下架；保存后前台页面立即更新，已下单的订单保持下单时的价格。"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportCsv<StaffItem>
              list={catalogueAdminApi.itemList}
              filter={filter}
              name="检测项目"
              columns={columns}
            />
            {editor && (
              <button type="button" className={button.primary} onClick={() => setEditing('new')}>
                新建项目
              </button>
            )}
          </div>
        }
      />
      <StatusTabs label="上架状态" tabs={TABS} value={status} onChange={setStatus} />
      <div className="mb-3 flex flex-wrap gap-2">
        <input
          className={filterInput}
          type="search"
          aria-label="搜索项目"
          placeholder="名称、编号或标签"
          value={kw}
          onChange={(e) => setKw(e.target.value)}
        />
        <select
          className={filterInput}
          aria-label="服务类型"
          value={typeId}
          onChange={(e) => setTypeId(e.target.value)}
        >
          <option value="">全部服务类型</option>
          {types.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <DataTable<StaffItem>
        label="检测项目"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有符合条件的项目"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />

      {editing && (
        <ItemModal item={editing} types={types} onClose={() => setEditing(null)} onDone={list.reload} />
      )}
    </div>
  );
}
