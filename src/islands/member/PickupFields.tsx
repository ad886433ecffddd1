import { useEffect, useId, useMemo, useState } from 'react';
import DatePicker from '../ui/DatePicker.tsx';
import ServedAreaTip from './ServedAreaTip.tsx';
import RegionPicker from '../region/RegionPicker.tsx';
import { ContactFields, Row, inputClass, textareaClass } from '../ui/kit.tsx';
import { sortAddresses } from '../ui/session-user.ts';
import type { Address } from '../../lib/client/stores.ts';
import {
  SCENE_DATE_WARNING,
  isPickupDateDisabled,
  keepOrFirstSlot,
  noticeMinutes,
  pickupDateBounds,
  pickupSlots,
} from '../../lib/shared/member/pickup-dates.ts';
import { durationText } from '../../lib/shared/reservations/reservation-rules.ts';
import { NO_PICKUP_SERVICE, isRegionAllowed, regionLabel } from '../../lib/shared/member/region.ts';
import type { PublicSettings } from '../../lib/shared/catalogue/settings.ts';
import { emptyDelivery } from '../../lib/shared/orders/order.ts';

/** The spec's sampling/pickup value (section 3): type 0 self-delivery, 1 pickup. */
export type DeliveryValue = {
  type: 0 | 1;
  date: string;
  time: string;
  message: string;
  name: string;
  phone: string;
  province: string;
  city: string;
  area: string;
  address: string;
  address_code: string;
  /** A saved address; '' while 'other address' is being typed. */
  address_rid: string;
};

export { emptyDelivery };

const fromSaved = (a: Address): Partial<DeliveryValue> => ({
  address_rid: a.address_rid,
  name: a.name,
  phone: a.phone,
  province: a.province,
  city: a.city,
  area: a.area,
  address: a.address,
  address_code: a.address_code,
});
const clearedAddress: Partial<DeliveryValue> = {
  address_rid: '',
  name: '',
  phone: '',
  province: '',
  city: '',
  area: '',
  address: '',
  address_code: '',
};

type Props = {
  value: DeliveryValue;
  onChange: (patch: Partial<DeliveryValue>) => void;
  addresses: readonly Address[];
  settings: PublicSettings;
  sceneDate?: string | null;
};

/**
 * On-site pickup (spec section 2, "Sample delivery form"): where (a saved address in a served
 * district, or another one), when (date and slot by the shared rules) and a message.
 */
