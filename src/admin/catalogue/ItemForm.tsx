import { useState } from 'react';
import { staffAction } from '../session.ts';
import { button, Field, FormModal, input } from '../ui.tsx';
import { fenToYuan, yuanToFen } from '../../lib/shared/money.ts';
import {
  itemAddSchema,
  itemEditSchema,
  type StaffItem,
  type StaffType,
} from '../../lib/shared/catalogue/admin.ts';
import ImageField from './ImageField.tsx';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';
import { ItemResultFields, resultBodyOf, resultDraftOf } from '../results/ItemResultFields.tsx';
import { ItemTurnaround } from './ItemTurnaround.tsx';
import { RecordHistory } from '../staff/History.tsx';

type Param = { name: string; required: boolean; choices: string };
const EMPTY = {
  rid: '',
  child_id: '',
  name: '',
  img: '',
  sketch: '',
  description: '',
  content: '',
  price: '',
  unit: '元/样',
  min: '1',
  max: '20',
  def: '1',
  params: [] as Param[],
  hot: false,
  quote_only: false,
  on_sale: true,
  sort: '0',
  results: resultDraftOf(),
};
type Draft = typeof EMPTY;

const draftOf = (i: StaffItem): Draft => ({
  rid: i.rid,
  child_id: String(i.child_id),
  name: i.name,
  img: i.img,
  sketch: i.sketch,
  description: i.description,
  content: i.content,
  price: fenToYuan(i.price_fen),
  unit: i.unit,
  min: String(i.options.sampleCount.min),
  max: String(i.options.sampleCount.max),
  def: String(i.options.sampleCount.default),
  params: i.options.parameters.map((p) => ({ ...p, choices: p.choices.join('、') })),
  hot: i.hot,
  quote_only: i.quote_only,
  on_sale: i.on_sale,
  sort: String(i.sort),
  results: resultDraftOf(i),
});

/** The form as item/add and item/edit take it: the price in fen, choices split on 、 or commas. */
const bodyOf = (d: Draft) => ({
  rid: d.rid.trim(),
  child_id: d.child_id,
  name: d.name,
  img: d.img,
  sketch: d.sketch,
  description: d.description,
  content: d.content,
  price_fen: d.price.trim() ? (yuanToFen(d.price) ?? d.price) : '',
  unit: d.unit,
  options: {
    sampleCount: { min: d.min, max: d.max, default: d.def },
    parameters: d.params.map((p) => ({
      name: p.name,
      required: p.required,
      choices: p.choices
        .split(/[、,，\n]/)
        .map((c) => c.trim())
        .filter(Boolean),
    })),
  },
  hot: d.hot,
  quote_only: d.quote_only,
  on_sale: d.on_sale,
  sort: d.sort,
  ...resultBodyOf(d.results),
});

/**
 * 新建项目 / 编辑项目: an item's form (price, texts, picture, sample counts, order parameters, sale
 * state), checked with the server's rules before it is sent.
 */
