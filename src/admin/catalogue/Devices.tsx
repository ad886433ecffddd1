import { useState } from 'react';
import type { z } from '../../lib/shared/zod.ts';
import { staffAction, staffStep, type Me } from '../session.ts';
import { button, Field, filterInput, FormModal, input, PageHeader } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { deviceAddSchema, deviceEditSchema } from '../../lib/shared/reservations/reservation.ts';
import type { StaffDeviceSchema } from '../../lib/shared/reservations/responses.ts';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import ImageField from './ImageField.tsx';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';

type StaffDevice = z.output<typeof StaffDeviceSchema>;

type Draft = {
  rid?: string;
  name: string;
  model: string;
  category: string;
  location: string;
  img: string;
  sketch: string;
  price: string;
  price_unit: 'hour' | 'session';
  min_minutes: string;
  lead_hours: string;
  remote: boolean;
  on_sale: boolean;
  item_rid: string;
  /** One 参数名：参数值 per line. */
  specs: string;
  sort: string;
};

const EMPTY: Draft = {
  name: '',
  model: '',
  category: '',
  location: '',
  img: '',
  sketch: '',
  price: '',
  price_unit: 'hour',
  min_minutes: '60',
  lead_hours: '24',
  remote: false,
  on_sale: true,
  item_rid: '',
  specs: '',
  sort: '0',
};

const toDraft = (d: StaffDevice): Draft => ({
  rid: d.rid,
  name: d.name,
  model: d.model,
  category: d.category,
  location: d.location,
  img: d.img,
  sketch: d.sketch,
  price: fenToYuan(d.price_fen),
  price_unit: d.price_unit,
  min_minutes: String(d.min_minutes),
  lead_hours: String(d.lead_hours),
  remote: d.remote,
  on_sale: d.on_sale,
  item_rid: d.item_rid ?? '',
  specs: d.specs.map((s) => `${s.name}：${s.value}`).join('\n'),
  sort: String(d.sort),
});

/** The form as device/add and device/edit take it: the price in fen, the specs as pairs. */
const toInput = ({ price, specs, ...d }: Draft) => ({
  ...d,
  price_fen: price.trim() ? (yuanToFen(price) ?? price) : '',
  specs: specs
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, ...value] = line.split(/[:：]/);
      return { name: name.trim(), value: value.join('：').trim() };
    }),
});

const UNIT_TEXT = { hour: '元/小时', session: '元/次' } as const;

