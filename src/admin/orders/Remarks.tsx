import { useState } from 'react';
import type { z } from 'zod';
import { notice, staffAction } from '../session.ts';
import { button, input, when } from '../ui.tsx';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;

/** 内部备注: staff's notes on the order (never shown to the customer), and a new one. */
export function Remarks({ order, onDone }: { order: Detail; onDone: () => unknown }) {
  const [remark, setRemark] = useState('');
  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="remarks">
      <h2 id="remarks" className="mb-2 text-sm font-semibold">
        内部备注 <span className="font-normal text-slate-500">（仅员工可见）</span>
      </h2>
      {order.remarks.length > 0 ? (
        <ol className="mb-3 grid gap-2 text-sm" aria-label="内部备注">
          {order.remarks.map((r, i) => (
            <li key={i} className="rounded-md bg-slate-50 px-3 py-2">
              <span className="text-xs text-slate-500">
                {when(r.at)} · {r.author}
              </span>
              <p className="mt-0.5 whitespace-pre-wrap text-slate-800">{r.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mb-3 text-sm text-slate-400">还没有备注</p>
      )}
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={async (e) => {
          e.preventDefault();
          const error = await staffAction(
            ordersAdminApi.remark,
            { rid: order.rid, text: remark },
            '备注已添加',
            onDone,
          );
          if (error) notice('error', error);
          else setRemark('');
        }}
      >
        <label htmlFor="remark-text" className="sr-only">
          新备注
        </label>
        <textarea
          id="remark-text"
          className={`${input} min-h-16`}
          maxLength={1000}
          placeholder="如：已电话确认样品需避光保存"
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
        <button type="submit" className={button.ghost} disabled={!remark.trim()}>
          添加备注
        </button>
      </form>
    </section>
  );
}