export function ItemModal({
  item,
  types,
  onClose,
  onDone,
}: {
  item: 'new' | StaffItem;
  types: StaffType[];
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [draft, setDraft] = useState<Draft>(() => (item === 'new' ? EMPTY : draftOf(item)));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft) => ({
    value: String(draft[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  const check = (key: 'hot' | 'quote_only' | 'on_sale', label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.target.checked)} />
      {label}
    </label>
  );
  const setParam = (i: number, p: Partial<Param>) =>
    set(
      'params',
      draft.params.map((x, j) => (j === i ? { ...x, ...p } : x)),
    );

  return (
    <FormModal
      open
      title={item === 'new' ? '新建项目' : '编辑项目'}
      submitText="保存"
      onClose={onClose}
      onSubmit={async () => {
        const body = bodyOf(draft);
        // The same rules as the server, so a mistake is shown before anything is sent.
        const checked = (item === 'new' ? itemAddSchema : itemEditSchema).safeParse(body);
        if (!checked.success) return checked.error.issues[0].message;
        const path = item === 'new' ? 'add' : 'edit';
        return staffAction(
          path === 'add' ? catalogueAdminApi.itemAdd : catalogueAdminApi.itemEdit,
          checked.data,
          '已保存',
          onDone,
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="项目编号" hint="页面地址 /detail/编号，创建后不可修改">
          <input className={input} name="rid" disabled={item !== 'new'} {...text('rid')} />
        </Field>
        <Field label="分类">
          <select className={input} name="child_id" {...text('child_id')}>
            <option value="">请选择</option>
            {types.map((t) => (
              <optgroup key={t.id} label={t.name}>
                {t.children.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
      </div>
      <Field label="项目名称">
        <input className={input} name="name" maxLength={60} {...text('name')} />
      </Field>
      <div className="grid grid-cols-3 gap-3">
        <Field label="价格（元）">
          <input className={input} name="price" inputMode="decimal" {...text('price')} />
        </Field>
        <Field label="单位">
          <input className={input} name="unit" maxLength={20} {...text('unit')} />
        </Field>
        <Field label="排序">
          <input className={input} name="sort" inputMode="numeric" {...text('sort')} />
        </Field>
      </div>
      <ImageField value={draft.img} onChange={(img) => set('img', img)} />
      <Field label="标签" hint="用 | 分隔，如：TEM 薄片|定点切割">
        <input className={input} name="description" {...text('description')} />
      </Field>
      <Field label="简介（列表中显示，可含 HTML）">
        <textarea className={`${input} h-16 py-1.5`} name="sketch" {...text('sketch')} />
      </Field>
      <Field label="详情（详情页正文，HTML）">
        <textarea className={`${input} h-28 py-1.5`} name="content" {...text('content')} />
      </Field>
      <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">样品数量</legend>
        <div className="grid grid-cols-3 gap-3">
          <Field label="最少">
            <input className={input} name="min" inputMode="numeric" {...text('min')} />
          </Field>
          <Field label="最多">
            <input className={input} name="max" inputMode="numeric" {...text('max')} />
          </Field>
          <Field label="默认">
            <input className={input} name="default" inputMode="numeric" {...text('def')} />
          </Field>
        </div>
      </fieldset>
      <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">下单参数</legend>
        {draft.params.map((p, i) => (
          <div key={i} className="grid gap-2 border-b border-slate-100 pb-2 sm:grid-cols-[1fr_2fr_auto_auto]">
            <input
              className={input}
              aria-label={`参数${i + 1}名称`}
              placeholder="参数名"
              value={p.name}
              onChange={(e) => setParam(i, { name: e.target.value })}
            />
            <input
              className={input}
              aria-label={`参数${i + 1}可选值`}
              placeholder="可选值，用、分隔"
              value={p.choices}
              onChange={(e) => setParam(i, { choices: e.target.value })}
            />
            <label className="flex items-center gap-1 text-sm whitespace-nowrap">
              <input
                type="checkbox"
                checked={p.required}
                onChange={(e) => setParam(i, { required: e.target.checked })}
              />
              必填
            </label>
            <button
              type="button"
              className={button.danger}
              onClick={() =>
                set(
                  'params',
                  draft.params.filter((_, j) => j !== i),
                )
              }
            >
              删除
            </button>
          </div>
        ))}
        <button
          type="button"
          className={button.ghost}
          onClick={() => set('params', [...draft.params, { name: '', required: false, choices: '' }])}
        >
          添加参数
        </button>
      </fieldset>
      <ItemResultFields draft={draft.results} onChange={(r) => set('results', r)} />
      {item === 'new' ? (
        <p className="text-xs text-slate-500">保存项目后可设置承诺周期（工作日）与加急。</p>
      ) : (
        <ItemTurnaround rid={item.rid} editable />
      )}
      <div className="flex flex-wrap gap-4">
        {check('on_sale', '上架')}
        {check('hot', '首页热门')}
        {check('quote_only', '仅询价（价格仅供参考）')}
      </div>
      {item !== 'new' && <RecordHistory kind="item" rid={item.rid} />}
    </FormModal>
  );
}
