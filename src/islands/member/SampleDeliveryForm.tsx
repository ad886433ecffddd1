import { useStore } from '@nanostores/react';
import PickupFields, { emptyDelivery, type DeliveryValue } from './PickupFields.tsx';
import { useSettings } from '../catalogue/settings.ts';
import { Choices, Spinner } from '../ui/kit.tsx';
import { $scene, $user } from '../../lib/client/stores.ts';
import { DELIVERY_TYPE } from '../../lib/shared/member/sampling.ts';

export { emptyDelivery, type DeliveryValue };

const TYPE_OPTIONS: { value: 0 | 1; label: string }[] = [
  { value: DELIVERY_TYPE.self, label: '自行寄送' },
  { value: DELIVERY_TYPE.pickup, label: '上门取样' },
];

/**
 * The reusable sample delivery form (spec section 2): self-delivery shows where to send the
 * samples; pickup asks for address, date, slot and message. Controlled: the owner (the plan
 * page, the home sampling dialog) keeps the value and validates it on submit with
 * sampleDeliverySchema (src/lib/shared/sampling.ts), whose first message is the error toast.
 * Usage: const [delivery, setDelivery] = useState(() => emptyDelivery(0));
 *        <SampleDeliveryForm value={delivery} onChange={setDelivery} />
 */
export default function SampleDeliveryForm({
  value,
  onChange,
  showType = true,
}: {
  value: DeliveryValue;
  /** Receives an updater, so a React state setter fits: onChange={setDelivery}. */
  onChange: (update: (previous: DeliveryValue) => DeliveryValue) => void;
  /** false: pickup only (the home sampling dialog). */
  showType?: boolean;
}) {
  const settings = useSettings();
  const user = useStore($user, { ssr: () => null });
  const scene = useStore($scene, { ssr: () => null });
  const patch = (p: Partial<DeliveryValue>) => onChange((v) => ({ ...v, ...p }));

  if (!settings)
    return (
      <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
        <Spinner /> 加载中…
      </p>
    );
  const express = settings.localInfo.express;

  return (
    <div className="grid gap-4">
      {showType && (
        <Choices
          label="送样方式"
          name="delivery-type"
          required
          value={value.type}
          options={TYPE_OPTIONS}
          onChange={(type) => onChange((v) => ({ ...emptyDelivery(type), message: v.message }))}
        />
      )}
      {value.type === DELIVERY_TYPE.self ? (
        <section
          aria-label="寄送地址"
          className="rounded-xl border border-brand-100 bg-brand-50/60 p-4 text-sm sm:ml-[8.25rem]"
        >
          <p className="font-semibold text-brand-900">请将样品寄送至以下地址</p>
          <dl className="mt-2 grid gap-1.5 text-slate-700">
            <div className="flex gap-2">
              <dt className="w-14 shrink-0 text-slate-500">收件人</dt>
              <dd>{express.name}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="w-14 shrink-0 text-slate-500">电话</dt>
              <dd className="tabular-nums">{express.phone}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="w-14 shrink-0 text-slate-500">地址</dt>
              <dd>{express.address}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-500">寄出后请保留快递单号，样品签收后我们将短信通知您。</p>
        </section>
      ) : (
        <PickupFields
          value={value}
          onChange={patch}
          addresses={user?.addresses ?? []}
          settings={settings}
          sceneDate={scene?.date ?? null}
        />
      )}
    </div>
  );
}
