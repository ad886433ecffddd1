import type { Dispatch, SetStateAction } from 'react';
import type { z } from '../../lib/shared/zod.ts';
import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { deviceAddSchema, deviceEditSchema } from '../../lib/shared/reservations/reservation.ts';
import type { StaffDeviceSchema } from '../../lib/shared/reservations/responses.ts';
import { fenToYuan, yuanToFen } from '../../lib/shared/money.ts';
import ImageField from './ImageField.tsx';
import { HoursFields } from '../reservations/HoursForm.tsx';
import { RecordHistory } from '../staff/History.tsx';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';

export type StaffDevice = z.output<typeof StaffDeviceSchema>;

/** An instrument as its form holds it (numbers still text); no rid for a new one. */
export type Draft = {
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
  /** Samples per working day; empty: not set (the worklist says 未设定产能). */
  weekly_capacity: string;
  bill_by_actual: boolean;
  needs_authorization: boolean;
  /** Its own opening hours (decision 0087); null: the lab's. */
  hours: { open: string; close: string; closed_weekdays: number[] } | null;
  /** Its own cancellation deadline in hours; empty: the lab's. */
  cancel_hours: string;
};

export const EMPTY: Draft = {
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
  weekly_capacity: '',
  bill_by_actual: false,
  needs_authorization: false,
  hours: null,
  cancel_hours: '',
};

export const toDraft = (d: StaffDevice): Draft => ({
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
  weekly_capacity: d.weekly_capacity === null ? '' : String(d.weekly_capacity),
  bill_by_actual: d.bill_by_actual,
  needs_authorization: d.needs_authorization,
  hours:
    d.booking_rules?.open && d.booking_rules.close
      ? {
          open: d.booking_rules.open,
          close: d.booking_rules.close,
          closed_weekdays: d.booking_rules.closed_weekdays ?? [0],
        }
      : null,
  cancel_hours: d.booking_rules?.cancel_hours === undefined ? '' : String(d.booking_rules.cancel_hours),
});

/** The form as device/add and device/edit take it: the price in fen, the specs as pairs. */
const toInput = ({ price, specs, hours, cancel_hours, ...d }: Draft) => ({
  ...d,
  booking_rules:
    hours || cancel_hours.trim()
      ? { ...hours, ...(cancel_hours.trim() && { cancel_hours: Number(cancel_hours) }) }
      : null,
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

/** 新增仪器 / 编辑仪器: open while there is a draft; checked with the server's schema, then saved. */
export default function DeviceForm({
  draft,
  setDraft,
  onDone,
}: {
  draft: Draft | null;
  setDraft: Dispatch<SetStateAction<Draft | null>>;
  onDone: () => Promise<void>;
}) {
  const text = (key: keyof Draft) => ({
    value: String(draft?.[key] ?? ''),
    onChange: (e: { target: { value: string } }) => setDraft((d) => d && { ...d, [key]: e.target.value }),
  });
  const check = (key: 'remote' | 'on_sale' | 'bill_by_actual' | 'needs_authorization', label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={Boolean(draft?.[key])}
        onChange={(e) => setDraft((d) => d && { ...d, [key]: e.target.checked })}
      />
      {label}
    </label>
  );

  return (
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
          onDone,
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
        <Field
          label="每周产能（样品数/周）"
          hint="据此估算积压天数与「预计 N 个工作日内开始测试」；留空为未设定"
        >
          <input className={input} name="weekly_capacity" inputMode="numeric" {...text('weekly_capacity')} />
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
        {check('bill_by_actual', '按实际用时计费')}
        {check('needs_authorization', '需培训授权后方可预约')}
      </div>
      <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">开放时间与取消期限</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft?.hours != null}
            onChange={(e) =>
              setDraft(
                (d) =>
                  d && {
                    ...d,
                    hours: e.target.checked ? { open: '08:30', close: '18:30', closed_weekdays: [0] } : null,
                  },
              )
            }
          />
          本仪器单独设置开放时间（不勾选则使用「仪器预约 → 封锁时段」中的统一设置）
        </label>
        {draft?.hours && (
          <HoursFields value={draft.hours} onChange={(hours) => setDraft((d) => d && { ...d, hours })} />
        )}
        <Field label="取消期限（小时）" hint="留空使用统一设置">
          <input className={input} name="cancel_hours" inputMode="numeric" {...text('cancel_hours')} />
        </Field>
      </fieldset>
      {draft?.rid && <RecordHistory kind="device" rid={draft.rid} />}
    </FormModal>
  );
}
