import { useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import type { SamplingInfo } from '../../lib/shared/catalogue/settings.ts';

/** The served-area tip (spec section 2): the cities in one line, the districts in a popup table. */
export default function ServedAreaTip({ info }: { info: SamplingInfo }) {
  const [open, setOpen] = useState(false);
  if (!info.length) return null;
  return (
    <div className="flex items-start gap-2 rounded-lg border border-accent-100 bg-accent-50 px-3 py-2 text-sm text-accent-700">
      <svg
        className="mt-[3px] shrink-0"
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
        <circle cx="12" cy="9.5" r="2.5" />
      </svg>
      <p className="min-w-0">
        免费上门取样已开通：<strong className="font-semibold">{info.map((c) => c.city).join('、')}</strong>
        的部分区县
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="ml-2 font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
        >
          查看服务区域
        </button>
      </p>
      <Dialog open={open} onClose={() => setOpen(false)} title="上门取样服务区域" width={560}>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">开通上门取样的城市与区县</caption>
          <thead>
            <tr className="bg-slate-50 text-left text-slate-600">
              <th scope="col" className="w-28 border border-slate-200 px-3 py-2 font-medium">
                城市
              </th>
              <th scope="col" className="border border-slate-200 px-3 py-2 font-medium">
                区县
              </th>
            </tr>
          </thead>
          <tbody>
            {info.map((c) => (
              <tr key={c.city}>
                <th
                  scope="row"
                  className="border border-slate-200 px-3 py-2 text-left align-top font-medium text-slate-900"
                >
                  {c.city}
                </th>
                <td className="border border-slate-200 px-3 py-2 leading-relaxed text-slate-600">
                  {c.districts.join('、')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-slate-500">其他地区请选择自行寄送，或联系业务经理安排取样。</p>
      </Dialog>
    </div>
  );
}
