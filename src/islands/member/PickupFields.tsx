import { useEffect, useId, useMemo, useState } from 'react';
import DatePicker from '../ui/DatePicker.tsx';
import ServedAreaTip from './ServedAreaTip.tsx';
import {
  AddressChoice,
  OtherAddress,
  PickupSlots,
  type AddressMode,
  type TextBinding,
} from './PickupParts.tsx';
import { Row, textareaClass } from '../ui/kit.tsx';
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
import { isRegionAllowed } from '../../lib/shared/member/region.ts';
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
  const [mode, setMode] = useState<AddressMode>(() =>
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

  function chooseMode(next: AddressMode) {
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

  const text = (key: 'name' | 'phone' | 'address' | 'message'): TextBinding => ({
    value: value[key],
    onChange: (e) => onChange({ [key]: e.target.value }),
  });

  return (
    <div className="grid gap-4">
      <ServedAreaTip info={settings.samplingInfo} />

      <AddressChoice
        id={id}
        mode={effectiveMode}
        saved={saved}
        usable={usable}
        chosenRid={value.address_rid}
        onMode={chooseMode}
        onSaved={(a) => onChange(fromSaved(a))}
      />

      {effectiveMode === 'other' && (
        <OtherAddress
          id={id}
          allowed={allowed}
          region={value.address_code ? value : null}
          onRegion={(r) => onChange(r)}
          name={text('name')}
          phone={text('phone')}
          address={text('address')}
        />
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

      <PickupSlots
        id={id}
        slots={slots}
        date={value.date}
        time={value.time}
        noticeText={noticeText}
        onTime={(time) => onChange({ time })}
      />

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
