// The parts of the on-site pickup form (PickupFields): where the sample is picked up (a saved
// address or another one typed here) and the time slot of the chosen day.
import RegionPicker, { type RegionValue } from '../region/RegionPicker.tsx';
import { ContactFields, Row, inputClass } from '../ui/kit.tsx';
import type { Address } from '../../lib/client/stores.ts';
import type { PickupSlot } from '../../lib/shared/member/pickup-dates.ts';
import { NO_PICKUP_SERVICE, regionLabel } from '../../lib/shared/member/region.ts';

export type AddressMode = 'saved' | 'other';

/** A text field's value and change handler, as the form binds them. */
export type TextBinding = {
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/** 取样地址: the choice between a saved address and another one, then the saved addresses. */
export function AddressChoice({
  id,
  mode,
  saved,
  usable,
  chosenRid,
  onMode,
  onSaved,
}: {
  id: string;
  mode: AddressMode;
  saved: readonly Address[];
  /** The saved addresses in a served district. */
  usable: readonly Address[];
  chosenRid: string;
  onMode: (mode: AddressMode) => void;
  onSaved: (address: Address) => void;
}) {
  return (
    <Row label="取样地址" required as="span">
      <div role="radiogroup" aria-label="取样地址来源" className="flex flex-wrap gap-2">
        {(
          [
            ['saved', '已保存地址'],
            ['other', '其他地址'],
          ] as const
        ).map(([m, label]) => {
          const disabled = m === 'saved' && !usable.length;
          return (
            <label
              key={m}
              title={disabled ? (saved.length ? NO_PICKUP_SERVICE : '暂无保存的地址') : undefined}
              className={`inline-flex h-9 items-center gap-2 rounded-lg border px-3 text-sm ${
                disabled
                  ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
                  : mode === m
                    ? 'cursor-pointer border-brand-500 bg-brand-50 font-medium text-brand-700'
                    : 'cursor-pointer border-slate-300 text-slate-700 hover:border-brand-300'
              }`}
            >
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === m}
                disabled={disabled}
                onChange={() => onMode(m)}
                className="accent-brand-600"
              />
              {label}
            </label>
          );
        })}
      </div>
      {mode === 'saved' ? (
        <SavedAddresses id={id} saved={saved} usable={usable} chosenRid={chosenRid} onSaved={onSaved} />
      ) : (
        saved.length > 0 &&
        !usable.length && (
          <p className="mt-2 text-xs text-hot-600">
            您保存的地址所在城市暂未开通上门取样服务，请填写其他地址
          </p>
        )
      )}
    </Row>
  );
}

/** The saved addresses; one outside the served districts is shown but cannot be chosen. */
function SavedAddresses({
  id,
  saved,
  usable,
  chosenRid,
  onSaved,
}: {
  id: string;
  saved: readonly Address[];
  usable: readonly Address[];
  chosenRid: string;
  onSaved: (address: Address) => void;
}) {
  return (
    <ul role="radiogroup" aria-label="已保存地址" className="mt-3 grid gap-2">
      {saved.map((a) => {
        const ok = usable.includes(a);
        const checked = chosenRid === a.address_rid;
        return (
          <li key={a.address_rid}>
            <label
              title={ok ? undefined : NO_PICKUP_SERVICE}
              className={`flex items-start gap-3 rounded-lg border px-3 py-2.5 text-sm ${
                !ok
                  ? 'cursor-not-allowed border-dashed border-slate-200 bg-slate-50 text-slate-400'
                  : checked
                    ? 'cursor-pointer border-brand-500 bg-brand-50/60'
                    : 'cursor-pointer border-slate-200 hover:border-brand-300'
              }`}
            >
              <input
                type="radio"
                name={`${id}-address`}
                className="mt-1 accent-brand-600"
                checked={checked}
                disabled={!ok}
                onChange={() => onSaved(a)}
                aria-describedby={ok ? undefined : `${id}-${a.address_rid}-no`}
              />
              <span className="min-w-0 flex-1">
                <span className={`font-medium ${ok ? 'text-slate-900' : ''}`}>{a.name}</span>
                <span className="ml-2">{a.phone}</span>
                {a.default === 1 && (
                  <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs text-brand-700">默认</span>
                )}
                <span className={`mt-0.5 block ${ok ? 'text-slate-600' : ''}`}>
                  {regionLabel(a)} {a.address}
                </span>
                {!ok && (
                  <span id={`${id}-${a.address_rid}-no`} className="mt-0.5 block text-xs text-hot-600">
                    {NO_PICKUP_SERVICE}
                  </span>
                )}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** 其他地址: the contact, a district where pickup is offered and the street address. */
export function OtherAddress({
  id,
  allowed,
  region,
  onRegion,
  name,
  phone,
  address,
}: {
  id: string;
  allowed: readonly string[];
  region: RegionValue | null;
  onRegion: (region: RegionValue) => void;
  name: TextBinding;
  phone: TextBinding;
  address: TextBinding;
}) {
  return (
    <div className="grid gap-4 rounded-xl bg-slate-50 p-3 sm:p-4">
      <ContactFields name={name} phone={phone} />
      <Row label="所在地区" htmlFor={`${id}-region`} required>
        <RegionPicker
          id={`${id}-region`}
          allowed={allowed}
          placeholder="请选择开通上门取样的区县"
          value={region}
          onChange={onRegion}
        />
      </Row>
      <Row label="详细地址" htmlFor={`${id}-street`} required>
        <input
          id={`${id}-street`}
          name="address"
          className={inputClass}
          maxLength={200}
          placeholder="街道、门牌号、楼层房间号"
          autoComplete="street-address"
          {...address}
        />
      </Row>
    </div>
  );
}

/** 取样时间: the day's slots; a slot too soon, not offered or without a date cannot be chosen. */
export function PickupSlots({
  id,
  slots,
  date,
  time,
  noticeText,
  onTime,
}: {
  id: string;
  slots: readonly PickupSlot[];
  date: string;
  time: string;
  noticeText: string;
  onTime: (time: string) => void;
}) {
  return (
    <Row label="取样时间" required as="span">
      <p className="mb-2 text-xs text-slate-500">上门取样需至少提前 {noticeText} 预约</p>
      <div role="radiogroup" aria-label="取样时间" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {slots.map((s) => {
          const off = s.disabled || !date;
          return (
            <label
              key={s.key}
              title={
                s.soon
                  ? `需提前 ${noticeText} 预约`
                  : s.disabled
                    ? '该时段不提供上门取样'
                    : !date
                      ? '请先选择取样日期'
                      : undefined
              }
              className={`flex h-9 items-center justify-center rounded-lg border text-sm tabular-nums has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-300 ${
                off
                  ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
                  : time === s.value
                    ? 'cursor-pointer border-brand-500 bg-brand-50 font-medium text-brand-700'
                    : 'cursor-pointer border-slate-300 text-slate-700 hover:border-brand-300'
              }`}
            >
              <input
                type="radio"
                name={`${id}-time`}
                value={s.value}
                checked={time === s.value}
                disabled={off}
                onChange={() => onTime(s.value)}
                className="sr-only"
              />
              {s.value}
            </label>
          );
        })}
      </div>
    </Row>
  );
}