export default function PickupFields({ value, onChange, addresses, settings, sceneDate }: Props) {
  const id = useId();
  const dateBounds = useMemo(() => pickupDateBounds(new Date()), []);
  const allowed = settings.allowRegion;
  const saved = useMemo(() => sortAddresses(addresses), [addresses]);
  const usable = useMemo(
    () => saved.filter((a) => isRegionAllowed(a.address_code, allowed)),
    [saved, allowed],
  );
  const [mode, setMode] = useState<'saved' | 'other'>(() =>
    usable.length && (!value.address_code || value.address_rid) ? 'saved' : 'other',
  );
  // With no usable saved address, 'other address' is forced (spec section 4).
  const effectiveMode = usable.length ? mode : 'other';

  useEffect(() => {
    const chosen = usable.some((a) => a.address_rid === value.address_rid);
    // An owner may select a saved address itself (the dialog does after saving a typed one).
    if (chosen && mode === 'other') setMode('saved');
    else if (effectiveMode === 'saved' && !chosen) onChange(fromSaved(usable[0]!));
    // Follows the list and an outside choice; typing must not re-pick the address.
  }, [usable, value.address_rid]);

  function chooseMode(next: 'saved' | 'other') {
    setMode(next);
    onChange(next === 'saved' ? fromSaved(usable[0]!) : clearedAddress);
  }

  const noticeText = durationText(noticeMinutes(settings.samplingSetting));
  const slots = useMemo(
    () => pickupSlots(value.date, settings.samplingSetting, new Date()),
    [value.date, settings.samplingSetting],
  );
  // A chosen slot that became disabled (another date, new settings) gives way to the first open one.
  useEffect(() => {
    if (!value.date) return;
    const next = keepOrFirstSlot(value.time, slots);
    if (next !== value.time) onChange({ time: next });
    // Only when the slots change.
  }, [slots]);

  const text = (key: 'name' | 'phone' | 'address' | 'message') => ({
    value: value[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ [key]: e.target.value }),
  });

  return (
    <div className="grid gap-4">
      <ServedAreaTip info={settings.samplingInfo} />

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
                    : effectiveMode === m
                      ? 'cursor-pointer border-brand-500 bg-brand-50 font-medium text-brand-700'
                      : 'cursor-pointer border-slate-300 text-slate-700 hover:border-brand-300'
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  checked={effectiveMode === m}
                  disabled={disabled}
                  onChange={() => chooseMode(m)}
                  className="accent-brand-600"
                />
                {label}
              </label>
            );
          })}
        </div>
        {effectiveMode === 'saved' ? (
          <ul role="radiogroup" aria-label="已保存地址" className="mt-3 grid gap-2">
            {saved.map((a) => {
              const ok = usable.includes(a);
              const checked = value.address_rid === a.address_rid;
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
                      onChange={() => onChange(fromSaved(a))}
                      aria-describedby={ok ? undefined : `${id}-${a.address_rid}-no`}
                    />
                    <span className="min-w-0 flex-1">
                      <span className={`font-medium ${ok ? 'text-slate-900' : ''}`}>{a.name}</span>
                      <span className="ml-2">{a.phone}</span>
                      {a.default === 1 && (
                        <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs text-brand-700">
                          默认
                        </span>
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
        ) : (
          saved.length > 0 &&
          !usable.length && (
            <p className="mt-2 text-xs text-hot-600">
              您保存的地址所在城市暂未开通上门取样服务，请填写其他地址
            </p>
          )
        )}
      </Row>

      {effectiveMode === 'other' && (
        <div className="grid gap-4 rounded-xl bg-slate-50 p-3 sm:p-4">
          <ContactFields name={text('name')} phone={text('phone')} />
          <Row label="所在地区" htmlFor={`${id}-region`} required>
            <RegionPicker
              id={`${id}-region`}
              allowed={allowed}
              placeholder="请选择开通上门取样的区县"
              value={value.address_code ? value : null}
              onChange={(r) => onChange(r)}
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
              {...text('address')}
            />
          </Row>
        </div>
      )}

      <Row label="取样日期" htmlFor={`${id}-date`} required>
        {/* Days the shared rule refuses (past, beyond six months, disabled weekdays and dates, on
            or after the scene date) are greyed out; the server checks the same rule. */}
        <DatePicker
          id={`${id}-date`}
          name="date"
          value={value.date}
          onChange={(date) => onChange({ date })}
          placeholder="请选择取样日期"
          minDate={dateBounds.minDate}
          maxDate={dateBounds.maxDate}
          isDisabled={(date) =>
            isPickupDateDisabled(date, settings.samplingSetting, {
              today: new Date(),
              sceneDate: sceneDate ?? null,
            })
          }
          rules={[settings.samplingSetting, sceneDate]}
        />
        {sceneDate && (
          <p role="note" className="mt-2 rounded-lg bg-hot-50 px-3 py-2 text-xs leading-relaxed text-hot-600">
            {SCENE_DATE_WARNING}
          </p>
        )}
      </Row>

      <Row label="取样时间" required as="span">
        <p className="mb-2 text-xs text-slate-500">上门取样需至少提前 {noticeText} 预约</p>
        <div role="radiogroup" aria-label="取样时间" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {slots.map((s) => {
            const off = s.disabled || !value.date;
            return (
              <label
                key={s.key}
                title={
                  s.soon
                    ? `需提前 ${noticeText} 预约`
                    : s.disabled
                      ? '该时段不提供上门取样'
                      : !value.date
                        ? '请先选择取样日期'
                        : undefined
                }
                className={`flex h-9 items-center justify-center rounded-lg border text-sm tabular-nums has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-300 ${
                  off
                    ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
                    : value.time === s.value
                      ? 'cursor-pointer border-brand-500 bg-brand-50 font-medium text-brand-700'
                      : 'cursor-pointer border-slate-300 text-slate-700 hover:border-brand-300'
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-time`}
                  value={s.value}
                  checked={value.time === s.value}
                  disabled={off}
                  onChange={() => onChange({ time: s.value })}
                  className="sr-only"
                />
                {s.value}
              </label>
            );
          })}
        </div>
      </Row>

      <Row label="备注" htmlFor={`${id}-message`}>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={2}
          maxLength={200}
          placeholder="样品数量、注意事项等（选填）"
          className={textareaClass}
          {...text('message')}
        />
      </Row>
    </div>
  );
}