/** 仪器设备: the instruments customers book on site — add, edit, put on or take off line. */
export default function Devices({ me }: { me: Me }) {
  const [kw, setKw] = useState('');
  const filter = { kw: kw.trim() };
  const list = useList(reservationsAdminApi.deviceList, filter);
  const editor = me.permissions.includes('instruments.edit');
  const [draft, setDraft] = useState<Draft | null>(null);
  const text = (key: keyof Draft) => ({
    value: String(draft?.[key] ?? ''),
    onChange: (e: { target: { value: string } }) => setDraft((d) => d && { ...d, [key]: e.target.value }),
  });
  const check = (key: 'remote' | 'on_sale', label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={Boolean(draft?.[key])}
        onChange={(e) => setDraft((d) => d && { ...d, [key]: e.target.checked })}
      />
      {label}
    </label>
  );

  const columns: Column<StaffDevice>[] = [
    csvOnly('编号', (r) => r.rid),
    {
      id: 'name',
      header: '仪器',
      cell: (r) => (
        <span className="flex items-center gap-2">
          {r.img && <img src={r.img} alt="" className="h-9 w-9 rounded object-cover" />}
          <span>
            <span className="block font-medium">{r.name}</span>
            <span className="text-xs text-slate-500">
              {r.model} · {r.category}
            </span>
          </span>
        </span>
      ),
      csv: [
        { header: '名称', value: (r) => r.name },
        { header: '型号', value: (r) => r.model },
        { header: '类别', value: (r) => r.category },
      ],
    },
    { id: 'location', header: '位置', cell: (r) => r.location, csv: (r) => r.location },
    {
      id: 'price',
      header: '价格',
      className: 'whitespace-nowrap',
      cell: (r) => `${formatFen(r.price_fen)} / ${r.price_unit === 'hour' ? '小时' : '次'}`,
      csv: [
        { header: '价格（元）', value: (r) => fenToYuan(r.price_fen) },
        { header: '计价', value: (r) => UNIT_TEXT[r.price_unit] },
      ],
    },
    {
      id: 'rules',
      header: '预约规则',
      cell: (r) => `最短 ${r.min_minutes} 分钟，提前 ${r.lead_hours} 小时`,
    },
    {
      id: 'state',
      header: '状态',
      className: 'whitespace-nowrap',
      cell: (r) => (r.on_sale ? '上架' : '已下架'),
      csv: (r) => (r.on_sale ? '上架' : '下架'),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        editor && (
          <span className="flex gap-1.5">
            <button
              type="button"
              className={button.ghost}
              aria-label={`编辑 ${r.name}`}
              onClick={() => setDraft(toDraft(r))}
            >
              编辑
            </button>
            <button
              type="button"
              className={r.on_sale ? button.danger : button.ghost}
              aria-label={`${r.on_sale ? '下架' : '上架'} ${r.name}`}
              onClick={() =>
                staffStep(
                  reservationsAdminApi.deviceEdit,
                  { rid: r.rid, on_sale: !r.on_sale },
                  r.on_sale ? '已下架' : '已上架',
                  list.reload,
                )
              }
            >
              {r.on_sale ? '下架' : '上架'}
            </button>
          </span>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="仪器设备"
        lead="预约现场的仪器：价格、最短时长、提前预约、上下架；保存后仪器预约页立即更新。停机维护与节假日在「仪器预约」的日历中设置。"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportCsv<StaffDevice>
              list={reservationsAdminApi.deviceList}
              filter={filter}
              name="仪器设备"
              columns={columns}
            />
            {editor && (
              <button type="button" className={button.primary} onClick={() => setDraft(EMPTY)}>
                新增仪器
              </button>
            )}
          </div>
        }
      />
      <div className="mb-3">
        <input
          type="search"
          aria-label="搜索仪器"
          className={filterInput}
          placeholder="名称、型号或类别"
          value={kw}
          onChange={(e) => setKw(e.target.value)}
        />
      </div>
      <DataTable<StaffDevice>
        label="仪器设备"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="还没有仪器"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />

      <FormModal
        open={draft !== null}
        title={draft?.rid ? '编辑仪器' : '新增仪器'}
        submitText="保存"
        onClose={() => setDraft(null)}
        onSubmit={async () => {
          if (!draft) return null;
          const checked = (draft.rid ? deviceEditSchema : deviceAddSchema).safeParse(toInput(draft));
          if (!checked.success) return checked.error.issues[0].message;
          const path = draft.rid ? 'edit' : 'add';
          return staffAction(
            path === 'add' ? reservationsAdminApi.deviceAdd : reservationsAdminApi.deviceEdit,
            checked.data,
            '已保存',
            list.reload,
          );
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="仪器名称">
            <input className={input} name="name" maxLength={100} {...text('name')} />
          </Field>
          <Field label="型号">
            <input className={input} name="model" maxLength={100} {...text('model')} />
          </Field>
          <Field label="仪器类别">
            <input className={input} name="category" maxLength={50} {...text('category')} />
          </Field>
          <Field label="所在位置">
            <input className={input} name="location" maxLength={100} {...text('location')} />
          </Field>
          <Field label="价格（元）">
            <input className={input} name="price" inputMode="decimal" {...text('price')} />
          </Field>
          <Field label="计价单位">
            <select className={input} name="price_unit" {...text('price_unit')}>
              <option value="hour">按小时</option>
              <option value="session">按次</option>
            </select>
          </Field>
          <Field label="最短预约时长（分钟）" hint="30 的整数倍">
            <input className={input} name="min_minutes" inputMode="numeric" {...text('min_minutes')} />
          </Field>
          <Field label="提前预约（小时）">
            <input className={input} name="lead_hours" inputMode="numeric" {...text('lead_hours')} />
          </Field>
        </div>
        <ImageField value={draft?.img ?? ''} onChange={(img) => setDraft((d) => d && { ...d, img })} />
        <Field label="简介">
          <textarea className={`${input} min-h-16`} name="sketch" maxLength={1000} {...text('sketch')} />
        </Field>
        <Field label="技术参数" hint="每行一项，如「分辨率：0.8 nm」">
          <textarea className={`${input} min-h-20`} name="specs" {...text('specs')} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="关联检测项目编号" hint="可留空">
            <input className={input} name="item_rid" {...text('item_rid')} />
          </Field>
          <Field label="排序">
            <input className={input} name="sort" inputMode="numeric" {...text('sort')} />
          </Field>
        </div>
        <div className="flex flex-wrap gap-4">
          {check('on_sale', '上架（可预约）')}
          {check('remote', '支持远程操作')}
        </div>
      </FormModal>
    </div>
  );
}
